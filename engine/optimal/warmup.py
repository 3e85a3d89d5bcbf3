"""The exact search's kernel compiled in a process of its own, so that nothing a person
does waits on numba: on a fresh install the app starts ``start`` after its first frame;
meanwhile the shipped trees (``shipped``) and the interpreted backend
(``engine.backends.interpreted``, sizes of up to ``SMALL`` codes) answer, and only a
position off every tree of a bigger size waits for the compile to end (``kernel_for``).

Once numba's cache holds the compiled code, a marker in the cache of trees says so,
stamped with the kernel's source and numba's version: a changed kernel or another numba
is compiled again in the background the same way. ``MASTERMIND_WARMUP=0`` turns all this
off (the kernel compiled where it is first used, as before).

    python -m engine.optimal.warmup [PID]   # compile now; with PID, end when it ends
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import threading
import time
from functools import cache
from importlib import metadata
from pathlib import Path

from ..backends import DEFAULT
from ..backends.interpreted import SMALL
from ..codes import CodeSpace
from ..run import HERE, INTERVAL, Run

#: What a compile takes on an idle 2-core machine (11-12 s; 14 s at a load of 5).
COMPILE_SECONDS = 12.0
#: The backend a small size's search uses while the compile runs.
INTERIM = "interpreted"
#: The files whose change makes numba compile the kernel again.
SOURCES = ("optimal/search_kernel.py", "backends/numba_jit.py")

_process: subprocess.Popen[bytes] | None = None
_began = 0.0


@cache
def stamp() -> str:
    """The kernel's source, where it is installed and where numba keeps its cache, and
    numba's version, as a short digest: numba's cache belongs to one installation (it is
    keyed on the kernel file's path), so another install of the same source beside it
    (a second virtual environment) must compile its own."""
    sha = hashlib.sha256()
    engine = Path(__file__).resolve().parent.parent
    sha.update(str(engine).encode())
    sha.update(os.environ.get("NUMBA_CACHE_DIR", "").encode())
    for name in SOURCES:
        sha.update((engine / name).read_bytes())
    sha.update(metadata.version("numba").encode())
    sha.update(sys.version.encode())
    return sha.hexdigest()[:16]


def marker() -> Path | None:
    """The file that says numba's cache holds this kernel (None: no cache of trees)."""
    from ..cache import directory

    folder = directory()
    return None if folder is None else folder / f"kernel-{stamp()}.compiled"


def enabled() -> bool:
    """Whether the kernel is compiled in the background (off: where first used)."""
    return os.environ.get("MASTERMIND_WARMUP", "1") not in ("", "0") and marker() is not None


def ready() -> bool:
    """Whether the compiled kernel can be used at once (or compiling is not ours to do)."""
    if not enabled():
        return True
    place = marker()
    return place is not None and place.exists()


def start() -> None:
    """Compile the kernel in another process, unless it is compiled or compiling."""
    global _process, _began
    if ready() or compiling():
        return
    _began = time.monotonic()
    _process = subprocess.Popen(
        [sys.executable, "-m", "engine.optimal.warmup", str(os.getpid())],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # a Ctrl+C in the terminal is the app's alone
    )


def compiling() -> bool:
    """Whether the background compile is under way."""
    return _process is not None and _process.poll() is None


def stop() -> None:
    """End the background compile (the app quits): numba writes its cache atomically."""
    if compiling():
        assert _process is not None
        _process.kill()
        _process.wait()


def seconds_left() -> float:
    """How long until the compiled kernel can be used: 0 once it can."""
    if ready():
        return 0.0
    if compiling():
        return max(1.0, COMPILE_SECONDS - (time.monotonic() - _began))
    return COMPILE_SECONDS


def status() -> str:
    """The compile in words, for the home screen ("" once compiled)."""
    if ready():
        return ""
    left = round(seconds_left())
    if compiling():
        return f"compiling the search in the background, about {left} s left"
    return f"the search compiles first, about {left} s"


def kernel_for(space: CodeSpace, run: Run = HERE) -> str:
    """The backend a search of ``space`` should use now: the compiled one (ready, or
    waited for, ``run``'s stop heard meanwhile: a big size off its tree), the interpreted
    one (``INTERIM``) for a small size while the compile runs."""
    if ready():
        return DEFAULT
    start()
    if space.count <= SMALL:
        return INTERIM
    while compiling():
        run.check()
        time.sleep(INTERVAL)
    return DEFAULT


def compile_all() -> None:
    """Run every kind of call the app makes, on small sizes: numba compiles and caches
    each function for the types it meets, which do not depend on the size."""
    from .search import OptimalSearch
    from .tree import build_tree, decision, least_cap, rate

    for colours, positions, repeats in ((3, 3, True), (4, 3, False)):
        space = CodeSpace(colours, positions, repeats)
        for only_possible, cap in ((False, None), (True, None), (False, 5)):
            search = OptimalSearch(space, only_possible=only_possible, max_guesses=cap)
            tree = build_tree(search)
            first, secret = int(search.everything[0]), search.everything[-1]
            split = search.answers[first, search.everything]
            codes = search.everything[split == search.answers[first, secret]]
            decision(search, codes, (first,))
            rate(search, search.everything, (), int(search.everything[1]))
            search.restore(search.proved())
            assert tree.total > 0
        least_cap(OptimalSearch(space))


def _end_with(parent: int) -> None:
    """In the compiling process: end at once when ``parent`` (the app) is gone, as every
    process of this program ends with its parent (a killed app, a closed terminal)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(1)

    if os.getppid() != parent:  # gone before this process started
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def main(argv: list[str]) -> int:
    """Compile; with a process id (the app's), end as soon as that process is gone."""
    if argv and argv[0].isdigit():
        _end_with(int(argv[0]))
    compile_all()
    place = marker()
    if place is not None:
        place.parent.mkdir(parents=True, exist_ok=True)
        place.write_text(f"numba's cache holds the search kernel {stamp()}\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
