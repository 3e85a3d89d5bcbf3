"""The exact search's kernel built ahead of time: a Python extension module that numba's
``pycc`` compiled from ``engine.backends.numba_search`` (``numba_aot_build``), loaded here
without numba. Why: on a fresh install numba's JIT takes 10-12 s to compile the kernel, which
a HINT off every shipped tree would wait for, and importing numba costs 0.13 s of CPU on
every run that searches. Building it needs numba, setuptools and C and C++ compilers: it is
built by ``pip install`` (``setup.py``: ``installed``), else by the background compile
(``engine.optimal.warmup``) or ``python -m engine.backends.numba_aot_build`` (``folder``);
where it cannot be, numba's JIT (``numba_cpu``) serves. ``MASTERMIND_AOT=0``: the JIT alone.

What the module's code depends on (the kernel's source, the signatures below, Python,
numpy, the processor it is compiled for) is its key, in its name and in a record beside it
with its digest (``numba_aot_record``): a module or record damaged since it was built is
moved aside (``….bad``, the file named in one line) and the JIT answers; an installed one of
another key (the kernel edited since, numpy upgraded, a wheel built elsewhere) is passed
over, said in one line once per install and always by ``state``. Its functions take
exactly the argument types below; a call with any other types is handed to the JIT
kernel, never to the module.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import importlib.util
import os
import sys
import time
import weakref
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from ..storage import files
from .numba_aot_record import (
    KERNEL,
    SIGNATURES,
    State,
    Status,
    constants,
    difference,
    folder,
    made_for,
    read,
    shown,
)

#: The extension module's own name (its ``PyInit_``); the file's name adds the key.
MODULE = "mastermind_search_aot"
#: Bumped whenever the way the module is built changes what it holds.
BUILD = 1

#: The most the module (about a megabyte) and its record are read.
_LIMIT = 64 * 1024 * 1024


def allowed() -> bool:
    """Whether the module may be used (``MASTERMIND_AOT=0``: numba's JIT alone)."""
    return os.environ.get("MASTERMIND_AOT", "1") not in ("", "0")


@cache
def processor() -> str | None:
    """The processor, as the compiled code depends on it: its model and features from
    ``/proc/cpuinfo`` (None elsewhere: no module is built or loaded there)."""
    try:
        text = files.read_bounded(Path("/proc/cpuinfo"), 1 << 20).decode(errors="replace")
    except (OSError, files.Refused):
        return None
    first = text.split("\n\n", 1)[0].splitlines()
    kept = [line for line in first if line.split(":")[0].strip() in ("model name", "flags")]
    return "\n".join(kept) if kept else None


@cache
def key() -> str | None:
    """What the module's code depends on, as a short digest (None: no module here)."""
    found = processor()
    if found is None:
        return None
    sha = hashlib.sha256()
    sha.update(KERNEL.read_bytes())
    seen = (BUILD, SIGNATURES, sys.version, np.__version__, found, sys.implementation)
    sha.update(repr(seen).encode())
    return sha.hexdigest()[:16]


def paths(place: Path | None = None) -> tuple[Path, Path] | None:
    """The module's file and its record (None: no module on this machine)."""
    stamp = key()
    if stamp is None:
        return None
    place = folder() if place is None else place
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return place / f"{MODULE}-{stamp}{suffix}", place / f"{MODULE}-{stamp}.json"


def installed() -> tuple[Path, Path]:
    """The module built by ``pip install`` and its record, beside this file."""
    here = Path(__file__).resolve().parent
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return here / f"{MODULE}{suffix}", here / f"{MODULE}.json"


def digest(path: Path) -> str:
    return hashlib.sha256(files.read_bounded(path, _LIMIT)).hexdigest()


#: The files found damaged in this process: said once each.
_told: set[Path] = set()
#: What became of the module this run (``state``).
_state = State(Status.NOT_BUILT)


def _damaged(module: Path, record: Path, named: Path, why: str) -> State:
    """Move the module and its record aside (if it can) and say so in one line, naming
    the file found damaged, once."""
    moved = files.move_aside(module, any_kind=True)
    files.move_aside(record, any_kind=True)
    if named not in _told:
        _told.add(named)
        line = f"mastermind: the compiled search module's file {named} is damaged ({why})"
        where = "left in place" if moved is None and module.exists() else "moved aside as ….bad"
        print(f"{line}; {where}; using numba's compiled cache", file=sys.stderr)
    return State(Status.DAMAGED, named, why)


def _import(module: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(MODULE, module)
    if spec is None or spec.loader is None:
        raise ImportError(f"{module} is not an extension module")
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def load(place: Path | None = None) -> Kernel | None:
    """The kernel built ahead of time, if it is here, sound and allowed (None otherwise):
    in ``place``, or by default the one built in the background, else the one installed."""
    return _loaded(place) if allowed() else None


def state() -> State:
    """What became of the module in this run: loaded, passed over or damaged and why, not
    built, or turned off (what ``doctor`` shows)."""
    if not allowed():
        return State(Status.OFF, None, "MASTERMIND_AOT=0, numba's JIT alone")
    if key() is None:
        return State(Status.NO_MACHINE, None, "no /proc/cpuinfo to build it for")
    load()
    return _state


@cache
def _loaded(place: Path | None) -> Kernel | None:
    global _state
    found = paths(place)
    if found is None:
        return None
    kernel, seen = _load(*found)
    if kernel is None and place is None:
        kernel, other = _load(*installed(), other_keys=True)
        seen = other if seen.status is Status.NOT_BUILT else seen
    if place is None:
        _state = seen
    return kernel


def _load(module: Path, record: Path, other_keys: bool = False) -> tuple[Kernel | None, State]:
    """The module loaded, and its state; a record of another key is damage (``other_keys``:
    passed over, and said once per install)."""
    try:
        data = read(record)
    except FileNotFoundError:
        return None, State(Status.NOT_BUILT)
    except (OSError, files.Refused, ValueError) as error:
        return None, _damaged(module, record, record, str(error))
    try:
        if data["key"] != key():
            if not other_keys:
                return None, _damaged(module, record, record, "it is not this module's record")
            here = processor()
            why = difference(data, made_for(BUILD, here)) if here else ""
            return None, _passed_over(State(Status.PASSED_OVER, module, why), data)
        if digest(module) != data.get("sha256"):
            raise ValueError("its digest differs from the one written when it was built")
        try:
            known = constants(data)
        except ValueError as error:
            return None, _damaged(module, record, record, str(error))
        return Kernel(_import(module), known), State(Status.LOADED, module)
    except KeyboardInterrupt:
        raise
    except Exception as error:  # gone, truncated, another build: all of it is damage
        why = str(error) if isinstance(error, ValueError) else type(error).__name__
        return None, _damaged(module, record, module, why)


def _passed_over(seen: State, data: dict[str, Any]) -> State:
    """Say once per install (where a line reaches a person) that the module is passed
    over: remembered in the cache of trees, by the module's digest."""
    from ..storage.cache import directory

    trees = directory()
    if trees is None or not shown(seen):
        return seen
    told = trees / f"aot-passed-over-{key()}-{str(data.get('sha256'))[:16]}"
    if told.exists():
        return seen
    line = f"mastermind: the compiled search module {seen.path} is passed over ({seen.why})"
    print(f"{line}; numba's JIT serves (`mastermind doctor` says more)", file=sys.stderr)
    with contextlib.suppress(OSError):
        trees.mkdir(parents=True, exist_ok=True)
        told.touch()
    return seen


def _checker(spec: Any) -> Callable[[Any], bool]:
    """Whether a value is of the type ``spec`` names (see ``SIGNATURES``), as a function:
    made once, asked on every call. A tuple (the search's context, the same arrays on
    every call of a search) is checked once and known by its arrays' identity after."""
    if isinstance(spec, str):
        return lambda value: isinstance(value, (int, np.integer))
    if isinstance(spec[0], tuple):
        parts = [_checker(s) for s in spec]
        # The arrays of the last context checked, held weakly (a search's table may be
        # large, and is let go with its search).
        known: list[weakref.ref[Any]] = []

        def fits_tuple(value: Any) -> bool:
            if type(value) is not tuple or len(value) != len(parts):
                return False
            if len(known) == len(value) and all(
                ref() is v for ref, v in zip(known, value, strict=True)
            ):
                return True
            if not all(fits(v) for fits, v in zip(parts, value, strict=True)):
                return False
            known[:] = [weakref.ref(v) for v in value]
            return True

        return fits_tuple
    want, ndim = np.dtype(spec[0]), spec[1]

    def fits_array(value: Any) -> bool:
        return (
            type(value) is np.ndarray
            and (value.dtype is want or value.dtype == want)
            and value.ndim == ndim
            and bool(value.flags.carray)  # C-contiguous, aligned and writeable
        )

    return fits_array


class Kernel:
    """The ``SearchKernel`` of the module built ahead of time: its constants, its functions
    for the argument types they were built for, and numba's JIT kernel for anything else
    (imported then, as it always was)."""

    def __init__(self, module: ModuleType, constants: dict[str, int]) -> None:
        self.__dict__.update(constants)
        self.module = module
        for name, (arguments, _) in SIGNATURES.items():
            setattr(self, name, self._checked(name, arguments))

    def _checked(self, name: str, arguments: tuple[Any, ...]) -> Callable[..., Any]:
        built = getattr(self.module, name)
        checks = [_checker(spec) for spec in arguments]

        def call(*args: Any) -> Any:
            if len(args) == len(checks):
                for fits, value in zip(checks, args, strict=True):  # no generator: per call
                    if not fits(value):
                        break
                else:
                    return built(*args)
            return getattr(self._jit(), name)(*args)

        return call

    @staticmethod
    def _jit() -> Any:
        from . import numba_cache

        numba_cache.vouch()
        from . import numba_search

        return numba_search

    def __getattr__(self, name: str) -> Any:
        """A function not built ahead of time (``hash_codes``, ``recall``, ``keep``)."""
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._jit(), name)


def failure(module: Path) -> Path:
    """The record of a build that failed (no C compiler, no pycc, a full disk)."""
    return module.with_name(module.name.split(".", 1)[0] + ".failed")


#: How long a failed build is not tried again: its cause (a full disk, no compiler yet)
#: may pass; an install since (the kernel's file newer than the failure) tries at once.
RETRY_SECONDS = 24 * 3600.0


def failed_lately(module: Path) -> bool:
    """Whether a build of ``module`` failed within a day, since the last install."""
    try:
        failed = failure(module).stat().st_mtime
    except OSError:
        return False
    installed_at = max(KERNEL.stat().st_mtime, Path(__file__).stat().st_mtime)
    return failed > installed_at and time.time() - failed < RETRY_SECONDS


def wanted(place: Path | None = None) -> bool:
    """Whether a build is worth starting: a module could be here, is not (or is damaged),
    none was installed, no build of it failed lately, and its folder can be written."""
    found = paths(place)
    if not allowed() or found is None or failed_lately(found[0]) or sound(place):
        return False
    if place is None and _matches(*installed()):
        return False
    folder = found[0].parent
    return os.access(folder if folder.exists() else folder.parent, os.W_OK)


def sound(place: Path | None = None) -> bool:
    """Whether a module is here, its record matching it (not loaded)."""
    found = paths(place)
    return found is not None and _matches(*found)


def _matches(module: Path, record: Path) -> bool:
    """Whether the record is this run's key's and the module's digest its own."""
    with contextlib.suppress(OSError, files.Refused, ValueError):
        data = read(record)
        return bool(data["key"] == key() and digest(module) == data.get("sha256"))
    return False
