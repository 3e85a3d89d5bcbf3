"""Build the exact search's kernel ahead of time (``numba_aot`` loads it): numba's
``pycc`` compiles ``engine.backends.numba_search`` for the signatures ``numba_aot`` names
into a Python extension module, which a C compiler links with numba's runtime. Run by the
background compile (``engine.optimal.warmup``) after numba's JIT cache, or by hand:

    python -m engine.backends.numba_aot_build     # build unless built (waits for one under way)

Two things differ from ``pycc``'s defaults, each for parity with numba's JIT: the code is
compiled for this processor (``target_cpu``: ``pycc``'s generic one made the search a third
slower), and each function lets go of the interpreter while it runs (``nogil``: the driver
runs a long search in a thread and polls it for its progress and its stop). ``pycc`` is
deprecated in numba (it says so on stderr while building) and needs setuptools and C and
C++ compilers (numba's runtime is C++); where one is missing the build fails, says why, is
recorded as failed (``numba_aot.failure``) and numba's JIT stays in use.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager as ContextManager
from pathlib import Path
from typing import Any
from unittest import mock

from . import numba_aot, numba_aot_record
from .numba_aot_record import numba_type, source_constants

#: Longest wait for a build under way in another process (a build takes 15-40 s).
WAIT_SECONDS = 600.0


def _gil_free() -> ContextManager[Any]:
    """pycc compiling each function ``nogil``, as the JIT's ``search`` is: pycc takes no
    options, so numba's ``Flags`` as pycc's compiler names it is replaced while it compiles
    (docs/architecture.md, "The compile layer")."""
    from numba.core.compiler import Flags
    from numba.pycc import compiler

    def gil_free() -> Flags:
        flags = Flags()
        flags.inherit_if_not_set("release_gil", True)
        return flags

    return mock.patch.object(compiler, "Flags", gil_free)


def _compile(into: Path) -> Path:
    """The module compiled into the folder ``into``; its file."""
    from numba.core.typing.templates import signature
    from numba.pycc.cc import CC  # numba says pycc is deprecated, on stderr: so it is

    from . import numba_search

    cc = CC(numba_aot.MODULE, numba_search)
    cc.output_dir = str(into)
    cc.target_cpu = "host"
    cc.verbose = False
    for name, (arguments, returned) in numba_aot_record.SIGNATURES.items():
        sig = signature(numba_type(returned), *(numba_type(a) for a in arguments))
        function = getattr(numba_search, name)
        if name in ("search", "finishable"):  # each calls itself: typing that needs the JIT's
            function.compile(sig.args)  # version (from numba's cache, if there)
        cc.export(name, sig)(function.py_func)
    with _gil_free():
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
    """The module built in ``place`` (default ``numba_aot_record.folder()``) unless it is there
    and sound; its path (None where no module is built: no ``/proc/cpuinfo``). Raises
    what the build raised (no compiler, no pycc, a read-only folder)."""
    place = numba_aot_record.folder() if place is None else place
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
        except Exception as error:  # no compiler, no pycc: not tried for a day (``wanted``)
            with contextlib.suppress(OSError):
                numba_aot.failure(module).write_text(f"{error!r}\n", encoding="utf-8")
            raise
    return module


def _build_as(module: Path, record: Path) -> None:
    """Compile into a folder beside ``module``, move the module there, then write its
    ``record`` (last: a module without one is not used)."""
    from . import numba_search

    with tempfile.TemporaryDirectory(dir=module.parent, prefix="aot-") as work:
        os.replace(_compile(Path(work)), module)
    key, processor = numba_aot.key(), numba_aot.processor()
    if key is None or processor is None:
        raise RuntimeError("no /proc/cpuinfo: no module is built on this machine")
    if any(getattr(numba_search, n) != v for n, v in source_constants().items()):
        raise RuntimeError(f"{numba_aot_record.KERNEL} does not compute the constants it reads")
    text = numba_aot_record.text(key, numba_aot.digest(module), numba_aot.BUILD, processor)
    written = record.with_name(f"{record.name}.{os.getpid()}")
    written.write_text(text, encoding="utf-8")
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
