"""Records: your figures per size and your recent games; Enter replays a game move by move.

The records file is read in a job (``jobs``: another instance of the app may hold it
locked for a moment); whatever goes wrong is shown in one line and nothing else changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from engine import CodeSpace, MastermindError, get_notation
from engine.codes import rules_text
from engine.rating import MoveRating

from ..jobs import Ticket, Working
from ..records import Game, Move, Records, Summary, code_digits


@dataclass(frozen=True)
class RecordsLoaded:
    """What the "read" job found in the records file (or why it could not)."""

    summaries: list[Summary]
    games: list[Game]
    error: str = ""


class RecordsScreen(Working, Screen[None]):
    """Figures above, recent games below; Enter on a game replays it."""

    CSS_PATH = "records.tcss"
    SUB_TITLE = "Records"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="back"),
        Binding("f5", "reload", "Reload", id="reload"),
    ]
    RECENT = 50

    def __init__(self, path: Path | None, recording: bool = True) -> None:
        """``path``: the records file (None: recording is off); ``recording``: whether
        this run adds to it (not with --no-record)."""
        super().__init__()
        self.path = path
        self.recording = recording
        self.games: list[Game] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="records-body"):
            yield Static("Reading your records…", id="records-status", markup=False)
            summary: DataTable[str] = DataTable(
                id="records-sizes", cursor_type="row", zebra_stripes=True
            )
            summary.border_title = "By size"
            yield summary
            recent: DataTable[str] = DataTable(
                id="records-games", cursor_type="row", zebra_stripes=True
            )
            recent.border_title = "Recent games (Enter: replay)"
            yield recent
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#records-sizes", DataTable).add_columns(
            "Size", "Played", "Won", "Average", "Best", "Streak", "Moves to win"
        )
        self.query_one("#records-games", DataTable).add_columns(
            "When", "Size", "Mode", "Who broke it", "Outcome", "Moves"
        )
        self.query_one("#records-games", DataTable).focus()
        self.action_reload()

    def action_reload(self) -> None:
        if self.path is None:
            self._show(RecordsLoaded([], [], "Recording is off (MASTERMIND_RECORDS is empty)."))
        else:
            self._load(self.path)

    def _load(self, path: Path) -> None:
        """Read as this screen's job; any failure is one line on the screen."""

        def read(ticket: Ticket) -> RecordsLoaded:
            if not path.exists():
                return RecordsLoaded([], [])
            store = Records(path)
            return RecordsLoaded(store.summaries(), store.games(limit=self.RECENT))

        self.compute("read", 0, read)

    def failed(self, job: str, error: str) -> None:
        self._show(RecordsLoaded([], [], error))

    def computed(self, job: str, tag: int, result: object) -> None:
        assert isinstance(result, RecordsLoaded)
        self._show(result)

    def _show(self, loaded: RecordsLoaded) -> None:
        status = self.query_one("#records-status", Static)
        if loaded.error:
            status.update(loaded.error)
        elif not loaded.games:
            status.update("No games recorded yet: finish a game and it appears here.")
        else:
            paused = "" if self.recording else " (this run adds nothing: --no-record)"
            status.update(f"{len(loaded.games)} recent games; records kept in {self.path}{paused}")
        sizes = self.query_one("#records-sizes", DataTable)
        sizes.clear()
        for s in loaded.summaries:
            sizes.add_row(
                size_text(s.colours, s.positions, s.repeats),
                str(s.played),
                str(s.won),
                "-" if s.average is None else f"{s.average:.2f}",
                "-" if s.best is None else str(s.best),
                str(s.streak),
                "  ".join(f"{m}:{n}" for m, n in s.histogram.items()),
            )
        games = self.query_one("#records-games", DataTable)
        games.clear()
        self.games = loaded.games
        for game in loaded.games:
            games.add_row(
                game.finished_at.replace("T", " ")[:16],
                size_text(game.colours, game.positions, game.repeats),
                game.mode
                + (" (practice)" if game.practice else "")
                + (" (assisted)" if game.assisted else ""),
                "you" if game.breaker == "person" else f"computer ({game.strategy})",
                game.outcome,
                str(len(game.moves)),
            )

    @on(DataTable.RowSelected, "#records-games")
    def _replay(self, event: DataTable.RowSelected) -> None:
        if 0 <= event.cursor_row < len(self.games):
            self.app.push_screen(ReplayScreen(self.games[event.cursor_row]))


