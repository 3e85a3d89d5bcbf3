"""The numba backend (``engine.backends``): what it offers, the partition kernel
(``numba_partitions``) and the exact search (``engine.backends.numba_search``), each a file
of its own (numba's cache keys on the file), compiled with ``numba_jit.njit`` and imported
only when asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from . import PartitionKernel, SearchKernel

__all__ = ["partitions", "search"]


def partitions() -> PartitionKernel:
    """Every guess's class counts and Knuth's pruned keys (``numba_partitions``)."""
    from .numba_partitions import Partitions

    return Partitions()


def search() -> SearchKernel:
    """The exact search: built ahead of time where it is (``numba_aot``: no numba to
    import), else numba's JIT kernel, named rather than imported: it sits in
    ``engine.optimal``, above the backends."""
    from .numba_aot import load

    built = load()
    if built is not None:
        return cast("SearchKernel", built)
    return cast("SearchKernel", importlib.import_module("engine.backends.numba_search"))
