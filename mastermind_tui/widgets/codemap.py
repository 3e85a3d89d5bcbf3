"""Every code as a cell: possible ones lit, eliminated ones dark, so one sees the search
narrow. Two codes share a character cell (upper and lower half), and the glyph's shape
alone tells which are lit, so the map still reads without colour."""

from __future__ import annotations

import math

import numpy as np
from rich.text import Text
from textual.widgets import Static

CAPTION = "each cell a code; lit: possible"
_GLYPHS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def map_columns(colours: int, positions: int) -> int:
    """Columns such that a row is a run of codes sharing their last positions."""
    wide = colours ** math.ceil(positions / 2)
    return wide if wide <= 48 else colours ** (positions // 2)


def map_width(colours: int, positions: int) -> int:
    """Cells across the map with its caption."""
    return max(map_columns(colours, positions), len(CAPTION))


class CodeMap(Static):
    """Draws the code map from the sorted indices of the codes still possible."""

    def show(self, possible: np.ndarray | None, colours: int, positions: int) -> None:
        if possible is None:
            self.display = False
            return
        self.display = True
        size = colours**positions
        lit = np.zeros(size, dtype=bool)
        lit[possible] = True
        columns = map_columns(colours, positions)
        rows = math.ceil(size / columns)
        grid = np.zeros((rows + rows % 2, columns), dtype=bool)
        grid.flat[:size] = lit
        text = Text()
        for top, bottom in zip(grid[0::2], grid[1::2], strict=True):
            for a, b in zip(top, bottom, strict=True):
                text.append(_GLYPHS[bool(a), bool(b)], style="#5fd7ff on #303030")
            text.append("\n")
        text.append(CAPTION, style="dim")
        self.update(text)
