"""The tie facts of an exact optimal choice (``Choice`` fields): how many codes reach the
optimum, how many of those could be the secret, the twins, the runner-up worth drawing
and the next best. Counted exactly (``engine.optimal.ties``: every class of guesses alike
by the position's symmetry searched with the optimum as its budget, each counted whole)
where the position is small enough and the compiled search at hand; otherwise from the
few tied guesses the tree keeps, said as a lower bound ("at least")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..trace import Alternative
from .base import Position
from .guess_pools import SYMMETRY, unused_colours
from .ties import TWINS_NAMED, colour_families, family_members, opening_families, twins_of

if TYPE_CHECKING:
    from ..arrays import SomeCodes
    from ..codes import CodeSpace
    from ..optimal.search import OptimalSearch
    from ..optimal.solutions import Solution
    from ..optimal.ties import ExactTies

#: The note of a later move whose tied guesses stand for classes (said by the trace).
SYMMETRY_NOTE = (
    f"{SYMMETRY} guesses that swapping colours and positions turns into one another, "
    "leaving every guess so far as it was, cost the same: one stands for each class"
)


def tie_facts(
    found: Solution,
    position: Position,
    guess: int,
    total: int,
    alternatives: tuple[Alternative, ...],
) -> dict[str, Any]:
    """The ``Choice`` fields on ties (with ``note`` where classes were counted)."""
    from ..optimal.capped import openings_file

    history = tuple(g for g, _ in position.history)
    space, codes = found.space, position.candidates
    exact = few_codes(space, codes) if len(codes) <= 2 else None
    if exact is None and not history:  # the opening: from the shipped data
        name = openings_file(space, found.only_possible, found.max_guesses)
        exact = stored_opening(space, name, codes)
    if exact is None and len(history) == 1 and found.after:  # one guess in: stored too
        from ..optimal.mapped_ties import after_ties

        capped = found.max_guesses is not None
        exact = after_ties(space, found.after, codes, history[0], found.only_possible, capped)
    search = None if exact is not None else _search_now(found, len(codes))
    if search is not None:
        from ..optimal.ties import exact_ties

        exact = exact_ties(search, position.candidates, history)
    if exact is None or exact.total != total or exact.tied[0][0] != guess:
        return _kept(position, guess, total, alternatives)
    return _exact(position, exact, alternatives)


def few_codes(space: CodeSpace, codes: SomeCodes) -> ExactTies:
    """One or two codes left: the ties are the codes themselves (either costs 1 + 2 for
    two), with nothing to search (``exact_ties``'s answer there)."""
    from ..optimal.node import tie_order, written_rank
    from ..optimal.ties import ExactTies

    tied = sorted((int(c) for c in codes), key=tie_order(codes, written_rank(space)))
    return ExactTies(2 * len(tied) - 1, tuple((g, 1) for g in tied), None)


def stored_opening(space: CodeSpace, name: str, codes: SomeCodes) -> ExactTies | None:
    """The opening's ties with no search, from the totals after each first guess that the
    shipped tree ``name`` keeps (``shipped.openings``; "": none) and each pattern's codes
    (``opening_families``): the search would weigh every pattern under the optimum instead
    (8 s of CPU on 9x3, warm; 13 s for optimal-worst). None where nothing is stored, or
    for a position that is not the whole space."""
    from ..optimal import shipped
    from ..optimal.node import tie_order, written_rank
    from ..optimal.ties import ExactTies

    totals = {int(g): int(t) for g, t in shipped.openings(name).items()} if name else {}
    if not totals or len(codes) != space.count:
        return None
    order = tie_order(codes, written_rank(space))
    best = min(totals.values())
    tied = sorted((g for g, t in totals.items() if t == best), key=order)
    second = min((t for t in totals.values() if t > best), default=None)
    worse = None
    if second is not None:
        worse = min((g for g, t in totals.items() if t == second), key=order), second
    sizes = opening_families(space, np.array(tied, dtype=np.int64)).tolist()
    return ExactTies(best, tuple(zip(tied, sizes, strict=True)), worse)


def _search_now(found: Solution, codes: int) -> OptimalSearch | None:
    """The search to count ties with, if it answers at once: compiled (a search already
    made, or the kernel ready), or interpreted on a small size; never a wait for the
    compile (the tree's few ties are told meanwhile)."""
    from ..backends.interpreted import SMALL
    from ..optimal.reach import OFF_TREE_CODES, quick_tables, quiet
    from ..optimal.ties import TIES_LIMIT
    from ..optimal.warmup import INTERIM, ready

    if codes > (TIES_LIMIT if quiet(found.space) else OFF_TREE_CODES):
        return None  # past 4,096 codes a big position's ties would take minutes
    made = found.searched
    if made is not None and made.backend != INTERIM:
        return made
    if ready() or (found.space.count <= SMALL and quick_tables(found.space)):
        return found.search
    return None


def _exact(
    position: Position, exact: ExactTies, alternatives: tuple[Alternative, ...]
) -> dict[str, Any]:
    space, cands = position.space, position.candidates
    n = len(cands)

    def possible(code: int) -> bool:
        i = space.locate(cands, code)
        return i < n and int(cands[i]) == code

    (guess, own), *rest = exact.tied
    tied = [Alternative(g, exact.total / n, possible(g)) for g, _ in rest]
    size = dict(exact.tied)
    twins = twins_of(space, guess, [a.guess for a in tied], cands) if n > 2 else []
    worse = None
    if exact.worse is not None:
        g, t = exact.worse
        worse = Alternative(g, t / n, possible(g))
    differ = [a for a in tied if a.guess not in twins] + ([worse] if worse else [])
    candidates = [*tied, *alternatives, *([worse] if worse else [])]
    grouped = len(exact.tied) < exact.count
    return {
        "ties": exact.count,
        "ties_possible": sum(s for g, s in exact.tied if possible(g)),
        "ties_weighed": len(exact.tied),
        "ties_known": True,
        "twins": own - 1 + sum(size[g] for g in twins),
        "twin_guesses": tuple(twins),
        "rival": differ[0] if differ else None,
        "worse": worse,
        "best_possible": next((a for a in candidates if a.consistent), None),
        "note": SYMMETRY_NOTE if grouped and position.history else "",
    }


def _kept(
    position: Position, guess: int, total: int, alternatives: tuple[Alternative, ...]
) -> dict[str, Any]:
    """From the tree's few tied guesses: each one's family (its pattern at the opening,
    later the codes alike but for colours not played yet) and a lower bound
    (``ties_known`` False) but at the opening with fewer kept, or with two codes or
    fewer left (the codes themselves). Twins: a family's members, and the tied guesses
    that split the codes alike."""
    from ..optimal.tree import OTHERS

    space, cands, history = position.space, position.candidates, position.history
    tied = [a for a in alternatives if abs(a.score * len(cands) - total) < 0.5]
    pool = np.array([guess, *(a.guess for a in tied)], dtype=np.int32)
    if len(cands) <= 2:
        family = np.ones(len(pool), dtype=np.int64)
    elif not history:
        family = opening_families(space, pool)
    else:
        family = colour_families(space, pool, unused_colours(space, history))
    i = space.locate(cands, guess)
    consistent = bool(i < len(cands) and int(cands[i]) == guess)
    twins = twins_of(space, guess, [a.guess for a in tied], cands)
    possible = [consistent, *(a.consistent for a in tied)]
    tied_guesses = [a.guess for a in tied]
    differ = [a for a in alternatives if a.guess not in twins]
    worse = [a for a in alternatives if a not in tied]
    named = family_members(space, guess, unused_colours(space, history)) if family[0] > 1 else []
    return {
        "ties": int(family.sum()),
        "ties_possible": int(family[np.array(possible)].sum()),
        "ties_weighed": len(pool),
        "ties_known": len(cands) <= 2 or (not history and len(tied) < OTHERS),
        "twins": int(family[0] - 1 + sum(family[1 + tied_guesses.index(g)] for g in twins)),
        "twin_guesses": tuple([*twins, *named][:TWINS_NAMED]),
        "rival": differ[0] if differ else None,
        "worse": worse[0] if worse else None,
        "best_possible": next((a for a in alternatives if a.consistent), None),
        "note": "",
    }


#: Why a row of the exact optimum's ranked list stands for many codes.
ALIKE = (
    "guesses that swapping colours and positions turns into one another (every guess so "
    "far left as it was) cost the same"
)


def ranked_rows(
    found: Solution, position: Position
) -> tuple[list[tuple[int, float, bool, int]], str] | None:
    """The exact optimum's ranked list: every class of guesses reaching the optimum (its
    guess, expected guesses, could it be the secret, its size), then the next best's
    class, and why a row stands for many codes; None where ties are not counted."""
    from ..optimal.ties import class_size, exact_ties

    space, cands = position.space, position.candidates
    history = tuple(g for g, _ in position.history)
    search = _search_now(found, len(cands))
    exact = None if search is None else exact_ties(search, cands, history)
    if search is None or exact is None:
        return None
    n = len(cands)
    chosen = [*exact.tied, *([exact.worse] if exact.worse else [])]
    rows = []
    for i, (g, value) in enumerate(chosen):
        size = value if i < len(exact.tied) else class_size(search, history, g)
        total = exact.total if i < len(exact.tied) else value
        i_code = space.locate(cands, g)
        rows.append((g, total / n, bool(i_code < n and int(cands[i_code]) == g), size))
    if n <= 2:
        rows = [(g, t, p, 1) for g, t, p, _ in rows]
    why = "all colours are alike before any answer" if not history else ALIKE
    return rows, why
