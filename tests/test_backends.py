"""The kernel seam (``engine.backends``): a backend is a module offering partitions, an
exact search, or both, chosen by name in one function. A throwaway pure-numpy backend,
registered here, plugs in with one registry line and gives what numba's gives."""

from __future__ import annotations

import sys
from typing import cast

import numpy as np
import numpy.typing as npt
import pytest

from engine import CodeSpace, make_strategy
from engine.backends import (
    BACKENDS,
    PartitionKernel,
    SearchKernel,
    backend,
    partition_kernel,
    search_kernel,
)
from engine.errors import ConfigError
from engine.feedback import classes, cross
from engine.strategies.guess_pools import opening_patterns
from engine.strategies.partition_pool import Limits
from engine.strategies.partitioning import PartitionStrategy
from engine.trees.strategy_tree import walk


class NumpyPartitions:
    """Class counts by a plain answer matrix: the slow, obvious way."""

    def counts(
        self, space: CodeSpace, pool: npt.NDArray[np.int32], cands: npt.NDArray[np.int32]
    ) -> npt.NDArray[np.int64]:
        slots = classes(space.positions)
        answers = cross(space, pool, cands).astype(np.int64)
        rows = np.arange(len(pool))[:, None] * slots
        flat = np.bincount((answers + rows).ravel(), minlength=len(pool) * slots)
        return flat.reshape(len(pool), slots)

    def largest(
        self,
        space: CodeSpace,
        pool: npt.NDArray[np.int32],
        cands: npt.NDArray[np.int32],
        stop: float,
    ) -> npt.NDArray[np.float64]:
        return cast(
            "npt.NDArray[np.float64]",
            self.counts(space, pool, cands).max(axis=1).astype(np.float64),
        )


# This module is the backend: the two functions the seam asks a backend module for.
def partitions() -> PartitionKernel:
    return NumpyPartitions()


def search() -> SearchKernel | None:
    return None  # a backend may offer either: this one has no exact search


@pytest.fixture
def numpy_backend(monkeypatch: pytest.MonkeyPatch) -> str:
    """The one registry line a new backend needs."""
    monkeypatch.setitem(BACKENDS, "numpy", lambda: sys.modules[__name__])
    return "numpy"


@pytest.mark.parametrize(
    ("colours", "positions"), [pytest.param(4, 3, marks=pytest.mark.kernel), (6, 4), (5, 5)]
)
def test_a_numpy_backend_counts_first_guess_partitions_as_numba_does(
    numpy_backend: str, colours: int, positions: int
) -> None:
    space = CodeSpace(colours, positions)
    pool = np.ascontiguousarray(space.allowed, dtype=np.int32)
    ours, numba = partition_kernel(numpy_backend), partition_kernel("numba")
    assert isinstance(ours, PartitionKernel) and isinstance(numba, PartitionKernel)
    assert np.array_equal(ours.counts(space, pool, pool), numba.counts(space, pool, pool))
    openings = opening_patterns(space).astype(np.int32)
    exact = ours.largest(space, openings, pool, 0.0)
    pruned = numba.largest(space, openings, pool, 0.0)  # the smallest, and its guesses, exact
    assert pruned.min() == exact.min()
    assert np.array_equal(pruned == exact.min(), exact == exact.min())


@pytest.mark.parametrize("name", ["knuth", "entropy"])
def test_a_walk_on_the_numpy_backend_gives_numbas_tree(numpy_backend: str, name: str) -> None:
    """4x3 and 6x4 with the answer table set aside, so that the kernel weighs every
    position: the same depth for every secret on either backend."""
    for space in (CodeSpace(4, 3), CodeSpace(6, 4)):
        kind = type(make_strategy(name))
        assert issubclass(kind, PartitionStrategy)
        strategy = kind(Limits(table=10))
        on_numpy = strategy.compiled(space, numpy_backend)
        on_numba = strategy.compiled(space, "numba")
        assert on_numpy is not strategy and on_numba is not strategy
        depths = walk(space, on_numba).depths
        assert np.array_equal(walk(space, on_numpy).depths, depths)


def test_a_backend_offering_no_search_or_no_name_is_refused(numpy_backend: str) -> None:
    assert backend(numpy_backend).search() is None
    with pytest.raises(ConfigError, match="offers no exact search"):
        search_kernel(numpy_backend)
    with pytest.raises(ConfigError, match="no compiled backend is called 'opencl'"):
        backend("opencl")


def test_numbas_exact_search_is_what_the_seam_names() -> None:
    """Every constant and call the search drives, present on numba's kernel; and a
    search on it finds Koyama and Lai's 5625 on 6x4 (mypy checks the signatures: the
    kernel module is assigned to the protocol below). The seam names the kernel built
    ahead of time where there is one (tests/test_numba_aot.py), else the module."""
    from engine.backends import numba_aot
    from engine.backends import numba_search as module
    from engine.optimal.search import OptimalSearch

    named: SearchKernel = module
    built = numba_aot.load()
    assert isinstance(search_kernel("numba"), SearchKernel)
    assert search_kernel() is (named if built is None else built)
    found = OptimalSearch(CodeSpace(6, 4), backend="numba")
    assert found.value(found.everything) == 5625
