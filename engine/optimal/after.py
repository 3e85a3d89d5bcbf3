"""What the optimum does after any first guess, shipped with the package for every size
whose tree ships (``shipped``): the first HINT, rating and what-if after a person's own
opening read it, where the search would first wait for numba's compile (the sizes past
the interpreted kernel's ``SMALL`` codes) or run interpreted.

The search weighs one first guess per orbit of the game's symmetries (its ``pool``: the
first of each pattern as written, AAAA AAAB AABB AABC ABCD on 6x4). For each of them,
one gzipped JSON file per size and criterion (``engine/data/after-*.json.gz``)
holds

* ``after``: the optimal tree after that first guess, grown by the search's own
  ``decision`` (the tree's own first guess is left out: the shipped tree holds it);
* ``ties``: at each position right after it (one per answer), the optimal total, every
  guess of the search's pool there that reaches it, and, where the decision shows a
  runner-up, its total and every pool guess reaching that: what ``mapped`` needs to
  give a first guess of the same pattern (RRGG for AABB) the very decision the search
  makes after it, the tie rule being no symmetry of the game; then the total after
  every pool guess there (what rates any second guess: a what-if, a rating).

Made by ``python -m engine.tools.after_data`` (the compiled kernel; minutes) and checked
against the search by tests/test_first_guess_data.py (a sample) and
benchmarks/check_after_data.py (all of it).
"""

from __future__ import annotations

import gzip
import json
import os
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..codes import CodeSpace
from . import shipped

if TYPE_CHECKING:
    pass

#: One position's ties: the optimal total, the pool guesses reaching it, the runner-up's
#: total (-1: the decision shows none) and the pool guesses reaching that.
Ties = tuple[int, list[int], int, list[int]]
#: Where a position's ties are stored, the total after each guess of the pool follows:
#: guess, total, guess, total... (what rates a second guess, a what-if).
TOTALS = 4


def name(space: CodeSpace, only_possible: bool, worst_first: bool, cap: int | None = None) -> str:
    return "after-" + shipped.file(space, only_possible, worst_first, cap)


def wanted(space: CodeSpace) -> bool:
    """Whether the size ships what follows each first guess: every size whose tree ships
    (the small ones too: the interpreted kernel would answer them, but a warm app would
    load numba's compiled kernel for them, half a second)."""
    return space.count <= shipped.LIMIT


def read(file: str) -> dict[str, Any] | None:
    """The stored data of ``file`` (``name``), or None (not shipped, or ``--fresh``: asked
    each time, so that a file read before is not served once the shipped data is off)."""
    if os.environ.get("MASTERMIND_SHIPPED", "1") in ("", "0"):
        return None
    return _read(file)


@lru_cache(maxsize=8)
def _read(file: str) -> dict[str, Any] | None:
    from .tree import TREE_FORMAT

    try:
        with gzip.open(shipped.FOLDER / f"{file}.gz", "rt", encoding="utf-8") as handle:
            stored = json.load(handle)
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("tree_format") != TREE_FORMAT:
        return None
    return stored


def tree_after(file: str, first: int) -> list[Any] | None:
    """The stored optimal tree after the first guess ``first`` (its pattern's first code)."""
    stored = read(file)
    found = None if stored is None else stored.get("after", {}).get(str(first))
    return found if isinstance(found, list) else None


def ties_after(file: str, first: int, answer: int) -> Ties | None:
    """The stored ties right after ``first`` gave ``answer``, or None."""
    stored = read(file)
    found = None if stored is None else stored.get("ties", {}).get(str(first), {})
    row = found.get(str(answer)) if isinstance(found, dict) else None
    if not isinstance(row, list) or len(row) != TOTALS + 1:
        return None
    total, tied, runner, runners, _ = row
    return int(total), [int(g) for g in tied], int(runner), [int(g) for g in runners]


def totals_after(file: str, first: int, answer: int) -> dict[int, int]:
    """The stored total after each pool guess right after ``first`` gave ``answer``."""
    stored = read(file)
    found = None if stored is None else stored.get("ties", {}).get(str(first), {})
    row = found.get(str(answer)) if isinstance(found, dict) else None
    if not isinstance(row, list) or len(row) != TOTALS + 1:
        return {}
    flat = [int(v) for v in row[TOTALS]]
    return dict(zip(flat[::2], flat[1::2], strict=True))
