"""Every call the driver makes of the search kernel, run on a small size (3 colours x 3
positions), for ``numba_cache``'s check: numba's code read back from its cache is run
there, in a process of its own, and its answers compared with those of the kernel's own
source interpreted (``interpreted``), so that code damaged since it was compiled ends that
process or shows as different answers, never a person's run.

The context is built here from the codes and their scoring alone (the driver,
``engine.optimal.search``, sits above the backends): the same shapes and types, the
whole group of colour and position permutations.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np

from ..codes import CodeSpace
from ..feedback import answer_count, classes, encode, level_bounds, table

#: The size run: 27 codes, every mode of the search reached in a few milliseconds.
SPACE = CodeSpace(3, 3)
#: A budget past every total (the driver's ``BEYOND``), and sets searched without a stop.
BEYOND, NODE_LIMIT = 1 << 40, 1 << 62
SLOTS = 1 << 16


def _position_images(space: CodeSpace) -> np.ndarray[Any, np.dtype[np.int16]]:
    digits = space.digits.astype(np.int64)
    images = [
        sum(digits[p[i]] * space.weights[i] for i in range(space.positions))
        for p in itertools.permutations(range(space.positions))
    ]
    return np.array(images, dtype=np.int16)


def run(kernel: Any, say: Callable[[str], None]) -> list[Any]:
    """Every entry of ``kernel`` called, each named to ``say`` first; their results."""
    space = SPACE
    sigmas = np.array(list(itertools.permutations(range(space.colours))), dtype=np.int16)
    positions = _position_images(space)
    say("colour_table")
    colours = kernel.colour_table(sigmas, positions)
    rank = (space.digits[::-1].T.astype(np.int64) @ space.weights).astype(np.int16)
    everything = np.arange(space.size, dtype=np.int16)
    allowed = np.ones(space.size, dtype=np.bool_)
    branching = answer_count(space) - 1
    keys, vals = np.zeros((SLOTS, 2), np.uint64), np.zeros(SLOTS, np.int64)
    counters = np.zeros(kernel.COUNTERS, dtype=np.int64)
    counters[kernel.LIMIT] = NODE_LIMIT
    found = encode(space.positions, 0, space.positions)
    params = np.array([found, classes(space.positions), branching, 0], dtype=np.int64)
    bound = level_bounds(space.size, branching)
    tables = (table(space), colours, positions, rank, allowed, everything, bound)
    ctx = (*tables, keys, vals, counters, params)
    rows = np.empty(0, dtype=np.int64)
    say("orbit_pool")
    pool = kernel.orbit_pool(colours, positions, rank, allowed, everything, rows)
    none, unlimited = np.empty(0, dtype=np.int64), int(kernel.UNLIMITED)
    out = np.zeros(len(everything), dtype=np.int64)
    say("search")
    value = kernel.search(ctx, everything, rows, pool, BEYOND, kernel.VALUE, none, out, unlimited)
    kernel.search(ctx, everything, rows, pool, value, kernel.TIES, none, out, unlimited)
    ties = out[: counters[kernel.CHOSEN]].tolist()
    chosen = np.array(ties[:1], dtype=np.int64)
    other = kernel.search(ctx, everything, rows, pool, BEYOND, kernel.RUNNER_UP, chosen, out, 4)
    runner_up = out[: counters[kernel.CHOSEN]].tolist()
    say("fixing")
    fixed = kernel.fixing(colours, positions, rows, ties[0])
    say("first_image")
    first = kernel.first_image(colours, positions, rank, fixed, int(everything[-1]))
    say("orbit_pool")
    after = kernel.orbit_pool(colours, positions, rank, allowed, everything, fixed)
    split = ctx[0][ties[0], everything]
    left = np.ascontiguousarray(everything[split == np.bincount(split).argmax()])
    say("search")
    capped = kernel.search(ctx, left, fixed, after, BEYOND, kernel.VALUE, none, out, 2)
    say("finishable")  # 3x3: not within 3 guesses, within 4
    cannot = kernel.finishable(ctx, everything, rows, pool, 3)
    can = kernel.finishable(ctx, everything, rows, pool, 4)
    say("hash_codes")
    h1, h2 = (np.uint64(h) for h in kernel.hash_codes(left))
    say("keep")
    kernel.keep(keys, vals, h1, h2, np.int64(12345))
    say("recall")
    recalled = kernel.recall(keys, vals, h1, h2)
    say("restore")
    fresh = (np.zeros((SLOTS, 2), np.uint64), np.zeros(SLOTS, np.int64))
    kernel.restore(*fresh, keys[: SLOTS // 2].copy(), vals[: SLOTS // 2].copy())
    results = [colours, pool, value, ties, other, runner_up, fixed, first, after, capped]
    results += [cannot, can]
    return [*results, int(h1), int(h2), recalled, fresh[0], fresh[1]]


#: The function each of ``run``'s results comes from.
FROM: tuple[str, ...] = (
    "colour_table", "orbit_pool", "search", "search", "search", "search", "fixing",
    "first_image", "orbit_pool", "search", "finishable", "finishable", "hash_codes",
    "hash_codes", "recall", "restore", "restore",
)  # fmt: skip
