"""What a partition strategy's trace says about ties, told as they are: how many codes
score as well as the chosen guess (every code counted: a guess weighed for a whole family
of guesses alike but for colours not played yet counts for each of them), how many of
those could be the secret, which guesses are *twins* of the choice (the same number of
codes for every answer, so drawing one beside the other teaches nothing), the runner-up
worth drawing (the best guess that is not a twin) and the next best (the best that scores
worse)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import islice, permutations
from math import factorial, perm
from typing import TYPE_CHECKING, cast

import numpy as np

from ..codes import CodeSpace
from ..feedback import against, answers
from .base import Position
from .guess_pools import canonical_codes, unused_colours

if TYPE_CHECKING:
    from ..arrays import Codes, Counts, IntArray, Keys, Mask

#: Tied guesses compared answer by answer at most (beyond, twins are not looked for).
TWIN_LIMIT = 4096
#: Twins named in the trace (the rest are counted).
TWINS_NAMED = 3


@dataclass(frozen=True)
class Ties:
    """The facts of one choice's ties; indices are into the weighed pool."""

    #: Codes scoring as the choice does, the choice included, families counted whole.
    count: int
    #: Of those, the codes that could be the secret.
    possible: int
    #: Tied guesses weighed one by one (the rest are members of their families).
    weighed: int
    #: Codes splitting the candidates exactly as the choice does, the choice excluded.
    twins: int
    #: Some of those twins, by index, best first.
    twin_indices: tuple[int, ...]
    #: The best guess that is not a twin, and the best that scores worse (None: none).
    rival: int | None
    worse: int | None


def opening_families(space: CodeSpace, pool: Codes) -> Counts:
    """How many codes each opening pattern stands for: the codes with the same sizes of
    colour groups (any colours, any order: all alike before the first answer)."""
    return np.array([_shape_count(space, int(g)) for g in pool], dtype=np.int64)


def _shape_count(space: CodeSpace, code: int) -> int:
    """Codes with the groups of ``code``: colours chosen for the groups (equal groups in any
    order count once), times the ways of placing the groups on the positions."""
    digits = space.to_digits(code)
    sizes = [digits.count(c) for c in set(digits)]
    colours = perm(space.colours, len(sizes))
    for size in set(sizes):
        colours //= factorial(sizes.count(size))
    places = factorial(space.positions)
    for size in sizes:
        places //= factorial(size)
    return colours * places


def colour_families(space: CodeSpace, pool: Codes, unused: tuple[int, ...]) -> Counts:
    """How many codes each guess weighed stands for when the ``unused`` colours are alike:
    a guess holding j of the k unused colours stands for k!/(k-j)! codes."""
    if len(unused) < 2:
        return np.ones(len(pool), dtype=np.int64)
    held = (space.counts[list(unused)][:, pool] > 0).sum(axis=0)
    k = len(unused)
    sizes = np.array([perm(k, j) for j in range(k + 1)], dtype=np.int64)
    return cast("Counts", sizes[held])


def families(position: Position, pool: Codes) -> Counts:
    """How many codes each guess weighed stands for: a pattern at the opening, a family
    alike but for unused colours later; one each where every guess is weighed, or where
    the guesses are a sample (then the ties are of the sample)."""
    space, history = position.space, position.history
    if len(position.candidates) > 2 and not history:
        return opening_families(space, pool)
    unused = unused_colours(space, history)
    if history and pool is canonical_codes(space, unused):
        return colour_families(space, pool, unused)
    return np.ones(len(pool), dtype=np.int64)


