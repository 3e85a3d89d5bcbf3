"""The process ends the moment its command is done, whatever a thread is still working on.

A search or walk the app started in a thread (the optimal strategy's first search on 6x4
takes 10-25 s) cannot be stopped from outside, and Python waits for such threads at exit:
Ctrl+Q cleared the screen but left the process running until the search ended. Here the
only work worth waiting for, a game being written to the records, is finished (or written
now, if its thread never started), and then the process ends at once.

Imports nothing heavy: the console script calls ``end`` last.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys
import threading
from collections.abc import Callable

#: Jobs that must run before the process ends, not yet run.
_pending: set[Once] = set()
_registry = threading.Lock()
#: The timer ``end_by`` started, once.
_deadline: threading.Timer | None = None
#: Who ends the process: "command" (``end``) or "deadline" (``end_by``), the first to
#: come. Python's exit handlers run from two threads at once free the same entries twice
#: (a segmentation fault), so only one of them runs them.
_ender: str | None = None
#: Seconds the last word (pending jobs, exit handlers) may take before the process ends
#: without it.
LAST_WORD = 0.5


class Once:
    """A job run exactly once, by whoever comes first: its worker thread, or ``end``
    (which waits for a run under way to finish)."""

    def __init__(self, job: Callable[[], None]) -> None:
        self._job: Callable[[], None] | None = job
        self._lock = threading.Lock()
        with _registry:
            _pending.add(self)

    def __call__(self) -> None:
        with self._lock:
            job, self._job = self._job, None
            try:
                if job is not None:
                    job()
            finally:
                with _registry:
                    _pending.discard(self)


def end(code: int, at_once: bool = False) -> int:
    """Run the jobs still pending, then return ``code`` or, when some thread still runs
    (work nobody will read) or ``at_once`` says so, end the process now with it, exit
    handlers run first (the rating helper is killed by one) and the output flushed. A
    deadline (``end_by``) that falls due later does nothing; one already ending the
    process is waited for."""
    if not _claim("command"):
        threading.Event().wait()  # the deadline's thread ends the process
    return _finish(code, at_once)


def _claim(who: str) -> bool:
    """Whether ``who`` ends the process: the first to ask (and it again) does."""
    global _ender
    with _registry:
        if _ender is None:
            _ender = who
        return _ender == who


def _finish(code: int, at_once: bool) -> int:
    with _registry:
        jobs = list(_pending)
    for job in jobs:
        job()
    main = threading.main_thread()
    running = any(t is not main and not t.daemon and t.is_alive() for t in threading.enumerate())
    if not (running or at_once):
        return code
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


def end_by(code: int, seconds: float) -> None:
    """End the process with ``code`` ``seconds`` from now, whatever its threads are doing
    (Textual's writer blocked on a terminal that is gone, its shutdown waiting on it): a
    thread of its own waits, then ends it as ``end`` does, the jobs pending run first,
    and ``LAST_WORD`` seconds later at once should those hang too. The first call sets
    the deadline; later ones keep it."""
    global _deadline
    with _registry:
        if _deadline is not None:
            return
        _deadline = threading.Timer(seconds, _last_word, (code,))
    _deadline.daemon = True
    _deadline.start()


def _last_word(code: int) -> None:
    if not _claim("deadline"):  # the command is ending the process itself
        return
    cut = threading.Timer(LAST_WORD, os._exit, (code,))
    cut.daemon = True
    cut.start()
    _finish(code, at_once=True)
