"""``mastermind adversary``: break a code the computer never chose; each answer keeps as
many codes possible as it can (``engine.play.adversary``), par the worst-case optimum."""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import TYPE_CHECKING

from ..cli import options
from ..game.kinds import ADVERSARY, Palette
from .base import Mode

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..navigation import Recorder, Start


class Adversary(Mode):
    name = "adversary"
    summary = "break a code the computer never chose: each answer keeps the most codes possible"
    kind = ADVERSARY
    palette = Palette("Adversary: no secret, worst-case answers", "Par: the worst case", 1)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.size(parser, seed=False, strategy=False)
        options.moves(parser)
        options.lab(parser)
        options.no_record(parser)

    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        """One game at a time, advised and rated by Knuth's rule (``game.adversary``)."""
        from ..game.adversary import ADVICE
        from ..game.session import GameSession
        from ..screens.adversary import AdversaryScreen

        settings = start.settings
        rules = replace(settings.rules, rounds=1)
        settings = replace(settings, rules=rules, strategy=ADVICE, seed=None, hard=False)
        return AdversaryScreen(GameSession(settings, recorder=recorder))
