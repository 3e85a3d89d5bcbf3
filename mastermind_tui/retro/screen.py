"""The teletype: the 1978 dialogue on a green (or amber) upper-case 80-column printout.

No game logic here: typed lines go to the Dialogue and what it prints is added to the paper.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..records.types import Game
from ..widgets.command_line import ENTER_KEYS
from .dialogue import Dialogue
from .gwbasic import LINE_LENGTH

CURSOR = "\u2588"
BLINK_SECONDS = 0.5
#: Characters of scrollback kept: a flood of lines must not grow it (and each redraw) forever.
PAPER = 200_000


class TeletypeScreen(Screen[None]):
    """Scrollback of everything printed, the typed text after the prompt and a blinking
    block cursor. Escape leaves; once the program has ended a line under the paper says
    so and any key leaves, once: keys after that are ignored."""

    CSS_PATH = "retro.tcss"
    BINDINGS = [Binding("escape", "leave", "Leave")]  # noqa: RUF012 (Textual's convention)

    #: Tests turn blinking off so that the screen does not change while they look at it.
    cursor_blink = True

    #: The paper: everything printed, the line being typed, and whether the cursor shows
    #: (set at every key, which brings the paper back to its end): each change is drawn
    #: by ``_show``.
    printed: var[str] = var("", init=False)
    typed: var[str] = var("", init=False)
    cursor_on: var[bool] = var(True, init=False, always_update=True)

    def __init__(
        self,
        seed: int | None = None,
        gwbasic_rnd: bool = False,
        amber: bool = False,
        recorder: Callable[[Game], None] | None = None,
    ):
        """``recorder`` keeps each game that ends (the app's, which writes in a worker)."""
        super().__init__(classes="amber" if amber else "green")
        self.dialogue = Dialogue(seed=seed, gwbasic_rnd=gwbasic_rnd, recorder=recorder)
        self._left = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="paper"):
            yield Static(id="printout", markup=False)
        yield Static(id="retro-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.printed = self.dialogue.start()
        if self.cursor_blink:
            self.set_interval(BLINK_SECONDS, self._blink)

    def _blink(self) -> None:
        self.cursor_on = not self.cursor_on

    def watch_printed(self) -> None:
        self._show()

    def watch_typed(self) -> None:
        self._show()

    def watch_cursor_on(self) -> None:
        self._show()

    def _show(self) -> None:
        waiting = not self.dialogue.finished
        cursor = (CURSOR if self.cursor_on else " ") if waiting else ""
        self.query_one("#printout", Static).update(Content(self.printed + self.typed + cursor))
        self.query_one("#paper", VerticalScroll).scroll_end(animate=False)
        hint = self.query_one("#retro-hint", Static)
        hint.display = not waiting
        if not waiting:
            hint.update("The program has ended: press any key to leave.")

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape":
            return  # the binding handles it
        event.stop()
        if self._left:
            return
        if self.dialogue.finished:
            self.action_leave()
            return
        if event.key in ENTER_KEYS:  # ctrl+j: Enter typed before the first frame
            line, self.typed = self.typed, ""
            self.printed += line + "\n" + self.dialogue.feed(line)
            if len(self.printed) > PAPER:  # the scrollback keeps its last part only
                self.printed = self.printed[-PAPER:].partition("\n")[2]
        elif event.key == "backspace":
            self.typed = self.typed[:-1]
        elif event.is_printable and event.character and len(self.typed) <= LINE_LENGTH:
            self.typed += event.character.upper()  # a teletype keyboard has capitals only
        self.cursor_on = True

    def action_leave(self) -> None:
        """Back to whoever pushed the teletype (RetroApp then exits), only once: keys
        already queued behind the one that leaves must not dismiss another screen."""
        if self._left:
            return
        self._left = True
        self.dismiss()
