"""Watch a strategy break a known secret, one step at a time, forward and back."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.timer import Timer
from textual.widgets import Footer, Header, Static

from ..watch_session import WatchSession
from ..widgets.board import Board
from ..widgets.history import History
from ..widgets.trace import TracePane
from .base import SizedScreen, panes

#: Seconds between steps while playing.
PLAY_INTERVAL = 1.0


class WatchScreen(SizedScreen):
    """The whole game is solved in a worker first; stepping only changes what is shown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,right", "step(1)", "Next", id="next", priority=True),
        Binding("p,left", "step(-1)", "Back", id="back", priority=True),
        Binding("space", "play", "Play/pause", id="play", priority=True),
        Binding("home", "jump(0)", "Start", show=False, priority=True),
        Binding("end", "jump(-1)", "End", show=False, priority=True),
        Binding("f5", "app.new_game", "New game", id="new-game"),
    ]

    def __init__(self, session: WatchSession) -> None:
        super().__init__()
        self.session = session
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="status")
        yield from panes()
        yield Static("Thinking…", id="caption")
        yield Footer()

    def on_mount(self) -> None:
        settings = self.session.settings
        secret = self.session.format(self.session.secret)
        self.query_one("#status", Static).update(
            f"Watching {settings.strategy} break {secret} "
            f"({settings.rules.colours} colours x {settings.rules.positions} positions)"
        )
        self.compute("game", 0, self.session.play)

    def computed(self, job: str, tag: int, result: object) -> None:
        assert isinstance(result, tuple)
        self.session.take(result)
        self.redraw()

    def failed(self, job: str, error: str) -> None:
        self.query_one("#caption", Static).update(f"The strategy failed: {error}")

    def redraw(self) -> None:
        session = self.session
        space = session.space
        symbols = session.settings.notation.symbols(space.colours)
        rows = session.rows()
        secret = space.to_digits(session.secret) if session.at_end else None
        self.query_one(Board).show(
            rows, space.positions, session.settings.rules.max_moves, symbols, secret
        )
        self.query_one(History).show(
            [(session.format(space.from_digits(r.digits)), r.answer) for r in rows]
        )
        self.query_one(TracePane).show(
            session.trace(), session.format, space.colours, space.positions
        )
        self.query_one("#caption", Static).update(session.caption())

    def action_step(self, delta: int) -> None:
        if self.session.solved and self.session.go(delta):
            self.redraw()
        elif self._timer is not None:
            self.action_play()

    def action_jump(self, where: int) -> None:
        if self.session.solved:
            self.session.position = len(self.session.steps) if where < 0 else where
            self.redraw()

    def action_play(self) -> None:
        """Space: play the steps one a second, or pause."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            return
        if self.session.at_end:
            self.session.position = 0
            self.redraw()
        self._timer = self.set_interval(PLAY_INTERVAL, lambda: self.action_step(1))
