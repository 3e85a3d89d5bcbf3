"""``mastermind compare``: strategies side by side on one secret."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..cli import options
from ..game.kinds import COMPARE, Palette
from .base import Mode

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..navigation import Recorder, Start


class Compare(Mode):
    name = "compare"
    summary = "strategies side by side breaking SECRET, move by move, full-screen"
    kind = COMPARE
    palette = Palette("Compare", "Strategies side by side on one secret", 5)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.secret_and_strategies(parser)
        options.size_without_strategy(parser)

    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        """The start's strategies side by side on its secret (nothing to record)."""
        from ..game.compare_session import CompareSession
        from ..screens.compare import CompareScreen

        assert start.secret is not None, "a comparison starts with its secret drawn or given"
        return CompareScreen(CompareSession(start.settings, start.secret, start.strategies))
