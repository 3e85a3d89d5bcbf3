"""The engine's numba kernels whose compiled code numba keeps on disk (``cache=True``), as
``numba_cache`` vouches for each before a process runs it: its source files (numba keys
its cache on each, and names its files after them), its modules, the same sources read by
Python, the calls the program makes run on a small size, and the calls compiled first.

* ``SEARCH``: the exact search (``numba_search``), driven by ``engine.optimal.search``;
* ``PARTITIONS``: every guess's class counts and Knuth's pruned keys past the answer
  table (``numba_partitions``), the partition strategies' tree walks;
* ``WALK``: the level-by-level walk of the big spaces (``numba_walk`` chooses each node's
  guess, ``numba_split`` splits the nodes by its answers), ``engine.walks.big``.

Each kernel's functions are imported only where its description is used (numba with
them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from .numba_exercise_walks import Results, partitions, walk

#: An exercise: the kernel's modules (compiled or read by Python) and what names each
#: function before it is called; its results.
Exercise = Callable[[tuple[ModuleType, ...], Callable[[str], None]], Results]

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Kernel:
    """One kernel numba caches, as its check reads, compiles and runs it."""

    #: What the check is asked for (``python -m engine.backends.numba_cache NAME``).
    name: str
    #: Its source files: numba's cache files of each begin with its stem.
    sources: tuple[Path, ...]
    #: Its modules imported, one a source (numba with them).
    load: Callable[[], tuple[ModuleType, ...]]
    #: Every call the program makes, on a small size.
    exercise: Exercise
    #: Its sources read by Python (``interpreted``): the answers the compiled code must give.
    interpreted: Callable[[], tuple[ModuleType, ...]]
    #: The calls compiled before any is run (a failure there is no file's), by function,
    #: with numba's types for their arguments; those not named are compiled when the
    #: exercise first makes them.
    compiled_first: Callable[[], dict[str, tuple[Any, ...]]] = dict

    @property
    def stems(self) -> tuple[str, ...]:
        return tuple(source.stem for source in self.sources)


def differs(ours: Results, theirs: Results) -> str | None:
    """The function whose result differs first between two runs (None: none does)."""
    for (name, a), (_, b) in zip(ours, theirs, strict=True):
        if not np.array_equal(np.asarray(a), np.asarray(b)):
            return name
    return None


def _search() -> tuple[ModuleType, ...]:
    from . import numba_search

    return (numba_search,)


def _search_interpreted() -> tuple[ModuleType, ...]:
    from . import interpreted

    return (interpreted.kernel(),)


def _search_exercise(modules: tuple[ModuleType, ...], say: Callable[[str], None]) -> Results:
    from . import numba_exercise

    return list(zip(numba_exercise.FROM, numba_exercise.run(modules[0], say), strict=True))


#: The search's functions the driver calls beyond those ``numba_aot`` builds ahead of
#: time, with the argument types it calls them with.
TABLE = ("uint64", 2), ("int64", 1), "uint64", "uint64"
JIT_ONLY: dict[str, tuple[Any, ...]] = {
    "hash_codes": (("int16", 1),),
    "recall": TABLE,
    "keep": (*TABLE, "int64"),
}


def _search_calls() -> dict[str, tuple[Any, ...]]:
    """Every call the driver makes of the search kernel, with numba's types."""
    from .numba_aot_record import SIGNATURES, numba_type

    entries = {name: arguments for name, (arguments, _) in SIGNATURES.items()}
    return {
        name: tuple(numba_type(a) for a in arguments)
        for name, arguments in {**entries, **JIT_ONLY}.items()
    }


def _partitions() -> tuple[ModuleType, ...]:
    from . import numba_partitions

    return (numba_partitions,)


def _walk() -> tuple[ModuleType, ...]:
    from . import numba_split, numba_walk

    return numba_walk, numba_split


def _read(*sources: Path) -> Callable[[], tuple[ModuleType, ...]]:
    """``sources`` read by Python, each (``interpreted.read``)."""

    def read() -> tuple[ModuleType, ...]:
        from . import interpreted

        return tuple(interpreted.read(source) for source in sources)

    return read


SEARCH = Kernel(
    "search",
    (HERE / "numba_search.py",),
    _search,
    _search_exercise,
    _search_interpreted,
    _search_calls,
)
PARTITIONS = Kernel(
    "partitions",
    (HERE / "numba_partitions.py",),
    _partitions,
    partitions,
    _read(HERE / "numba_partitions.py"),
)
WALK = Kernel(
    "walk",
    (HERE / "numba_walk.py", HERE / "numba_split.py"),
    _walk,
    walk,
    _read(HERE / "numba_walk.py", HERE / "numba_split.py"),
)
#: Every kernel numba caches, by name.
KERNELS = {kernel.name: kernel for kernel in (SEARCH, PARTITIONS, WALK)}
