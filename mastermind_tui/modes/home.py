"""``mastermind`` with no command: the home screen."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..cli import command
from ..game.kinds import Palette
from .base import Command, full_screen


class Home(Command):
    """The home screen, where a mode is chosen and started."""

    screen = True
    records = True
    palette = Palette("Home", "The home screen: choose a mode and start a game", 0)

    def run(self, args: argparse.Namespace, commands: Sequence[command.Command]) -> int:
        return full_screen(args, commands)
