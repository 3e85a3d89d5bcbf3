"""The daily puzzle's game: the play screen with the day's secret, par worked out in a
job, and at the end the share block (no colour, no code) and a key that copies it."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from engine import Outcome

from ..game.daily import Par, par, share_block
from ..game.session import GameSession
from ..records.figures import daily_streak, played_today
from ..records.store import Records
from ..records.types import Game
from .play import PlayScreen
from .sized import say_in


class ShareScreen(ModalScreen[None]):
    """The share block over the finished game: c copies it, Escape closes."""

    DEFAULT_CSS = """
    ShareScreen { align: center middle; background: $background 60%; }
    #share-box { width: 64; height: auto; border: round $accent;
                 padding: 0 2; background: $surface; }
    #share-note.-copied { color: $success; text-style: bold; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "copy", "Copy"),
        Binding("escape,enter,q", "dismiss", "Close"),
    ]

    def __init__(self, block: str, note: str, copied: bool = False) -> None:
        """``copied``: copied already as the box opens (``daily --copy``)."""
        super().__init__()
        self.block = block
        self.note = note
        self.copies = int(copied)

    def compose(self) -> ComposeResult:
        with Vertical(id="share-box") as box:
            box.border_title = "Share"
            yield Static(self.block, id="share-block", markup=False)
            yield Static(self.note, id="share-note", markup=False, classes=self.copied)

    @property
    def copied(self) -> str:
        return "-copied" if self.copies else ""

    def action_copy(self) -> None:
        """c: copied, said in the box in bold, with a count so that each press shows (the
        streak's line, if any, kept above)."""
        self.app.copy_to_clipboard(self.block)
        self.copies += 1
        streak = self.note.splitlines()[:-1]
        note = self.query_one("#share-note", Static)
        note.update("\n".join([*streak, copied_note(self.copies)]))
        note.add_class(self.copied)


def copied_note(copies: int) -> str:
    again = f" again ({copies})" if copies > 1 else ""
    return f"✓ Copied to the clipboard{again}, if your terminal supports it. Escape closes."


def read_games(path: Path) -> list[Game]:
    """Every game the records hold (none when there is no file yet)."""
    return Records(path).games() if path.exists() else []


class DailyScreen(PlayScreen):
    """One game on the day's secret; play again is refused (one puzzle a day)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # In the footer once the puzzle is over: an 80-column footer has no room for it
        # beside the game's keys (nor use). F6 before the end says when it comes.
        Binding("f6", "share", "Share", id="share"),
        Binding("f6", "share_early", show=False),
    ]

    def __init__(self, session: GameSession, day: date, copy: bool = False) -> None:
        super().__init__(session)
        self.day = day
        self.copy = copy
        self.par: Par | None = None
        #: The games the records held when the puzzle opened (None: not read).
        self.earlier: list[Game] | None = None

    def on_mount(self) -> None:
        """Par and the records, worked out in jobs (Textual mounts the play screen's side
        after this, whose opening line is the one that shows)."""
        space, secret = self.session.space, self.session.game.secret
        assert secret is not None
        kind = "practice (not counted)" if self.session.practice else "counted"
        self.say(f"Daily puzzle of {self.day} (UTC), {kind}. Guess!")
        hard = self.session.settings.hard
        self.compute("par", lambda ticket: par(space, secret, hard), self._par)
        path = getattr(getattr(self.app, "recorder", None), "records", None)
        if not self.session.practice and isinstance(path, Path):
            self.compute("records", lambda ticket: read_games(path), self._earlier)

    def _earlier(self, games: list[Game]) -> None:
        """The records read: a second game of today's puzzle is practice (the first of the
        day counts), and the daily streak is known for the end."""
        self.earlier = games
        if played_today(games, self.puzzle_size) and not self.session.over:
            self.session.make_practice("already played")  # the status line's one line
            self.say("Today's puzzle was played already: this game is practice (not counted).")
            say_in(self, self.session.status())

    @property
    def puzzle_size(self) -> tuple[int, int, bool]:
        space = self.session.space
        return space.colours, space.positions, space.repeats

    def streak(self) -> str:
        """The daily streak with this game, once over and the records were read."""
        finished = self.session.finished
        if self.earlier is None or finished is None or self.session.practice:
            return ""
        days = daily_streak([finished, *self.earlier], self.puzzle_size)
        return f"Daily streak: {days} day{'s' * (days != 1)} solved unaided."

    def failed(self, job: str, error: str) -> None:
        if job != "records":  # no records read: no streak shown, the game goes on
            super().failed(job, error)

    def _par(self, found: Par) -> None:
        self.par = found

    def block(self) -> str:
        session = self.session
        answers = [answer for _, answer in session.moves()]
        solved = session.game.outcome is Outcome.SOLVED
        hard = session.settings.hard
        return share_block(session.space, self.day, answers, solved, self.par, hard)

    def game_over_prompt(self) -> None:
        super().game_over_prompt()
        self.command_line.set_prompt("Game over:", "F6 share; D debrief; F5 home; HELP")
        self.action_share()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "share":
            return self.session.over
        return super().check_action(action, parameters)

    def action_share_early(self) -> None:
        self.action_share()

    def action_share(self) -> None:
        if not self.session.over:
            self.say("The share block comes once the puzzle is over.")
            return
        block = self.block()
        if self.par is not None:
            block += f"\n(par: {self.par.by}; its average {self.par.average:.2f})"
        note = "c copies it (if your terminal supports it); Escape closes."
        if self.copy:
            self.app.copy_to_clipboard(block)
            note = copied_note(1)
        if self.streak():
            note = f"{self.streak()}\n{note}"
        self.app.push_screen(ShareScreen(block, note, self.copy))

    def next_game_hint(self) -> str:
        streak = f" {self.streak()}" if self.streak() else ""
        return f"{streak} One puzzle a day: F6 shares it; F5 the home screen."

    def play_again(self) -> None:
        self.say("One puzzle a day: `mastermind daily --date YYYY-MM-DD` replays earlier ones.")
