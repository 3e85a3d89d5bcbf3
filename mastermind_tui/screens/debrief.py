"""The debrief of a finished game: each move's guess and answer, the
codes possible before and after it, the best move there and what the guess cost against
it, and the codes still possible before the last guess. Opened with D once a game is
over, and from a replay in Records; what the record lacks is worked out in a job."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from engine.play.match import Role
from engine.rating.guesses import MoveRating
from engine.words import plural

from ..game.debrief import Debrief
from ..jobs import Working
from ..records.types import Game, size_text

#: The table's columns: the best move and the guess's own value in the rule's unit.
COLUMNS = ("#", "Guess", "Answer", "Before", "After", "Best there", "Yours", "Cost")


class DebriefScreen(Working, Screen[None]):
    """A game's moves against the best play, one row a move; Escape goes back."""

    SUB_TITLE = "Debrief"
    DEFAULT_CSS = """
    DebriefScreen #debrief-title, DebriefScreen #debrief-rule { padding: 0 1; }
    DebriefScreen #debrief-rule { color: $text-muted; }
    DebriefScreen #debrief-table { height: auto; max-height: 14; }
    DebriefScreen #debrief-scroll { height: 1fr; }
    DebriefScreen #debrief-end { padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,d", "app.pop_screen", "Back", id="back"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.debrief = Debrief(game)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="debrief-title", markup=False)
        yield Static(id="debrief-rule", markup=False)
        table: DataTable[str] = DataTable(id="debrief-table", cursor_type="row", zebra_stripes=True)
        yield table
        with VerticalScroll(id="debrief-scroll"):
            yield Static(id="debrief-end", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns(*COLUMNS)
        work = self.debrief.work()
        if work is not None:
            self.compute("debrief", lambda ticket: work(), self._rated)
        self.draw()
        self.query_one(DataTable).focus()

    def _rated(self, ratings: list[MoveRating]) -> None:
        self.debrief.take(ratings)
        self.draw()

    def failed(self, job: str, error: str) -> None:
        self._say(f"The best moves could not be worked out ({error}).", "#debrief-rule")

    def _say(self, text: str, where: str) -> None:
        for line in self.query(where).results(Static):
            line.update(text)

    def draw(self) -> None:
        debrief, game = self.debrief, self.debrief.game
        who = "Your game" if game.breaker is Role.PERSON else f"{game.strategy}'s game"
        moves = plural(len(game.moves), "move")
        ended = f"solved in {moves}" if game.won else f"{game.outcome} after {moves}"
        hard = " in hard mode" if game.hard else ""
        size = size_text(game.colours, game.positions, game.repeats, game.answers)
        self._say(f"{who}, {size}{hard}: {ended}. Escape goes back.", "#debrief-title")
        working = " Working out the best move at each position…" if self.busy("debrief") else ""
        self._say(debrief.rule_text() + working, "#debrief-rule")
        table = self.query_one(DataTable)
        table.clear()
        fmt = debrief.format
        for line in debrief.lines():
            r = line.rating
            best = "…" if r is None else f"{fmt(r.best_guess)} {r.number(r.best_value)}"
            table.add_row(
                str(line.number),
                fmt(line.guess),
                f"{line.answer.black},{line.answer.white}",
                f"{line.before:,}",
                f"{line.after:,}",
                best,
                "…" if r is None else r.number(r.value),
                "…" if r is None else r.cost(),
            )
        self._say(debrief.ending(), "#debrief-end")
