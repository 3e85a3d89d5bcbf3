"""A checkbox that shows its value by a mark, not by colour alone."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.widgets import Checkbox


class Tick(Checkbox):
    """Reads ``[X]`` when ticked and ``[ ]`` when not. Textual's checkbox draws the X in
    both states and tells them apart by colour only, which NO_COLOR, a pale theme or a
    dim terminal lose. Space ticks; Enter submits the form, as in its fields (Textual's
    checkbox ticked on Enter too, so Enter did not start the game from it)."""

    BUTTON_LEFT = "["
    BUTTON_RIGHT = "]"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_button", "Toggle", show=False),
        Binding("enter", "submit", "Submit", show=False),
    ]

    class Submitted(Message):
        """Enter was pressed on the tick."""

    @property
    def _button(self) -> Content:
        mark = self.BUTTON_INNER if self.value else " "
        return Content.assemble(
            self.BUTTON_LEFT, (mark, self.get_visual_style("toggle--button")), self.BUTTON_RIGHT
        )

    def action_submit(self) -> None:
        self.post_message(self.Submitted())
