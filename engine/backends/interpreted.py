"""The interpreted backend (``engine.backends``): the exact search's kernel run by Python
itself, for the moments its compiled code is not on disk yet (a fresh install: numba takes
10-15 s to compile it, ``engine.optimal.warmup`` does that in another process meanwhile).

The same source as ``engine.backends.numba_search``, read with ``njit`` standing for
nothing: the same answers, some hundred times slower. A position of a few hundred codes is
weighed in well under a second (5x4 after a poor first guess, 256 codes: 0.8 s); ``fits``
says which sizes use it. It offers no partition kernel (the partition strategies compile
nothing this slow to wait for).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from .protocols import PartitionKernel, SearchKernel

__all__ = ["ALSO", "SMALL", "fits", "partitions", "search"]

#: Most codes of a size whose off-tree positions are searched here while compiling.
SMALL = 300
#: Bigger sizes (colours, positions, repeats) searched here too: each position after one
#: guess was timed (5x4: the largest class after each of the 5 first guesses, 120-256
#: codes, 0.5-2.5 s of CPU; waiting for the compile took 54 s under load). 6x4 without
#: repeats is not: a class of its took more than a minute.
ALSO = ((5, 4, True),)


def fits(colours: int, positions: int, repeats: bool, count: int) -> bool:
    """Whether a size's positions off its tree are searched here while compiling."""
    return count <= SMALL or (colours, positions, repeats) in ALSO


#: The kernel's source, read and run with ``njit`` replaced: an import would make each of
#: its functions numba's, calling the others compiled (and importing numba, 0.15 s).
SOURCE = Path(__file__).with_name("numba_search.py")
#: How a kernel imports numba's ``njit`` (replaced by ``_njit`` here).
IMPORT = "from numba import njit"
#: The kernel's functions that the driver (``engine.optimal.search``) calls.
_ENTRIES = (
    "search", "finishable", "orbit_pool", "fixing", "first_image", "colour_table",
    "hash_codes", "recall", "keep", "restore",
)  # fmt: skip


def _njit(*args: Any, **_options: Any) -> Any:
    """``njit`` as nothing: the function itself (used bare or with options)."""
    if args and callable(args[0]):
        return args[0]
    return lambda function: function


def _quiet(function: Callable[..., Any]) -> Callable[..., Any]:
    """The hashes multiply uint64 modulo 2**64 on purpose: numpy warns of it, numba not."""

    @functools.wraps(function)
    def call(*args: Any) -> Any:
        with np.errstate(over="ignore"):
            return function(*args)

    return call


def read(source: Path) -> ModuleType:
    """A numba kernel's module read with ``njit`` standing for nothing: its functions
    Python's own (``numba_cache``'s check compares their answers with the compiled ones).
    Its other imports are as they are."""
    text = source.read_text(encoding="utf-8")
    if IMPORT not in text:
        raise ImportError(f"{source} no longer imports njit as {IMPORT!r}")
    text = text.replace(IMPORT, "njit = _interpreted_njit")
    module = ModuleType(f"engine.backends.{source.stem}_interpreted")
    module.__dict__.update(
        __package__="engine.backends", __file__=str(source), _interpreted_njit=_njit
    )
    exec(compile(text, str(source), "exec"), module.__dict__)
    return module


@functools.cache
def kernel() -> ModuleType:
    """``engine.backends.numba_search`` interpreted (read once per process)."""
    module = read(SOURCE)
    for name in _ENTRIES:
        setattr(module, name, _quiet(getattr(module, name)))
    return module


def partitions() -> PartitionKernel | None:
    return None


def search() -> SearchKernel:
    """The exact search, interpreted."""
    return kernel()
