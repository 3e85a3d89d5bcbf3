"""What the optimum does after any first guess, shipped with the package for every size
whose tree ships (``shipped``): the first HINT, rating and what-if after a person's own
opening read it, where the search would first wait for numba's compile (the sizes past
the interpreted kernel's ``SMALL`` codes) or run interpreted (issue 28, point 1).

The search weighs one first guess per orbit of the game's symmetries (its ``pool``: the
first of each pattern as written, AAAA AAAB AABB AABC ABCD on 6x4). For each of them,
one gzipped JSON file per size and criterion (``engine/optimal/trees/after-*.json.gz``)
holds

* ``after``: the optimal tree after that first guess, grown by the search's own
  ``decision`` (the tree's own first guess is left out: the shipped tree holds it);
* ``ties``: at each position right after it (one per answer), the optimal total, every
  guess of the search's pool there that reaches it, and, where the decision shows a
  runner-up, its total and every pool guess reaching that: what ``mapped`` needs to
  give a first guess of the same pattern (RRGG for AABB) the very decision the search
  makes after it, the tie rule being no symmetry of the game; then the total after
  every pool guess there (what rates any second guess: a what-if, a rating).

Made by ``python -m engine.optimal.after`` (the compiled kernel; minutes) and checked
against the search by tests/test_first_guess_data.py (a sample) and
benchmarks/check_after_data.py (all of it).
"""

from __future__ import annotations

import gzip
import json
import os
import sys
import time
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..codes import CodeSpace
from . import shipped

if TYPE_CHECKING:
    from .search import OptimalSearch

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


def ties_of(search: OptimalSearch, codes: Any, history: tuple[int, ...]) -> Ties:
    """Every pool guess reaching the optimum at a position, and the runner-up's total
    and every pool guess reaching that where ``decision`` shows a runner-up."""
    from .tree import OTHERS

    kernel = search.kernel
    best, left = search._reach(codes, history)
    every = len(search.pool(history)) + 1
    _, tied = search._run(codes, history, best, kernel.TIES, [], every, left)
    runner, runners = -1, list[int]()
    if len(tied) <= OTHERS:  # ``decision`` asks for a runner-up
        found = search.runner_up(codes, history, tied)
        if found is not None:
            runner = found[1]
            _, runners = search._run(codes, history, runner, kernel.TIES, [], every, left)
    return best, sorted(tied), runner, sorted(runners)


def build(
    space: CodeSpace, only_possible: bool, worst_first: bool, cap: int | None = None,
    root: list[Any] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Search what follows each first guess of the pool (the compiled kernel), under
    ``cap`` guesses if given, ``root`` the tree whose own first guess is left out (by
    default the shipped one)."""
    from .node import Node
    from .search import OptimalSearch
    from .tree import TREE_FORMAT, grow, least_cap, rate, tree_to_json

    search = OptimalSearch(space, only_possible=only_possible, max_guesses=cap)
    if worst_first:
        least_cap(search)
    if root is None:
        root = shipped.tree(shipped.file(space, only_possible, worst_first, cap))
    own = None if root is None else int(root[0])
    everything = search.everything
    after: dict[str, Any] = {}
    ties: dict[str, Any] = {}
    for first in (int(g) for g in search.pool(())):
        split = search.answers[first, everything]
        children: dict[int, Node] = {}
        rows: dict[str, Any] = {}
        for answer in (int(a) for a in np.unique(split)):
            if answer == search.found:
                continue
            codes = everything[split == answer]
            if len(codes) > 2:
                found = ties_of(search, codes, (first,))
                best = (found[1][0], found[0])
                totals = [
                    [g, round(rate(search, codes, (first,), g, best).expected * len(codes))]
                    for g in (int(g) for g in search.pool((first,)))
                ]
                rows[str(answer)] = [*found, [v for pair in totals for v in pair]]
            if first != own:
                children[answer] = grow(search, codes, (first,))
        ties[str(first)] = rows
        if first != own:
            total = len(everything) + sum(c.total for c in children.values())
            after[str(first)] = tree_to_json(Node(first, len(everything), total, children))
    return {"tree_format": TREE_FORMAT, "after": after, "ties": ties}


def write(space: CodeSpace, only_possible: bool, worst_first: bool) -> Path:
    payload = build(space, only_possible, worst_first)
    return shipped.store(name(space, only_possible, worst_first), payload)


def main(argv: list[str]) -> int:
    """Every wanted size and criterion not made yet (``--again``: all of them); sizes
    named as ``6x4`` or ``6x4n`` (no repeats) limit it."""
    only = [a for a in argv if a[0].isdigit()]
    for space in shipped.sizes():
        label = f"{space.colours}x{space.positions}{'' if space.repeats else 'n'}"
        if not wanted(space) or (only and label not in only):
            continue
        for only_possible, worst_first in shipped.CRITERIA:
            done = shipped.FOLDER / f"{name(space, only_possible, worst_first)}.gz"
            if done.exists() and "--again" not in argv:
                continue
            began = time.perf_counter()
            path = write(space, only_possible, worst_first)
            print(f"{path.name}: {time.perf_counter() - began:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
