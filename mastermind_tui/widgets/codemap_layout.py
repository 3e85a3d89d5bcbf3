"""Where each code sits on the code map (the first pegs across, the last down), the map's
labels and width, and its compact drawing (eight codes to a Braille cell) for short
screens. No widget here: ``codemap`` draws with these."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
from rich.style import Style
from rich.text import Text

if TYPE_CHECKING:
    from engine.arrays import Codes

#: What a cell means: the first line above the map.
LEGEND = "lit: still possible · dark: ruled out"


def map_columns(colours: int, positions: int) -> int:
    """Columns such that a row is a run of codes sharing their last positions."""
    wide = colours ** math.ceil(positions / 2)
    return wide if wide <= 48 else int(colours ** (positions // 2))


def across_pegs(colours: int, positions: int) -> int:
    """How many of the first pegs run across the map."""
    return round(math.log(map_columns(colours, positions), colours))


def _pegs(first: int, last: int) -> str:
    return f"peg {first}" if first == last else f"pegs {first}-{last}"


def axes_text(colours: int, positions: int) -> str:
    """``across: pegs 1-2 · down: pegs 3-4``: the second line above the map."""
    k = across_pegs(colours, positions)
    across = f"across: {_pegs(1, k)}"
    return across if k == positions else f"{across} · down: {_pegs(k + 1, positions)}"


def down_rows(colours: int, positions: int) -> int:
    """Rows of the map that share the colour of the slowest down peg."""
    return int(colours ** max(0, positions - across_pegs(colours, positions) - 1))


def label_width(colours: int, positions: int) -> int:
    """Columns of row labels left of the map: a colour and a space, or two colours and a
    space where each row has a colour of its own (two rows share a line)."""
    return 3 if down_rows(colours, positions) == 1 else 2


def map_width(colours: int, positions: int) -> int:
    """Cells across the map with its row labels, or its legend if that is wider."""
    cells = label_width(colours, positions) + map_columns(colours, positions)
    return max(cells, len(LEGEND), len(axes_text(colours, positions)))


def symbols_of(fmt: Callable[[int], str], colours: int, positions: int) -> list[str]:
    """Each colour's symbol as the notation writes it, read off the one-colour codes."""
    ones = sum(colours**i for i in range(positions))
    out = []
    for colour in range(colours):
        text = fmt(colour * ones)
        out.append(text.split()[0] if " " in text.strip() else text[0])
    return out


#: Codes to a cell of the compact map: two across, four down (a Braille cell's dots).
CELL_ACROSS, CELL_DOWN = 2, 4
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


def compact_text(
    lit_codes: Codes,
    gone: Codes | None,
    colours: int,
    positions: int,
    fmt: Callable[[int], str],
    cursor: int | None,
    colour: tuple[str, str],
) -> Text:
    """``CodeMap``'s compact drawing: eight codes to a cell, a Braille dot each, lit where
    still possible (no code of the game counts as dark here: the legend says so); the
    cursor's cell in the cursor's colour. ``colour``: the lit dots' and the cursor's."""
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
    style = Style(color=colour[0])
    marked = Style(color=colour[1], bold=True)
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
