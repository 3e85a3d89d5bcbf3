"""numba's ``njit`` for the numba backend's kernels, with their code read back from numba's
disk cache without preparing the compiler.

Before it reads a cached function, numba refreshes its whole compiler target: it imports
and installs every typing and lowering registry it has (0.07-0.1 s of CPU here, a sixth of
a whole `stats --strategy optimal --all` on 6x4). Reading object code back and running it
needs only numba's runtime (the arrays the kernels allocate), so that is all prepared
here (``_load_overload``); a function that is not in the cache is compiled as ever, and
compiling refreshes the target itself. Should numba's cache change shape, its own loading
is used. Importing this imports numba: only the runs that compile import it. The kernels
(``numba_partitions``, ``engine.optimal.search_kernel``) import ``njit`` from here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from numba import njit
from numba.core import caching

from .. import files

__all__ = ["njit"]

_numba_load: Callable[..., Any] = caching.Cache.load_overload


def _load_overload(cache: Any, sig: Any, target_context: Any) -> Any:
    """``Cache.load_overload`` less the refresh of the compiler's registries, and never
    undone by a damaged cache: a file of it that is not a regular one, or that cannot be
    read back, is reported in one line naming the folder and moved aside (``….bad``); the
    function is then compiled afresh (None: not in the cache) and stored anew."""
    try:
        _check_files(cache)
        try:
            from numba.core.runtime.nrt import rtsys

            rtsys.initialize(target_context)
            with cache._guard_against_spurious_io_errors():
                return cache._load_overload(sig, target_context)
        except (ImportError, AttributeError):  # another numba: its own way
            return _numba_load(cache, sig, target_context)
    except KeyboardInterrupt:
        raise
    except Exception as error:  # pickle, EOF, LLVM, Unicode, a pipe: all of it is damage
        _recompile(cache, error)
        return None


#: The most a compiled-cache file is read (the search kernel's is well under a megabyte).
_NUMBA_LIMIT = 64 * 1024 * 1024


def _own_files(cache: Any) -> list[Path]:
    """The index and data files of ``cache``'s function (numba names them after it)."""
    folder = Path(cache._cache_path)
    index = Path(cache._cache_file._index_path)
    stem = index.name.removesuffix(".nbi")
    try:
        found = [path for path in folder.iterdir() if path.name.startswith(stem + ".")]
    except OSError:
        return []
    return [p for p in found if p.name == index.name or p.name.endswith(".nbc")]


def _check_files(cache: Any) -> None:
    """``files.Refused`` for a file of the cache numba would block on or read without
    end (a pipe, a device, a folder, a link to one, or one past the bound)."""
    for path in _own_files(cache):
        status = files.check_regular(path)
        if status.st_size > _NUMBA_LIMIT:
            raise files.Refused(f"{path} is larger than {_NUMBA_LIMIT >> 20} MB: not read")


#: The cache folders already reported damaged in this process: one line for each.
_told: set[str] = set()


def _recompile(cache: Any, error: Exception) -> None:
    """Move the damaged function's files aside and say so, once for its folder."""
    moved = [path for path in _own_files(cache) if files.move_aside(path, any_kind=True)]
    if cache._cache_path in _told:
        return
    _told.add(cache._cache_path)
    kind = type(error).__name__ if not isinstance(error, files.Refused) else str(error)
    what = "its damaged files moved aside as ….bad" if moved else "nothing moved"
    line = f"mastermind: numba's compiled cache in {cache._cache_path} is damaged ({kind}); "
    print(f"{line}{what}; recompiling", file=sys.stderr)


_numba_save: Callable[..., Any] = caching.Cache.save_overload


def _save_overload(cache: Any, sig: Any, data: Any) -> None:
    """numba's ``save_overload``, which reads the index back first: only when its files
    are regular ones (a pipe would block it), and a failure to save costs nothing but the
    next run's compile."""
    try:
        _check_files(cache)
        _numba_save(cache, sig, data)
    except KeyboardInterrupt:
        raise
    except OSError:
        pass  # a read-only or full disk: compiled all the same, next time too
    except Exception:  # a damaged index (or a pipe, a folder): moved aside for the next run
        for path in _own_files(cache):
            files.move_aside(path, any_kind=True)


caching.Cache.load_overload = _load_overload  # type: ignore[method-assign]
caching.Cache.save_overload = _save_overload  # type: ignore[method-assign]
