"""What if: a line at the foot of the watch for any code, to see how it would split the
codes beside the strategy's choice. A modal line, so that every key typed reaches it (the
watch's single-key bindings stay asleep); Escape goes back."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from engine import MastermindError


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
