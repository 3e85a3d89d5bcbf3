"""The exact optimal search on a Dask cluster (a LocalCluster of two worker processes on
loopback): the same tree and totals as one process, with a worker killed mid-run too, and
a run that fails half way keeps what it proved, so the next one sends only the rest; a
client killed outright keeps what its last checkpoint held, subtrees included."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import CodeSpace
from engine.optimal import spread
from engine.optimal.search import OptimalSearch
from engine.optimal.solutions import solution
from engine.optimal.spread import spread_tree, subtree_task, value_task
from engine.optimal.tree import build_tree, tree_to_json
from engine.run import Run
from engine.walks.cluster import Cluster, ClusterError

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def alone_5x4() -> list[Any]:
    return tree_to_json(build_tree(OptimalSearch(CodeSpace(5, 4))))


@pytest.mark.slow
def test_the_cluster_finds_the_tree_one_process_finds(
    cluster: Cluster, alone_5x4: list[Any]
) -> None:
    assert alone_5x4[2] == 2463  # over 625 secrets, as published for 5x4
    spread = tree_to_json(spread_tree(OptimalSearch(CodeSpace(5, 4)), Run(runner=cluster)))
    assert spread == alone_5x4  # guesses, totals, the others beside each guess
    # Without repeats, every guess a code still possible (optimal-fit): 1,453.
    space = CodeSpace(6, 4, repeats=False)
    alone = tree_to_json(build_tree(OptimalSearch(space, only_possible=True)))
    spread = tree_to_json(
        spread_tree(OptimalSearch(space, only_possible=True), Run(runner=cluster))
    )
    assert spread == alone and alone[2] == 1453


def test_a_worker_killed_mid_run_changes_nothing(cluster: Cluster, alone_5x4: list[Any]) -> None:
    pids: dict[str, int] = cluster.client.run(os.getpid)
    killed: list[int] = []

    def kill_one(task: Any, parts: list[tuple[Any, ...]], jobs: int) -> Iterator[Any]:
        for result in cluster(task, parts, jobs):
            if not killed and task is value_task:  # the others hold or run the rest
                victim = next(iter(pids.values()))
                os.kill(victim, signal.SIGKILL)
                killed.append(victim)
            yield result

    spread = tree_to_json(spread_tree(OptimalSearch(CodeSpace(5, 4)), Run(runner=kill_one)))
    assert killed
    assert spread == alone_5x4


@pytest.mark.slow
def test_a_run_that_fails_half_way_resumes_from_what_it_proved(
    cluster: Cluster, alone_5x4: list[Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(tmp_path))
    sent: list[int] = []

    def failing(task: Any, parts: list[tuple[Any, ...]], jobs: int) -> Iterator[Any]:
        for done, result in enumerate(cluster(task, parts, jobs)):
            if done == 6:
                raise ClusterError("lost the Dask scheduler at tcp://x mid-run")
            yield result

    def counting(task: Any, parts: list[tuple[Any, ...]], jobs: int) -> Iterator[Any]:
        if task is value_task:
            sent.append(len(parts))
        yield from cluster(task, parts, jobs)

    solution.cache_clear()
    with pytest.raises(ClusterError):
        solution(5, 4, run=Run(runner=failing))
    assert (tmp_path / "optimal-5x4.partial.npz").exists()
    resumed = solution(5, 4, run=Run(runner=counting))
    solution.cache_clear()
    assert tree_to_json(resumed.tree) == alone_5x4
    # The first guess weighed leaves 12 classes of three codes or more: the six values
    # that came back before the failure are not asked for again.
    assert sent[0] == 12 - 6


@pytest.mark.slow
def test_stats_optimal_on_the_cluster_prints_what_one_process_prints(
    cluster: Cluster, tmp_path: Path
) -> None:
    base = [sys.executable, "-m", "mastermind_tui", "stats", "--strategy", "optimal"]
    base += ["--colours", "5", "--json"]
    runs = []
    for where, extra in (("alone", []), ("spread", ["--scheduler", cluster.address])):
        env = {**os.environ, "MASTERMIND_CACHE_DIR": str(tmp_path / where)}
        runs.append(subprocess.run([*base, *extra], capture_output=True, text=True, env=env))
    alone, spread = runs
    assert spread.returncode == 0, spread.stderr
    said = f"on the Dask cluster at {cluster.address}: 2 workers"
    assert spread.stderr.startswith(said) and spread.stderr.count("\n") == 1
    assert (tmp_path / "spread" / "optimal-5x4.json").exists()  # searched there, kept
    want, got = json.loads(alone.stdout), json.loads(spread.stdout)
    del want["seconds"], got["seconds"]
    assert got == want and got["total_guesses"] == 2463


@pytest.mark.slow
@pytest.mark.parametrize("phase", [value_task, subtree_task])
def test_a_client_killed_outright_resumes_from_its_last_checkpoint(
    cluster: Cluster,
    alone_5x4: list[Any],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    phase: Any,
) -> None:
    """Checkpoints as the answers come back (every one here): the file a kill would leave
    (the checkpoint before the failure, not the save the failure makes) is enough for
    the next run to ask only for the classes, or grow only the subtrees, still missing."""
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(spread, "CHECKPOINT", 0.0)
    partial, left = tmp_path / "optimal-5x4.partial.npz", tmp_path / "left-by-a-kill.npz"
    first: dict[Any, int] = {}
    sent: dict[Any, int] = {}

    def killed(task: Any, parts: list[tuple[Any, ...]], jobs: int) -> Iterator[Any]:
        first[task] = len(parts)
        for done, result in enumerate(cluster(task, parts, jobs)):
            if task is phase and done == 2:
                left.write_bytes(partial.read_bytes())  # what a SIGKILL would leave now
                raise ClusterError("the client's machine went away")
            yield result

    def counting(task: Any, parts: list[tuple[Any, ...]], jobs: int) -> Iterator[Any]:
        sent.setdefault(task, len(parts))
        yield from cluster(task, parts, jobs)

    solution.cache_clear()
    with pytest.raises(ClusterError):
        solution(5, 4, run=Run(runner=killed))
    partial.write_bytes(left.read_bytes())
    resumed = solution(5, 4, run=Run(runner=counting))
    solution.cache_clear()
    assert tree_to_json(resumed.tree) == alone_5x4
    assert sent[phase] == first[phase] - 2
    assert not partial.exists()  # the tree is stored: the checkpoint is done with
