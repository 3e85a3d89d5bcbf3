"""The compiled partition kernel (tree walks past the answer table) weighs guesses as the
matrix products do: same keys, same trees, same totals."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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


@pytest.mark.slow
def test_a_cached_kernel_is_read_back_without_preparing_numbas_compiler() -> None:
    """Before reading a cached function numba refreshes its whole compiler (every registry,
    numba.np.linalg among them: 0.07-0.1 s of CPU); ``engine.backends.numba_jit`` reads it
    back with only numba's runtime. The first process compiles the kernel if it is not on
    disk yet."""
    code = (
        "import sys, numpy as np; from engine import CodeSpace; "
        "from engine.backends import numba_partitions as k; "
        "print(int(k.largest(CodeSpace(8, 5), np.arange(9), np.arange(40), 0.0).min()), "
        "'numba.np.linalg' in sys.modules)"
    )
    expected = int(kernel.largest(CodeSpace(8, 5), np.arange(9), np.arange(40), 0.0).min())
    root = Path(__file__).resolve().parent.parent
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
        )
    assert done.stdout.split() == [str(expected), "False"]


@pytest.mark.slow
def test_reading_a_kernel_back_imports_none_of_what_only_compiling_needs() -> None:
    """numba's overloads' modules (numba.np.arrayobj), numpy.ma, PyYAML and colorama stay
    unimported, and numba's runtime is read back from a file beside the kernel's cache
    (written by the first process; a damaged one is compiled and written again)."""
    code = (
        "import sys, numpy as np; from engine import CodeSpace; "
        "from engine.backends import numba_partitions as k; "
        "print(int(k.largest(CodeSpace(8, 5), np.arange(9), np.arange(40), 0.0).min()), "
        "*(m in sys.modules for m in ('numba.np.arrayobj', 'numpy.ma', 'yaml', 'colorama')))"
    )
    expected = int(kernel.largest(CodeSpace(8, 5), np.arange(9), np.arange(40), 0.0).min())
    root = Path(__file__).resolve().parent.parent
    folder = Path(kernel.largest_classes._cache._cache_path)  # type: ignore[attr-defined]
    for damage in (False, False, True):
        for runtime in folder.glob("nrt-*.nbc") if damage else ():
            runtime.write_bytes(b"not a pickle")
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
        )
        assert done.stdout.split() == [str(expected), "False", "False", "False", "False"]
        assert len(list(folder.glob("nrt-*.nbc"))) >= 1
    assert all(runtime.read_bytes() != b"not a pickle" for runtime in folder.glob("nrt-*.nbc"))
