"""The exact search with and without its table of colour images (``reach.colour_table``):
CPU seconds to make the search (its symmetry tables) and to grow the whole optimal tree,
each size in a fresh process, the compiled kernel on disk, nothing shipped or cached.

    python benchmarks/bench_colour_table.py [--sizes 7x4 8x3 9x2 9x3 9x3n 8x4]

Why: the table holds every code's image under each colour permutation, so the kernel
reads an image instead of recolouring a code digit by digit; past 8 colours (362,880
permutations) it was read at random and cost more than it saved
(``reach.COLOUR_TABLE_PERMUTATIONS``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

CHILD = r"""
import json, sys, time
from engine.optimal import reach
if sys.argv[4] == "0":
    reach.COLOUR_TABLE_PERMUTATIONS = 0
else:
    reach.COLOUR_TABLE_PERMUTATIONS = 10**9
from engine.codes import CodeSpace
from engine.optimal.search import OptimalSearch
from engine.optimal.tree import build_tree
began = time.process_time()
search = OptimalSearch(CodeSpace(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "r"))
made = time.process_time()
tree = build_tree(search)
print(json.dumps([made - began, time.process_time() - made, tree.total,
                  reach.colour_table(search.space)]))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["7x4", "8x3", "9x2", "9x3", "9x3n"])
    options = parser.parse_args()
    env = {**os.environ, "MASTERMIND_SHIPPED": "0", "MASTERMIND_CACHE_DIR": ""}
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    print("| size | table | make the search: CPU s | grow the tree: CPU s | total |")
    print("|---|---|---|---|---|")
    for size in options.sizes:
        colours, positions = size.rstrip("n").split("x")
        repeats = "n" if size.endswith("n") else "r"
        for table in ("1", "0"):
            done = subprocess.run(
                [sys.executable, "-c", CHILD, colours, positions, repeats, table],
                env=env, capture_output=True, text=True, check=True,
            )  # fmt: skip
            made, grown, total, tabled = json.loads(done.stdout.splitlines()[-1])
            kept = "yes" if tabled else "no"
            print(f"| {size} | {kept} | {made:.2f} | {grown:.2f} | {total:,} |", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
