"""The command line under the panes: a prompt, an input and a message line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Input, Label, Static


class CommandLine(Vertical):
    """Posts ``CommandLine.Entered`` with each line typed; the screen decides its meaning."""

    @dataclass
    class Entered(Message):
        text: str

    def __init__(self, prompt: str = "Your guess:", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._prompt = prompt

    def compose(self) -> ComposeResult:
        with Horizontal(id="command-row"):
            yield Label(self._prompt, id="prompt")
            yield Input(id="command", placeholder="a guess, BOARD, QUIT or HELP")
        yield Static(id="message", markup=False)

    @on(Input.Submitted, "#command")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.post_message(self.Entered(event.value))
        event.input.clear()

    def set_prompt(self, prompt: str, placeholder: str | None = None, hidden: bool = False) -> None:
        self.query_one("#prompt", Label).update(prompt)
        field = self.query_one("#command", Input)
        field.password = hidden
        if placeholder is not None:
            field.placeholder = placeholder

    def say(self, text: str, kind: str = "info") -> None:
        """Show a message; ``kind`` is info, error or good (styled in the screen's tcss)."""
        message = self.query_one("#message", Static)
        message.set_classes(kind)
        message.update(text)

    def focus_input(self) -> None:
        self.query_one("#command", Input).focus()
