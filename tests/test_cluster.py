"""``stats --scheduler``: the work on a Dask distributed cluster (a LocalCluster of two
worker processes on loopback) gives every field of one process's result but the time,
survives a worker killed mid-run, cancels its tasks when the run stops early, and an
unreachable scheduler or a missing Dask is one line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from waiting import wait_until

from engine import CodeSpace
from engine.run import Run, Stopped
from engine.walks.cluster import INSTALL, Cluster, ClusterError
from engine.walks.stats import run_stats

distributed = pytest.importorskip("distributed")


def same(result: Any) -> dict[str, Any]:
    out: dict[str, Any] = result.as_json()
    del out["seconds"]
    return out


@pytest.mark.slow
@pytest.mark.parametrize(
    ("strategy", "colours", "games"),
    [("knuth", 6, None), ("entropy", 5, None), ("random", 6, 2000)],
)
def test_the_cluster_gives_what_one_process_gives(
    cluster: Cluster, strategy: str, colours: int, games: int | None
) -> None:
    space = CodeSpace(colours, 4)
    secrets = (
        space.allowed if games is None else space.random_codes(np.random.default_rng(3), games)
    )
    alone = run_stats(space, strategy, secrets, seed=7)
    spread = run_stats(space, strategy, secrets, seed=7, run=Run(runner=cluster, jobs=2))
    assert same(spread) == same(alone)


@pytest.mark.slow
def test_a_worker_killed_mid_run_changes_nothing(cluster: Cluster) -> None:
    space = CodeSpace(7, 4)
    alone = run_stats(space, "entropy", space.allowed)
    pids: dict[str, int] = cluster.client.run(os.getpid)
    killed: list[int] = []

    def kill_one(task: Any, parts: list[tuple[Any, ...]], jobs: int) -> Iterator[Any]:
        for result in cluster(task, parts, jobs):
            if not killed:  # the first result is in: the other tasks are running or done
                victim = next(iter(pids.values()))  # and held by the worker, not yet fetched
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)
            yield result

    spread = run_stats(space, "entropy", space.allowed, run=Run(runner=kill_one, jobs=2))
    assert killed
    assert same(spread) == same(alone)


@pytest.mark.slow
def test_stopping_early_cancels_the_cluster_s_tasks(cluster: Cluster) -> None:
    results = cluster(time.sleep, [(0,), (60,), (60,), (60,)], 2)
    next(results)
    results.close()  # as Ctrl+C unwinding the caller does

    def tasks_left() -> int:
        count: int = cluster.client.run_on_scheduler(
            lambda dask_scheduler: len(dask_scheduler.tasks)
        )
        return count

    wait_until(lambda: tasks_left() == 0, step=0.05)  # the scheduler forgets them
    assert tasks_left() == 0


def test_an_unreachable_scheduler_is_one_line_naming_it() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mastermind_tui",
            "stats",
            "--all",
            "--scheduler",
            "tcp://127.0.0.1:9",
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert done.stderr.startswith(
        "mastermind: cannot reach the Dask scheduler at tcp://127.0.0.1:9"
    )
    assert done.stderr.count("\n") == 1 and done.stdout == ""


def test_without_dask_the_option_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ClusterError, match="needs Dask distributed") as caught:
        Cluster("tcp://127.0.0.1:9")
    assert INSTALL in str(caught.value)


def test_exact_weighs_every_guess_where_a_sample_would_be_weighed() -> None:
    from engine.strategies import make_strategy
    from engine.strategies.partition_pool import Limits
    from engine.trees.strategy_tree import walk

    space = CodeSpace(5, 4)
    knuth = make_strategy("knuth")
    small = type(knuth)(Limits(exact=100, sampled_guesses=20))  # type: ignore[call-arg]
    assert small.sampled(space) and not small.exactly().sampled(space)
    assert not knuth.sampled(space)
    exact = walk(space, small.exactly()).depths
    assert (exact == walk(space, knuth).depths).all()


def test_the_output_says_whether_every_guess_was_weighed() -> None:
    from dataclasses import replace

    from mastermind_tui.cli.commands import format_stats

    result = run_stats(CodeSpace(4, 3), "knuth", CodeSpace(4, 3).allowed, exact=True)
    assert result.exact and result.as_json()["exact"] is True
    assert "weighed        every guess" in format_stats(result, say_weighed=True)
    assert "weighed" not in format_stats(result)
    sampled = format_stats(replace(result, exact=False))
    assert "weighed        a sample of the guesses (--exact: every one)" in sampled


@pytest.mark.slow
def test_a_scheduler_gone_mid_run_is_one_error_naming_it() -> None:
    local = distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
    )
    gone = Cluster(local.scheduler_address)
    try:
        results = gone(time.sleep, [(0,), (60,), (60,)], 1)
        next(results)
        local.close()
        with pytest.raises(
            ClusterError, match=f"lost the Dask scheduler at {local.scheduler_address}"
        ):
            next(results)
    finally:
        gone.close()
        local.close()


@pytest.mark.slow
def test_the_command_line_on_the_cluster_prints_what_one_process_prints(cluster: Cluster) -> None:
    base = [sys.executable, "-m", "mastermind_tui", "stats", "--all", "--colours", "5", "--json"]
    # Both workers up (a loaded machine may still be starting one, or restarting one an
    # earlier test's run stopped), as the line below names their count.
    cluster.client.wait_for_workers(2, timeout=300)
    alone = subprocess.run(base, capture_output=True, text=True)
    spread = subprocess.run([*base, "--scheduler", cluster.address], capture_output=True, text=True)
    assert spread.returncode == 0, spread.stderr
    line = f"on the Dask cluster at {cluster.address}: 2 workers, dashboard http://127.0.0.1:"
    assert spread.stderr.startswith(line) and spread.stderr.count("\n") == 1
    want, got = json.loads(alone.stdout), json.loads(spread.stdout)
    del want["seconds"], got["seconds"]
    assert got == want


def test_jobs_beside_a_scheduler_is_refused() -> None:
    done = subprocess.run(
        [
            *(sys.executable, "-m", "mastermind_tui", "stats", "--all", "--jobs", "2"),
            "--scheduler",
            "x",
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "with --scheduler the cluster's workers" in done.stderr


@pytest.mark.slow
def test_the_run_s_stop_is_heard_while_the_cluster_works(cluster: Cluster) -> None:
    """Ctrl+C (the run's stop) while every task is still running on the cluster: the wait
    ends within a moment, ``Stopped`` raised, and the tasks are cancelled."""
    asked = [False]
    cluster.stop = lambda: asked[0]
    try:
        results = cluster(time.sleep, [(60,), (60,)], 2)
        started = time.monotonic()
        asked[0] = True
        with pytest.raises(Stopped):
            next(results)
        assert time.monotonic() - started < 30  # generous; typically a tenth of a second
    finally:
        cluster.stop = lambda: False
