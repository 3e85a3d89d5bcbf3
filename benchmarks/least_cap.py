"""The fewest guesses that find every secret, by the yes/no search optimal-worst starts
with (``OptimalSearch.finishable``): can a set of codes be finished within so many
guesses? A set's search ends at the first guess that works, so no total is worked out;
the shipped optimal-worst trees were made the other way, by the fewest total under each
cap in turn (on 9x4 that took 79 minutes of CPU). Either route gives the worst case.

    python benchmarks/least_cap.py --size 9x4              # 7: 6 cannot (41 s of CPU)
    python benchmarks/least_cap.py --check                 # every shipped tree agrees

For each cap tried it prints each first guess (one per pattern of colours) and the class
that rules it out, or that every class can be finished.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from engine import CodeSpace
from engine.optimal.reach import findable
from engine.optimal.search import OptimalSearch
from engine.optimal.tree import least_cap


def within(search: OptimalSearch, cap: int, say: bool) -> bool:
    """Whether every secret of the search's size can be found within ``cap`` guesses."""
    space, everything = search.space, search.everything
    for guess in search.pool(()):
        split = search.answers[guess, everything]
        sizes = np.bincount(split, minlength=search.k)
        rows, pool = search._group((int(guess),))
        blocked = None
        for answer in np.argsort(-sizes, kind="stable"):
            if answer == search.found or sizes[answer] == 0:
                continue
            child = np.ascontiguousarray(everything[split == answer], dtype=np.int16)
            if not search.kernel.finishable(search.ctx, child, rows, pool, cap - 1):
                blocked = len(child)
                break
        shown = "".join(str(d) for d in space.to_digits(int(guess)))
        if say:
            why = "every class can" if blocked is None else f"a class of {blocked:,} cannot"
            print(f"  first guess {shown}: {why}", flush=True)
        if blocked is None:
            return True
    return False


def least(space: CodeSpace, say: bool = False) -> int:
    """The fewest guesses that find every secret of ``space``."""
    cap = 1
    while findable(cap, space) < space.count:
        cap += 1
    search = OptimalSearch(space)  # its table serves every cap: keyed by the guesses left
    while not within(search, cap, say):
        if say:
            print(f"  {cap} guesses cannot find every secret", flush=True)
        cap += 1
    return cap


def check() -> int:
    """Every shipped optimal-worst tree: its depth is the fewest guesses optimal-worst's
    yes/no search finds (``least_cap``)."""
    from engine.optimal.shipped import sizes
    from engine.optimal.solutions import solution

    wrong = 0
    for space in sizes():
        tree = solution(space.colours, space.positions, space.repeats, worst_first=True).tree
        depth = max(d for d, _ in tree.walk())
        found = least_cap(OptimalSearch(space))
        wrong += found != depth
        print(f"{space.short_text()}: {found} ({'agrees' if found == depth else 'DIFFERS'})")
    return 1 if wrong else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="9x4", help="COLOURSxPOSITIONS, with repeats")
    parser.add_argument("--check", action="store_true", help="every shipped size")
    args = parser.parse_args()
    if args.check:
        return check()
    colours, positions = (int(n) for n in args.size.split("x"))
    space = CodeSpace(colours, positions)
    began = time.process_time()
    found = least(space, say=True)
    spent = time.process_time() - began
    print(
        f"{args.size}: every secret within {found} guesses, not {found - 1} "
        f"({spent:.1f} s of CPU, the compile included)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
