"""What if: a line at the foot of the watch for any code, to see how it would split the
codes beside the strategy's choice. A modal line, so that every key typed reaches it (the
watch's single-key bindings stay asleep); Escape goes back. ``AsksWhatIf`` is the watch
screen's side of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.reactive import var
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from engine import MastermindError
from engine.words import plural

from ..game.watch_session import WatchSession
from ..game.what_if import WhatIf, what_if
from ..jobs import Ticket
from ..widgets.trace import TracePane
from .sized import SizedScreen

R = TypeVar("R")
N = TypeVar("N")


class WhatIfLine(ModalScreen[int | None]):
    """Asks for a code; Enter gives back the code read (``read`` raises, with a one-line
    reason, on one that cannot be read: the line stays, saying it), Escape gives None."""

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

    def __init__(self, read: Callable[[str], int], example: str) -> None:
        super().__init__()
        self.read = read
        self.example = example

    def compose(self) -> ComposeResult:
        with Vertical(id="what-if-box"):
            yield Static(
                f"What if: type a code (e.g. {self.example}) and Enter; Escape goes back",
                id="what-if-message",
                markup=False,
            )
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


class AsksWhatIf(SizedScreen):
    """What the watch screen does for w and Escape: the line, the work in a worker, the
    answer kept for its move; the screen draws (``watch_shown``) and pauses (``pause``)."""

    session: WatchSession
    #: Each change of what the session has on show (the game worked out, a step, a
    #: what-if asked or dropped): the screen draws it in ``watch_shown``.
    shown: var[int] = var(0, init=False)

    def __init__(self) -> None:
        super().__init__()
        #: The jobs asked for one move (``compute_here``), each with whether it is on show.
        self._here: dict[str, Callable[[], bool]] = {}

    def watch_shown(self) -> None:
        """Draw the beat on show (the screen's own)."""

    def pause(self) -> None:
        """Stop playing (the screen's own)."""

    def compute_here(
        self,
        job: str,
        work: Callable[[Ticket[N]], R],
        done: Callable[[R], None],
        news: Callable[[N], None] | None = None,
    ) -> None:
        """Run ``job`` for the move on show (``compute``): its result is handed to ``done``
        only while that move of that path is on show (either of its beats); stepping away
        stops it (``drop_elsewhere``)."""
        session = self.session
        move, steps = session.move, session.steps

        def here() -> bool:
            return session.move == move and session.steps is steps

        def checked(result: R) -> None:
            if here():
                done(result)

        self._here[job] = here
        self.compute(job, work, checked, news=news)

    def drop_elsewhere(self) -> None:
        """Stop the jobs asked for a move no longer on show: a ranked list, a what-if or a
        branch of a move stepped away from never shows over another."""
        for job, here in list(self._here.items()):
            if not here():
                del self._here[job]
                self.forget(job)

    def took(self, result: WhatIf) -> None:
        """A what-if worked out: drawn if its move is still on show, the two splits
        scrolled into view (a short terminal has them under the fold)."""
        if result.move != self.session.move:
            return
        self.session.what_if = result
        self.shown += 1
        self.call_after_refresh(self.query_one(TracePane).show_split)

    def action_what_if(self) -> None:
        """w: a line for any code, split beside the strategy's choice once Enter reads it."""
        self.pause()
        session = self.session
        caption = self.query_one("#caption", Static)
        if not session.solved:
            caption.update("Wait for the game to be worked out, then w asks what if.")
        elif session.before() is None:
            caption.update("Too many codes are still possible to split here: step forward first.")
        else:
            notation, space = session.settings.notation, session.space
            example = session.format(session.steps[session.move].guess)
            line = WhatIfLine(lambda text: notation.parse(space, text), example)
            self.app.push_screen(line, self._asked)

    def _asked(self, code: int | None) -> None:
        """The code typed on the what-if line (None: Escape), worked out in a worker."""
        session = self.session
        before = session.before()
        if code is None or before is None:
            return
        settings, move = session.settings, session.move
        moves = [(s.guess, s.answer) for s in session.steps[:move]]
        choice = session.steps[move].decision
        self.query_one("#caption", Static).update(
            f"Working out how {session.format(code)} would split {plural(len(before), 'code')}…"
        )
        self.compute_here(
            "what-if", lambda _: what_if(settings, moves, before, choice, code), self.took
        )

    def action_drop_what_if(self) -> None:
        """Escape: back to the runner-up beside the strategy's choice."""
        self.forget("what-if")
        if self.session.what_if is not None:
            self.session.what_if = None
            self.shown += 1
