"""The daily puzzle's game: the play screen with the day's secret, par worked out in a
job, and at the end the share block (no colour, no code) and a key that copies it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine import Outcome
from engine.words import plural

from ..game.daily import Marks, Par, differing, distribution, par, share_block
from ..game.session import GameSession
from ..records.figures import daily_streak, played_today
from ..records.types import Game
from .play import PlayScreen
from .sized import say_in
from .today import read_games


class ShareScreen(ModalScreen[None]):
    """The share block over the finished game: c copies it (exactly the lines in the box,
    nothing else), Escape closes. The note under the box is not copied."""

    DEFAULT_CSS = """
    ShareScreen { align: center middle; background: $background 60%; }
    #share-panel { width: 66; height: auto; max-height: 100%; background: $surface; }
    #share-box { height: auto; border: round $accent; padding: 0 2; }
    #share-note { height: auto; padding: 0 1; }
    #share-note.-copied { color: $success; text-style: bold; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "copy", "Copy"),
        Binding("escape,enter,q", "dismiss", "Close"),
    ]

    def __init__(
        self, block: str, note: str, copied: bool = False, by_hand: str | None = None
    ) -> None:
        """``note``: the streak's line ("" for none), then any more lines (what par is);
        ``copied``: copied already as the box opens (``daily --copy``); ``by_hand``:
        why the clipboard cannot be reached from here (the note then says how to copy
        the lines by hand)."""
        super().__init__()
        self.block = block
        self.note = note
        self.by_hand = by_hand
        self.copies = int(copied)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="share-panel"):
            with Vertical(id="share-box") as box:
                box.border_title = "Share"
                yield Static(self.block, id="share-block", markup=False)
            yield Static(self.noted(), id="share-note", markup=False, classes=self.copied)

    @property
    def copied(self) -> str:
        return "-copied" if self.copies and self.by_hand is None else ""

    def noted(self) -> str:
        """The note: the streak, what copying did (or how to copy by hand), what par is."""
        if self.by_hand is not None:
            how = copy_by_hand(self.by_hand)
        elif self.copies:
            how = copied_note(self.copies)
        else:
            how = "c copies the lines in the box (if your terminal passes it on); Escape closes."
        streak, *par_ = self.note.splitlines() or [""]
        return "\n".join(line for line in (streak, how, *par_) if line)

    def action_copy(self) -> None:
        """c: copied, said under the box in bold, with a count so that each press shows."""
        self.app.copy_to_clipboard(self.block)
        self.copies += 1
        note = self.query_one("#share-note", Static)
        note.update(self.noted())
        note.set_class(bool(self.copied), "-copied")


def copied_note(copies: int) -> str:
    again = f" again ({copies})" if copies > 1 else ""
    return (
        f"✓ Copied to the clipboard{again}, if your terminal passes it on (else select "
        "the box's lines with the mouse). Escape closes."
    )


def copy_by_hand(why: str) -> str:
    return (
        f"{why} does not pass a copy on to the clipboard: select the box's lines with "
        "the mouse (Shift+drag) and copy them. Escape closes."
    )


def unreachable_clipboard(environ: Mapping[str, str]) -> str | None:
    """Why the terminal will not pass a copy (OSC 52) on to the clipboard, where that is
    known: tmux and screen drop it unless set up to pass it, and the macOS Terminal and
    the Linux console never take it. None: it may well arrive."""
    if environ.get("TMUX"):
        return "tmux"
    if environ.get("STY"):
        return "screen"
    if environ.get("TERM_PROGRAM") == "Apple_Terminal":
        return "The macOS Terminal"
    if environ.get("TERM") == "linux":
        return "The Linux console"
    return None


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
        if isinstance(path, Path):
            self.compute("records", lambda ticket: read_games(path), self._earlier)

    def _earlier(self, games: list[Game]) -> None:
        """The records read: a second game of today's puzzle is practice (the first of the
        day counts), and the daily streak and guess distribution are known for the end."""
        self.earlier = games
        counted = not self.session.practice and not self.session.over
        if counted and played_today(games, self.puzzle_size):
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
        return f"Daily streak: {plural(days, 'day')} solved unaided."

    def failed(self, job: str, error: str) -> None:
        if job != "records":  # no records read: no streak shown, the game goes on
            super().failed(job, error)

    def _par(self, found: Par) -> None:
        self.par = found

    def block(self) -> str:
        """The share block of the game as played (``share_block``), marked with any help,
        practice, hard mode or rule that was not the day's."""
        session = self.session
        answers = [answer for _, answer in session.moves()]
        solved = session.game.outcome is Outcome.SOLVED
        marks = Marks(
            session.practice_why if session.practice else None,
            session.assisted,
            session.settings.hard,
            differing(session.rules),
        )
        timed = session.clock.seconds if session.settings.timed else None
        return share_block(session.space, self.day, answers, solved, self.par, marks, timed)

    def game_over_prompt(self) -> None:
        super().game_over_prompt()
        self.command_line.set_prompt("Game over:", "F6 share; D debrief; F5 home; HELP")
        self.action_share()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "share":
            return self.session.over
        return super().check_action(action, parameters)

    def offers_challenge(self) -> bool:
        """F6 shares; a practice game's code is in the share box's note (today's puzzle
        gives none: it is everyone's until the day is out)."""
        return False

    def action_share_early(self) -> None:
        self.action_share()

    def action_share(self) -> None:
        if not self.session.over:
            self.say("The share block comes once the puzzle is over.")
            return
        block = self.block()
        notes = [self.streak()]
        if self.par is not None:
            guesses = plural(self.par.guesses, "guess", "guesses")
            notes.append(
                f"Par: the {guesses} {self.par.by} needs for this secret "
                f"({self.par.average:.2f} on average over every secret)."
            )
        if self.earlier is not None:
            notes += distribution(self.earlier, self.puzzle_size, self.session.finished)
        code = self.challenging.code() if self.session.practice else None
        if code is not None:
            notes.append(f"Challenge a friend to this secret: mastermind play --challenge {code}")
        by_hand = unreachable_clipboard(os.environ)
        if self.copy:
            self.app.copy_to_clipboard(block)
        self.app.push_screen(ShareScreen(block, "\n".join(notes), self.copy, by_hand))

    def next_game_hint(self) -> str:
        streak = f" {self.streak()}" if self.streak() else ""
        took = self.timing.took()
        return f"{took}{streak} One puzzle a day: F6 shares it; F5 the home screen."

    def play_again(self) -> None:
        self.say("One puzzle a day: `mastermind daily --date YYYY-MM-DD` replays earlier ones.")
