"""The numba backend's partition kernel: partitions of the candidates by every guess of a
pool, what the partition strategies weigh on spaces too big for an answer table (8x5:
32,768 codes), without the guess x candidate matrix. Only tree walks (``stats --all``)
use it. A code's answer class comes from three small tables, as ``feedback.table`` builds
the full one: blacks are the sum of the blacks of the codes' two halves (an index is high
half x low half), and the colours in common depend only on the two codes' colour count
patterns (792 patterns on 8x5). Per pair that is three lookups in tables of a megabyte or
two, which stay in the processor's cache. For Knuth a guess is dropped as soon as one of
its classes outgrows the smallest largest class found so far.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit

from ..answers import AnswerRule
from ..codes import CodeSpace, _digit_table
from ..feedback import _count_patterns, class_dtype, classes

if TYPE_CHECKING:
    import numpy.typing as npt

    from ..arrays import Codes, Counts, IntArray, Keys


@njit(cache=True)
def _columns(tables: Any, codes: Any) -> Any:
    """Each code's high half, low half and colour count pattern: the columns of the three
    tables it reads, as three arrays read in step. Indices are unsigned throughout, so
    that numba adds no test for negative ones to each lookup."""
    low, pattern_of = tables[1], tables[3]
    split = np.uint32(len(low))
    n = len(codes)
    high_of = np.empty(n, dtype=np.uint32)
    low_of = np.empty(n, dtype=np.uint32)
    pattern = np.empty(n, dtype=np.uint32)
    for j in range(n):
        x = np.uint32(codes[j])
        high_of[j], low_of[j], pattern[j] = x // split, x % split, np.uint32(pattern_of[x])
    return high_of, low_of, pattern


@njit(cache=True)
def _rows(tables: Any, guess: Any) -> Any:
    """Where a guess's rows of the three tables start, in the tables read flat."""
    high, low, common, pattern_of = tables
    g, split = np.uint32(guess), np.uint32(len(low))
    return (
        (g // split) * np.uint32(high.shape[1]),
        (g % split) * np.uint32(low.shape[1]),
        np.uint32(pattern_of[g]) * np.uint32(common.shape[1]),
    )


@njit(cache=True)
def largest_classes(tables: Any, pool: Any, cands: Any, slots: Any, stop: Any, out: Any) -> None:
    """Each guess's largest class into ``out``, in order, up to the first guess whose
    largest class is at most ``stop`` (every guess after it gets more than any class).
    A guess whose classes outgrow the smallest largest class so far is left there, with
    a value above it: the smallest value and every guess reaching it are exact. (A first
    pass looking only for a guess reaching ``stop`` weighed a third more pairs on 8x5.)
    The loop over the candidates keeps the largest class with ``max`` and leaves at the
    first class past the best: on 8x5 that ran 2.5 times as fast as testing each count
    against the largest first (benchmarks/bench_knuth_walk.py)."""
    high, low, common = tables[0].ravel(), tables[1].ravel(), tables[2].ravel()
    high_of, low_of, pattern = _columns(tables, cands)
    hist = np.zeros(slots, dtype=np.int32)
    best = len(cands) + 1
    out[:] = best
    for i in range(len(pool)):
        row_high, row_low, row_common = _rows(tables, pool[i])
        top = 0
        for j in range(len(cands)):
            c = (
                np.uint32(high[row_high + high_of[j]])
                + np.uint32(low[row_low + low_of[j]])
                + np.uint32(common[row_common + pattern[j]])
            )
            n = hist[c] + 1
            hist[c] = n
            top = max(top, n)
            if n > best:
                break
        hist[:] = 0
        out[i] = top
        best = min(best, top)
        if top <= stop:
            return


@njit(cache=True)
def histograms(tables: Any, pool: Any, cands: Any, out: Any) -> None:
    """Every guess's class counts, one row of ``out`` per guess (zeroed here)."""
    high, low, common = tables[0].ravel(), tables[1].ravel(), tables[2].ravel()
    high_of, low_of, pattern = _columns(tables, cands)
    out[:] = 0
    for i in range(len(pool)):
        row_high, row_low, row_common = _rows(tables, pool[i])
        counts = out[i]
        for j in range(len(cands)):
            c = (
                np.uint32(high[row_high + high_of[j]])
                + np.uint32(low[row_low + low_of[j]])
                + np.uint32(common[row_common + pattern[j]])
            )
            counts[c] += 1


@lru_cache(maxsize=2)
def answer_parts(
    colours: int, positions: int, rule: AnswerRule
) -> tuple[npt.NDArray[np.unsignedinteger[Any]], ...]:
    """The tables ``largest_classes`` and ``histograms`` read: blacks between high halves
    and between low halves (times the rule's black weight), colours in common between
    count patterns (times its colour weight: none with black pegs only), and each code's
    pattern. The kernels read the rule only through these tables."""
    p = positions
    dtype = class_dtype(p)
    black_weight, colour_weight = rule.weights(p)
    low_n = p // 2
    halves = []
    for n in (p - low_n, low_n):
        digits = _digit_table(colours, n)
        blacks = (digits[:, :, None] == digits[:, None, :]).sum(axis=0, dtype=np.int64)
        halves.append(np.ascontiguousarray(blacks * black_weight, dtype=dtype))
    patterns, pattern_of = _count_patterns(colours, p)
    common = np.minimum(patterns[:, None, :], patterns[None, :, :]).sum(axis=2, dtype=dtype)
    common *= dtype(colour_weight)
    return halves[0], halves[1], np.ascontiguousarray(common), pattern_of.astype(np.int32)


def largest(space: CodeSpace, pool: IntArray, cands: IntArray, stop: float) -> Keys:
    """Knuth's keys, pruned and up to the first at most ``stop``: see ``largest_classes``."""
    out = np.empty(len(pool), dtype=np.float64)
    tables = answer_parts(space.colours, space.positions, space.answers)
    slots = classes(space.positions)
    largest_classes(tables, _int32(pool), _int32(cands), slots, float(stop), out)
    return out


def counts(space: CodeSpace, pool: IntArray, cands: IntArray) -> Counts:
    """Every guess's class counts, (guesses, classes)."""
    out = np.empty((len(pool), classes(space.positions)), dtype=np.int64)
    histograms(
        answer_parts(space.colours, space.positions, space.answers),
        _int32(pool),
        _int32(cands),
        out,
    )
    return out


def _int32(codes: IntArray) -> Codes:
    """One dtype, contiguous and writeable (numba types a read-only array apart: the
    space's own codes are), so that numba compiles (and caches) one version of each
    kernel, the one its cache's check runs (``numba_cache``)."""
    out = np.ascontiguousarray(codes, dtype=np.int32)
    return out if out.flags.writeable else out.copy()


class Partitions:
    """The partition kernel as the seam names it (``PartitionKernel``)."""

    counts = staticmethod(counts)
    largest = staticmethod(largest)
