"""The time a person takes to break a code: from the first guess to the last answer,
paused while a dialog is open over the game or the process is suspended. Nothing here
imports Textual: the screen says when to pause and resume."""

from __future__ import annotations

import time
from collections.abc import Callable


def monotonic() -> float:
    """The clock's time source, in seconds (the tests hold it still)."""
    return time.monotonic()


class GameClock:
    """A stopwatch that starts at the first guess and stops at the game's end; pauses
    nest (a dialog over a suspended app), so time runs again only when all are over."""

    def __init__(self, now: Callable[[], float] | None = None) -> None:
        """``now``: the time source (``monotonic`` when None)."""
        self._given = now
        self._started: float | None = None
        self._stopped: float | None = None
        #: Time spent paused before the current pause, if any.
        self._paused = 0.0
        self._pause_began: float | None = None
        self._pauses = 0

    def _now(self) -> float:
        return self._given() if self._given is not None else monotonic()

    @property
    def started(self) -> bool:
        return self._started is not None

    def start(self) -> None:
        """The first guess: the clock runs (later calls change nothing)."""
        if self._started is None:
            self._started = self._now()
            if self._pauses:
                self._pause_began = self._started

    def stop(self) -> None:
        """The last answer: the clock stands at the game's time."""
        if self._started is not None and self._stopped is None:
            self.resume_all()
            self._stopped = self._now()

    def pause(self) -> None:
        self._pauses += 1
        if self._pauses == 1 and self._started is not None and self._stopped is None:
            self._pause_began = self._now()

    def resume(self) -> None:
        if self._pauses == 0:
            return
        self._pauses -= 1
        if self._pauses == 0 and self._pause_began is not None:
            self._paused += self._now() - self._pause_began
            self._pause_began = None

    def resume_all(self) -> None:
        while self._pauses:
            self.resume()

    @property
    def seconds(self) -> float | None:
        """The game's time so far (None before the first guess)."""
        if self._started is None:
            return None
        end = self._stopped if self._stopped is not None else self._now()
        held = self._paused + (end - self._pause_began if self._pause_began is not None else 0)
        return max(0.0, end - self._started - held)


def clock_text(seconds: float) -> str:
    """``0:42``, ``12:05``, ``1:02:03``: whole seconds, as a clock shows them."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
