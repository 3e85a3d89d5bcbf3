"""Results worth keeping between runs (the optimal strategy's tree), in the user's cache
directory: written atomically, checked by a digest, and never trusted when damaged.

``MASTERMIND_CACHE_DIR`` overrides the place (tests use it; an empty value turns the cache
off).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import platformdirs

from . import files, output

FORMAT = "mastermind-cache"


def directory() -> Path | None:
    """Where cached results live, or None when caching is turned off."""
    chosen = os.environ.get("MASTERMIND_CACHE_DIR")
    if chosen is not None:  # blank, spaces too: off (never a folder named "   ")
        return Path(chosen) if chosen.strip() else None
    return Path(platformdirs.user_cache_dir("mastermind-tui"))


def path(name: str) -> Path:
    """Where ``name`` is (or would be) kept; a bare name when caching is off."""
    folder = directory()
    return Path(name) if folder is None else folder / name


def _digest(payload: Any) -> str:
    text = json.dumps(payload, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


class DamagedCache(Exception):
    """A cache file that exists but cannot be trusted; the message says why."""


def load(name: str, key: dict[str, Any]) -> Any | None:
    """The payload stored under ``name`` for exactly ``key``; None when there is none.
    Raises DamagedCache for a file that is unreadable, foreign or altered (moved aside as
    ``….bad``: the next run is clean) or not a regular file (refused, left alone)."""
    folder = directory()
    if folder is None:
        return None
    path = folder / name
    try:
        text = files.read_bounded(path).decode("utf-8")
    except FileNotFoundError:
        return None
    except files.Refused as error:
        raise DamagedCache(_damaged(path) if error.oversize else str(error)) from None
    except OSError as error:
        raise DamagedCache(f"{path} cannot be read ({error.strerror or error})") from None
    except UnicodeDecodeError:
        text = ""
    try:
        stored = json.loads(text)
        ok = (
            isinstance(stored, dict)
            and stored.get("format") == FORMAT
            and stored.get("key") == key
            and stored.get("sha256") == _digest(stored.get("payload"))
        )
    except (ValueError, RecursionError):
        ok = False
    if not ok:
        raise DamagedCache(_damaged(path))
    return stored["payload"]


def _damaged(path: Path) -> str:
    """The line for a damaged file of ours, moved aside on the way."""
    return f"{path} is damaged or was written for something else; {files.aside_words(path)}"


def save(name: str, key: dict[str, Any], payload: Any) -> Path | None:
    """Store ``payload`` under ``name`` atomically (a reader sees the old file or the new
    one, never half of one). Returns the path, or None when caching is off or impossible."""
    folder = directory()
    if folder is None:
        return None
    record = {"format": FORMAT, "key": key, "sha256": _digest(payload), "payload": payload}
    # json.dumps encodes in C (6x4: 1 ms, not json.dump's 7).
    text = json.dumps(record, separators=(",", ":")).encode("utf-8")
    return _write(folder, name, lambda handle: handle.write(text))


def _write(folder: Path, name: str, write: output.Writer) -> Path | None:
    """Write ``name`` in ``folder`` as ``output.write`` writes any file (whole or not at
    all); None when the disk refuses (read-only, full: no temporary file left behind)."""
    try:
        output.write(folder / name, write, own=True)
    except output.NotWritten:
        return None  # a read-only or full disk costs the next run the search, nothing more
    return folder / name


def save_arrays(name: str, key: dict[str, Any], arrays: dict[str, npt.NDArray[Any]]) -> Path | None:
    """Store numpy arrays under ``name`` (an .npz file) for exactly ``key``, atomically,
    with a digest; None when caching is off or impossible."""
    folder = directory()
    if folder is None:
        return None
    digest = _digest([key, _arrays_digest(arrays)])
    contents: dict[str, Any] = {**arrays, "__key__": json.dumps(key), "__sha256__": digest}
    return _write(folder, name, lambda handle: np.savez(handle, **contents))


def load_arrays(
    name: str, key: dict[str, Any], limit: int = files.LIMIT
) -> dict[str, npt.NDArray[Any]] | None:
    """The arrays stored under ``name`` for exactly ``key``; None when there are none.
    Raises DamagedCache for a file that is unreadable, foreign, altered or larger than
    ``limit`` bytes, file or arrays (moved aside as ``….bad``), or not a regular file
    (refused, left alone). A writer whose arrays may be larger (a long search's proof)
    says how large they may be."""
    folder = directory()
    if folder is None:
        return None
    path = folder / name
    try:
        data = files.read_bounded(path, limit)
    except FileNotFoundError:
        return None
    except files.Refused as error:
        raise DamagedCache(_damaged(path) if error.oversize else str(error)) from None
    except OSError as error:
        raise DamagedCache(f"{path} cannot be read ({error.strerror or error})") from None
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as stored:
            # A zip may promise more than it holds: its arrays are bounded as the file is.
            if sum(info.file_size for info in stored.zip.infolist()) > limit:
                raise ValueError("larger than it may be")
            arrays = {k: stored[k] for k in stored.files}
        stored_key, digest = arrays.pop("__key__", None), arrays.pop("__sha256__", None)
        ok = (
            stored_key is not None
            and json.loads(str(stored_key)) == key
            and str(digest) == _digest([key, _arrays_digest(arrays)])
        )
    except Exception:  # zip, zlib, EOF, JSON, numpy: all of it is damage
        ok = False
    if not ok:
        raise DamagedCache(_damaged(path))
    return arrays


def remove(name: str) -> None:
    """Forget what is stored under ``name``, if anything."""
    folder = directory()
    if folder is not None:
        with contextlib.suppress(OSError):  # nothing there that can be read either
            (folder / name).unlink(missing_ok=True)


def _arrays_digest(arrays: dict[str, npt.NDArray[Any]]) -> str:
    sha = hashlib.sha256()
    for name in sorted(arrays):
        sha.update(name.encode())
        sha.update(np.ascontiguousarray(arrays[name]).tobytes())
    return sha.hexdigest()
