"""Knuth's and Most Parts' trees over every secret of the big spaces (6x7, 7x7, 9x6: past
the 131,072 codes where the ordinary walk weighs every guess), level by level.

The opening's answers cut the space into parts, walked apart (over ``jobs`` processes,
biggest first). A part is walked a level at a time: every node of a level chooses its
guess (``numba_walk.choose_level``), then every node is split by its guess's answers
(``numba_split.split_level``); a node carries only its candidates and the symmetry group
of its guesses so far, which its children share less the elements that move the guess.
A part saves where it is about every half minute, and its depths when it ends, in
``folder``: a run stopped at any point goes on from there (same size, strategy and
opening). The choices are the ordinary walk's (tie rule included): the tests check
both on the sizes both can do.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..backends.walk_tables import tables
from ..codes import CodeSpace
from ..feedback import classes, encode
from .big_parts import _kernel, open_part, walk_part

if TYPE_CHECKING:
    import numpy.typing as npt

#: The strategies walked here, by the kernel's mode.
MODES = {"knuth": 0, "most-parts": 1}
#: Dealt to several processes or a cluster, a part (one answer to the opening) holding more
#: than this share of the codes is opened a level deeper first (``open_part``): one process
#: walks a part, so 8x8's biggest (12.8% of the codes) would bound the wall time.
DEEPER = 0.02


def applies(space: CodeSpace, strategy: str) -> bool:
    """Whether this walk plays ``strategy`` on ``space`` (codes with repeats allowed)."""
    return strategy in MODES and space.repeats


def resume_folder() -> Path | None:
    """Where walks keep their parts: the cache folder's ``big-walk`` (None: caching off)."""
    from ..storage import cache

    folder = cache.directory()
    return None if folder is None else folder / "big-walk"


def big_walk_depths(
    space: CodeSpace,
    strategy: str,
    opening: int | None = None,
    jobs: int = 1,
    folder: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    runner: Callable[..., Any] | None = None,
) -> npt.NDArray[np.uint8]:
    """Every code's number of guesses under ``strategy`` from ``opening`` (its own choice
    by default), parts saved in ``folder`` as they go when one is given. ``runner``
    (``engine.walks.parallel.in_processes`` by default) spreads the parts over ``jobs``."""
    c, p = space.colours, space.positions
    mode = MODES[strategy]
    if opening is None:
        opening = _own_opening(space, strategy)
    t = tables(c, p)
    k = _kernel()
    perms = np.array(list(permutations(range(p))), dtype=np.int8)
    pi = np.full((len(perms), c), -1, dtype=np.int8)
    root = np.arange(space.size, dtype=np.int32)
    depths = np.zeros(space.size, dtype=np.uint8)
    level = k.split_level(
        t["tabs"], t["cols"], t["widths"], t["digits"], root, np.array([0, space.size]),
        np.zeros(1, dtype=np.int64), np.array([t["rank_of"][opening]]), perms, pi,
        np.array([0, len(perms)]), np.zeros(1, dtype=np.int64), 1, depths,
        encode(p, 0, p), classes(p),
    )  # fmt: skip
    cands, starts, _, sigma, pi, _, used = level
    tag = f"{strategy}-{c}x{p}-{opening}"
    parts = [
        (c, p, mode, tag, i, cands[starts[i] : starts[i + 1]], sigma, pi, int(used[0]), folder, 2)
        for i in range(len(starts) - 1)
    ]
    done = int((depths > 0).sum())
    if progress is not None:
        progress(done, space.size)
    if jobs > 1 and len(parts) > 1:
        if runner is None:
            from .parallel import in_processes

            runner = in_processes
        big = [part for part in parts if len(part[5]) > DEEPER * space.size]
        parts = [part for part in parts if len(part[5]) <= DEEPER * space.size]
        for ranks, part_depths, deeper in runner(open_part, big, jobs) if big else ():
            depths[ranks] = part_depths
            done += len(ranks)
            parts.extend(deeper)
        parts.sort(key=lambda part: -len(part[5]))
        results = runner(walk_part, parts, jobs)
    else:
        results = (walk_part(*part) for part in parts)
    for ranks, part_depths in results:
        depths[ranks] = part_depths
        done += len(ranks)
        if progress is not None:
            progress(done, space.size)
    if folder is not None:  # whole: what was kept for a resume is done with
        for path in folder.glob(f"{tag}-part*.npz"):
            path.unlink(missing_ok=True)
    out: npt.NDArray[np.uint8] = depths[t["rank_of"]]
    return out


def _own_opening(space: CodeSpace, strategy: str) -> int:
    """The strategy's own first guess, every code scored (one guess per colour pattern)."""
    from ..strategies import NO_DRAWS, Position, make_strategy

    chosen = make_strategy(strategy).exactly()
    return chosen.guess(Position(space, space.allowed, (), NO_DRAWS))