def family_members(space: CodeSpace, guess: int, unused: tuple[int, ...]) -> list[int]:
    """The first few codes (``TWINS_NAMED``) that ``guess`` stands for when the ``unused``
    colours are alike, itself left out, first as written first (``guess`` comes first of
    its family: its unused colours are the smallest, in order): twins, as swapping colours
    no guess has played leaves the codes still possible as they were."""
    digits = space.to_digits(guess)
    held = list(dict.fromkeys(d for d in digits if d in unused))
    if not held or len(unused) < 2:
        return []
    out = []
    for image in islice(permutations(sorted(unused), len(held)), TWINS_NAMED + 1):
        swap = dict(zip(held, image, strict=True))
        code = space.from_digits([swap.get(d, d) for d in digits])
        if code != guess:
            out.append(code)
    return out[:TWINS_NAMED]


def named_twins(position: Position, pool: Codes, guess: int, ties: Ties) -> tuple[int, ...]:
    """The twins the trace names: tied guesses weighed that split the codes alike, then
    members of the guess's family of colours not played yet (where one guess was weighed
    for each family: the only twin named where exactly two codes tie)."""
    space, history = position.space, position.history
    unused = unused_colours(space, history)
    family = family_members(space, guess, unused) if history else []
    if family and pool is not canonical_codes(space, unused):
        family = []
    return tuple([*(int(pool[i]) for i in ties.twin_indices), *family][:TWINS_NAMED])


def close(keys: Keys, best: float) -> Mask:
    """Which keys tie ``best`` (keys summed in another order may differ in the last bits)."""
    return np.abs(keys - best) <= 1e-9 * max(1.0, abs(best))


def ties_of(
    space: CodeSpace,
    pool: Codes,
    keys: Keys,
    consistent: Mask,
    order: IntArray,
    family: Counts,
    scored: Codes,
) -> Ties:
    """The tie facts of the choice ``pool[order[0]]`` (``order``: best first)."""
    best = order[0]
    tied_mask = close(keys, float(keys[best]))
    tied = order[tied_mask[order]]  # best first, the choice at 0
    count = int(family[tied].sum())
    possible = int(family[tied][consistent[tied]].sum())
    worse_at = np.flatnonzero(~tied_mask[order])
    worse = int(order[worse_at[0]]) if len(worse_at) else None
    own = _histogram(space, int(pool[best]), scored)
    twins: list[int] = []
    rival: int | None = None
    for i in tied[1:TWIN_LIMIT]:
        if np.array_equal(_histogram(space, int(pool[i]), scored), own):
            twins.append(int(i))
        elif rival is None:
            rival = int(i)
            if len(tied) > TWIN_LIMIT:
                break
    twin_count = int(family[best] - 1 + (family[twins].sum() if twins else 0))
    return Ties(
        count=count,
        possible=possible,
        weighed=len(tied),
        twins=twin_count,
        twin_indices=tuple(twins[:TWINS_NAMED]),
        rival=rival if rival is not None else worse,
        worse=worse,
    )


def few_left(space: CodeSpace, cands: Codes, ties: Ties) -> Ties:
    """The ties of a choice among one or two codes left (``ties`` counted among those
    alone), every code counted: with one left every code leaves at most that one, and
    with two every code that tells them apart splits them as the choice does, in any
    measure (one code for each of two answers); those are the two codes and the codes
    that would answer them differently."""
    if len(cands) == 1:
        count = space.count
    else:
        allowed = space.allowed
        first, second = (against(space, int(c))[allowed] for c in cands)
        count = int(np.count_nonzero(first != second))
    return replace(ties, count=count, possible=len(cands), weighed=count)


def twins_of(space: CodeSpace, guess: int, others: list[int], cands: Codes) -> list[int]:
    """Which of ``others`` split ``cands`` exactly as ``guess`` does (the same number of
    codes for every answer), in their order."""
    own = _histogram(space, guess, cands)
    return [g for g in others if np.array_equal(_histogram(space, g, cands), own)]


def _histogram(space: CodeSpace, guess: int, codes: Codes) -> Counts:
    """How many of ``codes`` give each answer class to ``guess``."""
    return np.bincount(answers(space, guess, codes), minlength=(space.positions + 1) ** 2)
