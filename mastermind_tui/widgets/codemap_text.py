"""The code map drawn as Rich Text, in both its forms: two codes to a character cell (upper
and lower half block) or, compact, eight (Braille dots) for short screens. No widget here:
``codemap`` picks the form and the theme's colours and shows the text."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

import numpy as np
from rich.style import Style
from rich.text import Text

from engine.arrays import Mask

from .codemap_layout import (
    CELL_ACROSS,
    CELL_DOWN,
    LEGEND,
    across_pegs,
    axes_text,
    down_rows,
    label_width,
    map_columns,
    symbols_of,
)

#: The next line in a game without repeats, whose map has blank cells.
LEGEND_BLANK = "blank: a colour repeats, not a code"
_GLYPHS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
#: Each dot's bit in a Braille character, by (row, column) within the cell.
_DOTS = {
    (0, 0): 1,
    (1, 0): 2,
    (2, 0): 4,
    (0, 1): 8,
    (1, 1): 16,
    (2, 1): 32,
    (3, 0): 64,
    (3, 1): 128,
}


class Shades(NamedTuple):
    """The theme's colours the map is drawn in, as Rich colour names."""

    lit: str
    #: Ruled-out codes: a shade off the pane's background.
    out: str
    cursor: str
    #: The cursor on a code that is ruled out or no code (dimmer than ``cursor``).
    cursor_out: str


