"""A duel's secret, typed with nothing of it shown: the maker types the code (each key a
masked peg), then types it again to lock it; two that differ start over. The code lives
in the duel (``game.duel``) once locked, and in no frame drawn here."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static

from engine import MastermindError

from ..game.duel import Duel
from ..game.session import GameSession
from ..navigation import Show
from ..widgets.command_line import LINE_MAX, LineInput


class SecretScreen(Screen[None]):
    """The maker's turn: the breaker looks away while the code is typed, twice."""

    DEFAULT_CSS = """
    SecretScreen #status { padding: 0 1; }
    #secret-area { height: 1fr; align: center middle; }
    #secret-box { width: 70; max-width: 100%; height: auto; border: round $accent;
                  padding: 0 2; }
    #secret-box Static { width: 100%; }
    #secret { margin: 1 0; }
    #secret-message.-error { color: $error; }
    """
    AUTO_FOCUS = "#secret"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f5", "app.new_game", "Home", id="new-game"),
    ]

    def __init__(self, duel: Duel, game: Callable[[Duel, GameSession], Screen[None]]) -> None:
        """``game``: the breaker's screen, once the code is locked."""
        super().__init__()
        self.duel = duel
        self.game = game
        #: The code typed first, waiting for its confirmation (None: none typed yet).
        self.first: int | None = None

    def compose(self) -> ComposeResult:
        duel = self.duel
        yield Header()
        yield Static(duel.title(), id="status", markup=False)
        with Container(id="secret-area"), Vertical(id="secret-box") as box:
            box.border_title = f"{duel.maker} makes a code"
            yield Static(
                f"{duel.breaker}, look away. {duel.maker}: type a code of "
                f"{duel.what_a_code_is()} and Enter; each key shows as a dot.",
                id="secret-help",
                markup=False,
            )
            yield LineInput(id="secret", password=True, max_length=LINE_MAX)
            yield Static("", id="secret-message", markup=False)
        yield Footer()

    def say(self, text: str, error: bool = False) -> None:
        message = self.query_one("#secret-message", Static)
        message.update(text)
        message.set_class(error, "-error")

    @on(Input.Submitted, "#secret")
    def typed(self, event: Input.Submitted) -> None:
        """Enter: the code read (never echoed, even when it is no code), then confirmed."""
        event.input.clear()
        try:
            code = self.duel.read_secret(event.value)
        except MastermindError as error:
            self.first = None
            self.say(str(error), error=True)
            return
        if self.first is None:
            self.first = code
            self.say("Type it again to lock it.")
        elif code != self.first:
            self.first = None
            self.say("The two differ: type the code again.", error=True)
        else:
            self.post_message(Show(self.game(self.duel, self.duel.lock(code))))
