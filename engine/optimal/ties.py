"""Every guess that ties the exact optimum at a position, counted exactly: the search in
its TIES mode weighs one guess of each class of guesses alike by the position's symmetry
(the permutations of colours and positions that leave every guess so far unchanged: they
leave the codes still possible as they are, so the guesses of one class cost the same),
with the optimum itself as an inclusive budget, and each class found is counted whole,
by its size (the group's order over the order of the guess's stabiliser). The decision
tree keeps only a few tied guesses; this is what the trace uses to count them all.

Bounded: a position of at most ``TIES_LIMIT`` codes (each class's search under the
optimum, then the best guess that does worse: on 6x4 a few milliseconds a position once
the search's table is warm), and only where the compiled kernel is at hand (or the size
is small enough for the interpreted one): otherwise the trace counts the ties the tree
keeps and says "at least"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .node import tie_order

if TYPE_CHECKING:
    from ..arrays import SomeCodes
    from ..codes import CodeSpace
    from .search import OptimalSearch

#: The most codes a position may hold for its ties to be counted exactly (as for the
#: search made on the spot where a rating needs it: a second or less).
TIES_LIMIT = 1296


@dataclass(frozen=True)
class ExactTies:
    """The optimum at a position and every guess reaching it, one per class of guesses
    alike by symmetry, in the tie rule's order (the choice first), with each class's size;
    the best guess that does worse, with its total (None: every other guess tells
    nothing or splits as a tied one does)."""

    total: int
    tied: tuple[tuple[int, int], ...]
    worse: tuple[int, int] | None

    @property
    def count(self) -> int:
        """Codes reaching the optimum, every member of every class counted."""
        return sum(size for _, size in self.tied)


def class_size(search: OptimalSearch, history: tuple[int, ...], guess: int) -> int:
    """How many codes the symmetries fixing ``history`` map ``guess`` to: the group's
    order over its stabiliser's (the orbit counted without listing it)."""
    rows, _ = search._group(history)
    colour_images, position_images = search.images[:2]
    order = len(rows) if len(rows) else len(colour_images) * len(position_images)
    if order == 1:
        return 1
    stabiliser = search.kernel.fixing(colour_images, position_images, rows, guess)
    return order // len(stabiliser)


def exact_ties(
    search: OptimalSearch, codes: SomeCodes, history: tuple[int, ...]
) -> ExactTies | None:
    """Every guess reaching the optimum for ``codes`` after the guesses ``history``, or
    None past ``TIES_LIMIT`` codes. One or two codes: the codes themselves (any other
    guess costs a guess more)."""
    codes = np.asarray(codes, dtype=np.int16)
    if len(codes) > TIES_LIMIT:
        return None
    want = max(1, len(search.pool(history)))
    total, reps = search.decide(codes, history, want)
    reps = sorted(reps, key=tie_order(codes, search.rank))
    if len(codes) <= 2:
        return ExactTies(total, tuple((int(c), 1) for c in reps), None)
    tied = tuple((g, class_size(search, history, g)) for g in reps)
    worse = search.runner_up(codes, history, reps)
    return ExactTies(total, tied, worse)


def stored_opening(space: CodeSpace, file: str, codes: SomeCodes) -> ExactTies | None:
    """The opening's ties, with no search, from the data shipped in ``file`` for what
    follows each first guess of the pool (``after``): each pattern's total is every
    code's first guess plus the stored optimum under each answer, and its class is the
    codes with its pattern of colours. The search would weigh every pattern under the
    optimum instead (8 s of CPU on 9x3, warm). None where the data does not hold it."""
    from ..feedback import against, encode
    from . import after

    stored = after.read(file) if file else None
    if stored is None or len(codes) != space.count:
        return None
    every = np.asarray(codes, dtype=np.int64)
    win = encode(space.positions, 0, space.positions)
    totals = {}
    for guess in sorted(int(g) for g in stored.get("ties", {})):
        answers, sizes = np.unique(against(space, guess, every), return_counts=True)
        total = len(every)
        for answer, size in zip(answers.tolist(), sizes.tolist(), strict=True):
            found = None if size <= 2 else after.ties_after(file, guess, answer)
            if answer != win and size > 2 and found is None:
                return None
            total += 0 if answer == win else 2 * size - 1 if found is None else found[0]
        totals[guess] = total
    if not totals:
        return None
    rank = (space.digits[::-1].T.astype(np.int64) @ space.weights).astype(np.int16)
    order = tie_order(codes, rank)
    best = min(totals.values())
    tied = sorted((g for g, t in totals.items() if t == best), key=order)
    second = min((t for t in totals.values() if t > best), default=None)
    worse = None
    if second is not None:
        worse = min((g for g, t in totals.items() if t == second), key=order), second
    pattern = np.sort(
        np.stack([(space.digits == c).sum(axis=0) for c in range(space.colours)]), axis=0
    )
    alike = {g: int((pattern == pattern[:, [g]]).all(axis=0)[codes].sum()) for g in tied}
    return ExactTies(best, tuple((g, alike[g]) for g in tied), worse)
