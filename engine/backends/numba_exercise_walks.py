"""Every call the partition strategies make of their numba kernels, run on small sizes,
for ``numba_cache``'s check (as ``numba_exercise`` runs the search kernel's): the
partition kernel (``numba_partitions``: every guess's class counts, Knuth's pruned keys)
and the level-by-level walk's (``numba_walk`` chooses each node's guess, ``numba_split``
splits the nodes by its answers), each with the argument types the program passes, so
that the code numba read back from its cache is the code run here.

The walk is driven here from its tables alone (its driver, ``engine.walks.big``, sits
above the backends): the opening split, then each level's guesses chosen and its nodes
split, to the last secret, for both of its strategies.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np

from ..answers import CLASSIC
from ..codes import CodeSpace
from ..feedback import classes, encode
from .walk_tables import tables

#: The sizes run: a few dozen codes each, both of the tables' shapes (an even and an odd
#: number of positions split in halves).
SIZES = ((3, 3), (4, 2))
#: The walk's strategies by the kernel's mode (``numba_walk.KNUTH``, ``MOST_PARTS``).
MODES = (0, 1)
#: What an exercise gives: each result with the function it comes from.
Results = list[tuple[str, Any]]


def partitions(modules: tuple[ModuleType, ...], say: Callable[[str], None]) -> Results:
    """The partition kernel's calls, each named to ``say`` first: counts, and Knuth's
    pruned keys with a stop none reaches and one some do."""
    (kernel,) = modules
    results: Results = []
    for colours, positions in SIZES:
        space = CodeSpace(colours, positions)
        every = np.arange(space.size, dtype=np.int32)
        pool, cands = every, every[::2]
        say("histograms")
        results.append(("histograms", kernel.counts(space, pool, cands)))
        for stop in (0.0, 4.0):
            say("largest_classes")
            results.append(("largest_classes", kernel.largest(space, pool, cands, stop)))
    return results


def walk(modules: tuple[ModuleType, ...], say: Callable[[str], None]) -> Results:
    """The walk's calls, each named to ``say`` first: every secret's depth from the
    first code as the opening, and each level's guesses, for each size and mode."""
    walk_kernel, split_kernel = modules
    results: Results = []
    for (colours, positions), mode in itertools.product(SIZES, MODES):
        t = tables(colours, positions)
        size = len(t["code_of"])
        perms = np.array(list(itertools.permutations(range(positions))), dtype=np.int8)
        state = (
            np.arange(size, dtype=np.int32), np.array([0, size]), np.zeros(1, dtype=np.int64),
            perms, np.full((len(perms), colours), -1, dtype=np.int8),
            np.array([0, len(perms)]), np.zeros(1, dtype=np.int64),
        )  # fmt: skip
        guesses = np.array([t["rank_of"][0]])
        depths = np.zeros(size, dtype=np.uint8)
        answers, slots = CLASSIC.answer_count(positions), classes(positions)
        level = 1
        while len(state[1]) > 1:
            cands, starts, group, sigma, pi, offsets, used = state
            if level > 1:
                guesses = np.full(len(starts) - 1, -1, dtype=np.int64)
                say("choose_level")
                walk_kernel.choose_level(
                    t["tabs"], t["cols"], t["widths"], t["digits"], cands, starts, group,
                    sigma, pi, offsets, used, answers, slots, mode, 0, len(guesses), guesses,
                )  # fmt: skip
                results.append(("choose_level", guesses.copy()))
            say("split_level")
            state = split_kernel.split_level(
                t["tabs"], t["cols"], t["widths"], t["digits"], cands, starts, group, guesses,
                sigma, pi, offsets, used, level, depths, encode(positions, 0, positions), slots,
            )  # fmt: skip
            level += 1
        results.append(("split_level", depths))
    return results
