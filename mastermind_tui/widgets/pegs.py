"""Pegs drawn in their real colours with their symbol inside, so that colour-blind players
and ``NO_COLOR`` terminals lose nothing: the symbol alone carries the meaning."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.content import Content

from engine import Answer, CodeSpace
from engine.answers import BlackAnswer
from engine.notation import Notation

from ..game.peg_colours import PALETTE, text_colour

#: Writes a code (by index) with each symbol on its peg's colour.
Painter = Callable[[int], Content]


def peg_style(colour: int) -> str:
    """A peg's colours: its own as background, text dark or light to read on it."""
    return f"bold {text_colour(colour)} on {PALETTE[colour]}"


def peg(colour: int, symbol: str, width: int = 1, compact: bool = False) -> Text:
    """One peg: its symbol on its colour, padded by a space each side unless compact."""
    pad = "" if compact else " "
    return Text(f"{pad}{symbol:^{width}}{pad}", style=peg_style(colour))


def painter(space: CodeSpace, notation: Notation) -> Painter:
    """Codes written as the notation writes them, each letter on its peg's colour where
    a code is one character a peg (the letters stay: colour-blind viewers and NO_COLOR
    terminals read them); other notations are written plain."""

    def paint(code: int) -> Content:
        text = notation.format(space, code)
        digits = space.to_digits(code)
        if len(text) != len(digits):
            return Content(text)
        return Content.assemble(*((c, peg_style(d)) for c, d in zip(text, digits, strict=True)))

    return paint


def plain_painter(fmt: Callable[[int], str]) -> Painter:
    """Codes written plain (where no colours are wanted)."""
    return lambda code: Content(fmt(code))


def code_pegs(digits: tuple[int, ...], symbols: list[str], compact: bool = False) -> Text:
    """A whole code as pegs separated by a space."""
    width = max(len(s) for s in symbols)
    return Text(" ").join(peg(d, symbols[d], width, compact) for d in digits)


def empty_pegs(positions: int, symbols: list[str], compact: bool = False) -> Text:
    width = max(len(s) for s in symbols)
    pad = "" if compact else " "
    return Text(" ".join(f"{pad}{'·':^{width}}{pad}" for _ in range(positions)), style="dim")


def answer_pegs(answer: Answer, positions: int) -> Text:
    """● for each black (right colour, right place), ○ for each white, · for the rest;
    with black pegs only, the number of blacks after them (an answer there is a number)."""
    text = Text()
    text.append("●" * answer.black, style="bold")
    text.append("○" * answer.white)
    text.append("·" * (positions - answer.black - answer.white), style="dim")
    if isinstance(answer, BlackAnswer):
        text.append(f" {answer.text}", style="bold")
    return text
