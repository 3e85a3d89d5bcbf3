"""Small modal questions: the answer comes back through ``dismiss``; Escape means no."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class Confirm(ModalScreen[bool]):
    """A yes/no question; Y or Enter on Yes says yes, N or Escape says no."""

    DEFAULT_CSS = """
    Confirm {
        align: center middle;
        background: $background 60%;
    }
    #confirm-box {
        width: 64;
        max-width: 95%;
        height: auto;
        border: thick $primary;
        border-title-color: $secondary;
        border-title-style: bold;
        background: $surface;
        padding: 1 2;
    }
    #confirm-question {
        width: 1fr;
        margin-bottom: 1;
    }
    #confirm-buttons {
        height: auto;
        align-horizontal: center;
    }
    #confirm-buttons Button {
        margin: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No", title: str = "") -> None:
        super().__init__()
        self.question = question
        self.labels = (yes, no)
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box") as box:
            box.border_title = self.title_text
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.labels[0]} (Y)", id="yes", variant="warning")
                yield Button(f"{self.labels[1]} (N)", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
