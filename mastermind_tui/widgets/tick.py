"""A checkbox that shows its value by a mark, not by colour alone."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class Tick(Checkbox):
    """Reads ``[X]`` when ticked and ``[ ]`` when not. Textual's checkbox draws the X in
    both states and tells them apart by colour only, which NO_COLOR, a pale theme or a
    dim terminal lose."""

    BUTTON_LEFT = "["
    BUTTON_RIGHT = "]"

    @property
    def _button(self) -> Content:
        mark = self.BUTTON_INNER if self.value else " "
        return Content.assemble(
            self.BUTTON_LEFT, (mark, self.get_visual_style("toggle--button")), self.BUTTON_RIGHT
        )
