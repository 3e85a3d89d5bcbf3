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

from collections.abc import Callable
from typing import Any

from numba import njit
from numba.core import caching

__all__ = ["njit"]

_numba_load: Callable[..., Any] = caching.Cache.load_overload


def _load_overload(cache: Any, sig: Any, target_context: Any) -> Any:
    """``Cache.load_overload`` less the refresh of the compiler's registries."""
    try:
        from numba.core.runtime.nrt import rtsys

        rtsys.initialize(target_context)
        with cache._guard_against_spurious_io_errors():
            return cache._load_overload(sig, target_context)
    except (ImportError, AttributeError):  # another numba: its own way
        return _numba_load(cache, sig, target_context)


caching.Cache.load_overload = _load_overload  # type: ignore[method-assign]
