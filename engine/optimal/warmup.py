"""The exact search's kernel compiled in a process of its own, so that nothing a person
does waits on numba: on a fresh install the app starts ``start`` after its first frame;
meanwhile the shipped trees (``shipped``) and the interpreted backend
(``engine.backends.interpreted``, the sizes its ``fits`` names) answer, and only a
position off every tree of a bigger size waits for the compile to end (``kernel_for``).

Once numba's cache holds the compiled code, the record of ``engine.backends.numba_cache``
(``kernel-….compiled``, beside numba's cache) says so, every file listed with its size and
digest: a changed kernel or another numba is compiled again in the background the same
way, and a file damaged since is moved aside (``….bad``, said in one line: ``notice``) and
compiled again there, the shipped trees and the interpreted kernel answering meanwhile.
Then the app's background process builds the kernel ahead of time
(``engine.backends.numba_aot``: later runs import no numba), unless a build failed lately
(``numba_aot.wanted``); the app starts it for that alone where the JIT's cache is ready and
the module is not. A command (no app) starts the compile alone: it would end the build
with its own exit. ``MASTERMIND_WARMUP=0`` turns the background off (the kernel's cache
vouched for where it is first used).

    python -m engine.optimal.warmup [PID] [--no-build]   # compile now; with PID, end
                                                         # when it ends
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time

from ..backends import DEFAULT, numba_aot, numba_cache
from ..backends.interpreted import SMALL, fits
from ..codes import CodeSpace
from ..run import HERE, INTERVAL, Run

#: What a compile takes on an idle 2-core machine (11-12 s; 14 s at a load of 5).
COMPILE_SECONDS = 12.0
#: The backend a small size's search uses while the compile runs.
INTERIM = "interpreted"
_process: subprocess.Popen[bytes] | None = None
_began = 0.0
#: The one line saying the compiled cache was found damaged ("" while it was not).
notice = ""


def enabled() -> bool:
    """Whether the kernel is compiled in the background (off: where first used)."""
    return (
        os.environ.get("MASTERMIND_WARMUP", "1") not in ("", "0")
        and numba_cache.record() is not None
    )


def ready() -> bool:
    """Whether the compiled kernel can be used at once (or compiling is not ours to do):
    built ahead of time (``numba_aot``: by the install, or after an earlier compile), or
    numba's cache vouched for by its record (``numba_cache.sound``)."""
    global notice
    if not enabled() or numba_aot.load() is not None:
        return True
    sound = numba_cache.sound()
    if numba_cache.said:
        notice = f"{numba_cache.said[-1]} in the background"
    return sound


def start(build: bool = True) -> None:
    """Compile the kernel in another process, unless it is compiled or compiling; once
    compiled, build it ahead of time there where that was not done (nor failed lately)
    and ``build`` (the app: a command would end the build with its own exit)."""
    global _process, _began
    if compiling() or (ready() and (not enabled() or not build or not numba_aot.wanted())):
        return
    _began = time.monotonic()
    _process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "engine.optimal.warmup",
            str(os.getpid()),
            *(() if build else ("--no-build",)),
        ],
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
    start(build=False)  # the app has started the whole of it after its first frame
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


def main(argv: list[str]) -> int:
    """Compile (numba's cache checked, what is missing compiled, in another process:
    ``numba_cache.vouch``), then build the module ahead of time unless ``--no-build``;
    with a process id (the app's), end as soon as that process is gone."""
    if argv and argv[0].isdigit():
        numba_cache.end_with(int(argv[0]))
    numba_cache.vouch()
    if "--no-build" not in argv and numba_aot.wanted():  # the next runs import no numba
        from ..backends import numba_aot_build

        with contextlib.suppress(Exception):  # said in its record of failure
            numba_aot_build.build()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
