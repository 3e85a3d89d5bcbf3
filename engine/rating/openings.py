"""Where the ratings of a first guess come from (``engine.rating.guesses``): the totals after
each first guess, by its orbit's first code, kept on disk per criterion or shipped with
the package, so that rating an opening seldom needs the search."""

from __future__ import annotations

from ..answers import CLASSIC
from ..codes import CodeSpace
from ..optimal.tree import TREE_FORMAT
from ..strategies.optimal import Optimal


def shipped_openings(space: CodeSpace, scorer: Optimal) -> str:
    """The shipped file whose opening totals rate a first guess for ``scorer``'s
    criterion: its own; under a cap, the file that plays it where its after-first-guess
    data does too (``capped.serving``: checked against the capped search), else none."""
    from ..optimal.capped import serving

    criterion = scorer.criterion
    if not criterion.max_guesses:
        return criterion.file(space)
    serves = serving(space, criterion.only_possible, criterion.max_guesses)
    return serves[0] if serves is not None and serves[1] else ""


def orbit(space: CodeSpace, scorer: Optimal, guess: int) -> int:
    """The first guess the search weighs for ``guess`` (its pattern's first code): worked
    out in numpy where codes are short, so that a shipped total needs no search (whose
    kernel may still be compiling on a fresh install)."""
    from ..optimal import mapped

    if mapped.covered(space):
        return mapped.representative(space, guess)
    return scorer.search_for(space).representative((), guess)


def openings_file(space: CodeSpace, rule: str) -> tuple[str, dict[str, object]]:
    """Where the totals after each first guess are kept, and what they were made for
    (one file per criterion: "openings-6x4.json" for the plain optimum, as before)."""
    from ..storage.version import __version__

    tail = space.file_tail
    head = "openings" if rule == Optimal.name else f"openings-{rule}"
    key = {
        "what": "optimal totals after a first guess",
        "colours": space.colours,
        "positions": space.positions,
        "repeats": space.repeats,
        **({} if space.answers == CLASSIC else {"answers": space.answers.name}),
        "tree_format": TREE_FORMAT,
        "engine": __version__,
    }
    return f"{head}-{space.colours}x{space.positions}{tail}.json", key
