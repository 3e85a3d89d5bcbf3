"""Check the shipped data of what follows each first guess (``engine.optimal.after``)
against the search, for every size and criterion that ships it: each
pattern's tree grown again by the search, and the decision after first guesses
(``engine.optimal.mapped``) against the search's at every answer, with the totals after
four second guesses drawn at random (what rates a what-if).

    python benchmarks/check_after_data.py [--sizes 6x4 6x4n] [--firsts N | --every] [--caps]

``--firsts N`` (default 12): the first guesses checked per size, each pattern's first
code and codes drawn at random beside them; ``--every``: every code (hours on 6x4).
``--caps``: the caps on guesses instead (``engine.optimal.capped``): for optimal-maxN and
optimal-fit-maxN, N from the fewest any strategy keeps to two past where the plain files
take over, the files that play the cap (its tree too) against the capped search.
Prints one line per size and criterion and exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from engine.codes import CodeSpace
from engine.errors import ConfigError
from engine.optimal import after, capped, mapped, shipped
from engine.optimal.node import Node
from engine.optimal.search import OptimalSearch
from engine.optimal.tree import build_tree, decision, grow, least_cap, rate, tree_to_json


def check(space: CodeSpace, only_possible: bool, worst_first: bool, firsts: int | None) -> int:
    """The differences found for one size and criterion."""
    file = after.name(space, only_possible, worst_first)
    search = OptimalSearch(space, only_possible=only_possible)
    if worst_first:
        least_cap(search)
    own = shipped.tree(shipped.file(space, only_possible, worst_first))
    return compare(space, search, file, own, firsts)


def check_caps(space: CodeSpace, only_possible: bool, firsts: int | None) -> int:
    """The differences found for the caps of one size and criterion, each cap's tree
    included; a cap no strategy keeps must have no file serving it."""
    least = shipped._guesses(shipped.file(space, False, True))
    start = capped.plain_from(space, only_possible)
    if not least or start is None:
        print("  no caps listed")
        return 1
    bad = 0
    for cap in range(least, start + 3):
        search = OptimalSearch(space, only_possible=only_possible, max_guesses=cap)
        serves = capped.serving(space, only_possible, cap)
        try:
            want = tree_to_json(build_tree(search))
        except ConfigError:
            bad += serves is not None
            continue
        if serves is None or shipped.tree(serves[0]) != want or not serves[1]:
            print(f"  max{cap}: no tree, or another tree", flush=True)
            bad += 1
            continue
        bad += compare(space, search, serves[1], want, firsts)
    return bad


def compare(
    space: CodeSpace, search: OptimalSearch, file: str, own: list[object] | None,
    firsts: int | None,
) -> int:  # fmt: skip
    """The differences between the data ``file`` and ``search``."""
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
    parser.add_argument("--caps", action="store_true", help="the caps on guesses instead")
    options = parser.parse_args()
    bad = 0
    for space in shipped.sizes():
        label = f"{space.colours}x{space.positions}{'' if space.repeats else 'n'}"
        if not after.wanted(space) or (options.sizes and label not in options.sizes):
            continue
        if not mapped.covered(space):
            print(f"{label}: codes too long to map first guesses (the search decides)")
        for only_possible, worst_first in shipped.CRITERIA:
            if options.caps and worst_first:
                continue
            began = time.perf_counter()
            firsts = None if options.every else options.firsts
            if options.caps:
                found = check_caps(space, only_possible, firsts)
            else:
                found = check(space, only_possible, worst_first, firsts)
            took = time.perf_counter() - began
            label = "caps of " * options.caps + after.name(space, only_possible, worst_first)
            print(f"{label}: {found} differences, "
                  f"{took:.0f} s", flush=True)  # fmt: skip
            bad += found
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
