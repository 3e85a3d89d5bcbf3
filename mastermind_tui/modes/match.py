"""``mastermind match``: the person and the computer take turns (the 1978 game)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..game.kinds import MATCH, Palette
from .base import Mode
from .play import game_options, match_screen

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..navigation import Recorder, Start


class Match(Mode):
    name = "match"
    summary = "you and the computer take turns to break codes, full-screen"
    kind = MATCH
    palette = Palette("Match: new game, both in turn (1978)", "Take turns, scored", 1)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        game_options(parser)

    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        return match_screen(start, recorder)
