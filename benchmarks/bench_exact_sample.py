"""An estimate of ``stats --all --exact`` on a size too big to run here (Knuth on 7x7 by
default), from a sample of its cluster tasks run and timed on this machine.

    python benchmarks/bench_exact_sample.py                      # knuth on 7x7
    python benchmarks/bench_exact_sample.py knuth 7 7 --most 3000 --tasks 4

The tasks are those ``stats --scheduler`` sends (the subtrees under the first guess, one
per answer). The first guess is made and timed; then ``--tasks`` of the tasks of
``--least`` to ``--most`` codes, spread over that range of sizes, are each walked whole
and timed, every guess weighed, in this process with one thread of linear algebra, as a worker runs
them. A power law ``seconds = c * codes**p`` fitted to those times (least squares on the
logarithms) gives every task's time, and from those the one-core total and, for 2, 16 and
64 workers, the first guess plus the tasks dealt longest first to the worker free
soonest. The biggest tasks are far bigger than any sampled: the estimate extrapolates,
and says by how much.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from bench_cluster import makespan

from engine import CodeSpace, make_strategy
from engine.feedback import against, encode
from engine.strategies import NO_DRAWS, Position
from engine.walks.games import _walk_part


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("strategy", nargs="?", default="knuth")
    parser.add_argument("colours", nargs="?", type=int, default=7)
    parser.add_argument("positions", nargs="?", type=int, default=7)
    parser.add_argument("--most", type=int, default=3000, help="codes of the biggest sampled")
    parser.add_argument("--least", type=int, default=100, help="codes of the smallest sampled")
    parser.add_argument("--tasks", type=int, default=4, help="tasks sampled")
    args = parser.parse_args()
    from threadpoolctl import threadpool_limits

    space = CodeSpace(args.colours, args.positions)
    everything = space.allowed
    with threadpool_limits(1):
        start = time.perf_counter()
        chosen = make_strategy(args.strategy).exactly()
        guess = chosen.guess(Position(space, everything, (), NO_DRAWS))
        first = time.perf_counter() - start
        cls = against(space, guess, None if space.repeats else everything)
        win = encode(space.positions, 0, space.positions)
        answers, sizes = np.unique(cls, return_counts=True)
        tasks = sorted(
            (int(n), int(a)) for a, n in zip(answers, sizes, strict=True) if a != win and n > 2
        )
        small = [task for task in tasks if args.least <= task[0] <= args.most]
        picks = sorted({round(i) for i in np.linspace(0, len(small) - 1, args.tasks)})
        measured: list[tuple[int, float]] = []
        for i in picks:
            n, answer = small[i]
            began = time.perf_counter()
            _walk_part(space, args.strategy, everything[cls == answer], ((guess, answer),), True)
            measured.append((n, time.perf_counter() - began))
            print(f"task of {n:,} codes: {measured[-1][1]:.1f} s", flush=True)
    logs = np.log(np.array(measured))
    p, log_c = np.polyfit(logs[:, 0], logs[:, 1], 1)
    times = [float(np.exp(log_c) * n**p) for n, _ in tasks]
    print(
        f"\n{args.strategy} on {args.colours}x{args.positions}, every guess weighed: "
        f"first guess {first:.1f} s; {len(tasks)} tasks of {tasks[0][0]:,} to "
        f"{tasks[-1][0]:,} codes; {len(measured)} timed ({measured[0][0]:,} to "
        f"{measured[-1][0]:,} codes); fit seconds = {np.exp(log_c):.3g} * codes^{p:.2f}\n"
    )
    print("| workers | estimated hours |\n| ---: | ---: |")
    print(f"| 1 (one core) | {(first + sum(times)) / 3600:,.1f} |")
    for workers in (2, 16, 64):
        print(f"| {workers} | {(first + makespan(times, workers)) / 3600:,.1f} |")
    print(f"\nbiggest task alone: {times[-1] / 3600:,.1f} h ({tasks[-1][0]:,} codes)")


if __name__ == "__main__":
    main()
