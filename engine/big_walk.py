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

import os
import time
import zipfile
from collections.abc import Callable
from functools import lru_cache
from itertools import permutations
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .codes import CodeSpace
from .feedback import answer_count, classes, encode

if TYPE_CHECKING:
    import numpy.typing as npt

#: The strategies walked here, by the kernel's mode.
MODES = {"knuth": 0, "most-parts": 1}
#: Seconds between a part's saves of where it is.
SAVE_EVERY = 30.0
#: A batch of a level's nodes holds about this many candidates (a save may follow each).
BATCH_CODES = 50_000


def applies(space: CodeSpace, strategy: str) -> bool:
    """Whether this walk plays ``strategy`` on ``space`` (codes with repeats allowed)."""
    return strategy in MODES and space.repeats


@lru_cache(maxsize=1)
def tables(colours: int, positions: int) -> dict[str, Any]:
    """What the kernels read, codes numbered by rank as written: each rank's digits and
    table columns, the answer tables, and the code of each rank."""
    from .backends.numba_partitions import answer_parts

    space = CodeSpace(colours, positions)
    high, low, common, pattern_of = answer_parts(colours, positions)
    digits = space.digits  # (positions, codes), position 0 first as written
    written = colours ** np.arange(positions - 1, -1, -1, dtype=np.int64)
    rank_of = (written @ digits.astype(np.int64)).astype(np.int64)
    code_of = np.empty(space.size, dtype=np.int64)
    code_of[rank_of] = np.arange(space.size)
    split = np.uint32(low.shape[0])
    codes = code_of.astype(np.uint32)
    return {
        "digits": np.ascontiguousarray(digits.T[code_of]),
        "cols": (codes // split, codes % split, pattern_of[code_of].astype(np.uint32)),
        "tabs": (high.ravel(), low.ravel(), common.ravel()),
        "widths": np.array([high.shape[1], low.shape[1], common.shape[1]], dtype=np.int64),
        "rank_of": rank_of,
        "code_of": code_of,
    }


def resume_folder() -> Path | None:
    """Where walks keep their parts: the cache folder's ``big-walk`` (None: caching off)."""
    from . import cache

    folder = cache.directory()
    return None if folder is None else folder / "big-walk"


def _kernel() -> Any:
    from .backends import numba_walk  # numba: imported by the runs that walk

    return numba_walk


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
    (``engine.parallel.in_processes`` by default) spreads the parts over ``jobs``."""
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
        (c, p, mode, tag, i, cands[starts[i] : starts[i + 1]], sigma, pi, int(used[0]), folder)
        for i in range(len(starts) - 1)
    ]
    parts.sort(key=lambda part: -len(part[5]))
    done = int((depths > 0).sum())
    if progress is not None:
        progress(done, space.size)
    if jobs > 1 and len(parts) > 1:
        if runner is None:
            from .parallel import in_processes

            runner = in_processes
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
    from .strategies import NO_DRAWS, Position, make_strategy

    chosen = make_strategy(strategy).exactly()
    return chosen.guess(Position(space, space.allowed, (), NO_DRAWS))


def walk_part(
    colours: int,
    positions: int,
    mode: int,
    tag: str,
    index: int,
    cands: npt.NDArray[np.int32],
    sigma: npt.NDArray[np.int8],
    pi: npt.NDArray[np.int8],
    used: int,
    folder: Path | None,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]:
    """The depths of the ranks ``cands`` (the part under one answer to the opening, its
    group ``sigma``/``pi`` and colours ``used``), from level 2 on; resumed from
    ``folder`` where an earlier run left it."""
    t = tables(colours, positions)
    k = _kernel()
    size = len(t["code_of"])
    saved = folder / f"{tag}-part{index}.npz" if folder is not None else None
    finished = folder / f"{tag}-part{index}-done.npz" if folder is not None else None
    done = _load(finished)
    if done is not None and np.array_equal(done["ranks"], cands):
        return done["ranks"], done["depths"]
    state: dict[str, Any] = {
        "level": 2,
        "cands": cands,
        "starts": np.array([0, len(cands)], dtype=np.int64),
        "group": np.zeros(1, dtype=np.int64),
        "sigma": sigma,
        "pi": pi,
        "offsets": np.array([0, len(sigma)], dtype=np.int64),
        "used": np.array([used], dtype=np.int64),
        "guesses": np.full(1, -1, dtype=np.int64),
        "chosen": 0,
        "depths": np.zeros(size, dtype=np.uint8),
    }
    old = _load(saved)
    if old is not None and set(old) == set(state):
        state = old
        state["level"], state["chosen"] = int(state["level"]), int(state["chosen"])
    answers, slots, win = (
        answer_count(positions),
        classes(positions),
        encode(positions, 0, positions),
    )
    last_save = time.monotonic()
    while len(state["starts"]) > 1:
        starts, guesses = state["starts"], state["guesses"]
        nodes = len(starts) - 1
        while state["chosen"] < nodes:
            first = state["chosen"]
            last = int(np.searchsorted(starts, starts[first] + BATCH_CODES, side="right"))
            last = min(max(last - 1, first + 1), nodes)
            k.choose_level(
                t["tabs"], t["cols"], t["widths"], t["digits"], state["cands"], starts,
                state["group"], state["sigma"], state["pi"], state["offsets"], state["used"],
                answers, slots, mode, first, last, guesses,
            )  # fmt: skip
            state["chosen"] = last
            if saved is not None and time.monotonic() - last_save > SAVE_EVERY:
                _save(saved, state)
                last_save = time.monotonic()
        out = k.split_level(
            t["tabs"], t["cols"], t["widths"], t["digits"], state["cands"], starts,
            state["group"], guesses, state["sigma"], state["pi"], state["offsets"],
            state["used"], state["level"], state["depths"], win, slots,
        )  # fmt: skip
        for key, value in zip(
            ("cands", "starts", "group", "sigma", "pi", "offsets", "used"), out, strict=True
        ):
            state[key] = value
        state["level"] += 1
        state["guesses"] = np.full(len(state["starts"]) - 1, -1, dtype=np.int64)
        state["chosen"] = 0
    ranks = cands.astype(np.int32)
    part_depths = state["depths"][ranks]
    if finished is not None:
        _save(finished, {"ranks": ranks, "depths": part_depths})
        if saved is not None and saved.exists():
            saved.unlink()
    return ranks, part_depths


def _load(path: Path | None) -> dict[str, Any] | None:
    """What ``_save`` left in ``path``, or None: none there, or damaged (then removed,
    and the part walked afresh)."""
    if path is None or not path.is_file():
        return None
    try:
        with np.load(path, allow_pickle=False) as old:
            return {key: old[key] for key in old.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile):
        path.unlink(missing_ok=True)
        return None


def _save(path: Path, state: dict[str, Any]) -> None:
    """``state`` into ``path``, whole or not at all (written aside, then renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    aside = path.with_name(path.name + ".partial.npz")
    np.savez(aside, **state)
    os.replace(aside, path)
