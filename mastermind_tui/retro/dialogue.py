"""The 1978 Creative Computing MASTERMIND as a dialogue: typed lines in, the exact text the
original printed out. No Textual here; both the teletype screen and the plain mode drive it.

API::

    d = Dialogue(seed=None, gwbasic_rnd=False, newline="\\n")
    text = d.start()       # title and the first prompt, "NUMBER OF COLORS? "
    text = d.feed("6")     # what the program prints after that line, up to the next prompt
    d.prompt               # the current line so far (e.g. "MOVE #  1  GUESS ? ")
    d.finished             # True after GOOD BYE or the FINAL SCORE

``feed`` output does not repeat the typed line nor the line end after it: the interpreter
echoed those, so a frontend shows them (a terminal echoes by itself; a pipe gets
``line + d.newline`` from the plain mode; the teletype shows what was typed).

The program itself is ``listing``; its PRINT and INPUT are ``basic_io``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..records.types import Game
from .basic_io import BasicIO
from .gwbasic import Rnd, make_rnd
from .listing import Listing


class Dialogue:
    """The 1978 program, fed one typed line at a time (see the module docstring)."""

    def __init__(
        self,
        seed: int | None = None,
        gwbasic_rnd: bool = False,
        newline: str = "\n",
        rnd: Rnd | None = None,
        recorder: Callable[[Game], None] | None = None,
    ) -> None:
        """``newline`` is the line end printed ("\\r\\n" gives the original's bytes);
        ``rnd`` overrides the random source (tests); ``recorder`` is handed each game that
        ends, either role, for the records."""
        self.newline = newline
        self.finished = False
        self._io = BasicIO()
        self._program = Listing(self._io, rnd or make_rnd(seed, gwbasic_rnd), recorder).run()
        self._started = False

    @property
    def prompt(self) -> str:
        """What is printed on the current line, up to where the typed text goes."""
        return self._io.line

    def start(self) -> str:
        """Run the program up to its first INPUT; return what it printed."""
        if self._started:
            raise RuntimeError("the dialogue has already started")
        self._started = True
        next(self._program)
        return self._take()

    def feed(self, line: str) -> str:
        """Give the typed line (without its line end) to the waiting INPUT; return what the
        program prints next, up to the next prompt or the end."""
        if not self._started or self.finished:
            raise RuntimeError("the dialogue is not waiting for a line")
        try:
            self._program.send(line)
        except StopIteration:
            self.finished = True
        return self._take()

    def _take(self) -> str:
        text = self._io.take()
        return text if self.newline == "\n" else text.replace("\n", self.newline)
