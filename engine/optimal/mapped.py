"""The optimum's decision right after a person's own first guess, from shipped data and
numpy alone (no kernel, compiled or interpreted): what makes the first HINT after an odd
opening immediate on a fresh install.

A first guess G is the image of its pattern's first code R (the search's pool: AAAA,
AAAB, AABB, AABC, ABCD on 6x4) under some symmetry s of the game (colours and positions
permuted), and every position after G is the image of one after R. So the optimal total
after G is R's (``after.ties_after``), and the guesses reaching it are the images of R's.
But the tie rule (a possible code first, then the first as written) is no symmetry, and
neither is the order the search meets guesses in: so the stored data holds *every* pool
guess reaching the optimum after R (and the runner-up's total, with every guess reaching
that), and the decision after G is made here as the search makes it, each of those
mapped back to G's side and replaced by the first as written of its orbit under the
symmetries that keep G (the guess the search would weigh for it), then ordered by the
tie rule; the runner-up in the search's own order (its lower bound, a possible code
first, then the first code). tests/test_first_guess_data.py checks it against the search.
Positions at least two guesses in are not covered: the search (``Solution.search``)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from . import after
from .node import written_rank

if TYPE_CHECKING:
    import numpy.typing as npt

    from ..arrays import SomeCodes
    from ..codes import CodeSpace

#: Most position permutations tried (6 positions: 720); longer codes are left to the search
#: but with two colours (``_first_of_two``).
MOST_PERMUTATIONS = 720


def _spell(space: CodeSpace, codes: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Digits of ``codes`` (n, positions), position 0 first (most significant in rank)."""
    return np.asarray(space.digits_of(np.asarray(codes, dtype=np.int64)), dtype=np.int64)


