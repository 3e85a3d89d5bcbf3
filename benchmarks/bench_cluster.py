"""``stats --all`` in one process, in two worker processes (``--jobs 2``) and on a Dask
LocalCluster of 1 and 2 worker processes on loopback, with the task times and, from them,
an estimate for bigger clusters, as a Markdown table.

    python benchmarks/bench_cluster.py                         # knuth on 7x5
    python benchmarks/bench_cluster.py entropy 6 5             # strategy, colours, positions

The tasks are the parts ``stats`` sends to processes or a cluster: the subtrees under the
first guess. Each is timed alone in this process; the estimate for W workers is the
first guess (made by the client) plus the finish time of the tasks dealt, longest first,
each to the worker free soonest, plus the 2-worker run's overhead over that same sum
(scheduling, moving the parts and results). Every figure is wall time on this machine,
whatever else it is doing.
"""

from __future__ import annotations

import argparse
import heapq
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from engine import CodeSpace, make_strategy
from engine.run import Run
from engine.strategies import NO_DRAWS, Position
from engine.walks.cluster import Cluster
from engine.walks.stats import run_stats


def timed(space: CodeSpace, strategy: str, runner: Any = None, jobs: int = 1) -> tuple[float, int]:
    start = time.perf_counter()
    result = run_stats(
        space, strategy, space.allowed, run=Run(runner=runner, jobs=jobs), parallel_after=0
    )
    return time.perf_counter() - start, result.total_guesses


def task_times(space: CodeSpace, strategy: str) -> tuple[float, list[float]]:
    """The first guess's seconds, and each task's, run one after the other here with one
    thread of linear algebra, as a worker process or a Dask worker runs it."""
    from threadpoolctl import threadpool_limits

    with threadpool_limits(1):
        return _task_times(space, strategy)


def _task_times(space: CodeSpace, strategy: str) -> tuple[float, list[float]]:
    start = time.perf_counter()
    make_strategy(strategy).guess(Position(space, space.allowed, (), NO_DRAWS))
    first = time.perf_counter() - start
    times: list[float] = []

    def serial(task: Callable[..., Any], parts: list[tuple[Any, ...]], jobs: int) -> Iterator[Any]:
        for part in parts:
            began = time.perf_counter()
            out = task(*part)
            times.append(time.perf_counter() - began)
            yield out

    run_stats(space, strategy, space.allowed, run=Run(runner=serial))
    return first, times


def makespan(times: list[float], workers: int) -> float:
    """Tasks longest first, each to the worker free soonest."""
    free = [0.0] * workers
    for t in sorted(times, reverse=True):
        heapq.heappush(free, heapq.heappop(free) + t)
    return max(free)


@contextmanager
def local_cluster(workers: int, dashboard: str | None = None) -> Iterator[tuple[Cluster, float]]:
    """A LocalCluster of ``workers`` one-thread processes on loopback, connected as the
    engine connects to a scheduler, and the seconds it took to start; closed after."""
    from distributed import LocalCluster

    began = time.perf_counter()
    local = LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=dashboard,
    )
    cluster = Cluster(local.scheduler_address)
    try:
        yield cluster, time.perf_counter() - began
    finally:
        cluster.close()
        local.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("strategy", nargs="?", default="knuth")
    parser.add_argument("colours", nargs="?", type=int, default=7)
    parser.add_argument("positions", nargs="?", type=int, default=5)
    args = parser.parse_args()
    space = CodeSpace(args.colours, args.positions)
    name = f"{args.strategy} on {args.colours}x{args.positions} ({space.count:,} secrets)"
    rows: list[tuple[str, float, int]] = []
    rows.append(("one process", *timed(space, args.strategy)))
    rows.append(("2 processes (--jobs 2)", *timed(space, args.strategy, jobs=2)))
    overhead = 0.0
    first, times = task_times(space, args.strategy)
    for workers in (1, 2):
        with local_cluster(workers, dashboard="127.0.0.1:0") as (cluster, start_up):
            seconds, total = timed(space, args.strategy, runner=cluster)
        rows.append(
            (
                f"Dask, {workers} worker{'s' * (workers > 1)} (start-up {start_up:.1f} s)",
                seconds,
                total,
            )
        )
        overhead = max(0.0, seconds - first - makespan(times, workers))
    print(
        f"{name}: {len(times)} tasks, {min(times):.2f}-{max(times):.2f} s each, "
        f"{sum(times):.1f} s in all; first guess {first:.2f} s\n"
    )
    print("| run | seconds | total guesses |\n| --- | ---: | ---: |")
    for label, seconds, total in rows:
        print(f"| {label} | {seconds:.1f} | {total:,} |")
    for workers in (16, 64):
        estimate = first + makespan(times, workers) + overhead
        print(f"| Dask, {workers} workers (estimate) | {estimate:.1f} | {rows[0][2]:,} |")
    assert len({total for _, _, total in rows}) == 1, "the runs disagree"


if __name__ == "__main__":
    main()
