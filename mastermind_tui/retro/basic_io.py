"""PRINT and INPUT as the interpreter ran them for the 1978 listing: printed text is kept
until the frontend takes it, the line printed so far is the prompt, and an INPUT line the
interpreter cannot use gets ``?Redo from start`` and the question again.

No Textual here: the listing prints through this, and the dialogue hands what it printed on.
"""

from __future__ import annotations

from collections.abc import Generator

from .gwbasic import Redo, parse_numbers, parse_string


class BasicIO:
    """The listing's PRINT and INPUT statements; INPUT yields until it is sent a line."""

    def __init__(self) -> None:
        self._out: list[str] = []
        #: What is printed on the current line, up to where the typed text goes.
        self.line = ""

    def take(self) -> str:
        """What was printed since the last take, with "\\n" line ends."""
        text = "".join(self._out)
        self._out.clear()
        return text

    def write(self, text: str) -> None:
        """PRINT ...; (no line end)."""
        self._out.append(text)
        self.line = (self.line + text).rpartition("\n")[2]

    def print(self, text: str = "") -> None:
        """PRINT ..., with its line end."""
        self.write(text + "\n")

    def input_numbers(self, prompt: str, count: int) -> Generator[None, str, list[float]]:
        """INPUT of ``count`` numbers."""
        while True:
            self.write(prompt + "? ")
            line = yield
            try:
                return parse_numbers(line, count)
            except Redo:
                self.print("?Redo from start")

    def input_string(self, prompt: str) -> Generator[None, str, str]:
        """INPUT of one string."""
        while True:
            self.write(prompt + "? ")
            line = yield
            try:
                return parse_string(line)
            except Redo:
                self.print("?Redo from start")
