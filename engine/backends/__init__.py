"""The seam where compiled code plugs into the engine: what a backend offers, and the one
function that chooses a backend by name.

A backend is a module with two functions, ``partitions()`` and ``search()``, each giving
what it offers or None (a backend may offer either):

* ``PartitionKernel``: every guess's class counts over the candidates, and Knuth's
  pruned keys (what the partition strategies weigh past the answer table);
* ``SearchKernel``: the exact optimal search's compiled calls and the constants naming
  its modes and counters (what ``engine.optimal.search.OptimalSearch`` drives).

A second backend is one new module, a function importing it and one line in ``BACKENDS``,
as the GPU's is (``cuda``: the partition kernel only). Each is imported when chosen, not
before, so that choosing a backend imports only that one (numba's start-up is paid only
by the runs that compile).
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import ConfigError
from .protocols import Backend, PartitionKernel, SearchKernel


def _numba() -> Backend:
    from . import numba_cpu

    return numba_cpu


def _interpreted() -> Backend:
    from . import interpreted

    return interpreted


def _cuda() -> Backend:
    from . import cuda

    return cuda


#: Backend name -> what imports the module that is it.
BACKENDS: dict[str, Callable[[], Backend]] = {
    "numba": _numba,
    # The numba kernel's source run as plain Python: small sizes while numba compiles.
    "interpreted": _interpreted,
    # The partition kernel on an NVIDIA GPU (the extra 'gpu': numba-cuda).
    "cuda": _cuda,
}
#: The backend the engine uses unless told otherwise.
DEFAULT = "numba"
#: The name that picks the GPU's backend where one is here, else the default.
AUTO = "auto"
#: What ``--backend`` offers (the interpreted one is the search's stand-in, not a choice).
CHOICES = (AUTO, "numba", "cuda")


def resolve(name: str) -> str:
    """The backend ``name`` stands for: ``auto`` is cuda where numba-cuda sees a GPU (or
    its simulator), numba otherwise; any other name is itself. Finding out imports
    numba-cuda, so only ``auto`` pays for it."""
    if name != AUTO:
        return name
    from . import cuda

    return "cuda" if cuda.available() else DEFAULT


def backend(name: str = DEFAULT) -> Backend:
    """The backend called ``name`` (its module imported now); ConfigError if none is."""
    load = BACKENDS.get(name)
    if load is None:
        raise ConfigError(
            f"no compiled backend is called {name!r}; there are: {', '.join(BACKENDS)}"
        )
    return load()


def partition_kernel(name: str = DEFAULT) -> PartitionKernel:
    """The partition kernel of the backend called ``name``; ConfigError if it has none."""
    kernel = backend(name).partitions()
    if kernel is None:
        raise ConfigError(f"the {name} backend offers no partition kernel")
    return kernel


def search_kernel(name: str = DEFAULT) -> SearchKernel:
    """The exact search of the backend called ``name``; ConfigError if it has none."""
    kernel = backend(name).search()
    if kernel is None:
        raise ConfigError(f"the {name} backend offers no exact search")
    return kernel


__all__ = [
    "AUTO",
    "BACKENDS",
    "CHOICES",
    "DEFAULT",
    "Backend",
    "PartitionKernel",
    "SearchKernel",
    "backend",
    "partition_kernel",
    "resolve",
    "search_kernel",
]
