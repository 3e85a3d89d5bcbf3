"""An optimum claimed by two routes: the search in one process from nothing, its tree
checked secret by secret as ``tree --check`` checks a file, and the search spread over a
Dask LocalCluster of two worker processes from nothing (``engine.optimal.spread``), which
splits the work into other tasks in another order. The docs call a total the optimum
only where the three agree.

    python benchmarks/two_routes.py --sizes 5x5,3x7,9x4-no-repeats,4x4-black
    python benchmarks/two_routes.py --sizes 9x4 --workers 1 --cluster-only    # 25 min

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

SIZES = "5x4,4x5,3x6,3x7,2x8,5x5,7x4-no-repeats,8x4-no-repeats,9x4-no-repeats,7x4"


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
    parser.add_argument("--workers", type=int, default=2, help="the cluster's workers")
    parser.add_argument(
        "--cluster-only",
        action="store_true",
        help="the cluster's route alone, its own tree checked (a size of many minutes)",
    )
    args = parser.parse_args()
    print(
        f"| size | codes | one process | tree --check | {args.workers}-worker cluster "
        "| s (one, cluster) |"
    )
    print("|---|---|---|---|---|---|")
    with local_cluster(args.workers) as (cluster, _):
        for name in args.sizes.split(","):
            repeats, black = "-no-repeats" not in name, "-black" in name
            size = name.replace("-no-repeats", "").replace("-black", "")
            colours, positions = (int(n) for n in size.split("x"))
            space = CodeSpace(colours, positions, repeats, BLACK if black else CLASSIC)
            one, root = 0.0, None
            if not args.cluster_only:
                began = time.perf_counter()
                root = build_tree(OptimalSearch(space))
                one = time.perf_counter() - began
            began = time.perf_counter()
            spread_root = spread.spread_tree(OptimalSearch(space), Run(runner=cluster))
            apart = time.perf_counter() - began
            written = tree_to_json(root if root is not None else spread_root)
            check = checked(space, json.dumps({"tree_format": TREE_FORMAT, "tree": written}))
            totals = {check, spread_root.total} | ({root.total} if root is not None else set())
            alone = "-" if root is None else f"{root.total:,}"
            print(
                f"| {space.short_text()} | {space.count:,} | {alone} | {check:,} | "
                f"{spread_root.total:,}{'' if len(totals) == 1 else ' DIFFER'} | "
                f"{one:.1f}, {apart:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
