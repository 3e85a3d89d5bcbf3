"""What a hint off the optimal tree costs on a size past 4,096 codes: the exact decision at
positions a person's own guesses lead to, by how many codes are left, each in a fresh
search (the first hint of a game: nothing proved yet), stopped past a time limit.

    python benchmarks/bench_off_tree.py [--size 9x4] [--limit 10] [--most 600]

The positions are the classes each first guess leaves, one first guess per pattern of
colours (0000, 0001, 0011, 0012, 0123), those of 3 to ``--most`` codes, each timed in CPU
seconds. ``OFF_TREE_CODES`` in engine/optimal/reach.py is the most codes a hint
searches there.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from engine import CodeSpace
from engine.feedback import against
from engine.optimal.search import OptimalSearch, SearchStopped
from engine.optimal.tree import decision
from engine.run import Run


def timed(space: CodeSpace, codes: np.ndarray, history: tuple[int, ...], limit: float) -> float:
    """CPU seconds of one exact decision in a fresh search, or inf past ``limit``."""
    search = OptimalSearch(space)
    began = time.process_time()
    deadline = began + limit
    try:
        with search.watching(Run(stop=lambda: time.process_time() > deadline)):
            decision(search, codes, history)
    except SearchStopped:
        return float("inf")
    return time.process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="9x4")
    parser.add_argument("--limit", type=float, default=10.0, help="CPU seconds at most")
    parser.add_argument("--most", type=int, default=600, help="codes at most in a position")
    args = parser.parse_args()
    colours, positions = (int(n) for n in args.size.split("x"))
    space = CodeSpace(colours, positions)
    timed(space, np.arange(3, dtype=np.int64), (), args.limit)  # tables and kernel warm
    rows: list[tuple[int, float]] = []
    everything = np.arange(space.count, dtype=np.int64)
    for pattern in patterns(positions):
        first = space.from_digits(pattern)
        classes = against(space, first, everything)
        for answer in np.unique(classes):
            codes = everything[classes == answer]
            if not 2 < len(codes) <= args.most:
                continue
            seconds = timed(space, codes, (first,), args.limit)
            rows.append((len(codes), seconds))
            opening = "".join(map(str, pattern))
            print(f"{opening} {len(codes):6,} codes {seconds:8.2f} s", flush=True)
    print("codes at most: most CPU seconds")
    for bound in (32, 64, 128, 256, 512):
        within = [s for n, s in rows if n <= bound]
        if within:
            print(f"{bound:5}: {max(within):8.2f}")


def patterns(positions: int) -> list[tuple[int, ...]]:
    """One first guess per pattern of colours (0000, 0001, 0011, 0012, 0123 on 4 pegs):
    colour i repeated as often as the i-th part of each partition of ``positions``."""

    def partitions(left: int, most: int) -> list[list[int]]:
        if left == 0:
            return [[]]
        return [
            [part, *rest]
            for part in range(min(left, most), 0, -1)
            for rest in partitions(left - part, part)
        ]

    return [
        tuple(colour for colour, part in enumerate(parts) for _ in range(part))
        for parts in partitions(positions, positions)
    ]


if __name__ == "__main__":
    main()
