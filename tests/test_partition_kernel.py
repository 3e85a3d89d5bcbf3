"""The compiled partition kernel (tree walks past the answer table) weighs guesses as the
matrix products do: same keys, same trees, same totals."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CodeSpace, make_strategy
from engine.backends import numba_partitions as kernel
from engine.strategies.partition_pool import Limits
from engine.strategies.partitioning import PartitionStrategy
from engine.trees.strategy_tree import walk

PARTITIONING = ["knuth", "expected-size", "entropy", "most-parts"]


@settings(max_examples=40, deadline=None)
@given(
    size=st.sampled_from([(8, 5), (6, 4), (5, 6), (3, 7)]),
    seed=st.integers(0, 2**32 - 1),
    candidates=st.integers(1, 400),
    guesses=st.integers(1, 300),
)
def test_the_kernel_counts_every_class_as_the_matrix_products_do(
    size: tuple[int, int], seed: int, candidates: int, guesses: int
) -> None:
    space = CodeSpace(*size)
    rng = np.random.default_rng(seed)
    cands = np.sort(rng.choice(space.allowed, min(candidates, space.count), replace=False))
    pool = rng.choice(space.allowed, guesses)
    knuth = make_strategy("knuth")
    assert isinstance(knuth, PartitionStrategy)
    exact = knuth._keys(space, pool, cands)
    assert np.array_equal(knuth.keys(kernel.counts(space, pool, cands)), exact)
    # Pruned: the smallest key and every guess reaching it exact, the others above it.
    pruned = kernel.largest(space, pool, cands, 0.0)
    best = exact.min()
    assert pruned.min() == best
    assert np.array_equal(pruned == best, exact == best)
    assert (pruned[exact > best] > best).all()


@pytest.mark.parametrize("name", PARTITIONING)
def test_a_walk_with_the_kernel_gives_the_same_tree(name: str) -> None:
    """On 6x4 with the answer table set aside, so that the kernel weighs every position."""
    space = CodeSpace(6, 4)
    kind = type(make_strategy(name))
    assert issubclass(kind, PartitionStrategy)
    strategy = kind(Limits(table=100))
    compiled = strategy.compiled(space)
    assert compiled is not strategy
    expected = walk(space, strategy).depths
    assert np.array_equal(walk(space, compiled).depths, expected)
    if name == "knuth":
        assert int(expected.sum()) == 5801


def test_only_sizes_past_the_table_and_within_exact_weighing_are_compiled() -> None:
    knuth = make_strategy("knuth")
    assert knuth.compiled(CodeSpace(6, 4)) is knuth  # the answer table is faster
    assert knuth.compiled(CodeSpace(8, 8)) is knuth  # sampled guesses: no kernel tables
    assert knuth.compiled(CodeSpace(8, 5)) is not knuth
