"""The full-screen app ends with its terminal, whatever Textual is doing.

A stopping signal (SIGTERM, SIGHUP, SIGINT) asks the app to close as Ctrl+Q does, with
128 + the signal's number, and sets a deadline (``process_end.end_by``): should the close
hang, the process ends ``GRACE`` seconds later all the same. It could hang: Textual writes
to the terminal from a thread through a queue of 30 writes, and once a terminal is gone
that thread dies on its first failed write (or blocks for good on one nobody reads), so
the next write, the one that restores the terminal on the way out included, waits for
ever; a signal handed to the event loop is then never heard either.

So the signal is heard by a Python handler, which runs even while the main thread waits
on that queue, and a thread of the app's own watches for a terminal lost without a
hangup (a closed pseudo-terminal left Textual's input thread spinning on end of file):
the terminal hung up, the parent gone, or Textual's writer dead: each ends the app as a
hangup.
"""

from __future__ import annotations

import asyncio
import os
import select
import signal
import threading
import time
from collections.abc import Callable
from types import FrameType

from ..process_end import end_by

#: Signals that close the app (the terminal is raw: Ctrl+C is a key, not SIGINT).
CLOSING = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
#: Seconds a close asked by a signal or a lost terminal may take before the process ends.
GRACE = 1.0
#: Seconds between two looks at the parent and the writer.
LOOK = 0.2
#: Textual's thread that writes to the terminal.
WRITER = "textual-output"
HANGUP = 128 + signal.SIGHUP


class Lifeline:
    """Holds the app to its terminal from before its first frame: ``close(code)`` is the
    app's own way out, asked on its event loop once it has one (``attach``); ``ending()``
    says the app is on its way out by any road (its writer then ends as it should, which
    is no news)."""

    def __init__(self, close: Callable[[int], None], ending: Callable[[], bool]) -> None:
        self.close = close
        self.ending = ending
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = False
        self._deadline = False
        self._started = False
        #: The code of a loss heard before the event loop was there to close the app.
        self._lost: int | None = None

    def start(self, headless: bool = False) -> None:
        """Hear the stopping signals and watch the terminal, from now on (the main
        thread). ``headless`` (a test's run): the signals and the process are the test
        runner's; the terminal is watched, and a lost one only closes the app."""
        if self._started:
            return
        self._started = True
        self._deadline = not headless
        if not headless:
            for signum in CLOSING:
                signal.signal(signum, self._signalled)
        watch = (os.getppid(), not headless)
        threading.Thread(target=self._watch, args=watch, name="lifeline", daemon=True).start()

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """The app's event loop, where ``close`` is asked once the app is ``ready``."""
        self._loop = loop

    def ready(self) -> None:
        """The first frame is drawn (on the event loop): from now on a loss closes the
        app at once (one heard before is acted on now). Closed while its first screen
        still mounts, the screen's handlers would meet widgets half made."""
        self._ready = True
        if self._lost is not None:
            self.close(self._lost)

    def lost(self, code: int) -> None:
        """End with ``code``: the app asked to close, the process ended in ``GRACE``
        seconds if it has not. From any thread, or a signal handler."""
        if self._deadline:
            end_by(code, GRACE)
        if self._lost is None:
            self._lost = code
        loop = self._loop
        if self._ready and loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.close, code)

    def _signalled(self, signum: int, frame: FrameType | None) -> None:
        self.lost(128 + signum)

    def _watch(self, parent: int, terminal: bool) -> None:
        """Until the app ends: its parent, and where the terminal is its own (not a test
        runner's), the terminal and Textual's writer."""
        writing = False
        while not self.ending():
            time.sleep(LOOK)
            alive = any(t.name == WRITER for t in threading.enumerate())
            writing = writing or alive
            if self.ending():
                return
            gone = terminal and ((writing and not alive) or _hung_up())
            if os.getppid() != parent or gone:
                self.lost(HANGUP)
                return


def _hung_up() -> bool:
    """Whether the terminal (or the pipes serve gives an app) is gone: its input or
    output hung up or in error, as ``poll`` tells without reading or writing."""
    poller = select.poll()
    for fd in (0, 1):
        poller.register(fd, 0)  # no event asked: hang-ups and errors are always told
    gone = select.POLLHUP | select.POLLERR | select.POLLNVAL
    return any(events & gone for _, events in poller.poll(0))
