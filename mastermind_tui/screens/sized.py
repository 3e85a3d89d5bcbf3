"""What every full screen holds: its fit to the terminal (``Sizing``), which gives it size
classes and, below the smallest size, a message instead of its widgets. Apart from the
game screens' parts, so the home screen loads no game to draw its first frame."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual._context import NoActiveAppError
from textual.dom import DOMNode
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

#: From this width the panes sit side by side with roomy pegs ("-wide"); below, "-narrow".
WIDE = 100
#: From this height the header and a full-height command line show ("-tall"); below, "-short".
TALL = 30
#: The smallest terminal the screens can be drawn in; below it a message says so.
MIN_WIDTH, MIN_HEIGHT = 60, 20

#: A full screen's breakpoints (its ``HORIZONTAL_BREAKPOINTS`` and ``VERTICAL_BREAKPOINTS``).
HORIZONTAL = [(0, "-narrow"), (WIDE, "-wide")]
VERTICAL = [(0, "-short"), (TALL, "-tall")]


def say_in(node: DOMNode, text: str, where: str = "#status") -> None:
    """Write the status line (or ``where``) if the screen still has one: a timer or a
    job's answer may land as the screen is torn down (Compare's ``NoMatches
    '#status'``)."""
    for status in node.query(where).results(Static):
        status.update(text)


class Sizing:
    """A screen's fit to the terminal: its size classes from the first frame, any board
    compact when narrow and, below the minimum size, a centred message instead of its
    widgets (they come back, with the keys where they were, when the terminal grows).
    The screen declares ``HORIZONTAL`` and ``VERTICAL`` as its breakpoints, mounts the
    message (``mount``) and hands on each resize (``resized``) after its own."""

    def __init__(self, screen: Screen[Any], keys_home: Callable[[], None] | None = None) -> None:
        """``keys_home``: gives the keys to where they belong on this screen, when the
        terminal has grown back to the minimum size and the widget that had them is gone
        (by default the first widget that takes them, if nothing has them)."""
        self.screen = screen
        self.keys_home = keys_home
        #: The widget that had the keys when the terminal became too small.
        self._had_focus: Widget | None = None
        self._size_classes()

    def _size_classes(self) -> None:
        """Take the terminal's size classes now, as Textual's first Resize would: it then
        changes no class, where it used to restyle every widget of the screen once more
        before the first frame (30 ms of the home screen's)."""
        screen = self.screen
        try:
            width, height = screen.app.size
        except NoActiveAppError:
            return
        for dimension, breakpoints in (
            (width, screen.HORIZONTAL_BREAKPOINTS),
            (height, screen.VERTICAL_BREAKPOINTS),
        ):
            names = [name for _, name in breakpoints or []]
            reached = [name for at, name in sorted(breakpoints or []) if dimension >= at]
            for name in names:
                screen.set_class(bool(reached) and name == reached[-1], name, update=False)

    def mount(self) -> None:
        """The message's place, after the screen's own widgets."""
        self.screen.mount(Static(id="too-small", markup=False))

    def resized(self, size: Size) -> None:
        screen = self.screen
        width, height = size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        screen.query_one("#too-small", Static).update(
            f"Terminal too small: at least {MIN_WIDTH}x{MIN_HEIGHT} needed (now {width}x{height})"
        )
        boards = screen.query("Board")  # by name: a screen without one loads no board
        if boards:
            from ..widgets.board import Board

            for board in boards.results(Board):
                board.compact = width < WIDE
        if small != screen.has_class("-too-small"):
            if small:  # hidden, it loses the keys: they go back to it once it fits again
                self._had_focus = screen.focused
            screen.set_class(small, "-too-small")
            if not small:
                self.fitted()

    def fitted(self) -> None:
        """The terminal has grown back to the minimum size: the keys back where they were."""
        if self.refocus():
            return
        if self.keys_home is not None:
            self.keys_home()
        elif self.screen.focused is None:
            self.screen.focus_next()

    def refocus(self) -> bool:
        """Give the keys back to the widget that had them before the terminal was too small
        (the peg row keeps them, and its draft); False if there was none, or it is gone."""
        widget, self._had_focus = self._had_focus, None
        if widget is None or not widget.is_attached or not widget.can_focus:
            return False
        self.screen.set_focus(widget)
        return True
