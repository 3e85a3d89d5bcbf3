"""``mastermind play``: the person breaks the computer's code."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..cli import options
from ..game.kinds import PLAY, Palette
from .base import Mode

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..navigation import Recorder, Start


def game_options(parser: argparse.ArgumentParser) -> None:
    """What a game of the full-screen app takes, with the laboratory view and hard mode."""
    options.game(parser)
    options.spoiler_free(parser)
    options.lab(parser)
    options.hard(parser)
    options.no_record(parser)


def match_screen(start: Start, recorder: Recorder) -> Screen[None]:
    """A match of games (one or two a round): the screen of its first game's role."""
    from ..game.session import GameSession
    from ..screens.opening import session_screen

    return session_screen(GameSession(start.settings, recorder=recorder))


class Play(Mode):
    name = "play"
    summary = "break the computer's code, full-screen"
    kind = PLAY
    palette = Palette("Play: new game, you break the code", "A secret to break", 1)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        game_options(parser)

    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        return match_screen(start, recorder)