def map_text(
    lit_codes: Mask,
    gone: Mask | None,
    colours: int,
    positions: int,
    fmt: Callable[[int], str],
    cursor: int | None,
    shades: Shades,
) -> Text:
    """``CodeMap``'s drawing: two codes to a cell, upper and lower half, lit where still
    possible; ``gone`` marks the indices that are no code (drawn blank)."""
    size = len(lit_codes)
    columns = map_columns(colours, positions)
    rows = math.ceil(size / columns)
    grid = np.zeros((rows + rows % 2, columns), dtype=bool)
    grid.flat[:size] = lit_codes
    blank = np.zeros_like(grid)
    if gone is not None:
        blank.flat[:size] = gone
    symbols = symbols_of(fmt, colours, positions)
    lit, out = shades.lit, shades.out
    marks = (shades.cursor_out, shades.cursor)
    cell = Style(color=lit, bgcolor=out)
    k = across_pegs(colours, positions)
    across_block = colours ** (k - 1)
    down_block = down_rows(colours, positions)
    left = label_width(colours, positions)
    legend = LEGEND if gone is None else f"{LEGEND}\n{LEGEND_BLANK}"
    text = Text(f"{legend}\n{axes_text(colours, positions)}\n", style="dim")
    text.append(" " * left)
    for column in range(columns):
        start = column % across_block == 0
        text.append(symbols[(column // across_block) % colours] if start else " ", "dim")
    text.append("\n")
    for cell_row, (top, bottom, top_gone, bottom_gone) in enumerate(
        zip(grid[0::2], grid[1::2], blank[0::2], blank[1::2], strict=True)
    ):
        # The slowest down peg's colour where its block starts; both when every row
        # is a block of its own (two rows share a line).
        starts = [
            symbols[(row // down_block) % colours]
            for row in (2 * cell_row, 2 * cell_row + 1)
            if row < rows and row % down_block == 0 and k < positions
        ]
        label = "".join(starts) if down_block == 1 else "".join(starts[:1])
        text.append(f"{label:<{left}}", style="dim")
        # Cells of one style go in as one run: a span per cell made every redraw of
        # a 6x4 map cost 20 ms, the most of any widget.
        run: list[str] = []
        run_style: str | Style = cell
        for column, (a, b) in enumerate(zip(top, bottom, strict=True)):
            up, down = 2 * cell_row * columns + column, (2 * cell_row + 1) * columns + column
            halves = (bool(top_gone[column]), bool(bottom_gone[column]))
            style: str | Style
            if cursor in (up, down):
                glyph, form = _cursor_cell(bool(a), bool(b), cursor == up, halves)
                style = form.format(lit=lit, out=out, c=marks)
            elif any(halves):
                glyph, form = _cell_with_blank(bool(a), bool(b), halves)
                style = form.format(lit=lit, out=out)
            else:
                glyph, style = _GLYPHS[bool(a), bool(b)], cell
            if style != run_style:
                text.append("".join(run), run_style)
                run, run_style = [], style
            run.append(glyph)
        text.append("".join(run), run_style)
        text.append("\n")
    text.right_crop(1)  # the last row's newline
    return text


def _cell_with_blank(top: bool, bottom: bool, gone: tuple[bool, bool]) -> tuple[str, str]:
    """A cell with one or two indices that are no code: those halves show the terminal's
    own background, the other half is drawn lit or dark (so here, unlike elsewhere, a dark
    half is a glyph too: colour tells it from a lit one). The style names the theme's
    colours as ``{lit}`` and ``{out}``."""
    if all(gone):
        return " ", ""
    lit = bottom if gone[0] else top
    return ("▄" if gone[0] else "▀"), ("{lit}" if lit else "{out}")


def _cursor_cell(
    top: bool, bottom: bool, on_top: bool, gone: tuple[bool, bool] = (False, False)
) -> tuple[str, str]:
    """The cell holding the cursor: its half in the cursor's colour (``{c[1]}`` on a lit
    code, the dimmer ``{c[0]}`` on a dark one or no code), the other half as usual."""
    cursor = f"{{c[{int(top if on_top else bottom)}]}}"
    if gone[1] if on_top else gone[0]:
        return ("▀" if on_top else "▄"), cursor
    other = "{lit}" if (bottom if on_top else top) else "{out}"
    return ("▀" if on_top else "▄"), f"{cursor} on {other}"


def compact_text(
    lit_codes: Mask,
    gone: Mask | None,
    colours: int,
    positions: int,
    fmt: Callable[[int], str],
    cursor: int | None,
    shades: Shades,
) -> Text:
    """``CodeMap``'s compact drawing: eight codes to a cell, a Braille dot each, lit where
    still possible (no code of the game counts as dark here: the legend says so); the
    cursor's cell in the cursor's colour."""
    size = len(lit_codes)
    columns = map_columns(colours, positions)
    rows = math.ceil(size / columns)
    grid = np.zeros(
        (-(-rows // CELL_DOWN) * CELL_DOWN, -(-columns // CELL_ACROSS) * CELL_ACROSS), dtype=bool
    )
    lit = np.zeros(rows * columns, dtype=bool)
    lit[:size] = lit_codes
    if gone is not None:
        lit[:size] &= ~gone
    grid[:rows, :columns] = lit.reshape(rows, columns)
    bits = np.zeros((grid.shape[0] // CELL_DOWN, grid.shape[1] // CELL_ACROSS), dtype=np.int32)
    for (row, column), bit in _DOTS.items():
        bits += grid[row::CELL_DOWN, column::CELL_ACROSS] * bit
    symbols = symbols_of(fmt, colours, positions)
    style = Style(color=shades.lit)
    marked = Style(color=shades.cursor, bold=True)
    k = across_pegs(colours, positions)
    across_block = colours ** (k - 1)
    down_block = down_rows(colours, positions)
    left = label_width(colours, positions)
    legend = "dot: still possible" + (" (8 codes a cell)" if gone is None else "")
    text = Text(f"{legend}\n{axes_text(colours, positions)}\n", style="dim")
    labels = [
        symbols[(column // across_block) % colours] if column % across_block == 0 else " "
        for column in range(0, bits.shape[1] * CELL_ACROSS)
    ]
    cells = [
        "".join(labels[i : i + CELL_ACROSS]).strip()[:1] or " " for i in range(0, len(labels), 2)
    ]
    text.append(" " * left + "".join(cells) + "\n", "dim")
    at = None if cursor is None else divmod(cursor, columns)
    for line, row_bits in enumerate(bits):
        starts = [
            symbols[(row // down_block) % colours]
            for row in range(line * CELL_DOWN, line * CELL_DOWN + CELL_DOWN)
            if row < rows and row % down_block == 0 and k < positions
        ]
        text.append(f"{''.join(starts[: left - 1]):<{left}}", style="dim")
        glyphs = [chr(0x2800 + int(b)) for b in row_bits]
        if at is not None and at[0] // CELL_DOWN == line:
            cell = at[1] // CELL_ACROSS
            text.append("".join(glyphs[:cell]), style)
            text.append(chr(0x2800 + 255), marked)  # the cursor's cell, every dot
            text.append("".join(glyphs[cell + 1 :]), style)
        else:
            text.append("".join(glyphs), style)
        text.append("\n")
    text.right_crop(1)
    return text
