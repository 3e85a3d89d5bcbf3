"""The board: one row per guess, its answer pegs beside it, empty rows up to the limit."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..state import Row
from .pegs import answer_pegs, code_pegs, empty_pegs


class Board(Static):
    """Draws rows given by the screen; knows nothing of the rules."""

    def show(
        self,
        rows: list[Row],
        positions: int,
        max_moves: int,
        symbols: list[str],
        secret: tuple[int, ...] | None = None,
    ) -> None:
        lines: list[Text] = []
        for number, row in enumerate(rows, 1):
            line = Text(f"{number:>2} ")
            line.append_text(code_pegs(row.digits, symbols))
            line.append("  ")
            line.append_text(answer_pegs(row.answer, positions))
            lines.append(line)
        for number in range(len(rows) + 1, max_moves + 1):
            line = Text(f"{number:>2} ", style="dim")
            line.append_text(empty_pegs(positions, symbols))
            lines.append(line)
        if secret is not None:
            line = Text("Secret ", style="bold")
            line.append_text(code_pegs(secret, symbols))
            lines.append(Text(""))
            lines.append(line)
        self.styles.width = max(line.cell_len for line in lines)
        self.update(Text("\n").join(lines))
