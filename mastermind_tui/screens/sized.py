"""What every full screen shares: size classes from the terminal, and a message instead of
its widgets below the smallest size. Apart from the game screens' base, so the home screen
loads no game to draw its first frame."""

from __future__ import annotations

from typing import Any

from textual import events
from textual._context import NoActiveAppError
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ..jobs import Working

#: From this width the panes sit side by side with roomy pegs ("-wide"); below, "-narrow".
WIDE = 100
#: From this height the header and a full-height command line show ("-tall"); below, "-short".
TALL = 30
#: The smallest terminal the screens can be drawn in; below it a message says so.
MIN_WIDTH, MIN_HEIGHT = 60, 20


class SizedScreen(Working, Screen[None]):
    """A screen that takes size classes from the terminal, draws any board compact when
    narrow and, below the minimum size,
    shows a centred message instead of its widgets (they come back when the terminal
    grows). Its background work is its own (``jobs``)."""

    # Textual declares these as optional instance-level lists, so no ClassVar here.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL, "-tall")]  # noqa: RUF012

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The widget that had the keys when the terminal became too small.
        self._had_focus: Widget | None = None
        self._size_classes()

    def _size_classes(self) -> None:
        """Take the terminal's size classes now, as Textual's first Resize would: it then
        changes no class, where it used to restyle every widget of the screen once more
        before the first frame (30 ms of the home screen's)."""
        try:
            width, height = self.app.size
        except NoActiveAppError:
            return
        for dimension, breakpoints in (
            (width, self.HORIZONTAL_BREAKPOINTS),
            (height, self.VERTICAL_BREAKPOINTS),
        ):
            names = [name for _, name in breakpoints or []]
            reached = [name for at, name in sorted(breakpoints or []) if dimension >= at]
            for name in names:
                self.set_class(bool(reached) and name == reached[-1], name, update=False)

    def on_mount(self) -> None:
        self.mount(Static(id="too-small", markup=False))

    def _say(self, text: str, where: str = "#status") -> None:
        """Write the status line (or ``where``) if the screen still has one: a timer or a
        job's answer may land as the screen is torn down (Compare's ``NoMatches
        '#status'``)."""
        for status in self.query(where).results(Static):
            status.update(text)

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.query_one("#too-small", Static).update(
            f"Terminal too small: at least {MIN_WIDTH}x{MIN_HEIGHT} needed (now {width}x{height})"
        )
        boards = self.query("Board")  # by name: a screen without one loads no board
        if boards:
            from ..widgets.board import Board

            for board in boards.results(Board):
                board.compact = width < WIDE
        if small != self.has_class("-too-small"):
            if small:  # hidden, it loses the keys: they go back to it once it fits again
                self._had_focus = self.focused
            self.set_class(small, "-too-small")
            if not small:
                self.fitted()

    def refocus(self) -> bool:
        """Give the keys back to the widget that had them before the terminal was too small
        (the peg row keeps them, and its draft); False if there was none, or it is gone."""
        widget, self._had_focus = self._had_focus, None
        if widget is None or not widget.is_attached or not widget.can_focus:
            return False
        self.set_focus(widget)
        return True

    def fitted(self) -> None:
        """Called when the terminal has grown back to the minimum size: restore focus."""
        if not self.refocus() and self.focused is None:
            self.focus_next()
