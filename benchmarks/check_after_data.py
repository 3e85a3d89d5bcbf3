"""Check the shipped data of what follows each first guess (``engine.optimal.after``)
against the search, for every size and criterion that ships it (issue 28, point 1): each
pattern's tree grown again by the search, and the decision after first guesses
(``engine.optimal.mapped``) against the search's at every answer, with the totals after
four second guesses drawn at random (what rates a what-if).

    python benchmarks/check_after_data.py [--sizes 6x4 6x4n] [--firsts N | --every]

``--firsts N`` (default 12): the first guesses checked per size, each pattern's first
code and codes drawn at random beside them; ``--every``: every code (hours on 6x4).
Prints one line per size and criterion and exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from engine.codes import CodeSpace
from engine.optimal import after, mapped, shipped
from engine.optimal.node import Node
from engine.optimal.search import OptimalSearch
from engine.optimal.tree import decision, grow, least_cap, rate, tree_to_json


def check(space: CodeSpace, only_possible: bool, worst_first: bool, firsts: int | None) -> int:
    """The differences found for one size and criterion."""
    file = after.name(space, only_possible, worst_first)
    search = OptimalSearch(space, only_possible=only_possible)
    if worst_first:
        least_cap(search)
    own = shipped.tree(shipped.file(space, only_possible, worst_first))
    everything, bad = search.everything, 0
    pool = [int(g) for g in search.pool(())]
    for first in pool:
        if own is not None and first == own[0]:
            continue
        split = search.answers[first, everything]
        children = {
            int(a): grow(search, everything[split == a], (first,))
            for a in np.unique(split)
            if a != search.found
        }
        total = len(everything) + sum(c.total for c in children.values())
        if after.tree_after(file, first) != tree_to_json(
            Node(first, len(everything), total, children)
        ):
            print(f"  tree after {first} differs", flush=True)
            bad += 1
    rng = np.random.default_rng(28)
    if not mapped.covered(space):
        return bad
    drawn = min(len(everything), max(0, (firsts or 0) - len(pool)))
    chosen = [int(g) for g in everything] if firsts is None else pool + [
        int(g) for g in rng.choice(everything, drawn, replace=False)
    ]  # fmt: skip
    for first in chosen:
        if mapped.representative(space, first) != search.representative((), first):
            print(f"  representative of {first} differs", flush=True)
            bad += 1
        split = search.answers[first, everything]
        for answer in np.unique(split):
            codes = everything[split == answer]
            if answer == search.found or len(codes) <= 2:
                continue
            want = decision(search, codes, (first,))
            got = mapped.decision(space, file, codes, first)
            if got != want:
                print(f"  after {first}, answer {answer}: {got} != {want}", flush=True)
                bad += 1
            for guess in (int(g) for g in rng.choice(everything, 4)):
                total = round(rate(search, codes, (first,), guess).expected * len(codes))
                if mapped.total_after(space, file, codes, first, guess) != total:
                    print(f"  after {first}, answer {answer}, {guess}: total differs")
                    bad += 1
    return bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=None)
    parser.add_argument("--firsts", type=int, default=12)
    parser.add_argument("--every", action="store_true")
    options = parser.parse_args()
    bad = 0
    for space in shipped.sizes():
        label = f"{space.colours}x{space.positions}{'' if space.repeats else 'n'}"
        if not after.wanted(space) or (options.sizes and label not in options.sizes):
            continue
        if not mapped.covered(space):
            print(f"{label}: codes too long to map first guesses (the search decides)")
        for only_possible, worst_first in shipped.CRITERIA:
            began = time.perf_counter()
            firsts = None if options.every else options.firsts
            found = check(space, only_possible, worst_first, firsts)
            took = time.perf_counter() - began
            print(f"{after.name(space, only_possible, worst_first)}: {found} differences, "
                  f"{took:.0f} s", flush=True)  # fmt: skip
            bad += found
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
