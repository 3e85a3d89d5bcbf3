"""Shared test settings.

Hypothesis: no per-example deadline (CI shares two cores with other work, and timing is
measured by benchmarks, never by tests) and no example database written into the clone.
Records: off (MASTERMIND_RECORDS empty) for every test and every command a test runs, so
that no test writes to the user's data directory; tests of records name their own file.
Preferences: off (MASTERMIND_CONFIG_DIR empty) likewise.
Trees and other cached results: a fresh folder per test process (MASTERMIND_CACHE_DIR),
never the user's cache, whose trees another version may have written.
Shipped trees and the background compile: off, so that every test searches as
before; tests/test_first_use.py turns them on. The machine's load: 0 for Statistics'
estimate (MASTERMIND_MACHINE_LOAD).
"""

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from engine.optimal.solutions import solution

os.environ["MASTERMIND_RECORDS"] = ""
# No test reads or writes the user's preferences; tests of preferences name their own.
os.environ["MASTERMIND_CONFIG_DIR"] = ""
_CACHE = tempfile.TemporaryDirectory(prefix="mastermind-tests-")  # removed as tests end
os.environ["MASTERMIND_CACHE_DIR"] = _CACHE.name
os.environ["MASTERMIND_SHIPPED"] = "0"
os.environ["MASTERMIND_WARMUP"] = "0"
# Statistics' estimate counts the machine's load: pinned idle, so that whether
# a run is asked first does not depend on what else the machine runs.
os.environ["MASTERMIND_MACHINE_LOAD"] = "0"

settings.register_profile("project", deadline=None, database=None)
settings.load_profile("project")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than there are cores. A Pilot test spends part of its
    time waiting for Textual's refresh timer, and a third worker on two cores fills those
    waits (the whole suite: 4 min 2 s with two workers, 3 min 30 s with three, 3 min 47 s
    with four)."""
    return (os.cpu_count() or 1) + 1


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh, empty cache for the optimal trees (small sizes search in milliseconds),
    and no tree kept in memory from an earlier test."""
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(tmp_path))
    solution.cache_clear()
    yield tmp_path
    solution.cache_clear()


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A LocalCluster of two worker processes on loopback (its dashboard on a free port),
    connected as ``engine.walks.cluster.Cluster``: the cluster tests' and the optimal search's."""
    distributed = pytest.importorskip("distributed")
    from engine.walks.cluster import Cluster

    local = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
    )
    connected = Cluster(local.scheduler_address)
    try:
        yield connected
    finally:
        connected.close()
        local.close()
