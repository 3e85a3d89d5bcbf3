"""The exact optimum's tree in one process and on a Dask LocalCluster of 1 and 2 worker
processes on loopback (``stats --strategy optimal --scheduler``), the tasks' times, and
from them an estimate for 16 and 64 workers, as a Markdown table.

    python benchmarks/bench_cluster_optimal.py          # 8 colours x 4 positions
    python benchmarks/bench_cluster_optimal.py 7 4      # colours, positions

The tasks come in rounds, each waiting for the one before (``engine.optimal.spread``):
the classes of the first guess weighed, the other guesses' classes under a budget, the
runner-up's, then the subtrees under the optimal guess. Each task is timed alone in this
process, the search's table emptied before it (as on a big cluster, where a worker has
seen little of the rest). The estimate for W workers: the search's set-up (each worker
builds its tables once), plus the client's own work (the wall time of that serial run
less its tasks), plus for each round the finish time of its tasks dealt longest first
to the worker free soonest, plus the 2-worker run's overhead over that same sum
(scheduling, moving parts and results). Wall times on this machine, whatever else it is
doing.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator
from typing import Any

from bench_cluster import local_cluster, makespan

from engine import CodeSpace
from engine.optimal import spread as spread
from engine.optimal.search import OptimalSearch
from engine.optimal.tree import build_tree
from engine.run import Run


def timed(space: CodeSpace, runner: Any = None) -> tuple[float, int]:
    start = time.perf_counter()
    search = OptimalSearch(space)
    tree = build_tree(search) if runner is None else spread.spread_tree(search, Run(runner=runner))
    return time.perf_counter() - start, tree.total


def task_times(space: CodeSpace) -> tuple[float, float, list[list[float]]]:
    """The search's set-up, the client's own seconds, and each round's task times."""
    start = time.perf_counter()
    OptimalSearch(space)
    setup = time.perf_counter() - start
    rounds: list[list[float]] = []

    def serial(task: Callable[..., Any], parts: list[tuple[Any, ...]], jobs: int) -> Iterator[Any]:
        times: list[float] = []
        rounds.append(times)
        for part in parts:
            for kept in spread._kept.values():
                kept.memory[1][:] = 0  # nothing proved before: as a worker of many
            began = time.perf_counter()
            out = task(*part)
            times.append(time.perf_counter() - began)
            yield out

    start = time.perf_counter()
    spread.spread_tree(OptimalSearch(space), Run(runner=serial))
    whole = time.perf_counter() - start
    spread._kept.clear()
    return setup, whole - sum(map(sum, rounds)) - setup, rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("colours", nargs="?", type=int, default=8)
    parser.add_argument("positions", nargs="?", type=int, default=4)
    args = parser.parse_args()
    space = CodeSpace(args.colours, args.positions)
    rows: list[tuple[str, float, int]] = [("one process", *timed(space))]
    overhead = 0.0
    setup, client, rounds = task_times(space)
    for workers in (1, 2):
        with local_cluster(workers) as (cluster, start_up):
            seconds, total = timed(space, cluster)
        label = f"Dask, {workers} worker{'s' * (workers > 1)} (start-up {start_up:.1f} s)"
        rows.append((label, seconds, total))
        spans = sum(makespan(times, workers) for times in rounds)
        overhead = max(0.0, seconds - setup - client - spans)
    every = [t for times in rounds for t in times]
    print(
        f"optimum on {args.colours}x{args.positions} ({space.count:,} secrets): "
        f"{len(every)} tasks in {len(rounds)} rounds "
        f"({', '.join(str(len(times)) for times in rounds)}), "
        f"{min(every):.2f}-{max(every):.2f} s each, {sum(every):.1f} s in all; "
        f"set-up {setup:.1f} s, client {client:.1f} s\n"
    )
    print("| run | seconds | total guesses |\n| --- | ---: | ---: |")
    for label, seconds, total in rows:
        print(f"| {label} | {seconds:.1f} | {total:,} |")
    for workers in (16, 64):
        spans = sum(makespan(times, workers) for times in rounds)
        estimate = setup + client + spans + overhead
        print(f"| Dask, {workers} workers (estimate) | {estimate:.1f} | {rows[0][2]:,} |")
    assert len({total for _, _, total in rows}) == 1, "the runs disagree"


if __name__ == "__main__":
    main()
