"""An optimum claimed by two routes: the search in one process from nothing, its tree
checked secret by secret as ``tree --check`` checks a file, and the search spread over a
Dask LocalCluster of two worker processes from nothing (``engine.optimal.spread``), which
splits the work into other tasks in another order. The docs call a total the optimum
only where the three agree.

    python benchmarks/two_routes.py --sizes 5x5,3x7,9x4n,4x4b    # n: no repeats; b: black pegs only

Prints a Markdown table: the size, its codes, each route's total and its wall seconds.
"""

from __future__ import annotations

import argparse
import json
import time

from bench_cluster import local_cluster

from engine import CodeSpace
from engine.answers import BLACK, CLASSIC
from engine.notation import NOTATIONS
from engine.optimal import spread
from engine.optimal.search import OptimalSearch
from engine.optimal.tree import TREE_FORMAT, build_tree, tree_to_json
from engine.run import Run
from engine.trees.check import check_tree
from engine.trees.formats import read_tree
from engine.trees.read import Size

SIZES = "5x4,4x5,3x6,3x7,2x8,5x5,7x4n,8x4n,9x4n,7x4"


def checked(space: CodeSpace, stored: str) -> int:
    """The total ``tree --check`` finds in a tree written as the cache writes it."""
    notation = NOTATIONS["digits" if space.colours > 8 else "letters"]
    read = read_tree(stored, Size(None, None, None, notation, space))
    result = check_tree(read.space, read.root, read.write)
    if not result.found:
        raise SystemExit(f"{space.short_text()}: {result.failure}")
    return result.total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=SIZES)
    args = parser.parse_args()
    print("| size | codes | one process | tree --check | 2-worker cluster | s (one, cluster) |")
    print("|---|---|---|---|---|---|")
    with local_cluster(2) as (cluster, _):
        for name in args.sizes.split(","):
            repeats, black = "n" not in name, "b" in name
            colours, positions = (int(n) for n in name.rstrip("nb").split("x"))
            space = CodeSpace(colours, positions, repeats, BLACK if black else CLASSIC)
            began = time.perf_counter()
            root = build_tree(OptimalSearch(space))
            one = time.perf_counter() - began
            stored = json.dumps({"tree_format": TREE_FORMAT, "tree": tree_to_json(root)})
            began = time.perf_counter()
            spread_total = spread.spread_tree(OptimalSearch(space), Run(runner=cluster)).total
            apart = time.perf_counter() - began
            check = checked(space, stored)
            same = "" if root.total == check == spread_total else " DIFFER"
            print(
                f"| {space.short_text()} | {space.count:,} | {root.total:,} | {check:,} | "
                f"{spread_total:,}{same} | {one:.1f}, {apart:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
