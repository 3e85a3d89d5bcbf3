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
    rows = search._rows(history)
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
