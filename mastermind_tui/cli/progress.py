"""The progress bar of the long commands (``stats``, ``tree``, a search made ready before
them): plain text on stderr, no Textual."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from engine.walks.stats import describe_seconds


class ProgressBar:
    """A bar on stderr, shown only on a terminal and only once a run passes one second,
    then redrawn every tenth of a second however fast or slow the games go, with the time
    left at the rate so far (a run below the game limit can still take hours). The line
    stays under 80 columns, so that a carriage return always reaches its start."""

    #: Seconds before the bar first appears, and between redraws.
    DELAY = 1.0
    INTERVAL = 0.1
    #: The time left is said from 1% of the games or this many seconds on: a tree walk's
    #: first games carry the costliest decisions, so the earliest rate is far too slow.
    SETTLE = 5.0
    WIDTH = 20

    def __init__(self, what: str = "games", clock: Callable[[], float] = time.perf_counter) -> None:
        #: What is counted: "games" (done/total shown), or a phrase after a percentage.
        self.what = what
        self.clock = clock
        self.start = clock()
        self.next_draw = self.start + self.DELAY
        self.drawn = 0  # length of the line on screen, to blank what a shorter one leaves
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self.tty:
            return
        now = self.clock()
        if now < self.next_draw:
            return
        self.next_draw = now + self.INTERVAL
        filled = self.WIDTH * done // max(1, total)
        elapsed = now - self.start
        left = ""
        if done and (done * 100 >= total or elapsed >= self.SETTLE):
            left = f", {describe_seconds((total - done) * elapsed / done)} left"
        count = f"{done:,}/{total:,} games"
        if self.what != "games":
            count = f"{100 * done // max(1, total)}% {self.what}"
        bar = f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {count}{left}"
        sys.stderr.write(f"\r{bar:<{self.drawn}}")
        sys.stderr.flush()
        self.drawn = len(bar)

    def close(self) -> None:
        if self.drawn:
            sys.stderr.write("\r" + " " * self.drawn + "\r")
            sys.stderr.flush()
