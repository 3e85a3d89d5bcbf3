"""What if: a line at the foot of the watch for any code, to see how it would split the
codes beside the strategy's choice. A modal line, so that every key typed reaches it (the
watch's single-key bindings stay asleep); Escape goes back. ``WhatIfAsker`` is the part of
the watch screen that asks it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from engine import MastermindError
from engine.words import plural

from ..game.watch_session import WatchSession
from ..game.what_if import WhatIf, what_if
from ..widgets.trace import TracePane
from .move_jobs import MoveJobs


class WhatIfLine(ModalScreen[int | None]):
    """Asks for a line (a code for what if, a move's number to go to); Enter gives back
    what ``read`` makes of it (it raises, with a one-line reason, on a line it cannot
    read: the line stays, saying it), Escape gives None."""

    DEFAULT_CSS = """
    WhatIfLine {
        align: left bottom;
        background: $background 0%;
    }
    #what-if-box {
        height: auto;
        border-top: solid $accent;
        background: $surface;
        padding: 0 1;
        margin-bottom: 1;
    }
    #what-if-input {
        border: none;
        height: 1;
        padding: 0;
    }
    #what-if-message.error {
        color: $error;
        text-style: bold;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    def __init__(self, read: Callable[[str], int], example: str, prompt: str = "") -> None:
        """``prompt``: what the line asks (by default, a code for what if)."""
        super().__init__()
        self.read = read
        self.example = example
        self.prompt = prompt or (
            f"What if: type a code (e.g. {example}) and Enter; Escape goes back"
        )

    def compose(self) -> ComposeResult:
        with Vertical(id="what-if-box"):
            yield Static(self.prompt, id="what-if-message", markup=False)
            yield Input(placeholder=self.example, id="what-if-input")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        try:
            code = self.read(event.value)
        except MastermindError as error:
            message = self.query_one("#what-if-message", Static)
            message.update(f"{error}; try again, or Escape")
            message.add_class("error")
            return
        self.dismiss(code)

    def action_back(self) -> None:
        self.dismiss(None)


class WhatIfAsker:
    """The watch's what-if, for w and Escape: the line, the work in a job for the move on
    show, the answer kept for its move (the session's ``what_if``); ``redraw`` draws the
    beat again, ``pause`` stops playing first."""

    def __init__(
        self,
        screen: Screen[Any],
        session: WatchSession,
        jobs: MoveJobs,
        pause: Callable[[], None],
        redraw: Callable[[], None],
    ) -> None:
        self.screen = screen
        self.session = session
        self.jobs = jobs
        self.pause = pause
        self.redraw = redraw

    def _caption(self, text: str) -> None:
        self.screen.query_one("#caption", Static).update(text)

    def took(self, result: WhatIf) -> None:
        """A what-if worked out: drawn if its move is still on show, the two splits
        scrolled into view (a short terminal has them under the fold)."""
        if not self.session.asked(result):
            return
        self.redraw()
        self.screen.call_after_refresh(self.screen.query_one(TracePane).show_split)

    def ask(self) -> None:
        """w: a line for any code, split beside the strategy's choice once Enter reads it."""
        self.pause()
        session = self.session
        if not session.solved:
            self._caption("Wait for the game to be worked out, then w asks what if.")
        elif session.before() is None:
            self._caption("Too many codes are still possible to split here: step forward first.")
        else:
            notation, space = session.settings.notation, session.space
            example = session.format(session.steps[session.move].guess)
            line = WhatIfLine(lambda text: notation.parse(space, text), example)
            self.screen.app.push_screen(line, self._asked)

    def _asked(self, code: int | None) -> None:
        """The code typed on the what-if line (None: Escape), worked out in a worker."""
        session = self.session
        before = session.before()
        if code is None or before is None:
            return
        settings, move = session.settings, session.move
        moves = [(s.guess, s.answer) for s in session.steps[:move]]
        choice = session.steps[move].decision
        self._caption(
            f"Working out how {session.format(code)} would split {plural(len(before), 'code')}…"
        )
        self.jobs.start(
            "what-if", lambda _: what_if(settings, moves, before, choice, code), self.took
        )

    def drop(self) -> None:
        """Escape: back to the runner-up beside the strategy's choice."""
        self.jobs.owner.forget("what-if")
        if self.session.drop_what_if():
            self.redraw()
