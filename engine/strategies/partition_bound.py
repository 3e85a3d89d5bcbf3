"""The lower bound of the partition strategies' search (``PartitionStrategy.guess``): the
key of the codes split as evenly as the answers allow, which no guess can beat, so a
guess reaching it ends the search. Apart from ``partitioning`` for its length only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import numpy as np

from ..feedback import answer_count
from .guess_pools import written_order

if TYPE_CHECKING:
    from ..arrays import Codes, Counts, Keys
    from ..codes import CodeSpace


class PartitionStrategy(Protocol):
    """What of ``partitioning.PartitionStrategy`` the bound reads (named so, not imported:
    that module imports this one)."""

    _even_keys: dict[tuple[int, int], float]

    def keys(self, hist: Counts) -> Keys: ...

    def _keys(
        self, space: CodeSpace, pool: Codes, scored: Codes, pruned: bool = ..., stop: float = ...
    ) -> Keys: ...

    def _prunes(self, space: CodeSpace) -> bool: ...


#: The lower bound is tried on positions with at most this many candidates per answer.
BOUND_TRIES = 64
#: Guesses in the first block weighed as written when looking for one reaching the bound.
FIRST_SCAN = 256


def bound_reached(strategy: PartitionStrategy, space: CodeSpace, cands: Codes) -> int | None:
    """The first as written of the candidates whose key is the best any guess could
    have (codes split as evenly as the answers allow), or None if none reaches it.
    Such a candidate cannot be beaten and wins every tie against guesses that could
    not be the secret, so nothing else need be weighed. Tried only where the bound is
    often reached: few candidates for the answers there are."""
    answers = answer_count(space)
    if len(cands) > BOUND_TRIES * answers:
        return None
    keys = strategy._keys(space, cands, cands, pruned=True)
    reached = np.flatnonzero(keys <= even_key(strategy, len(cands), answers))
    if len(reached) == 0:
        return None
    return int(cands[reached[np.argmin(written_order(space, cands[reached]))]])


def first_reaching(
    strategy: PartitionStrategy, space: CodeSpace, pool: Codes, cands: Codes
) -> tuple[int | None, Keys]:
    """The first of ``pool`` (written in order) whose key is the lower bound, and the
    keys weighed; or None and every guess's key when none reaches it. Called once no
    candidate reaches the bound, so such a guess is the choice: guesses are weighed in
    blocks as written, and the search stops at the first block that has one. Where
    few codes are left, splitting them all apart is usually possible, and the first
    block often does it: on 8x5, positions with fewer than 16 candidates took half
    the time of Knuth's tree, weighing every one of their 20,000 to 32,768 guesses."""
    bound = even_key(strategy, len(cands), answer_count(space))
    keys = np.empty(len(pool), dtype=np.float64)
    # The compiled kernel stops at the first guess reaching the bound by itself.
    start, size = 0, len(pool) if strategy._prunes(space) else FIRST_SCAN
    while start < len(pool):
        block = slice(start, start + size)
        keys[block] = strategy._keys(space, pool[block], cands, pruned=True, stop=bound)
        reached = np.flatnonzero(keys[block] <= bound)
        if len(reached):
            return int(pool[start + reached[0]]), keys
        start, size = start + size, size * 4
    return None, keys


def even_key(strategy: PartitionStrategy, n: int, answers: int) -> float:
    """The key of n codes split as evenly as possible over every possible answer: no
    guess does better, since every key here grows with unevenness."""
    key = strategy._even_keys.get((n, answers))
    if key is None:
        q, r = divmod(n, answers)
        hist = np.array([[q + 1] * r + [q] * (answers - r)], dtype=np.int64)
        key = strategy._even_keys[(n, answers)] = float(strategy.keys(hist)[0])
    return key
