"""Records: your figures per size and your recent games; Enter replays a game move by move.

The records file is read in a job (``jobs``: another instance of the app may hold it
locked for a moment); whatever goes wrong is shown in one line and nothing else changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from engine.play.match import Role
from engine.words import plural

from ..jobs import Ticket, Working
from ..records.store import Records
from ..records.types import Game, Summary, size_text


@dataclass(frozen=True)
class RecordsLoaded:
    """What the "read" job found in the records file (or why it could not)."""

    summaries: list[Summary]
    games: list[Game]
    error: str = ""
    #: Games the file holds that could not be read (passed over).
    skipped: int = 0


class RecordsScreen(Working, Screen[None]):
    """Figures above, recent games below; Enter on a game replays it."""

    CSS_PATH = "records.tcss"
    SUB_TITLE = "Records"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back", id="back"),
        Binding("ctrl+r", "reload", "Reload", id="reload"),
        Binding("f5", "app.new_game", "Home", id="new-game"),
    ]
    RECENT = 50

    def __init__(self, path: Path | None, recording: bool = True) -> None:
        """``path``: the records file (None: recording is off); ``recording``: whether
        this run adds to it (not with --no-record)."""
        super().__init__()
        self.path = path
        self.recording = recording
        self.games: list[Game] = []
        self.summaries: list[Summary] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="records-body"):
            yield Static("Reading your records…", id="records-status", markup=False)
            summary: DataTable[str] = DataTable(
                id="records-sizes", cursor_type="row", zebra_stripes=True
            )
            summary.border_title = "By size"
            # the figures are of games played unaided, as the records keep them
            summary.border_subtitle = "practice and assisted games not counted"
            yield summary
            yield Static(id="records-rating", markup=False)
            recent: DataTable[str] = DataTable(
                id="records-games", cursor_type="row", zebra_stripes=True
            )
            recent.border_title = "Recent games (Enter: replay)"
            yield recent
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#records-sizes", DataTable).add_columns(
            "Size",
            "Limit",
            "Played",
            "Won",
            "Avg",
            "Best",
            "Streak",
            "Moves to win",
            "Lost/game (last 10)",
        )
        self.query_one("#records-games", DataTable).add_columns(
            "When", "Size", "Mode", "Broken by", "Outcome", "Moves"
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

        def read(ticket: Ticket[None]) -> RecordsLoaded:
            if not path.exists():
                return RecordsLoaded([], [])
            store = Records(path)
            summaries = store.summaries()
            return RecordsLoaded(summaries, store.games(limit=self.RECENT), "", store.unread)

        self.compute("read", read, self._show)

    def failed(self, job: str, error: str) -> None:
        self._show(RecordsLoaded([], [], error))

    def _show(self, loaded: RecordsLoaded) -> None:
        status = self.query_one("#records-status", Static)
        if loaded.error:
            status.update(loaded.error)
        elif not loaded.games:
            status.update("No games recorded yet: finish a game and it appears here.")
        else:
            paused = "" if self.recording else " (this run adds nothing: --no-record)"
            daily = "".join(
                f"; daily streak {size_text(s.colours, s.positions, s.repeats, s.answers)}: "
                f"{plural(s.daily_streak, 'day')}"
                for s in loaded.summaries
                if s.daily_streak and not s.hard
            )
            skipped = loaded.skipped and f"; {plural(loaded.skipped, 'game')} could not be read"
            status.update(
                f"{plural(len(loaded.games), 'recent game')}{daily}; "
                f"records kept in {self.path}{paused}{skipped or ''}"
            )
        sizes = self.query_one("#records-sizes", DataTable)
        sizes.clear()
        self.summaries = loaded.summaries
        for s in loaded.summaries:
            sizes.add_row(
                category(s),
                str(s.max_moves),
                str(s.played),
                str(s.won),
                "-" if s.average is None else f"{s.average:.2f}",
                "-" if s.best is None else str(s.best),
                str(s.streak),
                "  ".join(f"{m}:{n}" for m, n in s.histogram.items()),
                "none" if s.rating is None else f"{s.rating.lost:.2f} ({s.rating.recent:.2f})",
            )
        self._rating_of(sizes.cursor_row)
        games = self.query_one("#records-games", DataTable)
        games.clear()
        self.games = loaded.games
        for game in loaded.games:
            games.add_row(
                game.finished_at.replace("T", " ")[:16],
                size_text(game.colours, game.positions, game.repeats, game.answers),
                game.mode
                + (" (practice)" if game.practice else "")
                + (" (assisted)" if game.assisted else "")
                + (" (hard)" if game.hard else "")
                + (" (challenge)" if game.challenge is not None else "")
                + (" (timed)" if game.timed else ""),
                game.breaker_name or ("you" if game.breaker is Role.PERSON else game.strategy),
                game.outcome,
                str(len(game.moves)),
            )

    @on(DataTable.RowHighlighted, "#records-sizes")
    def _rating_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._rating_of(event.cursor_row)

    def _rating_of(self, row: int) -> None:
        """The rating of the size under the sizes' cursor, in words, under their table
        (the column has the figures: lost per game, and over the last 10)."""
        line = self.query_one("#records-rating", Static)
        if 0 <= row < len(self.summaries):
            s = self.summaries[row]
            line.update(f"Rating {category(s)}: {s.rating_words()}")
        else:
            line.update("")

    @on(DataTable.RowSelected, "#records-games")
    def _replay(self, event: DataTable.RowSelected) -> None:
        if 0 <= event.cursor_row < len(self.games):
            from .replay import ReplayScreen

            self.app.push_screen(ReplayScreen(self.games[event.cursor_row]))


def category(summary: Summary) -> str:
    """A row's figures: the size and rules, and "hard" and "timed" for the games kept
    apart."""
    size = size_text(summary.colours, summary.positions, summary.repeats, summary.answers)
    return size + " hard" * summary.hard + " timed" * summary.timed
