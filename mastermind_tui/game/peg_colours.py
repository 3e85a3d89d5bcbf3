"""The pegs' colours, written once for every place that draws them: the terminal's pegs
(``widgets.pegs``) and the HTML handout (``cli.handout``), which must not import Textual."""

from __future__ import annotations

#: Background colours; the first eight are the 1978 listing's (black, white, red, green,
#: orange, yellow, purple, tan), the rest tell apart up to the engine's 20 colours.
PALETTE = (
    "#262626",
    "#f2f2f2",
    "#d62828",
    "#2a9d3f",
    "#f77f00",
    "#f6d32d",
    "#7b2cbf",
    "#d2b48c",
    "#1e6fd9",
    "#20c5c5",
    "#ff6fb5",
    "#8b4513",
    "#a6e22e",
    "#1b2a80",
    "#008080",
    "#800000",
    "#808000",
    "#8a8a8a",
    "#ff7f50",
    "#b8860b",
)
#: Colours light enough to need dark text.
LIGHT = frozenset({1, 4, 5, 7, 9, 10, 12, 17, 18})


def text_colour(colour: int) -> str:
    """The colour of a symbol written on peg ``colour``: dark on light pegs."""
    return "#111111" if colour in LIGHT else "#ffffff"
