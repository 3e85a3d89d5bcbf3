"""Make the optimal trees shipped with the package (``engine.optimal.shipped`` reads them):
one search per size of at most ``LIMIT`` codes and criterion, with the total after each
first guess's orbit. Run as

    python -m engine.tools.shipped_trees    # every size and criterion (minutes, compiled kernel)
    python -m engine.tools.shipped_trees --searched    # 9x4, from the cache (see SEARCHED)

and checked against the search by tests/test_first_use.py (the small sizes).
"""

from __future__ import annotations

import gzip
import json
import sys
import time
from pathlib import Path
from typing import Any

from ..codes import CodeSpace
from ..optimal.shipped import CRITERIA, FOLDER, file, sizes
from ..storage import output

#: Sizes past ``LIMIT`` codes whose optimal and optimal-worst trees ship too: searched
#: once on purpose (``mastermind stats --strategy optimal --colours 9 --positions 4
#: --notation digits --all --yes``, and ``--strategy optimal-worst``) and copied from the
#: cache. The trees alone: no totals after each first guess (a rating past 4,096 codes
#: weighs with a heuristic), which would cost a search per opening.
SEARCHED = ((9, 4),)
SEARCHED_CRITERIA = ((False, False), (False, True))


def ship_searched(space: CodeSpace, only_possible: bool, worst_first: bool) -> Path:
    """Store the tree the cache holds for a size past ``LIMIT`` (searched if it holds none)."""
    from ..optimal.solutions import solution
    from ..optimal.tree import TREE_FORMAT, tree_to_json
    from ..run import Run

    found = solution(
        space.colours,
        space.positions,
        space.repeats,
        only_possible,
        None,
        worst_first,
        run=Run(deliberate=True),
    )
    payload = {"tree_format": TREE_FORMAT, "tree": tree_to_json(found.tree), "openings": {}}
    return store(file(space, only_possible, worst_first), payload)


def write(space: CodeSpace, only_possible: bool, worst_first: bool) -> Path:
    """Search one tree and its openings, and store them here."""
    return store(file(space, only_possible, worst_first), made(space, only_possible, worst_first))


def store(name: str, payload: dict[str, Any]) -> Path:
    """Write one shipped file whole (a running app may read it)."""
    path = FOLDER / f"{name}.gz"
    text = json.dumps(payload, separators=(",", ":")).encode("utf-8")
    output.write(path, gzip.compress(text, compresslevel=9))
    return path


def made(
    space: CodeSpace, only_possible: bool, worst_first: bool, cap: int | None = None
) -> dict[str, Any]:
    """Search one tree (under ``cap`` guesses, if given) and its openings."""
    from ..optimal.search import OptimalSearch
    from ..optimal.tree import TREE_FORMAT, build_tree, least_cap, rate, tree_to_json

    search = OptimalSearch(space, only_possible=only_possible, max_guesses=cap)
    if worst_first:
        least_cap(search)
    root = build_tree(search)
    n = len(search.everything)
    totals = {
        str(int(guess)): round(rate(search, search.everything, (), int(guess)).expected * n)
        for guess in search.pool(())
    }
    return {"tree_format": TREE_FORMAT, "tree": tree_to_json(root), "openings": totals}


def main() -> int:
    FOLDER.mkdir(exist_ok=True)
    if "--searched" in sys.argv:
        for colours, positions in SEARCHED:
            for only_possible, worst_first in SEARCHED_CRITERIA:
                path = ship_searched(CodeSpace(colours, positions), only_possible, worst_first)
                print(f"{path.name}: {path.stat().st_size:,} bytes", flush=True)
        return 0
    for space in sizes():
        for only_possible, worst_first in CRITERIA:
            done = FOLDER / f"{file(space, only_possible, worst_first)}.gz"
            if done.exists() and "--again" not in sys.argv:
                continue
            began = time.perf_counter()
            path = write(space, only_possible, worst_first)
            print(f"{path.name}: {time.perf_counter() - began:.2f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