def _code(space: CodeSpace, digits: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    return digits @ space.weights.astype(np.int64)


def _rank(space: CodeSpace, digits: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The tie rule's "as written" order: the first position most significant."""
    return digits @ space.weights[::-1].astype(np.int64)


def as_written(space: CodeSpace) -> Callable[[int], int]:
    """A code's place in the tie rule's order (``OptimalSearch.rank``), as a sort key."""
    rank = written_rank(space)
    return lambda code: int(rank[code])


@lru_cache(maxsize=16)
def _permutations(positions: int) -> npt.NDArray[np.int64]:
    return np.array(list(itertools.permutations(range(positions))), dtype=np.int64)


def _relabel(digits: npt.NDArray[np.int64], free: npt.NDArray[np.bool_]) -> None:
    """Recolour in place, row by row, the colours marked ``free`` (bool by colour) in the
    order they first appear, to the free colours in ascending order: the first as written
    of the rows' images under every permutation of the free colours."""
    rows, positions = digits.shape
    colours = len(free)
    targets = np.flatnonzero(free)
    seen = np.full((rows, colours), -1, dtype=np.int64)
    used = np.zeros(rows, dtype=np.int64)
    at = np.arange(rows)
    for i in range(positions):
        d = digits[:, i]
        loose = free[d]
        new = loose & (seen[at, d] < 0)
        seen[at[new], d[new]] = targets[np.minimum(used[new], len(targets) - 1)]
        used += new
        digits[loose, i] = seen[at[loose], d[loose]]


def _keepers(
    space: CodeSpace, first: npt.NDArray[np.int64]
) -> list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]:
    """The symmetries that keep the code with digits ``first``: for each position
    permutation p that some recolouring undoes, the recolouring of ``first``'s colours
    (-1 for the others, which any permutation of theirs keeps)."""
    out = []
    for p in _permutations(space.positions):
        moved, colour_map = first[p], np.full(space.colours, -1, dtype=np.int64)
        ok = True
        for a, b in zip(moved.tolist(), first.tolist(), strict=True):
            if colour_map[a] not in (-1, b):
                ok = False
                break
            colour_map[a] = b
        if ok and len(set(colour_map[colour_map >= 0].tolist())) == int((colour_map >= 0).sum()):
            out.append((p, colour_map))
    return out


def _first_of_orbit(
    space: CodeSpace, first: npt.NDArray[np.int64], codes: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """For each code, the first as written of its images under the symmetries keeping
    the first guess (the guess the search weighs for it: ``OptimalSearch.representative``)."""
    digits = _spell(space, codes)
    if space.colours == 2:
        return _first_of_two(space, first, digits)
    free = np.ones(space.colours, dtype=np.bool_)
    free[first] = False
    best = np.full(len(codes), np.iinfo(np.int64).max)
    found = np.asarray(codes, dtype=np.int64).copy()
    for p, colour_map in _keepers(space, first):
        image = digits[:, p].copy()
        fixed = colour_map[image]
        _relabel(image, free)
        image = np.where(fixed >= 0, fixed, image)
        rank = _rank(space, image)
        better = rank < best
        best[better], found[better] = rank[better], _code(space, image)[better]
    return found


def _first_of_two(
    space: CodeSpace, first: npt.NDArray[np.int64], digits: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """``_first_of_orbit`` with two colours, without a permutation enumerated: the
    symmetries keeping the first guess permute the positions of each of its colours
    among themselves (the first as written puts a code's 0s first within each), and
    where both colours fill as many positions, also swap the two sets and the colours
    (each set then holds the complement of what the other held)."""
    sets = [np.flatnonzero(first == colour) for colour in (0, 1)]
    zeros = [(digits[:, at] == 0).sum(axis=1) for at in sets]

    def laid(counts: list[npt.NDArray[np.int64]]) -> npt.NDArray[np.int64]:
        image = np.ones_like(digits)
        for at, count in zip(sets, counts, strict=True):
            image[:, at] = (np.arange(len(at))[None, :] >= count[:, None]).astype(np.int64)
        return image

    best = laid(zeros)
    if len(sets[0]) == len(sets[1]) > 0:
        swapped = laid([len(sets[1]) - zeros[1], len(sets[0]) - zeros[0]])
        best = np.where((_rank(space, swapped) < _rank(space, best))[:, None], swapped, best)
    return _code(space, best)


def _symmetry_of_two(
    space: CodeSpace, digits: npt.NDArray[np.int64]
) -> tuple[int, npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``symmetry`` with two colours: the pattern's first code is the more frequent
    colour's count of 0s, then 1s; the positions sorted so, recoloured to match."""
    swap = int(digits.sum()) * 2 > len(digits)  # more 1s than 0s: 1 becomes 0
    colours = np.array([1, 0] if swap else [0, 1], dtype=np.int64)
    p = np.argsort(colours[digits], kind="stable").astype(np.int64)
    image = colours[digits[p]]
    return int(_code(space, image[None, :])[0]), p, colours


def symmetry(
    space: CodeSpace, guess: int
) -> tuple[int, npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The first as written of ``guess``'s pattern (the pool's guess R for it), and a
    symmetry taking ``guess`` there: a position permutation p and a recolouring c, the
    image of digits d being c[d[p]]."""
    digits = _spell(space, np.array([guess]))[0]
    if space.colours == 2:
        return _symmetry_of_two(space, digits)
    perms = _permutations(space.positions)
    images = digits[perms]
    _relabel(images, np.ones(space.colours, dtype=np.bool_))
    best = int(np.argmin(_rank(space, images)))
    p, image = perms[best], images[best]
    colours = np.full(space.colours, -1, dtype=np.int64)
    colours[digits[p]] = image
    rest = np.setdiff1d(np.arange(space.colours), image)
    colours[colours < 0] = rest
    return int(_code(space, image[None, :])[0]), p, colours


def representative(space: CodeSpace, guess: int) -> int:
    """The pool's first guess for ``guess`` (``OptimalSearch.representative((), guess)``)
    without the search, where the code is short enough to try every permutation."""
    return symmetry(space, guess)[0]


def covered(space: CodeSpace) -> bool:
    """Whether the first guesses of the size are mapped here (short enough codes, or
    two colours: no permutation enumerated)."""
    return space.colours == 2 or math.factorial(space.positions) <= MOST_PERMUTATIONS


def _back(
    space: CodeSpace,
    p: npt.NDArray[np.int64],
    colours: npt.NDArray[np.int64],
    codes: list[int],
) -> npt.NDArray[np.int64]:
    """The codes whose images under (p, colours) are ``codes``."""
    digits = _spell(space, np.array(codes, dtype=np.int64))
    undone = np.argsort(colours)[digits]
    out = np.empty_like(undone)
    out[:, p] = undone
    return _code(space, out)


def images(
    space: CodeSpace, first: int, p: npt.NDArray[np.int64], colours: npt.NDArray[np.int64],
    guesses: list[int],
) -> npt.NDArray[np.int64]:  # fmt: skip
    """Guesses stored after ``first``'s pattern, each as the search weighs it after
    ``first`` itself: mapped back by the symmetry (p, colours) that took ``first`` to its
    pattern's first code, then the first as written of its orbit (in ``guesses``' order)."""
    if not guesses:
        return np.zeros(0, dtype=np.int64)
    first_digits = _spell(space, np.array([first]))[0]
    return _first_of_orbit(space, first_digits, _back(space, p, colours, guesses))


def decision(
    space: CodeSpace, file: str, codes: SomeCodes, first: int
) -> tuple[int, int, list[tuple[int, int]]] | None:
    """The search's ``tree.decision`` after the first guess ``first`` left ``codes``
    (more than two), from the stored ties of its pattern, or None (nothing stored)."""
    from ..feedback import answer_count, level_bounds, table
    from .tree import OTHERS

    if not covered(space):
        return None
    rep, p, colours = symmetry(space, first)
    answer_table = table(space)
    answer = int(answer_table[first, int(codes[0])])
    stored = after.ties_after(file, rep, answer)
    if stored is None:
        return None
    total, tied, runner, runners = stored
    possible = set(np.asarray(codes).tolist())

    def mapped(guesses: list[int]) -> list[int]:
        return sorted(set(images(space, first, p, colours, guesses).tolist()))

    rank = as_written(space)
    guess, *others_tied = sorted(mapped(tied), key=lambda g: (g not in possible, rank(g)))
    others = [(g, total) for g in others_tied[:OTHERS]]
    if len(others) < OTHERS and runner >= 0:
        bound = level_bounds(len(codes), answer_count(space) - 1)
        cands = mapped(runners)
        split = answer_table[np.array(cands)][:, np.asarray(codes, dtype=np.int64)]
        key = []
        for g, row in zip(cands, split, strict=True):
            sizes = np.bincount(row, minlength=answer_table.max() + 1)
            found = int(answer_table[g, g])
            low = len(codes) + sum(
                int(bound[h]) for a, h in enumerate(sizes.tolist()) if h and a != found
            )
            key.append((low * 2 + (0 if g in possible else 1), g))
        others.append((min(key)[1], runner))
    return int(guess), total, others


def total_after(
    space: CodeSpace, file: str, codes: SomeCodes, first: int, guess: int
) -> int | None:
    """The optimal total with ``guess`` played after the first guess ``first`` left
    ``codes`` (``tree.rate``'s, times the codes), from the stored totals of its
    pattern, or None (nothing stored)."""
    if not covered(space):
        return None
    from ..feedback import table

    rep, p, colours = symmetry(space, first)
    answer = int(table(space)[first, int(codes[0])])
    totals = after.totals_after(file, rep, answer)
    digits = _spell(space, np.array([guess], dtype=np.int64))
    image = _code(space, colours[digits[:, p]])
    rep_digits = _spell(space, np.array([rep], dtype=np.int64))[0]
    return totals.get(int(_first_of_orbit(space, rep_digits, image)[0]))


def split_total(space: CodeSpace, codes: SomeCodes, guess: int) -> int | None:
    """The optimal total with ``guess`` played on ``codes`` where every class it leaves
    holds two codes or fewer (each costs 2m - 1, nothing to search), or None."""
    from ..feedback import encode, table

    split = table(space)[guess, np.asarray(codes, dtype=np.int64)]
    sizes = np.bincount(split)
    found = encode(space.positions, 0, space.positions)
    if found < len(sizes):
        sizes[found] = 0
    if sizes.max(initial=0) > 2:
        return None
    return len(codes) + int((2 * sizes[sizes > 0] - 1).sum())
