"""The fewest guesses that find every secret, by a yes/no search: can a set of codes be
finished within so many guesses? A set's search ends at the first guess that works, so
no total is worked out; the exact search's ``least_cap`` (optimal-worst) works out the
fewest total under each cap it tries instead. A second route to the worst case of the
optimal-worst trees.

    python benchmarks/least_cap.py --size 9x4              # 7: 6 cannot (41 s of CPU)
    python benchmarks/least_cap.py --check                 # every shipped tree agrees

The search reuses the exact search's pieces (``engine.backends.numba_search``): the
symmetries that fix the guesses made (one guess per orbit), the table keyed by the set and
the guesses left, the most codes so many guesses can tell apart. At the top it prints each
first guess (one per pattern of colours) and the class that rules it out, or that every
class can be finished.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numpy as np
from numba import njit

from engine import CodeSpace
from engine.backends.numba_search import (
    NODES,
    _children,
    _key,
    capacity,
    fixing,
    hash_codes,
    keep,
    orbit_pool,
    recall,
)
from engine.optimal.reach import findable
from engine.optimal.search import BEYOND, OptimalSearch


@njit(nogil=True)
def finishable(ctx: Any, codes: Any, rows: Any, pool: Any, left: Any) -> Any:
    """Whether every code of ``codes`` (sorted) can be found within ``left`` guesses;
    ``rows``: the group elements fixing the guesses made, ``pool``: one guess of each of
    their orbits. A set that cannot is stored as the exact search stores it (at least
    ``BEYOND``), under the same key."""
    answers, colour_images, position_images, rank, allowed, everything = ctx[:6]
    keys, vals, counters, params = ctx[7:]
    found, slots, branching = params[0], params[1], params[2]
    n = len(codes)
    if n <= 1:
        return left >= n
    if left <= 1:
        return False
    if n == 2:
        return True  # one of them, then the other
    if n > capacity(left, branching):
        return False
    h1, h2 = _key(codes, left)
    stored = recall(keys, vals, h1, h2)
    if stored > 0:
        return True  # a total under this many guesses: it can be finished
    if -stored >= BEYOND:
        return False
    counters[NODES] += 1
    room = capacity(left - 1, branching)  # the most one class may hold
    k = len(pool)
    whole = k == len(rank)
    hist = np.zeros((k, slots), dtype=np.int32)
    for c in codes:
        row = answers[c]  # the table is symmetric: a code's row answers every guess
        if whole:
            for i in range(k):
                hist[i, row[i]] += 1
        else:
            for i in range(k):
                hist[i, row[pool[i]]] += 1
    order_key = np.empty(k, dtype=np.int64)
    picked = np.empty(k, dtype=np.int64)
    m = 0
    for i in range(k):
        most, parts = 0, 0
        for a in range(slots):
            h = hist[i, a]
            if h > 0:
                parts += 1
                if a != found and h > most:
                    most = h
        if most <= room and parts >= 2:
            order_key[m] = most * 64 - parts  # the smallest largest class first
            picked[m] = i
            m += 1
    if m > 0 and room <= 1:
        return True  # a guess leaves single codes
    order = np.argsort(order_key[:m], kind="mergesort")
    seen = np.empty((m, 2), dtype=np.uint64)
    n_seen = 0
    split = np.empty(n, dtype=np.uint8)
    for step in range(m):
        guess = pool[picked[order[step]]]
        for i in range(n):
            split[i] = answers[guess, codes[i]]
        s1, s2 = hash_codes(split)
        again = False
        for j in range(n_seen):
            if seen[j, 0] == s1 and seen[j, 1] == s2:
                again = True  # splits as a guess tried already
                break
        if again:
            continue
        seen[n_seen, 0], seen[n_seen, 1] = s1, s2
        n_seen += 1
        below = fixing(colour_images, position_images, rows, guess)
        below_pool = pool
        if len(below) != len(rows):
            images = colour_images, position_images, rank, allowed, everything
            below_pool = orbit_pool(*images, below)
        grouped, starts, sizes = _children(codes, split, slots, found)
        works = True
        for j in range(len(starts) - 1, -1, -1):  # the largest class first: likeliest to fail
            child = grouped[starts[j] : starts[j] + sizes[j]].copy()
            if not finishable(ctx, child, below, below_pool, left - 1):
                works = False
                break
        if works:
            return True
    keep(keys, vals, h1, h2, -np.int64(BEYOND))
    return False


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
            if not finishable(search.ctx, child, rows, pool, cap - 1):
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
    """Every shipped optimal-worst tree of a classic size: its depth is the least cap."""
    from engine.optimal.shipped import sizes
    from engine.optimal.solutions import solution

    wrong = 0
    for space in sizes():
        tree = solution(space.colours, space.positions, space.repeats, worst_first=True).tree
        depth = max(d for d, _ in tree.walk())
        found = least(space)
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
