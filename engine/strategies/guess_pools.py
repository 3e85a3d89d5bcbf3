"""Which guesses a partition strategy weighs, and the order that breaks its ties: codes
*as written* (the first position most significant, as the literature lists them), one
guess per pattern of repeated colours for an opening, and one guess of each family that
differs only by swapping colours no guess has used yet, or colours no candidate has.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, cast

import numpy as np

from ..codes import CodeSpace

if TYPE_CHECKING:
    from ..arrays import Codes, Int64s, Mask

#: How an opening's note begins (the explanation says its families are patterns).
OPENING = "opening:"
#: How the note on families alike but for unused colours begins.
FAMILIES = "colours not played yet"
#: How the exact optimum's note on classes of guesses alike by symmetry begins.
SYMMETRY = "symmetry:"
#: Spaces up to this size weigh every (symmetry-reduced) guess.
EXACT_LIMIT = 1 << 17


def opening_patterns(space: CodeSpace) -> Codes:
    """One code for each way of splitting the positions into colour groups, written as the
    literature writes openings: biggest group first, colours in order (1122, 1123, 1234);
    without repeats only the pattern of all different colours is allowed."""
    out: list[int] = []

    def split(left: int, largest: int, groups: list[int]) -> None:
        if left == 0:
            digits = [colour for colour, size in enumerate(groups) for _ in range(size)]
            out.append(space.from_digits(digits))
            return
        if len(groups) == space.colours:
            return
        for size in range(min(left, largest), 0, -1):
            split(left - size, size, [*groups, size])

    split(space.positions, space.positions, [])
    codes = np.array(sorted(out), dtype=np.int32)
    return space.allowed_only(codes)


def written_order(space: CodeSpace, codes: Codes) -> Int64s:
    """Rank of codes as written, the first position most significant."""
    if space.size <= EXACT_LIMIT:
        return _written_ranks(space.colours, space.positions)[codes]
    return space.digits_of(codes)[:, ::-1].astype(np.int64) @ space.weights


@lru_cache(maxsize=2)
def _written_ranks(colours: int, positions: int) -> Int64s:
    space = CodeSpace(colours, positions)
    return space.digits[::-1].T.astype(np.int64) @ space.weights


def canonical_codes(space: CodeSpace, unused: tuple[int, ...]) -> Codes:
    """Codes that come first as written among those equal up to swapping unused colours.

    Reading from the first position on, unused colours must first appear in increasing
    order, starting from the smallest. Only codes the rules allow are returned (swapping
    colours keeps a code free of repeats, so these are still one per family). Read-only,
    and the same array for the same colours (a walk asks at every position).
    """
    if len(unused) < 2:
        return space.allowed
    return _canonical_codes(space, unused)


@lru_cache(maxsize=64)
def _canonical_codes(space: CodeSpace, unused: tuple[int, ...]) -> Codes:
    rank = np.full(space.colours, -1, dtype=np.int16)
    rank[list(unused)] = np.arange(len(unused))
    seen = np.zeros(space.size, dtype=np.int16)
    keep = np.ones(space.size, dtype=bool)
    for i in range(space.positions):
        r = rank[space.digits[i]]
        keep &= r <= seen
        seen += (r == seen) & (r >= 0)
    codes = space.allowed_only(np.flatnonzero(keep).astype(np.int32))
    codes.flags.writeable = False
    return codes


@lru_cache(maxsize=64)
def _canonical_as_written(space: CodeSpace, unused: tuple[int, ...]) -> Codes:
    pool = canonical_codes(space, unused)
    pool = pool[np.argsort(written_order(space, pool), kind="stable")]
    pool.flags.writeable = False
    return pool


@lru_cache(maxsize=256)
def distinct_guesses(space: CodeSpace, unused: tuple[int, ...], dead: tuple[int, ...]) -> Codes:
    """``canonical_codes(space, unused)`` as written, less every guess that differs from an
    earlier one only in which ``dead`` colours it holds. A dead colour is in none of the
    codes still possible, so it scores nothing wherever it stands, and such guesses split
    the candidates alike; none of them can be the secret, so the first as written is the
    one the tie rule would pick. Late in a game this leaves half the guesses or fewer."""
    pool = _canonical_as_written(space, unused)
    if len(dead) < 2:
        return pool
    is_dead = np.zeros(space.colours, dtype=bool)
    is_dead[list(dead)] = True
    digits = space.digits[:, pool]
    if space.repeats and not set(dead) & set(unused):
        # Then every family has the member holding the first dead colour wherever the
        # family holds a dead one, and that member comes first as written: no sorting.
        is_dead[dead[0]] = False
        kept = pool[~is_dead[digits].any(axis=0)]
    else:  # the first as written of each family, found by sorting the families
        merged = np.where(is_dead[digits], np.uint8(dead[0]), digits)
        _, first = np.unique(space.weights @ merged, return_index=True)
        kept = pool[np.sort(first)]
    kept.flags.writeable = False
    return kept


def dead_colours(space: CodeSpace, cands: Codes) -> tuple[int, ...]:
    """Colours that none of ``cands`` has."""
    return tuple(np.flatnonzero(~space.counts[:, cands].any(axis=1)).tolist())


def unused_colours(space: CodeSpace, history: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Colours that no guess of ``history`` has."""
    played = set().union(*(_colours_of(space, guess) for guess, _ in history))
    return tuple(c for c in range(space.colours) if c not in played)


@lru_cache(maxsize=4096)
def _colours_of(space: CodeSpace, code: int) -> frozenset[int]:
    return frozenset(space.to_digits(code))


def members(space: CodeSpace, codes: Codes, cands: Codes) -> Mask:
    """Which of ``codes`` are among the sorted ``cands``: a mask over the whole space where
    it is small, a binary search otherwise (not ``np.isin``, which sorts both)."""
    if space.size <= EXACT_LIMIT:
        mask = np.zeros(space.size, dtype=bool)
        mask[cands] = True
        return mask[codes]
    i = np.searchsorted(cands, codes)
    return cast("Mask", cands[np.minimum(i, len(cands) - 1)] == codes)
