"""The parts of the level-by-level walk (``engine.walks.big``): one node's subtree walked a
level at a time (``walk_part``), or opened one level so that the nodes under its guess are
dealt apart (``open_part``), each saving where it is so that a stopped run goes on.

Every node of a level chooses its guess (``numba_walk.choose_level``), then every node is
split by its guess's answers (``numba_split.split_level``); a node carries only its
candidates and the symmetry group of its guesses so far, which its children share less the
elements that move the guess.
"""

from __future__ import annotations

import time
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..answers import CLASSIC
from ..backends.walk_tables import tables
from ..feedback import classes, encode
from ..storage import output

if TYPE_CHECKING:
    import numpy.typing as npt

#: Seconds between a part's saves of where it is.
SAVE_EVERY = 30.0
#: A batch of a level's nodes holds about this many candidates (a save may follow each).
BATCH_CODES = 50_000


def _kernel() -> Any:
    """The walk's kernels (numba: imported by the runs that walk), numba's cache of them
    vouched for first (``numba_cache``)."""
    from ..backends import numba_cache
    from ..backends.numba_kernels import WALK

    numba_cache.vouch(WALK)
    from ..backends import numba_walk

    return numba_walk


def walk_part(
    colours: int,
    positions: int,
    mode: int,
    tag: str,
    index: int | str,
    cands: npt.NDArray[np.int32],
    sigma: npt.NDArray[np.int8],
    pi: npt.NDArray[np.int8],
    used: int,
    folder: Path | None,
    level: int = 2,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8]]:
    """The depths of the ranks ``cands`` (one node: the part under an answer to the
    opening, or under a later answer, its group ``sigma``/``pi`` and colours ``used``),
    from ``level`` on; resumed from ``folder`` where an earlier run left it."""
    t = tables(colours, positions)
    saved = folder / f"{tag}-part{index}.npz" if folder is not None else None
    finished = folder / f"{tag}-part{index}-done.npz" if folder is not None else None
    done = _load(finished)
    if done is not None and np.array_equal(done["ranks"], cands):
        return done["ranks"], done["depths"]
    state = _node(cands, sigma, pi, used, level, len(t["code_of"]))
    old = _load(saved)
    if old is not None and set(old) == set(state):
        state = old
        state["level"], state["chosen"] = int(state["level"]), int(state["chosen"])
    _walk_levels(t, positions, mode, state, saved, None)
    ranks = cands.astype(np.int32)
    part_depths = state["depths"][ranks]
    if finished is not None:
        _save(finished, {"ranks": ranks, "depths": part_depths})
        if saved is not None and saved.exists():
            saved.unlink()
    return ranks, part_depths


def open_part(
    colours: int,
    positions: int,
    mode: int,
    tag: str,
    index: int | str,
    cands: npt.NDArray[np.int32],
    sigma: npt.NDArray[np.int8],
    pi: npt.NDArray[np.int8],
    used: int,
    folder: Path | None,
    level: int = 2,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint8], list[tuple[Any, ...]]]:
    """One level of a big part (``walk_part``'s arguments): its guess chosen and its codes
    split, so that the nodes under its guess's answers are dealt as parts of their own and
    no part bounds the run's wall time on many workers. Returns the ranks whose depths that
    level decided, their depths, and the new parts (``walk_part``'s arguments). Not saved:
    a resumed run opens the part again (one node's guess), then reads its parts back."""
    t = tables(colours, positions)
    state = _node(cands, sigma, pi, used, level, len(t["code_of"]))
    _walk_levels(t, positions, mode, state, None, 1)
    starts, offsets = state["starts"], state["offsets"]
    parts = []
    for j in range(len(starts) - 1):
        k = int(state["group"][j])
        part = state["cands"][starts[j] : starts[j + 1]]
        rows = slice(offsets[k], offsets[k + 1])
        sigma_k, pi_k, used_k = state["sigma"][rows], state["pi"][rows], int(state["used"][k])
        index_j = f"{index}.{j}"
        parts.append(
            (colours, positions, mode, tag, index_j, part, sigma_k, pi_k, used_k, folder, level + 1)
        )
    decided = np.setdiff1d(cands, state["cands"]).astype(np.int32)
    return decided, state["depths"][decided], parts


def _node(
    cands: npt.NDArray[np.int32],
    sigma: npt.NDArray[np.int8],
    pi: npt.NDArray[np.int8],
    used: int,
    level: int,
    size: int,
) -> dict[str, Any]:
    """A walk's state at one node (its guess not chosen yet)."""
    return {
        "level": level,
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


def _walk_levels(
    t: dict[str, Any],
    positions: int,
    mode: int,
    state: dict[str, Any],
    saved: Path | None,
    levels: int | None,
) -> None:
    """Walk ``state`` on a level at a time, ``levels`` of them or to its end, saving it in
    ``saved`` about every ``SAVE_EVERY`` seconds."""
    k = _kernel()
    answers, slots, win = (
        CLASSIC.answer_count(positions),  # the big walks answer classically alone
        classes(positions),
        encode(positions, 0, positions),
    )
    last_save = time.monotonic()
    while len(state["starts"]) > 1 and (levels is None or levels > 0):
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
        if levels is not None:
            levels -= 1


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
    output.write(path, lambda handle: np.savez(handle, **state), own=True)
