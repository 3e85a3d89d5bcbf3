"""The command line under the panes: a prompt, an input and a message line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Input, Label, Static

#: Longest line taken: far past any guess or command (20 colours in numbers notation), short
#: of what a flood of keys would make of every redraw.
LINE_MAX = 300

#: The keys that take a line. Keys typed before the first frame reach a terminal still in
#: cooked mode, which turns Enter into a line feed that Textual reads as ctrl+j: without
#: it, ``mastermind play`` with RRGG and Enter typed at once kept the letters, lost Enter.
ENTER_KEYS = ("enter", "ctrl+j")


class LineInput(Input):
    """An input that takes its line at Enter, in the order the keys came. Textual runs
    Enter's binding once the key has bubbled up to the app, after the keys typed behind
    it are in the field: "BOARD", Enter, "GGBB", Enter typed while the app was busy
    submitted "BOARDGGBB" and then an empty line. ctrl+j takes it too (``ENTER_KEYS``)."""

    async def _on_key(self, event: events.Key) -> None:
        if event.key in ENTER_KEYS:
            event.stop()
            event.prevent_default()
            line = self.value
            self.clear()
            self.post_message(self.Submitted(self, line))
            return
        await super()._on_key(event)


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
            yield LineInput(
                id="command", placeholder="a guess, BOARD, QUIT or HELP", max_length=LINE_MAX
            )
        yield Static(id="message", markup=False)

    @on(Input.Submitted, "#command")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.post_message(self.Entered(event.value))

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

    @property
    def said(self) -> str:
        """The message on show."""
        return str(self.query_one("#message", Static).render())

    def focus_input(self) -> None:
        self.query_one("#command", Input).focus()
