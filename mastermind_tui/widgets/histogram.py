"""One strategy's results: average, worst, total guesses and speed, then the guess-count
histogram, drawn on rows and a scale that the cards beside it share."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from engine.walks.stats import StatsResult
from engine.words import plural

BAR = 12


class StatsCard(Static):
    """Draws a StatsResult; the border title names the strategy. ``draw`` puts it on the
    rows and the scale of every card on show, so that "5" sits beside "5" and a bar's
    length means the same number of games in each."""

    def __init__(self, result: StatsResult, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.result = result
        self.border_title = result.strategy

    def draw(self, rows: range, scale: int) -> None:
        """The card with a row for each guess count in ``rows`` (empty ones too) and bars
        of ``BAR`` cells for ``scale`` games."""
        r = self.result
        text = Text()
        text.append(f"avg {r.average:.4f}", style="bold")
        text.append(f"  worst {r.worst}\n")
        text.append(f"total {r.total_guesses:,} guesses\n")
        text.append(f"{plural(r.games, 'game')} · {r.ms_per_game:.2f} ms\n", style="dim")
        for guesses in rows:
            games = r.distribution.get(guesses, 0)
            text.append(f"{guesses:>2} ")
            if games:
                text.append("█" * max(1, round(BAR * games / max(scale, 1))), style="bold")
                text.append(f" {games:,}")
            else:
                text.append("·", style="dim")
            text.append("\n")
        text.rstrip()
        self.update(text)


def layout(results: list[StatsResult]) -> tuple[range, int]:
    """The rows (every guess count from the smallest to the largest any result needed)
    and the scale (the most games of any row of any result) the cards share."""
    counts = [g for r in results for g in r.distribution]
    if not counts:
        return range(0), 1
    scale = max(n for r in results for n in r.distribution.values())
    return range(min(counts), max(counts) + 1), scale
