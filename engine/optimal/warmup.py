"""The exact search's kernel compiled in a process of its own, so that nothing a person
does waits on numba: on a fresh install the app starts ``start`` after its first frame;
meanwhile the shipped trees (``shipped``) and the interpreted backend
(``engine.backends.interpreted``, the sizes its ``fits`` names) answer, and only a
position off every tree of a bigger size waits for the compile to end (``kernel_for``).

Once numba's cache holds the compiled code, a marker in the cache of trees says so,
stamped with the kernel's source and numba's version: a changed kernel or another numba
is compiled again in the background the same way. The marker lists numba's files of the
kernel with their sizes and digests: one damaged since (truncated, emptied, a flipped
bit, gone) makes the kernel not ready, its files are moved aside (``….bad``, said in one
line: ``notice``) and compiled again in the background, the shipped trees and the
interpreted kernel answering meanwhile, rather than numba recompiling in the app's own
process while a person waits. Then the same process builds the kernel ahead of time
(``engine.backends.numba_aot``: later runs import no numba), unless a build failed before
(no C compiler); the app starts it for that alone where the JIT's cache is ready and the
module is not. ``MASTERMIND_WARMUP=0`` turns all this off (the kernel compiled where it
is first used, as before).

    python -m engine.optimal.warmup [PID]   # compile now; with PID, end when it ends
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import subprocess
import sys
import threading
import time
from functools import cache
from pathlib import Path

from ..backends import DEFAULT, numba_aot
from ..backends.interpreted import SMALL, fits
from ..codes import CodeSpace
from ..run import HERE, INTERVAL, Run
from ..storage import files

#: What a compile takes on an idle 2-core machine (11-12 s; 14 s at a load of 5).
COMPILE_SECONDS = 12.0
#: The backend a small size's search uses while the compile runs.
INTERIM = "interpreted"
#: The files whose change makes numba compile the kernel again.
SOURCES = ("backends/numba_search.py", "backends/numba_jit.py")

_process: subprocess.Popen[bytes] | None = None
_began = 0.0
#: The one line saying the compiled cache was found damaged ("" while it was not).
notice = ""
#: The last files found sound: (path, size, mtime) of each, so that a digest is taken
#: only when one of them changes (``ready`` is asked on every search and home line).
_sound: tuple[tuple[str, int, int], ...] | None = None
#: The most the marker is read (it lists a few files).
_MARKER_LIMIT = 64 * 1024


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
    from importlib import metadata  # 0.01 s: only where the kernel is compiled ahead

    sha.update(metadata.version("numba").encode())
    sha.update(sys.version.encode())
    return sha.hexdigest()[:16]


def marker() -> Path | None:
    """The file that says numba's cache holds this kernel (None: no cache of trees)."""
    from ..storage.cache import directory

    folder = directory()
    return None if folder is None else folder / f"kernel-{stamp()}.compiled"


def enabled() -> bool:
    """Whether the kernel is compiled in the background (off: where first used)."""
    return os.environ.get("MASTERMIND_WARMUP", "1") not in ("", "0") and marker() is not None


def ready() -> bool:
    """Whether the compiled kernel can be used at once (or compiling is not ours to do):
    built ahead of time (``numba_aot``: by the install, or after an earlier compile), or
    the marker is there and every file of numba's it lists is as the compile left it."""
    if not enabled() or numba_aot.load() is not None:
        return True
    place = marker()
    if place is None or not place.exists():
        return False
    try:
        listed = json.loads(files.read_bounded(place, _MARKER_LIMIT))["files"]
        kernel = {str(path): (int(size), str(digest)) for path, size, digest in listed}
    except (OSError, files.Refused, ValueError, KeyError, TypeError):
        _forget(place)  # a marker of another version, or damaged: compiled again
        return False
    return _intact(place, kernel)


