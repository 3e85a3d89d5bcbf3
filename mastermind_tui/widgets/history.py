"""The classic BOARD listing as a table: move, guess, blacks (B), whites (W)."""

from __future__ import annotations

from textual.widgets import DataTable

from engine import Answer


class History(DataTable):
    """A read-only table refreshed by the screen. It never takes focus, so typing always
    reaches the command line; the screen scrolls it from the keyboard."""

    can_focus = False

    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.zebra_stripes = True
        self.add_columns("#", "Guess", "B", "W")

    def show(self, moves: list[tuple[str, Answer]]) -> None:
        self.clear()
        for number, (guess, answer) in enumerate(moves, 1):
            self.add_row(str(number), guess, str(answer.black), str(answer.white), key=str(number))
        if moves:
            self.move_cursor(row=len(moves) - 1)
