"""The optimal trees of the small sizes (at most ``LIMIT`` codes), shipped with the
package: the first HINT, what-if and rating of a fresh install read them, where a search
would first wait for numba to compile its kernel (``warmup``).

One gzipped JSON file per size and criterion (``engine/data/``): the tree as the
cache holds it, and the total after each first guess's orbit (what rates a first guess off
the tree). Read only where the user's cache has none; ``MASTERMIND_SHIPPED=0`` ignores
them (``stats --fresh`` ignores both). Made by

    python -m engine.tools.shipped_trees    # every size and criterion (minutes, compiled kernel)

and checked against the search by tests/test_first_use.py (the small sizes).
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from ..codes import CodeSpace
from ..errors import MastermindError
from ..storage.data import DATA

#: Most codes of a size whose trees are shipped.
LIMIT = 1296
FOLDER = DATA
#: The criteria shipped, as (only_possible, worst_first): the plain optimum, possible
#: codes only, the worst case first (a cap of its own choosing: ``-max`` trees are not).
CRITERIA = ((False, False), (True, False), (False, True))


def sizes() -> Iterator[CodeSpace]:
    """Every size the exact search reaches with at most ``LIMIT`` codes."""
    from ..codes import MAX_COLOURS
    from .reach import check_size

    for colours in range(2, MAX_COLOURS + 1):
        for positions in range(1, 11):
            for repeats in (True, False):
                if not repeats and colours < positions:
                    continue
                try:
                    space = CodeSpace(colours, positions, repeats)
                    if space.count <= LIMIT:
                        check_size(space)
                        yield space
                except MastermindError:
                    continue


@lru_cache(maxsize=16)
def _read(name: str) -> dict[str, Any] | None:
    from .tree import TREE_FORMAT

    try:
        with gzip.open(FOLDER / f"{name}.gz", "rt", encoding="utf-8") as handle:
            stored = json.load(handle)
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("tree_format") != TREE_FORMAT:
        return None  # made for another shape of tree: the search makes it
    return stored


def has(name: str) -> bool:
    """Whether a tree for the cache file ``name`` ships (what the home screen says before
    its first frame: reading the tree itself would cost a tenth of a second there)."""
    if os.environ.get("MASTERMIND_SHIPPED", "1") in ("", "0"):
        return False
    return (FOLDER / f"{name}.gz").is_file()


def tree(name: str) -> list[Any] | None:
    """The shipped tree for the cache file ``name`` ("optimal-6x4.json"), or None."""
    if os.environ.get("MASTERMIND_SHIPPED", "1") in ("", "0"):
        return None  # --fresh: the search from nothing
    stored = _read(name)
    return None if stored is None else stored.get("tree")


def plain_within(space: CodeSpace, only_possible: bool, cap: int) -> list[Any] | None:
    """For a cap on guesses (``-maxN``): the plain optimum's shipped tree when it keeps the
    cap with a guess to spare (it needs at most N-1), or None. The capped search finds
    that very tree: a check of every shipped size, optimal and fit, under caps of one and
    two guesses more than the tree needs found no difference (tests/test_first_use.py
    checks the small ones); with no guess to spare, some ties went otherwise."""
    plain = tree(file(space, only_possible, False))
    return (
        plain if plain is not None and _guesses(file(space, only_possible, False)) < cap else None
    )


def least_within(space: CodeSpace, only_possible: bool, cap: int) -> bool:
    """Whether a cap on guesses is the fewest any strategy keeps (the worst-first tree's
    depth): the capped search is then the worst-first criterion's own search (which sets
    that very cap), so its shipped tree and data serve (the plain criterion only)."""
    worst = file(space, False, True)
    return not only_possible and tree(worst) is not None and _guesses(worst) == cap


def worst_case(space: CodeSpace) -> int | None:
    """The worst-case optimum of ``space``: the fewest guesses within which some strategy
    finds every secret, a guarantee against any answerer (5 on 6x4), read off the shipped
    worst-first tree (its deepest node); None for a size past those shipped."""
    return _guesses(file(space, False, True)) or None


@lru_cache(maxsize=64)
def _guesses(name: str) -> int:
    """The most guesses the shipped tree ``name`` needs (its deepest node)."""

    def deepest(node: list[Any]) -> int:
        return 1 + max((deepest(child) for _, child in node[3]), default=0)

    stored = _read(name)  # the file alone cached: callers ask ``tree`` for the switch
    found = None if stored is None else stored.get("tree")
    return 0 if not isinstance(found, list) else deepest(found)


def openings(name: str) -> dict[str, int]:
    """The shipped totals after each first guess (by its orbit's representative)."""
    if os.environ.get("MASTERMIND_SHIPPED", "1") in ("", "0"):
        return {}
    stored = _read(name)
    found = None if stored is None else stored.get("openings")
    return dict(found) if isinstance(found, dict) else {}


def file(space: CodeSpace, only_possible: bool, worst_first: bool, cap: int | None = None) -> str:
    """The cache file's name (``solutions.Criterion.file``, spelt here: ``solutions``
    imports this module)."""
    name = ("optimal-fit" if only_possible else "optimal") + (
        "-worst" if worst_first else f"-max{cap}" if cap else ""
    )
    tail = space.file_tail
    return f"{name}-{space.colours}x{space.positions}{tail}.json"
