"""Every guess tying the optimum right after a person's own first guess, counted exactly
(``ties.ExactTies``, what ``exact_ties`` finds) from the shipped data of what follows each
first guess and numpy alone: the trace's tie facts there need neither the search's
symmetry tables (9x3's colour table took 0.9 s, 2x9's position table 3 s) nor a search
(10x3's ties after a first guess took 3 s, warm).

The stored totals after every pool guess (``after.totals_after``) are mapped to the
first guess's side (``mapped.images``): the tied guesses are those reaching the optimum;
the next best is the search's runner-up, the best guess splitting the codes unlike every
tied one (and telling something), the first in the search's order (its lower bound, a
possible code first, then the first code) among those reaching that total. Each tied
guess's class (the guesses the symmetries keeping the first guess turn it into) is
counted as an orbit, the group's order over its stabiliser's (``stabiliser_order``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from ..feedback import level_bounds
from . import after, mapped
from .node import tie_order, written_rank
from .stabiliser import stabiliser_order
from .ties import ExactTies

if TYPE_CHECKING:
    import numpy.typing as npt

    from ..arrays import SomeCodes
    from ..codes import CodeSpace

#: A total at least this far off marks a guess that cannot keep the cap (the search's
#: ``BEYOND``): never the runner-up.
BEYOND = 1 << 40


def after_ties(
    space: CodeSpace, file: str, codes: SomeCodes, first: int, only_possible: bool, capped: bool
) -> ExactTies | None:
    """``exact_ties`` for ``codes`` (more than two, every code the answer to the first
    guess ``first`` left), from the stored data ``file`` (``Solution.after``), or None
    (nothing stored). Under a cap the stored totals may have let it go (a rating does,
    past it): the runner-up is then the stored one, kept only where the tree's decision
    shows one (None otherwise)."""
    from ..feedback import table

    if not mapped.covered(space) or len(codes) <= 2 or after.read(file) is None:
        return None  # (read each time: the shipped data may be turned off since)
    answer = int(table(space)[first, int(codes[0])])
    return _after(space, file, first, answer, only_possible, capped)


@lru_cache(maxsize=1024)
def _after(
    space: CodeSpace, file: str, first: int, answer: int, only_possible: bool, capped: bool
) -> ExactTies | None:
    """``after_ties`` for the position, kept: a game played down the tree asks at each
    of its positions one guess in (1,296 games on 6x4: 20 s, asked again each time)."""
    from ..feedback import table
    from .tree import OTHERS

    allowed = np.asarray(space.allowed, dtype=np.int16)
    codes = allowed[table(space)[first, allowed] == answer]
    rep, p, colours = mapped.symmetry(space, first)
    left = codes.astype(np.int64)
    stored = after.ties_after(file, rep, answer)
    totals = after.totals_after(file, rep, answer)
    if stored is None or not totals:
        return None
    best, tied_there, runner, runners = stored
    if capped and len(tied_there) > OTHERS:
        return None  # no runner-up stored, and the totals may not keep the cap
    tied = sorted(
        set(mapped.images(space, first, p, colours, tied_there).tolist()),
        key=tie_order(codes, written_rank(space)),
    )
    whole = stabiliser_order(space, [first])
    sizes = tuple((g, whole // stabiliser_order(space, [first, g])) for g in tied)
    if capped:
        named = mapped.images(space, first, p, colours, runners)
        worse = _next_best(space, left, tied, named, np.full(len(named), runner), only_possible)
        return ExactTies(best, sizes, worse if runner >= 0 else None)
    guesses = mapped.images(space, first, p, colours, list(totals))
    values = np.array(list(totals.values()), dtype=np.int64)
    ahead = (values > best) & (values < BEYOND)
    worse = _next_best(space, left, tied, guesses[ahead], values[ahead], only_possible)
    return ExactTies(best, sizes, worse)


def _next_best(
    space: CodeSpace,
    codes: npt.NDArray[np.int64],
    tied: list[int],
    guesses: npt.NDArray[np.int64],
    totals: npt.NDArray[np.int64],
    only_possible: bool,
) -> tuple[int, int] | None:
    """The search's runner-up among ``guesses`` (with their ``totals``): the least total
    of those splitting ``codes`` unlike every ``tied`` guess and into two classes at
    least (a possible code alone where every guess must be one), then in the search's
    order: its lower bound, a possible code first, the first code."""
    from ..feedback import answer_count, encode, table

    answer_table = table(space)
    possible = set(codes.tolist())
    splits = answer_table[guesses][:, codes]
    seen = {row.tobytes() for row in answer_table[np.array(tied)][:, codes]}
    ordered = np.sort(splits, axis=1)
    parts = 1 + (ordered[:, 1:] != ordered[:, :-1]).sum(axis=1)
    bound = level_bounds(len(codes), answer_count(space) - 1)
    found = encode(space.positions, 0, space.positions)
    best: tuple[int, int, int] | None = None
    for g, total, row, part in zip(guesses.tolist(), totals.tolist(), splits, parts, strict=True):
        if part < 2 or row.tobytes() in seen or (only_possible and g not in possible):
            continue
        sizes = np.bincount(row, minlength=found + 1)
        sizes[found] = 0
        low = len(codes) + int(bound[sizes[sizes > 0]].sum())
        key = (int(total), low * 2 + (0 if g in possible else 1), int(g))
        best = key if best is None or key < best else best
    return None if best is None else (best[2], best[0])
