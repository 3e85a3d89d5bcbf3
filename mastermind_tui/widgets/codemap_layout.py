"""Where each code sits on the code map (the first pegs across, the last down), the map's
labels and width. No widget here: ``codemap_text`` draws with these, and ``codemap`` finds
the code under the pointer with them."""

from __future__ import annotations

import math
from collections.abc import Callable

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
