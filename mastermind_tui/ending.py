"""SIGTERM and SIGHUP for the plain-text commands: raised as ``Ended``, so that whatever
the command holds (worker processes, a half-written line) is let go of on the way out,
and the exit code says which signal ended it (128 + its number, as a shell reports).
And Ctrl+C during the engine's long work: it asks the run to stop (``ctrl_c_stops``);
and the last line of a command whose terminal may be gone (``say_last``)."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from types import FrameType

#: The signals a person or a supervisor sends to stop a command.
STOPPING = (signal.SIGTERM, signal.SIGHUP)


class Ended(BaseException):
    """A stopping signal arrived. A BaseException, as KeyboardInterrupt is: work that
    catches Exception does not swallow it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Ended(signum)


def end_on_signals() -> None:
    """Raise ``Ended`` on SIGTERM and SIGHUP where they have their default action (an
    ignored one, as under ``nohup``, stays ignored)."""
    for signum in STOPPING:
        if signal.getsignal(signum) is signal.SIG_DFL:
            signal.signal(signum, _raise)


@contextmanager
def ctrl_c_stops() -> Iterator[Callable[[], bool]]:
    """Within it, Ctrl+C asks the engine's run to stop (the check yielded, for its
    ``Run.stop``): the work ends within about a second, raising ``Stopped``, a
    KeyboardInterrupt (said "interrupted", exit code 130), what an exact search proved
    kept. A second Ctrl+C interrupts at once. An ignored SIGINT (a background job) stays
    ignored; off the main thread nothing is installed."""
    asked = threading.Event()
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    ):
        yield asked.is_set
        return

    def interrupted(signum: int, frame: FrameType | None) -> None:
        if asked.is_set():
            raise KeyboardInterrupt
        asked.set()

    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        yield asked.is_set
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def ending_at_once() -> Iterator[None]:
    """Within it, SIGTERM and SIGHUP have their default action again: work that holds
    nothing to let go of but spends seconds in one C call (``json.loads`` of a tree file
    of tens of MB), where Python's handler would wait for the call's end, stops at once.
    Off the main thread, or where they are ignored, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.getsignal(signum) for signum in STOPPING}
    for signum, handler in previous.items():
        if handler is _raise:
            signal.signal(signum, signal.SIG_DFL)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            if handler is _raise:
                signal.signal(signum, _raise)


def say_last(line: str) -> None:
    """``line`` on stderr as a command ends; a terminal gone takes nothing, and then
    standard output and error point at /dev/null, so that nothing fails again (turning
    a hangup's exit code into an error's) as the process ends."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
        except OSError:
            return
        for fd in (1, 2):
            with suppress(OSError):
                os.dup2(devnull, fd)
        os.close(devnull)
