"""A tree walked a level at a time (``engine.trees.levels``, the GPU's walk) grows the very
tree the walk position by position grows, and foresees what every position's guess asks
its kernel (nothing is weighed twice). Run here on numba's kernel wrapped to weigh many
positions at once, with the answer table set aside so that every position asks it; the
CUDA kernels' own run of this is tests/test_cuda_backend.py's, in numba-cuda's simulator."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import engine.trees.levels as levels
from engine import CodeSpace, make_strategy
from engine.backends import numba_partitions as numba
from engine.strategies.partition_pool import Limits
from engine.strategies.partitioning import PartitionStrategy
from engine.trees.strategy_tree import Node, walk


class ManyOnNumba:
    """numba's partition kernel, with ``many`` as the CUDA backend has it."""

    def __init__(self) -> None:
        self.launches = 0

    def counts(self, space: CodeSpace, pool: Any, cands: Any) -> npt.NDArray[np.int64]:
        return numba.counts(space, pool, cands)

    def largest(self, space: CodeSpace, pool: Any, cands: Any, stop: float) -> Any:
        return numba.largest(space, pool, cands, stop)

    def many(self, space: CodeSpace, requests: Any, counts: bool = True) -> list[Any]:
        self.launches += 1
        if counts:
            return [numba.counts(space, p, c) for p, c in requests]
        return [numba.largest(space, p, c, 0.0).astype(np.int64) for p, c in requests]


def _same(a: Node | None, b: Node | None) -> bool:
    if a is None or b is None:
        return a is b
    mine = (a.guess, a.candidates, a.height, sorted(a.children))
    theirs = (b.guess, b.candidates, b.height, sorted(b.children))
    return mine == theirs and all(_same(a.children[k], b.children[k]) for k in a.children)


@pytest.mark.parametrize("name", ["knuth", "most-parts", "expected-size", "entropy"])
def test_a_walk_a_level_at_a_time_is_the_same_tree_and_foresees_every_question(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[levels.Ahead] = []
    plain_init = levels.Ahead.__init__

    def init(self: levels.Ahead, kernel: Any) -> None:
        plain_init(self, kernel)
        made.append(self)

    monkeypatch.setattr(levels.Ahead, "__init__", init)
    for space in (CodeSpace(5, 4), CodeSpace(4, 4, repeats=False)):
        kind = type(make_strategy(name))
        assert issubclass(kind, PartitionStrategy)
        on_numba = kind(Limits(table=10)).compiled(space, "numba")
        assert isinstance(on_numba, PartitionStrategy)
        many = ManyOnNumba()
        wrapped = levels.walk_any(space, _with_kernel(on_numba, many), keep=True)
        plain = walk(space, on_numba, keep=True)
        assert np.array_equal(wrapped.depths, plain.depths)
        assert _same(wrapped.root, plain.root)
        assert made[-1].missed == 0 and 3 <= many.launches <= 2 * 8


def _with_kernel(strategy: PartitionStrategy, kernel: Any) -> PartitionStrategy:
    import copy

    out = copy.copy(strategy)
    out._kernel = kernel
    return out
