"""Strategies side by side: one secret broken by each, recorded whole, stepped together
beat by beat (a strategy that has finished stays on its last beat)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from engine.words import plural

from .settings import Settings
from .watch_session import Recording, WatchSession


class CompareSession:
    """One watch per strategy, all on the same secret and stepped together."""

    def __init__(self, settings: Settings, secret: int, strategies: Sequence[str]) -> None:
        self.settings = settings
        self.secret = secret
        self.watches = [WatchSession(replace(settings, strategy=s), secret) for s in strategies]
        self.beat = 0

    def play(self, check: Callable[[], None] = lambda: None) -> list[Recording]:
        """Every strategy's game (slow on big games: call from a worker, then ``take``)."""
        return [watch.play(check) for watch in self.watches]

    def take(self, games: list[Recording]) -> None:
        for watch, game in zip(self.watches, games, strict=True):
            watch.take(game)
        self._follow()

    @property
    def solved(self) -> bool:
        return all(watch.solved for watch in self.watches)

    @property
    def beats(self) -> int:
        return max(watch.beats for watch in self.watches)

    @property
    def at_end(self) -> bool:
        return self.solved and self.beat == self.beats - 1

    def go(self, delta: int) -> bool:
        """Every strategy a beat forward or back together; False at either end."""
        target = self.beat + delta
        if not self.solved or not 0 <= target < self.beats:
            return False
        self.beat = target
        self._follow()
        return True

    def jump(self, where: int) -> None:
        self.beat = max(0, self.beats - 1) if where < 0 else where
        self._follow()

    def _follow(self) -> None:
        for watch in self.watches:
            watch.beat = min(self.beat, max(0, watch.beats - 1))

    def moment(self) -> str:
        """``Move 2, before its answer``: the beat all columns are at (or past the end)."""
        return f"Move {self.beat // 2 + 1}, {'answered' if self.beat % 2 else 'before its answer'}"

    def totals(self) -> str:
        """``knuth 5 guesses, optimal 4, entropy 5; fewest: optimal``."""
        counts = {w.settings.strategy: len(w.steps) for w in self.watches}
        items = ", ".join(f"{name} {plural(n, 'guess', 'guesses')}" for name, n in counts.items())
        best = min(counts.values())
        fewest = [name for name, n in counts.items() if n == best]
        if len(fewest) == len(counts):
            return f"Solved: {items}: all alike on this secret."
        return f"Solved: {items}; fewest: {' and '.join(fewest)}."