def _intact(place: Path, kernel: dict[str, tuple[int, str]]) -> bool:
    """Whether numba's files of the kernel are those the compile wrote; if not, they are
    moved aside with the marker (the background compile then starts from nothing) and
    ``notice`` says so in one line."""
    global _sound, notice
    try:
        statuses = [(path, files.check_regular(Path(path))) for path in kernel]
        seen = tuple((path, status.st_size, status.st_mtime_ns) for path, status in statuses)
        if seen == _sound:
            return True
        damaged = [
            path
            for path, size, _ in seen
            if size != kernel[path][0] or _digest(Path(path)) != kernel[path][1]
        ]
    except (OSError, files.Refused) as error:  # gone, or a pipe or folder in its place
        damaged = [str(getattr(error, "filename", None) or error)]
    if not damaged:
        _sound = seen
        return True
    for path in kernel:
        files.move_aside(Path(path), any_kind=True)
    _forget(place)
    folder = Path(next(iter(kernel))).parent
    notice = (
        f"numba's compiled cache in {folder} is damaged ({Path(damaged[0]).name}); "
        "moved aside as ….bad; compiling again in the background"
    )
    return False


def _forget(place: Path) -> None:
    with contextlib.suppress(OSError):  # a read-only cache: compiled again each run
        place.unlink()


def _digest(path: Path) -> str:
    return hashlib.sha256(files.read_bounded(path)).hexdigest()


def kernel_files() -> list[Path]:
    """numba's index and data files of the search kernel (after a compile), in the
    folder numba keeps them for ``numba_search.py``."""
    from ..backends import numba_search

    folders = {
        Path(dispatcher._cache._cache_path)
        for dispatcher in vars(numba_search).values()
        if getattr(getattr(dispatcher, "_cache", None), "_cache_path", None)
    }
    return sorted(
        path
        for folder in folders
        for path in folder.glob("numba_search.*")
        if path.suffix in (".nbi", ".nbc")
    )


def start() -> None:
    """Compile the kernel in another process, unless it is compiled or compiling; once
    compiled, build it ahead of time there where that was not done (nor failed)."""
    global _process, _began
    if compiling() or (ready() and (not enabled() or not numba_aot.wanted())):
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
    said = f"{notice}: " if notice else ""
    if compiling():
        return f"{said}compiling the search in the background, about {left} s left"
    return f"{said}the search compiles first, about {left} s"


def kernel_for(space: CodeSpace, run: Run = HERE, whole: bool = False) -> str:
    """The backend a search of ``space`` should use now: the compiled one (ready, or
    waited for, ``run``'s stop heard meanwhile: a big size off its tree), the interpreted
    one (``INTERIM``) for a small size while the compile runs: positions off the tree for
    the sizes ``fits`` names, a ``whole`` tree only for those of at most ``SMALL`` codes
    (5x4's whole tree interpreted would take far longer than the compile)."""
    if ready():
        return DEFAULT
    start()
    from .reach import quick_tables  # else its tables take longer than the compile

    small = space.count <= SMALL or (
        not whole and fits(space.colours, space.positions, space.repeats, space.count)
    )
    if small and quick_tables(space):
        return INTERIM
    while compiling() and not ready():  # not the build ahead of time that follows
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
    asked = os.environ.get("MASTERMIND_AOT", "1")
    os.environ["MASTERMIND_AOT"] = "0"  # numba's JIT compiled, not a module's kernel run
    compile_all()
    os.environ["MASTERMIND_AOT"] = asked
    place = marker()
    if place is not None:
        listed = [[str(path), path.stat().st_size, _digest(path)] for path in kernel_files()]
        place.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"kernel": stamp(), "files": listed}, indent=1)
        written = place.with_name(f"{place.name}.{os.getpid()}")
        written.write_text(text + "\n", encoding="utf-8")
        os.replace(written, place)  # whole or not there: the app reads it at any time
    if numba_aot.wanted():  # then the kernel ahead of time: the next runs import no numba
        from ..backends import numba_aot_build

        with contextlib.suppress(Exception):  # said in its record of failure
            numba_aot_build.build()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
