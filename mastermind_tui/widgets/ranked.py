"""The ranked list: every guess a strategy weighed at one move, best first, one line each
(rank, the code in its pegs' colours, a bar and the score in the strategy's measure, = for
a tie with the choice, ✓ for a code that could be the secret, and how many codes a
row stands for). Drawn line by line as it scrolls: 8x5 weighs up to 32,768 guesses, and no
widget is made per row."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.content import Content
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from engine.strategies.weighing import Weighing
from engine.trace import format_score
from engine.words import plural

from .pegs import Painter

#: Why one row stands for many codes, in plain words.
ALIKE = "colours not played yet are alike"
#: Cells the bars take at most.
BAR = 20


class RankedList(ScrollView, can_focus=True):
    """Scrolls with the arrow keys, PgUp/PgDn, Home and End (and the mouse wheel)."""

    DEFAULT_CSS = "RankedList { height: 1fr; }"

    def __init__(
        self, weighing: Weighing, paint: Painter, fmt: Callable[[int], str], **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.weighing = weighing
        self._paint = paint
        self._fmt = fmt
        mark = "≈" if weighing.estimated else ""
        self._values = [f"{mark}{format_score(float(v))}" for v in weighing.values]
        self._rank_width = len(f"{int(weighing.ranks.max()):,}") if len(weighing) else 1
        self._value_width = max((len(v) for v in self._values), default=1)
        top = float(abs(weighing.values).max()) if len(weighing) else 1.0
        self._top = top or 1.0
        self.virtual_size = Size(0, len(weighing))

    def on_resize(self) -> None:
        self.virtual_size = Size(0, len(self.weighing))

    def line(self, row: int) -> Content:
        """Row ``row`` (0: the choice) as a person reads it."""
        w = self.weighing
        rank = f"{int(w.ranks[row]):>{self._rank_width},}"
        length = max(1, round(BAR * abs(float(w.values[row])) / self._top))
        chosen = row == 0
        parts: list[tuple[str, str] | str | Content] = [
            ("▶ " if chosen else "  ", "bold"),
            (rank, "bold" if chosen else ""),
            "  ",
            self._paint(int(w.guesses[row])),
            " ",
            ("█" * length + " " * (BAR - length), "bold" if chosen else "dim"),
            f" {self._values[row]:>{self._value_width}}",
            (" =" if w.tied[row] and not chosen else "  ", "bold"),
            ("✓" if w.possible[row] else " ", "bold"),
        ]
        if w.grouped:
            parts.append((f"  {plural(int(w.family[row]), 'code')}", "dim"))
        return Content.assemble(*parts)

    def render_line(self, y: int) -> Strip:
        row = y + round(self.scroll_offset.y)
        width = self.scrollable_content_region.width
        if not 0 <= row < len(self.weighing):
            return Strip.blank(width)
        segments = list(self.line(row).render_segments())
        return Strip(segments).crop_extend(0, width, None) if segments else Strip.blank(width)


def header(weighing: Weighing, move: int, strategy: str, fmt: Callable[[int], str]) -> str:
    """What the list is: ``Move 4, knuth: 1,296 guesses weighed by largest class (less is
    better), ranked``, and what a row that stands for many codes means."""
    w = weighing
    better = "more" if w.higher_is_better else "less"
    kind = "guess" if len(w) == 1 else "guesses"
    text = f"Move {move}, {strategy}: {len(w):,} {kind} weighed by {w.label} ({better} is better)"
    if not w.complete:
        text = (
            f"Move {move}, {strategy}: the best {len(w):,} {kind} it keeps of those weighed, "
            f"by {w.label} ({better} is better)"
        )
    if w.alike:  # the exact optimum: every tie counted, by class
        text = (
            f"Move {move}, {strategy}: every guess reaching the optimum, then the next best, "
            f"by {w.label} ({better} is better)"
        )
    if w.grouped:
        alike = w.alike or ("all colours are alike before any answer" if move == 1 else ALIKE)
        text += (
            f", standing for {w.codes:,} codes: {alike}, so one guess stands for each "
            f"{'class' if w.alike and move > 1 else 'pattern'} (the codes a row stands for "
            "are at its end)"
        )
    text += ". Rank counts codes; = ties the choice; ✓ could be the secret"
    possible = w.possible.nonzero()[0]
    if len(possible) and possible[0] > 0:
        row = int(possible[0])
        value = format_score(float(w.values[row]))
        text += f"; the best that could be, {fmt(int(w.guesses[row]))} {value}, is rank "
        text += f"{int(w.ranks[row]):,}"
    return text + "."


def row_text(weighing: Weighing, row: int, fmt: Callable[[int], str]) -> str:
    """One row as plain text (tests and the handout read it)."""
    w = weighing
    marks = ("=" if w.tied[row] and row else "") + ("✓" if w.possible[row] else "")
    family = f" {plural(int(w.family[row]), 'code')}" if w.grouped else ""
    value = format_score(float(w.values[row]))
    return f"{int(w.ranks[row]):,} {fmt(int(w.guesses[row]))} {value} {marks}{family}".strip()
