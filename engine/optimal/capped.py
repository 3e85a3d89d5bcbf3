"""Which shipped tree and after-first-guess data a criterion plays on a fresh install
(``shipped_root``, ``data_file``), caps on guesses (optimal-maxN, optimal-fit-maxN)
included.

A cap binds, or decides a tie otherwise, from the fewest guesses a strategy keeps up to
some cap past the plain optimum's depth; from there on the capped search is the plain
search (its totals can only fall as the cap rises, and never below the plain ones). So
for each size and criterion ``python -m engine.tools.caps`` searches the capped tree
and what follows each first guess (``after``) for each cap upward from the fewest, ships
those that differ from the plain ones (``optimal-max6-6x4.json.gz``,
``after-optimal-max6-6x4.json.gz``) and records, in ``caps.json``, the first cap whose
tree and data equal the plain ones: every cap from it plays the plain files. Checked by
tests/test_first_guess_data.py (small sizes) and benchmarks/check_after_data.py.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING

from ..codes import CodeSpace
from . import after, shipped

if TYPE_CHECKING:
    from .node import Node

#: The first cap from which the plain files serve, by plain file ("optimal-6x4.json").
MANIFEST = shipped.FOLDER / "caps.json"


@lru_cache(maxsize=1)
def _manifest() -> dict[str, int]:
    try:
        found = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): int(v) for k, v in found.items()} if isinstance(found, dict) else {}


def plain_from(space: CodeSpace, only_possible: bool) -> int | None:
    """The first cap from which the capped search is the plain one (None: not made)."""
    return _manifest().get(shipped.file(space, only_possible, False))


def serving(space: CodeSpace, only_possible: bool, cap: int) -> tuple[str, str] | None:
    """The shipped tree file and after-first-guess data file ("" where none) that play
    the cap ``cap``, or None (the search decides): the cap's own, the plain optimum's
    from ``plain_from`` on, optimal-worst's at the fewest guesses any strategy keeps;
    for a size not made here, the plain tree where it keeps the cap with a guess to
    spare (``shipped.plain_within``)."""
    own = shipped.file(space, only_possible, False, cap)
    if shipped.has(own):
        return own, after.name(space, only_possible, False, cap)
    start = plain_from(space, only_possible)
    plain = shipped.file(space, only_possible, False)
    if start is not None and cap >= start and shipped.has(plain):
        return plain, after.name(space, only_possible, False)
    if start is None and shipped.plain_within(space, only_possible, cap) is not None:
        return plain, ""
    if shipped.least_within(space, only_possible, cap):
        return shipped.file(space, False, True), after.name(space, False, True)
    return None


def openings_file(space: CodeSpace, only_possible: bool, cap: int | None) -> str:
    """The shipped file whose totals after each first guess are the criterion's own (the
    opening's ties are counted from them), or "": the plain file, or under a cap the one
    that plays it (``serving``), but a plain tree that merely keeps the cap (its totals
    were searched without it). optimal-worst is the cap it sets."""
    if not cap:
        return shipped.file(space, only_possible, False)
    serves = serving(space, only_possible, cap)
    return serves[0] if serves is not None and serves[1] else ""


def data_file(space: CodeSpace, only_possible: bool, cap: int | None, worst_first: bool) -> str:
    """The shipped data of what follows each first guess for a criterion, or "": under a
    cap on guesses, the data that plays it (``capped.serving``)."""
    if not after.wanted(space):
        return ""
    if cap:
        serves = serving(space, only_possible, cap)
        return "" if serves is None else serves[1]
    return after.name(space, only_possible, worst_first)


def shipped_root(
    space: CodeSpace, name: str, only_possible: bool, cap: int | None, worst_first: bool
) -> tuple[Node, int | None] | None:
    """The tree shipped with the package for a small size, or None; under a cap on
    guesses, the one that plays it (``capped.serving``): its root and the cap it keeps."""
    from .tree import tree_from_json

    if cap and worst_first:
        return None
    if cap:
        serves = serving(space, only_possible, cap)
        stored = None if serves is None else shipped.tree(serves[0])
    else:
        stored = shipped.tree(name)
    if stored is None:
        return None
    try:
        root = tree_from_json(stored, space)
    except (ValueError, TypeError):
        return None
    if worst_first:
        cap = max(depth for depth, _ in root.walk())
    return root, cap
