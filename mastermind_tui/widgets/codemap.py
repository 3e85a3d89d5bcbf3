"""Every code as a cell: possible ones lit, eliminated ones dark, so one sees the search
narrow; in a game without repeated colours the indices that are no code of the game are
left blank, so they are not mistaken for codes the answers ruled out. Two codes share a
character cell (upper and lower half), and the glyph's shape alone tells which are lit, so
the map still reads without colour.

The first pegs run across (the first fastest), the last pegs down; letters on the axes
name the slowest peg of each. A cursor (the mouse, or keys where the screen has them
free) names the code under it on a line the pane draws under the bars.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from .codemap_layout import CELL_ACROSS, CELL_DOWN, label_width, map_columns
from .codemap_text import Shades, compact_text, map_text

if TYPE_CHECKING:
    from engine.arrays import Codes, Mask

#: Lines above the map: the legend, the axes, the column labels (one more, the blank
#: cells' legend, where there are some).
_TOP = 3


class CodeMap(Static):
    """Draws the code map from the sorted indices of the codes still possible, in the
    theme's colours (component classes), redrawn when the theme changes."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "codemap--lit",
        "codemap--out",
        "codemap--out-light",
        "codemap--cursor",
        "codemap--cursor-out",
    }
    DEFAULT_CSS = """
    CodeMap > .codemap--lit { color: $primary; }
    CodeMap > .codemap--out { color: $panel-lighten-1; }
    CodeMap > .codemap--out-light { color: $panel-darken-1; }
    CodeMap > .codemap--cursor { color: $accent; }
    CodeMap > .codemap--cursor-out { color: $accent-darken-3; }
    """

    class Pointed(Message):
        """The cursor moved to ``code``: the pane redraws the legend, and a screen may say
        more about the code."""

        def __init__(self, code: int) -> None:
            super().__init__()
            self.code = code

    cursor: reactive[int | None] = reactive(None)
    #: Eight codes to a cell (Braille dots, two across, four down) instead of two: half
    #: the height and width, so that the whole map fits a short terminal's pane (a game at
    #: 80x24). The cursor then marks the whole cell of its code.
    compact: reactive[bool] = reactive(False)
    #: What the cursor line says before the cursor is placed (screens with keys say which).
    hint = "point at a cell to name its code"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._lit: Mask | None = None
        #: Indices that are no code of the game (None: every index is a code).
        self._gone: Mask | None = None
        self._colours = self._positions = 0
        self._fmt: Callable[[int], str] = str

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._draw())

    def _colour(self, component: str) -> str:
        """A component's colour from the theme, as a Rich colour name."""
        colour = self.get_component_rich_style(component).color
        return "default" if colour is None else colour.name

    def show(
        self,
        possible: Codes | None,
        colours: int,
        positions: int,
        fmt: Callable[[int], str],
        allowed: Codes | None = None,
    ) -> None:
        """Draw ``possible`` lit; ``allowed``, when given, is every code the rules allow,
        and the other indices are drawn blank."""
        if possible is None:
            self.display = False
            self._lit = None
            return
        self.display = True
        size = colours**positions
        if (colours, positions) != (self._colours, self._positions):
            self.cursor = None
        self._colours, self._positions, self._fmt = colours, positions, fmt
        self._lit = np.zeros(size, dtype=bool)
        self._lit[possible] = True
        if allowed is None:
            self._gone = None
        else:
            self._gone = np.ones(size, dtype=bool)
            self._gone[allowed] = False
        self._draw()

    def watch_compact(self, compact: bool) -> None:
        self._draw()

    def watch_cursor(self, cursor: int | None) -> None:
        self._draw()
        if cursor is not None:
            self.post_message(self.Pointed(cursor))

    def move_cursor(self, across: int, down: int) -> None:
        """Move the cursor by cells (keys); it starts at the first code."""
        if self._lit is None:
            return
        columns = map_columns(self._colours, self._positions)
        rows = math.ceil(len(self._lit) / columns)
        row, column = divmod(self.cursor or 0, columns)
        if self.cursor is not None:
            row = min(rows - 1, max(0, row + down))
            column = min(columns - 1, max(0, column + across))
        self.cursor = min(len(self._lit) - 1, row * columns + column)

    def code_at(self, x: int, y: int) -> int | None:
        """The code drawn at content offset (x, y), if any."""
        if self._lit is None:
            return None
        columns = map_columns(self._colours, self._positions)
        column = x - label_width(self._colours, self._positions)
        cell_row = y - self._top()
        rows = math.ceil(len(self._lit) / columns)
        across, down = (CELL_ACROSS, CELL_DOWN) if self.compact else (1, 2)
        if not (0 <= column < -(-columns // across) and 0 <= cell_row < -(-rows // down)):
            return None
        code = (down * cell_row) * columns + column * across
        return code if code < len(self._lit) else None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Hovering names the upper code of the cell under the pointer."""
        offset = event.get_content_offset(self)
        code = None if offset is None else self.code_at(offset.x, offset.y)
        if code is not None and self.cursor not in (code, code + self._columns()):
            self.cursor = code

    def on_click(self, event: events.Click) -> None:
        """A click on a cell switches between its upper and lower code."""
        offset = event.get_content_offset(self)
        code = None if offset is None else self.code_at(offset.x, offset.y)
        if code is None or self._lit is None:
            return
        if self.compact:  # a click steps through the cell's codes
            columns = self._columns()
            cell = [code + r * columns + c for r in range(CELL_DOWN) for c in range(CELL_ACROSS)]
            cell = [c for c in cell if c < len(self._lit)]
            now = cell.index(self.cursor) if self.cursor in cell else -1
            self.cursor = cell[(now + 1) % len(cell)]
            return
        lower = code + self._columns()
        self.cursor = lower if self.cursor == code and lower < len(self._lit) else code

    def _columns(self) -> int:
        return map_columns(self._colours, self._positions)

    def _shades(self) -> Shades:
        """The theme's colours for the map. Ruled-out codes a shade off the pane's
        background: lighter on a dark theme, darker on a light one."""
        light = not self.app.current_theme.dark
        return Shades(
            lit=self._colour("codemap--lit"),
            out=self._colour("codemap--out-light" if light else "codemap--out"),
            cursor=self._colour("codemap--cursor"),
            cursor_out=self._colour("codemap--cursor-out"),
        )

    def _top(self) -> int:
        return _TOP + (self._gone is not None)

    def cursor_text(self) -> str:
        """``▸ RGOY: still possible``, or how to move the cursor."""
        if self._lit is None or self.cursor is None:
            return self.hint
        if self._gone is not None and self._gone[self.cursor]:
            state = "not a code of this game"
        else:
            state = "still possible" if self._lit[self.cursor] else "ruled out"
        return f"▸ {self._fmt(self.cursor)}: {state}"

    def cursor_line(self) -> Text:
        """The code under the cursor, or how to point at one: drawn by the pane under the
        bars, where there is room. Empty while no map is shown."""
        if self._lit is None:
            return Text()
        return Text(self.cursor_text(), style="bold" if self.cursor is not None else "dim italic")

    def _draw(self) -> None:
        if self._lit is None:
            return
        draw = compact_text if self.compact else map_text
        self.update(
            draw(
                self._lit,
                self._gone,
                self._colours,
                self._positions,
                self._fmt,
                self.cursor,
                self._shades(),
            )
        )
