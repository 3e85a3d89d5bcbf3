"""Partitions of the candidates by every guess of a pool, compiled by numba: what the
partition strategies weigh on spaces too big for an answer table (8x5: 32,768 codes),
without the guess x candidate matrix. Only tree walks (``stats --all``) import it.

A code's answer class comes from three small tables, as ``feedback.table`` builds the
full one: blacks are the sum of the blacks of the codes' two halves (an index is
high half x low half), and the colours in common depend only on the two codes' colour
count patterns (792 patterns on 8x5). Per pair that is three lookups in tables of a
megabyte or two, which stay in the processor's cache. For Knuth a guess is dropped as
soon as one of its classes outgrows the smallest largest class found so far.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .codes import CodeSpace, _digit_table
from .feedback import _count_patterns, class_dtype, classes
from .jit import njit


@njit(cache=True)
def _parts(tables: Any, codes: Any) -> Any:
    """Each code's high half, low half and colour count pattern, as table rows: one row
    of three per code, read together."""
    low, pattern_of = tables[1], tables[3]
    split = len(low)
    out = np.empty((len(codes), 3), dtype=np.int32)
    for j in range(len(codes)):
        x = codes[j]
        out[j, 0] = x // split
        out[j, 1] = x % split
        out[j, 2] = pattern_of[x]
    return out


@njit(cache=True)
def largest_classes(tables: Any, pool: Any, cands: Any, slots: Any, stop: Any, out: Any) -> None:
    """Each guess's largest class into ``out``, in order, up to the first guess whose
    largest class is at most ``stop`` (every guess after it gets more than any class).
    A guess whose classes outgrow the smallest largest class so far is left there, with
    a value above it: the smallest value and every guess reaching it are exact. (A first
    pass looking only for a guess reaching ``stop`` weighed a third more pairs on 8x5.)"""
    high, low, common, pattern_of = tables
    split = len(low)
    parts = _parts(tables, cands)
    hist = np.zeros(slots, dtype=np.int64)
    seen = np.empty(len(cands), dtype=np.int64)
    best = len(cands) + 1
    out[:] = best
    for i in range(len(pool)):
        g = pool[i]
        row_high, row_low, row_common = high[g // split], low[g % split], common[pattern_of[g]]
        top = 0
        j = 0
        while j < len(cands):
            c = (
                np.int64(row_high[parts[j, 0]])
                + np.int64(row_low[parts[j, 1]])
                + np.int64(row_common[parts[j, 2]])
            )
            seen[j] = c
            j += 1
            n = hist[c] + 1
            hist[c] = n
            if n > top:
                top = n
                if top > best:
                    break
        for k in range(j):  # only the classes counted: fewer than the slots late on
            hist[seen[k]] = 0
        out[i] = top
        best = min(best, top)
        if top <= stop:
            return


@njit(cache=True)
def histograms(tables: Any, pool: Any, cands: Any, out: Any) -> None:
    """Every guess's class counts, one row of ``out`` per guess (zeroed here)."""
    high, low, common, pattern_of = tables
    split = len(low)
    parts = _parts(tables, cands)
    out[:] = 0
    for i in range(len(pool)):
        g = pool[i]
        row_high, row_low, row_common = high[g // split], low[g % split], common[pattern_of[g]]
        for j in range(len(cands)):
            c = (
                np.int64(row_high[parts[j, 0]])
                + np.int64(row_low[parts[j, 1]])
                + np.int64(row_common[parts[j, 2]])
            )
            out[i, c] += 1


@lru_cache(maxsize=2)
def answer_parts(colours: int, positions: int) -> tuple[np.ndarray, ...]:
    """The tables ``largest_classes`` and ``histograms`` read: blacks between high halves
    and between low halves (times positions + 1), colours in common between count
    patterns, and each code's pattern."""
    p = positions
    dtype = class_dtype(p)
    low_n = p // 2
    halves = []
    for n in (p - low_n, low_n):
        digits = _digit_table(colours, n)
        blacks = (digits[:, :, None] == digits[:, None, :]).sum(axis=0, dtype=np.int64)
        halves.append(np.ascontiguousarray(blacks * (p + 1), dtype=dtype))
    patterns, pattern_of = _count_patterns(colours, p)
    common = np.minimum(patterns[:, None, :], patterns[None, :, :]).sum(axis=2, dtype=dtype)
    return halves[0], halves[1], np.ascontiguousarray(common), pattern_of.astype(np.int32)


def largest(space: CodeSpace, pool: np.ndarray, cands: np.ndarray, stop: float) -> np.ndarray:
    """Knuth's keys, pruned and up to the first at most ``stop``: see ``largest_classes``."""
    out = np.empty(len(pool), dtype=np.float64)
    tables = answer_parts(space.colours, space.positions)
    slots = classes(space.positions)
    largest_classes(tables, _int32(pool), _int32(cands), slots, stop, out)
    return out


def counts(space: CodeSpace, pool: np.ndarray, cands: np.ndarray) -> np.ndarray:
    """Every guess's class counts, (guesses, classes)."""
    out = np.empty((len(pool), classes(space.positions)), dtype=np.int64)
    histograms(answer_parts(space.colours, space.positions), _int32(pool), _int32(cands), out)
    return out


def _int32(codes: np.ndarray) -> np.ndarray:
    """One dtype, so that numba compiles (and caches) one version of each kernel."""
    return np.ascontiguousarray(codes, dtype=np.int32)
