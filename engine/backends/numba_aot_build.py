"""Build the exact search's kernel ahead of time (``numba_aot`` loads it): numba's
``pycc`` compiles ``engine.backends.numba_search`` for the signatures ``numba_aot`` names
into a Python extension module, which a C compiler links with numba's runtime. Run by the
background compile (``engine.optimal.warmup``) after numba's JIT cache, or by hand:

    python -m engine.backends.numba_aot_build     # build unless built (waits for one under way)

Two things differ from ``pycc``'s defaults, each for parity with numba's JIT: the code is
compiled for this processor and its features (``pycc``'s generic processor made the
search a third slower), and each function lets go of the interpreter while it runs
(``nogil``: the driver runs a long search in a thread and polls it for its progress and
its stop). ``pycc`` is deprecated in numba and needs setuptools and C and C++ compilers
(numba's runtime is C++); where one is missing the build fails, says why, is recorded as
failed (``numba_aot.failure``) and numba's JIT stays in use.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from . import numba_aot

#: Longest wait for a build under way in another process (a build takes 15-40 s).
WAIT_SECONDS = 600.0


def _numba(name: str) -> Any:
    """One of numba's modules (imported here alone: only a build imports numba)."""
    return importlib.import_module(name)


def _type(spec: Any) -> Any:
    """numba's type for an argument written as ``numba_aot.SIGNATURES`` writes it."""
    types = _numba("numba.core.types")
    if spec is None:
        return types.none
    if isinstance(spec, str):
        return types.int64
    if isinstance(spec[0], tuple):
        return types.Tuple([_type(s) for s in spec])
    dtype = _numba("numba.np.numpy_support").from_dtype(np.dtype(spec[0]))
    return types.Array(dtype, spec[1], "C")


@contextlib.contextmanager
def _like_the_jit() -> Iterator[None]:
    """pycc compiling for this processor and its features, each function ``nogil``."""
    pycc_compiler, codegen = _numba("numba.pycc.compiler"), _numba("numba.core.codegen")
    flags: Any = _numba("numba.core.compiler").Flags

    class GilFree(flags):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.release_gil = True

    aot = codegen.AOTCPUCodegen
    features = aot._customize_tm_features
    pycc_compiler.Flags = GilFree
    aot._customize_tm_features = lambda self: self._get_host_cpu_features()
    try:
        yield
    finally:
        pycc_compiler.Flags = flags
        aot._customize_tm_features = features


def _compile(into: Path) -> Path:
    """The module compiled into the folder ``into``; its file."""
    kernel = importlib.import_module("engine.backends.numba_search")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc's deprecation
        signature = _numba("numba.core.typing").signature
        cc = _numba("numba.pycc").CC(numba_aot.MODULE, kernel)
        cc.output_dir = str(into)
        cc.target_cpu = "host"
        cc.verbose = False
        for name, (arguments, returned) in numba_aot.SIGNATURES.items():
            sig = signature(_type(returned), *(_type(a) for a in arguments))
            if name == "search":  # it calls itself: typing that call needs the JIT's
                kernel.search.compile(sig.args)  # version (from numba's cache, if there)
            cc.export(name, sig)(getattr(kernel, name).py_func)
        with _like_the_jit():
            cc.compile()
    built = sorted(into.glob(f"{numba_aot.MODULE}*"))
    if not built:
        raise RuntimeError("pycc wrote no module")
    return built[0]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextlib.contextmanager
def _lock(place: Path) -> Iterator[bool]:
    """True while this process alone builds in ``place``; False when another process
    was building and has finished (or gone) meanwhile."""
    lock = place / f"{numba_aot.MODULE}.lock"
    began = time.monotonic()
    while True:
        try:
            handle = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            with contextlib.suppress(OSError, ValueError):
                old = time.time() - lock.stat().st_mtime > WAIT_SECONDS  # its pid reused
                if old or not _alive(int(lock.read_text() or "0")):
                    lock.unlink()  # left by a build that was killed
                    continue
            if time.monotonic() - began > WAIT_SECONDS:
                raise TimeoutError(f"another build holds {lock}") from None
            time.sleep(0.2)
            if numba_aot.sound(place):
                yield False
                return
            continue
        os.write(handle, str(os.getpid()).encode())
        os.close(handle)
        break
    try:
        yield True
    finally:
        with contextlib.suppress(OSError):
            lock.unlink()


