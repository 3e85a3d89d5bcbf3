"""Each guess's key over the scored codes, a block of guesses at a time: from the answer
table on small spaces, otherwise from one matrix product per block (see
``feedback.cross``). ``keys`` turns a block's rows of class counts into keys."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from ..codes import CodeSpace
from ..feedback import classes, features, table_of
from .guess_pools import EXACT_LIMIT

if TYPE_CHECKING:
    import numpy.typing as npt

    from ..arrays import Codes, Counts, Keys

#: float32 holds every integer up to this exactly.
EXACT_FLOAT = 1 << 24

#: Rows of class counts (one row per guess) -> one key per row.
KeysOf = Callable[["Counts"], "Keys"]


@lru_cache(maxsize=2)
def all_features(space: CodeSpace) -> npt.NDArray[np.float32] | None:
    """Guess-side features of every code, reused by every move (spaces up to EXACT_LIMIT:
    at most a few tens of MB)."""
    if space.size > EXACT_LIMIT:
        return None
    guess_side = features(space, space.all_indices(), guess_side=True)
    out = np.zeros((space.size, guess_side.shape[1] + 1), dtype=np.float32)
    out[:, :-1] = guess_side  # the last column is each block's row offsets (product_keys)
    return out


def table_keys(keys: KeysOf, space: CodeSpace, pool: Codes, scored: Codes, entries: int) -> Keys:
    """Keys from the answer table, offset by each guess's row so that one ``bincount``
    gives every row's histogram; ``entries`` of the guess x code matrix per block."""
    full = table_of(space)
    k = classes(space.positions)
    rows = max(1, min(entries // max(1, len(scored)), len(pool)))
    offsets = np.arange(rows, dtype=np.int32) * k
    out = np.empty(len(pool), dtype=np.float64)
    # The table is symmetric: the scored codes' rows, each one contiguous, hold every
    # guess's answers in a column, read 2-4x faster than gathering each guess's row.
    by_code = full[scored] if len(pool) <= rows else None
    whole = by_code is not None and np.array_equal(pool, np.arange(space.size))
    for start in range(0, len(pool), rows):
        block = pool[start : start + rows]
        if by_code is not None:
            cls = (by_code if whole else by_code[:, block]).astype(np.int32)
            cls += offsets[None, : len(block)]
        else:
            cls = full[np.ix_(block, scored)].astype(np.int32)
            cls += offsets[: len(block), None]
        hist = np.bincount(cls.ravel(), minlength=len(block) * k).reshape(len(block), k)
        out[start : start + rows] = keys(hist)
    return out


def product_keys(keys: KeysOf, space: CodeSpace, pool: Codes, scored: Codes, entries: int) -> Keys:
    """Keys without a table: one matrix product per block of guesses gives every answer
    class, already offset by the guess's row (a last feature column holding the offset,
    times a row of ones), and one ``bincount`` every row's histogram; float32 holds
    these integers exactly. Blocks small enough to stay in the processor's cache,
    written into the same two buffers, are about 1.5x as fast as blocks of millions;
    ``entries`` of the guess x code matrix per block."""
    k = classes(space.positions)
    most = min(len(pool), EXACT_FLOAT // k - 1)
    rows = max(1, min(entries // max(1, len(scored)), most))
    left = all_features(CodeSpace(space.colours, space.positions, answers=space.answers))
    right = np.ones((space.positions * space.colours * 2 + 1, len(scored)), np.float32)
    right[:-1] = features(space, scored, guess_side=False).T
    offsets = np.arange(rows, dtype=np.float32) * k
    product = np.empty((rows, len(scored)), dtype=np.float32)
    cls = np.empty((rows, len(scored)), dtype=np.intp)  # what bincount counts in
    out = np.empty(len(pool), dtype=np.float64)
    for start in range(0, len(pool), rows):
        block = pool[start : start + rows]
        n = len(block)
        if left is not None:
            block_features = left[block]
        else:
            block_features = np.empty((n, len(right)), dtype=np.float32)
            block_features[:, :-1] = features(space, block, guess_side=True)
        block_features[:, -1] = offsets[:n]
        np.matmul(block_features, right, out=product[:n])
        np.copyto(cls[:n], product[:n], casting="unsafe")
        hist = np.bincount(cls[:n].ravel(), minlength=n * k).reshape(n, k)
        out[start : start + n] = keys(hist)
    return out
