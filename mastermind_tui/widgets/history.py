"""The classic BOARD listing as a table: move, guess, blacks (B), whites (W; none with
black pegs only), and in a person's game what each guess cost against the best one
(Cost)."""

from __future__ import annotations

from typing import Any

from textual.widgets import DataTable

from engine import Answer
from engine.answers import AnswerRule

#: The key of the column of costs.
COST = "cost"


class History(DataTable[str]):
    """A read-only table refreshed by the screen. It never takes focus, so typing always
    reaches the command line; the screen scrolls it from the keyboard."""

    can_focus = False

    def __init__(self, answers: AnswerRule, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: Whether answers have whites (a column of its own), as the classic answer does.
        self._whites = answers.uses_colours
        #: Each move's cost when the column shows (see ``show_costs``).
        self._costs: list[str] | None = None

    def on_mount(self) -> None:
        self.cursor_type = "row"
        self.zebra_stripes = True
        self.add_columns("#", "Guess", "B", *(["W"] if self._whites else []))

    def show(self, moves: list[tuple[str, Answer]]) -> None:
        self.clear()
        for number, (guess, answer) in enumerate(moves, 1):
            cells = [str(number), guess, str(answer.black)]
            if self._whites:
                cells.append(str(answer.white))
            if self._costs is not None:
                cells.append(self._cost(number))
            self.add_row(*cells, key=str(number))
        if moves:
            self.move_cursor(row=len(moves) - 1)

    def show_costs(self, costs: list[str] | None) -> None:
        """Each move's cost in a last column, in move order (moves not yet rated are left
        blank); None takes the column away (ratings hidden, or none to show)."""
        self._costs = costs
        if costs is None:
            if COST in self.columns:
                self.remove_column(COST)
            return
        if COST not in self.columns:
            self.add_column("Cost", key=COST)
        for number in range(1, self.row_count + 1):
            self.update_cell(str(number), COST, self._cost(number), update_width=True)

    def _cost(self, number: int) -> str:
        costs = self._costs or []
        return costs[number - 1] if number <= len(costs) else ""
