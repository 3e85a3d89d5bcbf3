"""The numba backend (``engine.backends``): what it offers, the partition kernel
(``numba_partitions``) and the exact search (``numba_search``), each a file of its own
(numba's cache keys on the file), imported only when asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .protocols import PartitionKernel, SearchKernel

__all__ = ["partitions", "search"]


def partitions() -> PartitionKernel:
    """Every guess's class counts and Knuth's pruned keys (``numba_partitions``), its
    cache vouched for first (``numba_cache``)."""
    from . import numba_cache
    from .numba_kernels import PARTITIONS

    numba_cache.vouch(PARTITIONS)
    from .numba_partitions import Partitions

    return Partitions()


def search() -> SearchKernel:
    """The exact search: built ahead of time where it is (``numba_aot``: no numba to
    import), else numba's JIT kernel, its cache vouched for first (``numba_cache``)."""
    from . import numba_aot, numba_cache

    built = numba_aot.load()
    if built is not None:
        return built
    numba_cache.vouch()
    from . import numba_search

    return numba_search
