"""The board: one row per guess, its answer pegs beside it, empty rows up to the limit."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ..game.views import Row
from .pegs import answer_pegs, code_pegs, empty_pegs


def row_label(number: int, symbols: list[str]) -> str:
    """A row's number, with a dot where the pegs are numbers too: "1. 1 1 2 2" (without
    it, "1 1 1 2 2" read as one more peg)."""
    return f"{number:>2}{'.' if symbols[0][:1].isdigit() else ''}"


class Board(Static):
    """Draws rows given by the screen; knows nothing of the rules. ``compact`` (set by the
    screen on narrow terminals) draws one-cell pegs for a narrower board."""

    compact: reactive[bool] = reactive(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: (
            tuple[list[Row], int, int, list[str], tuple[int, ...] | None, tuple[int, ...] | None]
            | None
        ) = None

    def show(
        self,
        rows: list[Row],
        positions: int,
        max_moves: int,
        symbols: list[str],
        secret: tuple[int, ...] | None = None,
        pending: tuple[int, ...] | None = None,
    ) -> None:
        """``pending``: a guess waiting for its answer, drawn in the next row with a ``?``."""
        self._shown = (rows, positions, max_moves, symbols, secret, pending)
        self._draw()

    def watch_compact(self) -> None:
        self._draw()

    def next_row(self, number: int) -> Text | None:
        """The row of the next guess, or None to draw it empty like the rows after it (a
        board that takes guesses peg by peg draws its row here)."""
        return None

    def _draw(self) -> None:
        if self._shown is None:
            return
        rows, positions, max_moves, symbols, secret, pending = self._shown
        compact = self.compact
        gap = " " if compact else "  "
        lines: list[Text] = []
        for number, row in enumerate(rows, 1):
            line = Text(f"{row_label(number, symbols)} ")
            line.append_text(code_pegs(row.digits, symbols, compact))
            line.append(gap)
            line.append_text(answer_pegs(row.answer, positions))
            lines.append(line)
        first_empty = len(rows) + 1
        if pending is not None and first_empty <= max_moves:
            line = Text(f"{row_label(first_empty, symbols)} ", style="bold")
            line.append_text(code_pegs(pending, symbols, compact))
            line.append(gap)
            line.append(f"{'?':<{positions}}", style="bold reverse")
            lines.append(line)
            first_empty += 1
        for number in range(first_empty, max_moves + 1):
            drawn = None if secret is not None or number > first_empty else self.next_row(number)
            if drawn is not None:
                lines.append(drawn)
                continue
            line = Text(f"{row_label(number, symbols)} ", style="dim")
            line.append_text(empty_pegs(positions, symbols, compact))
            line.append(gap + " " * positions)  # as wide as a played row: no widening later
            lines.append(line)
        if secret is not None:
            line = Text("Secret ", style="bold")
            line.append_text(code_pegs(secret, symbols, compact))
            lines.append(Text(""))
            lines.append(line)
        self.update(Text("\n").join(lines))
