"""The choice as a picture: the guesses a strategy weighed, best first, each a bar as long
as its score in the strategy's own measure, the chosen one standing out."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from engine import Decision
from engine.explain.decisions import tie_rule, tied
from engine.strategies import measure_of
from engine.trace import format_score

from .pegs import Painter

#: Marks a guess that could be the secret, and one whose score ties the chosen one's.
POSSIBLE = "✓"
TIE = "="
#: Marks the best guess that could be the secret, drawn below the rows it ranks under.
BELOW = "⋮ "
#: Values within this share of the largest are drawn from a baseline, not from zero.
CLOSE = 0.05


class ChoiceChart(Widget):
    """One line per guess weighed (the chosen one first, then as many of the next best as
    ``rows`` allows), each a bar scaled to the largest score shown; a legend says what
    the marks mean and how a tie was broken. Hidden for strategies that keep no score."""

    DEFAULT_CSS = "ChoiceChart { height: auto; }"

    #: Most guesses drawn (the screen gives more on a tall terminal).
    rows: reactive[int] = reactive(6, layout=True)
    #: The legend without how a tie was broken (the sentence above says it): a
    #: projector's 80x24.
    brief: reactive[bool] = reactive(False, layout=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._decision: Decision | None = None
        self._paint: Painter | None = None
        self._fmt: Callable[[int], str] = str

    def show(self, decision: Decision | None, paint: Painter, fmt: Callable[[int], str]) -> None:
        """The decision to draw, ``paint`` writing its codes in colour, ``fmt`` plain."""
        self._decision, self._paint, self._fmt = decision, paint, fmt
        self.display = decision is not None and _measured(decision)
        self.refresh(layout=True)

    def render(self) -> Content:
        decision, paint = self._decision, self._paint
        if decision is None or paint is None or not _measured(decision):
            return Content("")
        assert decision.score is not None and decision.score_label is not None
        measure = measure_of(decision.score_label)
        assert measure is not None
        shown = [(decision.guess, decision.score, decision.consistent)]
        shown += [(a.guess, a.score, a.consistent) for a in decision.alternatives]
        shown = shown[: max(1, self.rows)]
        # The best code that could be the secret, with its cost, wherever it ranks.
        best = decision.best_possible
        extra = best is not None and all(g != best.guess for g, _, _ in shown)
        if best is not None and extra:
            shown.append((best.guess, best.score, best.consistent))
        mark = "≈" if decision.estimated else ""
        values = [f"{mark}{format_score(score)}" for _, score, _ in shown]
        digits = max(len(v) for v in values)
        code_width = max(len(self._fmt(g)) for g, _, _ in shown)
        top = max(abs(score) for _, score, _ in shown) or 1.0
        base = baseline([abs(score) for _, score, _ in shown])
        room = max(3, self.size.width - (2 + code_width + 1 + 1 + digits + 4))
        better = "more" if measure.higher_is_better else "less"
        if measure.in_guesses:  # the one convention: engine.expected
            better = f"this one counted; {better}"
        scale = f"; bars from {mark}{format_score(base)}" if base else ""
        parts: list[tuple[str, str] | str | Content] = [
            (f"Guesses weighed, by {measure.label} ({better} is better{scale}):\n", "bold")
        ]
        ties = False
        for row, ((guess, score, possible), value) in enumerate(zip(shown, values, strict=True)):
            chosen = row == 0
            below = extra and row == len(shown) - 1
            parts.append(("▶ " if chosen else BELOW if below else "  ", "bold $accent"))
            parts.append(paint(guess))
            parts.append(" " * (code_width - len(self._fmt(guess)) + 1))
            length = max(1, round(room * (abs(score) - base) / max(top - base, 1e-12)))
            parts.append(("█" * length, "bold $accent" if chosen else "$primary 70%"))
            parts.append((f" {value:>{digits}}", "bold" if chosen else ""))
            tie = not chosen and tied(decision, score)
            ties = ties or tie
            parts.append((f" {TIE if tie else ' '}{POSSIBLE if possible else ' '}", "bold"))
            parts.append("\n")
        legend = f"▶ chosen · {POSSIBLE} could be the secret"
        if extra:
            legend += f" · {BELOW.strip()} the best that could be the secret"
        if ties and decision.alternatives and tied(decision, decision.alternatives[0].score):
            if self.brief:  # the sentence above says how the tie was broken
                legend += f" · {TIE} tied with the choice"
            else:
                legend += f" · {TIE} tied, broken so: {tie_rule(decision, self._fmt)}"
        parts.append((legend, "dim"))
        return Content.assemble(*parts)


def baseline(values: list[float]) -> float:
    """Where the bars start: zero, unless the values are so close that bars from zero
    would look alike (4.340 against 4.377); then a round number below the smallest, so
    that the differences show (the title says where the bars start)."""
    low, high = min(values), max(values)
    if low <= 0 or high == low or (high - low) / high > CLOSE:
        return 0.0
    step = 10 ** math.floor(math.log10(high - low))
    return max(0.0, float(math.floor((low - (high - low)) / step) * step))


def _measured(decision: Decision) -> bool:
    """Whether the decision carries a score in a known measure (else nothing to draw)."""
    label = decision.score_label
    return decision.score is not None and label is not None and measure_of(label) is not None
