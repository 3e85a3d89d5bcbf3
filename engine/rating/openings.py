"""Where the ratings of a first guess come from (``engine.rating.guesses``): the totals after
each first guess, by its orbit's first code, kept on disk per criterion or shipped with
the package, so that rating an opening seldom needs the search.

The file on disk is read as a stranger's (``stored_totals``): a digest recomputed over
changed totals vouches for nothing, so every entry must be a code of the size and a total
it can have, the best opening's its own; a file that is not is named in one line
(``said``), moved aside, and its totals searched again.
"""

from __future__ import annotations

from ..answers import CLASSIC
from ..codes import CodeSpace
from ..optimal.tree import TREE_FORMAT
from ..storage import cache, files
from ..strategies.optimal import Optimal

#: What was said in this process of the totals on disk (a damaged file), a line each: the
#: rating process hands it on (``take_said``).
said: list[str] = []
#: The most digits a code's number has (8x8's 16,777,216 codes: 8).
_DIGITS = 12


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


def stored_totals(
    space: CodeSpace, scorer: Optimal, rule: str, best: tuple[str, int] | None
) -> dict[str, int]:
    """The totals after each first guess kept on disk for ``rule``, else those shipped
    for ``scorer``'s criterion, else none. ``best``: the best opening's orbit and its
    total where no opening's total is below it (no cap, no worst case first). A damaged
    file is said in one line, moved aside and left out: its totals are searched again."""
    from ..optimal.shipped import openings

    shipped = openings(shipped_openings(space, scorer))
    name, key = openings_file(space, rule)
    try:
        stored = cache.load(name, key)
    except cache.DamagedCache as error:
        said.append(f"totals after a first guess: {error}; searching them again")
        stored = None
    if stored is not None:
        why = unsound(stored, space, best, shipped)
        if why is None:
            return dict(stored)
        where = cache.path(name)
        said.append(
            f"totals after a first guess: {where} holds no sound totals of the size ({why}); "
            f"{files.aside_words(where)}; searching them again"
        )
    return shipped if unsound(shipped, space, best, {}) is None else {}


def unsound(
    stored: object, space: CodeSpace, best: tuple[str, int] | None, shipped: dict[str, int]
) -> str | None:
    """Why ``stored`` is no table of the totals after a first guess on ``space`` (None:
    it may be one): each key a code's number, each value a whole number of guesses from
    the least any opening can have (the best opening's total where ``best`` gives it,
    else one code found at once and every other at the second guess at best) to the
    codes' count squared (perfect play leaves at least one code fewer with each guess),
    and the total the ``shipped`` data gives where it gives one; the best opening's own
    total, its own."""
    if not isinstance(stored, dict):
        return "not a table of totals"
    n = space.count
    least = 2 * n - 1 if best is None else best[1]
    for code, total in stored.items():
        if not (
            isinstance(code, str)
            and 0 < len(code) <= _DIGITS
            and code.isascii()
            and code.isdigit()
            and str(int(code)) == code
            and int(code) < space.size  # a code's number, among every code's
        ):
            return f"{files.shown(repr(code), 30)} is no code of the size"
        if type(total) is not int or not least <= total <= n * n:
            shown = files.shown(repr(total), 30)
            return f"the total after code {code}, {shown}, is none it can have"
        if shipped.get(code, total) != total:
            return f"the total after code {code} is {total}, the shipped data's {shipped[code]}"
    if best is not None and stored.get(best[0], best[1]) != best[1]:
        return f"the best first guess's total is {stored[best[0]]}, not {best[1]}"
    return None


def take_said() -> list[str]:
    """What was said since last asked."""
    taken = list(said)
    said.clear()
    return taken