def size_text(colours: int, positions: int, repeats: bool) -> str:
    """``6x4``, or ``10x4 no repeats``: games of one size under other rules are apart."""
    return f"{colours}x{positions}" + ("" if repeats else " no repeats")


def rating_of(number: int, move: Move, code: Callable[[str], int]) -> MoveRating | None:
    """The engine's rating of a recorded guess, to be read in its own words; None when the
    guess was not rated."""
    if move.rule is None or move.value is None or move.best_value is None:
        return None
    return MoveRating(
        move=number,
        guess=code(move.guess),
        value=move.value,
        best_guess=code(move.best_guess) if move.best_guess else code(move.guess),
        best_value=move.best_value,
        rule=move.rule,
        higher_is_better=move.higher_is_better,
    )


class ReplayScreen(Screen[None]):
    """A recorded game, one move at a time as in a watch: n / → forward, p / ← back,
    Home and End to either end."""

    CSS_PATH = "records.tcss"
    SUB_TITLE = "Replay"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,right,space", "step(1)", "Next", id="next"),
        Binding("p,left", "step(-1)", "Back", id="previous"),
        Binding("home", "jump(0)", "Start", show=False),
        Binding("end", "jump(-1)", "End", show=False),
        Binding("escape", "app.pop_screen", "Records", id="back"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.shown = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="replay-title", markup=False)
        yield Static(id="replay-moves", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._draw()

    def action_step(self, delta: int) -> None:
        self.shown = max(0, min(len(self.game.moves), self.shown + delta))
        self._draw()

    def action_jump(self, to: int) -> None:
        """To move ``to`` (-1: the end)."""
        self.shown = len(self.game.moves) if to < 0 else to
        self._draw()

    def _draw(self) -> None:
        game = self.game
        who = "You" if game.breaker == "person" else f"The computer ({game.strategy})"
        count = len(game.moves)
        moves = f"{count} move" + ("" if count == 1 else "s")
        ended = f"solved in {moves}" if game.won else f"{game.outcome} after {moves}"
        self.query_one("#replay-title", Static).update(
            f"{who} on {rules_text(game.colours, game.positions, game.repeats)}, "
            f"{game.finished_at[:10]}: {ended}. Move {self.shown} of {count}."
        )
        try:
            text = "\n".join(self._lines()) or "Press n to begin."
        except (MastermindError, ValueError, KeyError) as error:  # a row edited by hand
            text = f"This game's record cannot be read ({error}); the file may be damaged."
        self.query_one("#replay-moves", Static).update(text)

    def _lines(self) -> list[str]:
        """The moves shown so far in the game's own notation, each with its rating."""
        game = self.game
        space = CodeSpace(game.colours, game.positions, game.repeats)
        notation = get_notation(game.notation or ("letters" if game.colours <= 8 else "numbers"))

        def code(text: str) -> int:
            return space.from_digits(code_digits(text))

        def written(index: int) -> str:
            return notation.format(space, index)

        lines = []
        for number, move in enumerate(game.moves[: self.shown], 1):
            line = f"{number:>3}. {written(code(move.guess))}   {move.black},{move.white}"
            rating = rating_of(number, move, code)
            if rating is not None:
                line += f"   {rating.sentence(written)}"
            lines.append(line)
        if self.shown == len(game.moves) and game.secret is not None:
            lines.append(f"\nThe secret: {written(code(game.secret))}")
        return lines
