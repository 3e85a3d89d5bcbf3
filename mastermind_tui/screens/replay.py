"""A recorded game replayed as in a watch: the board with its pegs and, beside it, the
trace of each move (the answer, the codes still possible after it, the rating of a
person's guess), one move at a time."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from engine import CodeSpace, MastermindError, Notation, get_notation
from engine.explain.decisions import answer_text
from engine.feedback import answers, encode
from engine.play.match import Role
from engine.words import plural

from ..game.clock import clock_text
from ..game.debrief import rated
from ..game.views import Row
from ..jobs import Working
from ..records.types import Game, code_digits
from ..widgets.board import Board
from .sized import HORIZONTAL, VERTICAL, Sizing


def kinds_text(game: Game) -> str:
    """What kind of game it was, in words: `` (practice, assisted, hard mode)``."""
    kinds = [
        word
        for word, on in (
            ("practice", game.practice),
            ("assisted", game.assisted),
            ("abandoned", game.abandoned),
            ("hard mode", game.hard),
            ("a challenge", game.challenge is not None),
            ("timed", game.timed),
        )
        if on
    ]
    return f" ({', '.join(kinds)})" if kinds else ""


class ReplayScreen(Working, Screen[None]):
    """n / → / Space forward, p / ← back, Home and End to either end."""

    # Textual declares these as optional instance-level lists, so no ClassVar here.
    HORIZONTAL_BREAKPOINTS = HORIZONTAL
    VERTICAL_BREAKPOINTS = VERTICAL

    CSS_PATH = "records.tcss"
    SUB_TITLE = "Replay"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,right,space", "step(1)", "Next", id="next"),
        Binding("p,left", "step(-1)", "Back", id="previous"),
        Binding("home", "jump(0)", "Start", show=False),
        Binding("end", "jump(-1)", "End", show=False),
        Binding("d", "debrief", "Debrief", id="debrief"),
        Binding("escape", "app.pop_screen", "Records", id="back"),
    ]

    #: The moves on show: set by every step (even one past either end, which brings the
    #: trace back to its end), drawn in ``watch_shown``.
    shown: var[int] = var(0, init=False, always_update=True)

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.sizing = Sizing(self)
        self.game = game
        self.space = CodeSpace(game.colours, game.positions, game.repeats, game.answers)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="replay-title", markup=False)
        with Horizontal(id="replay-panes"):
            with Vertical(id="replay-board-pane", classes="replay-pane") as pane:
                pane.border_title = "Board"
                yield Board(id="replay-board")
            with VerticalScroll(id="replay-trace-pane", classes="replay-pane") as pane:
                pane.border_title = "Trace"
                yield Static(id="replay-moves", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.shown = 0
        self.sizing.mount()

    def on_resize(self, event: events.Resize) -> None:
        self.sizing.resized(event.size)

    def action_debrief(self) -> None:
        """D: the game's debrief, each move against the best play there."""
        from .debrief import DebriefScreen

        self.app.push_screen(DebriefScreen(self.game))

    def action_step(self, delta: int) -> None:
        self.shown = max(0, min(len(self.game.moves), self.shown + delta))

    def action_jump(self, to: int) -> None:
        """To move ``to`` (-1: the end)."""
        self.shown = len(self.game.moves) if to < 0 else to

    def code(self, text: str) -> int:
        return self.space.from_digits(code_digits(text))

    @property
    def notation(self) -> Notation:
        """The game's notation (MastermindError for a name edited by hand)."""
        game = self.game
        return get_notation(game.notation or ("letters" if game.colours <= 8 else "numbers"))

    def written(self, index: int) -> str:
        return self.notation.format(self.space, index)

    def watch_shown(self) -> None:
        game = self.game
        who = "You" if game.breaker is Role.PERSON else f"The computer ({game.strategy})"
        count = len(game.moves)
        moves = plural(count, "move")
        ended = f"solved in {moves}" if game.won else f"{game.outcome} after {moves}"
        if game.abandoned:
            ended = f"abandoned (left unfinished) after {moves}"
        if game.seconds is not None:
            ended += f", in {clock_text(game.seconds)}"
        when = game.finished_at[:10]
        if game.day is not None:  # a daily puzzle's game, of its date, whenever played
            when = f"the daily puzzle of {game.day}, played {when}"
        self.query_one("#replay-title", Static).update(
            f"{who}{kinds_text(game)} on {self.space.rules_text()}, {when}: {ended}. "
            f"Move {self.shown} of {count}."
        )
        try:
            self._draw_board()
            text = "\n".join(self._lines()) or "Press n (or →) for the first move."
        except (MastermindError, ValueError, KeyError) as error:  # a row edited by hand
            text = f"This game's record cannot be read ({error}); the file may be damaged."
        self.query_one("#replay-moves", Static).update(text)
        self.query_one("#replay-trace-pane", VerticalScroll).scroll_end(animate=False)

    def _draw_board(self) -> None:
        game, space = self.game, self.space
        rows = [
            Row(
                space.to_digits(self.code(m.guess)),
                space.answers.check(m.black, m.white, space.positions),
            )
            for m in game.moves[: self.shown]
        ]
        end = self.shown == len(game.moves) and game.secret is not None
        self.query_one(Board).show(
            rows,
            space.positions,
            max(game.max_moves, len(game.moves)),
            self.notation.symbols(space.colours),
            space.to_digits(self.code(game.secret)) if end and game.secret else None,
        )

    def _lines(self) -> list[str]:
        """Each move shown so far: its answer, the codes still possible after it, and a
        person's guess's rating in the engine's words."""
        space, game = self.space, self.game
        possible = space.allowed
        lines = []
        for number, move in enumerate(game.moves[: self.shown], 1):
            guess = self.code(move.guess)
            found = encode(move.black, move.white, space.positions)
            possible = possible[answers(space, guess, possible) == found]
            left = plural(len(possible), "code")
            lines.append(
                f"{number}. {self.written(guess)} gets "
                f"{answer_text(space.answers.check(move.black, move.white, space.positions))}: "
                f"{left} left"
            )
            rating = rated(number, move, self.space)
            if rating is not None:
                lines.append(f"   {rating.sentence(self.written)}")
        if self.shown == len(game.moves) and game.secret is not None:
            lines.append(f"The secret: {self.written(self.code(game.secret))}")
        return lines
