"""One strategy's results: the guess-count histogram with average, worst and speed."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from engine.stats import StatsResult
from engine.words import plural

BAR = 12


class StatsCard(Static):
    """Draws a StatsResult; the border title names the strategy."""

    def __init__(self, result: StatsResult, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.result = result
        self.border_title = result.strategy

    def on_mount(self) -> None:
        r = self.result
        text = Text()
        text.append(f"average {r.average:.4f}\n", style="bold")
        text.append(f"worst {r.worst} · {plural(r.games, 'game')}\n")
        text.append(f"{r.ms_per_game:.2f} ms/game\n\n", style="dim")
        biggest = max(r.distribution.values(), default=1)
        for guesses, games in sorted(r.distribution.items()):
            text.append(f"{guesses:>2} ")
            text.append("█" * max(1, round(BAR * games / biggest)), style="bold")
            text.append(f" {games:,}\n")
        text.rstrip()
        self.update(text)
