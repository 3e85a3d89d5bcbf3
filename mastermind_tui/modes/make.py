"""``mastermind make``: the computer breaks the person's code."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..cli import options
from ..game.kinds import MAKE, Palette
from .base import Mode
from .play import match_screen

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..navigation import Recorder, Start


class Make(Mode):
    name = "make"
    summary = "the computer breaks your code, full-screen"
    kind = MAKE
    palette = Palette("Make: new game, the computer breaks your code", "Answer its guesses", 1)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.game(parser)
        options.no_record(parser)

    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        return match_screen(start, recorder)