def build(place: Path | None = None) -> Path | None:
    """The module built in ``place`` (default ``numba_aot.folder()``) unless it is there
    and sound; its path (None where no module is built: no ``/proc/cpuinfo``). Raises
    what the build raised (no compiler, no pycc, a read-only folder)."""
    place = numba_aot.folder() if place is None else place
    found = numba_aot.paths(place)
    if found is None:
        return None
    module, record = found
    if numba_aot.sound(place):
        return module
    place.mkdir(parents=True, exist_ok=True)
    with _lock(place) as mine:
        if not mine or numba_aot.sound(place):
            return module
        for left in place.glob("aot-*"):  # a build killed midway (the app quit)
            shutil.rmtree(left, ignore_errors=True)
        try:
            _build_as(module, record)
        except Exception as error:  # no compiler, no pycc: not tried again (``wanted``)
            with contextlib.suppress(OSError):
                numba_aot.failure(module).write_text(f"{error!r}\n", encoding="utf-8")
            raise
    return module


def _build_as(module: Path, record: Path) -> None:
    """Compile into a folder beside ``module``, move the module there, then write its
    ``record`` (last: a module without one is not used)."""
    kernel = importlib.import_module("engine.backends.numba_search")
    with tempfile.TemporaryDirectory(dir=module.parent, prefix="aot-") as work:
        os.replace(_compile(Path(work)), module)
    constants = {name: int(getattr(kernel, name)) for name in numba_aot.CONSTANTS}
    text = json.dumps(
        {"key": numba_aot.key(), "sha256": numba_aot.digest(module), "constants": constants}
    )
    written = record.with_name(f"{record.name}.{os.getpid()}")
    written.write_text(text + "\n", encoding="utf-8")
    os.replace(written, record)


def install(module: Path) -> Path | None:
    """Build the module as ``pip install`` does (``setup.py``): at ``module`` (the path
    setuptools gives the extension), its record beside it (returned); on failure (no
    compiler, no Python headers) one line on stderr and None: the install goes on."""
    if numba_aot.key() is None:
        print("mastermind: no search module built (no /proc/cpuinfo)", file=sys.stderr)
        return None
    module.parent.mkdir(parents=True, exist_ok=True)
    record = module.with_name(f"{numba_aot.MODULE}.json")
    for old in (module, record):  # an earlier install's, whatever it was built for
        with contextlib.suppress(FileNotFoundError):
            old.unlink()
    began = _cpu()
    try:
        _build_as(module, record)
    except Exception as error:
        line = f"mastermind: the search module was not built ({error}); numba's JIT serves"
        print(line, file=sys.stderr)
        return None
    print(f"mastermind: built {module.name} ({_cpu() - began:.1f} s of CPU)", file=sys.stderr)
    return record


def _cpu() -> float:
    """CPU seconds of this process and its children (the C compiler)."""
    import resource

    mine, theirs = (
        resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    return mine.ru_utime + mine.ru_stime + theirs.ru_utime + theirs.ru_stime


def main(argv: list[str]) -> int:
    """Build; one line on stderr and exit 1 where it cannot be built."""
    began = _cpu()
    try:
        built = build(Path(argv[0]) if argv else None)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # no compiler, no pycc, no room: the JIT stays in use
        print(f"mastermind: the search module was not built: {error}", file=sys.stderr)
        return 1
    if built is None:
        print("mastermind: no search module on this machine (no /proc/cpuinfo)", file=sys.stderr)
        return 1
    print(f"{built} ({_cpu() - began:.1f} s of CPU, the C compiler's included)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
