"""Make what the optimum does after any first guess (``engine.optimal.after`` reads it):
for every size whose tree ships and each criterion, the tree after each first guess of the
search's pool and the ties at each position right after it. Run as

    python -m engine.tools.after_data    # the compiled kernel; minutes

and checked against the search by tests/test_first_guess_data.py (a sample) and
benchmarks/check_after_data.py (all of it).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..codes import CodeSpace
from ..optimal import shipped
from ..optimal.after import Ties, name, wanted
from . import shipped_trees

if TYPE_CHECKING:
    from ..optimal.search import OptimalSearch


def ties_of(search: OptimalSearch, codes: Any, history: tuple[int, ...]) -> Ties:
    """Every pool guess reaching the optimum at a position, and the runner-up's total
    and every pool guess reaching that where ``decision`` shows a runner-up."""
    from ..optimal.tree import OTHERS

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
    from ..optimal.node import Node
    from ..optimal.search import OptimalSearch
    from ..optimal.tree import TREE_FORMAT, grow, least_cap, rate, tree_to_json

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
    return shipped_trees.store(name(space, only_possible, worst_first), payload)


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
