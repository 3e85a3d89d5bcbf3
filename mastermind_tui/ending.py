"""SIGTERM and SIGHUP for the plain-text commands: raised as ``Ended``, so that whatever
the command holds (worker processes, a half-written line) is let go of on the way out,
and the exit code says which signal ended it (128 + its number, as a shell reports)."""

from __future__ import annotations

import signal
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
