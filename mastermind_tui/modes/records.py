"""``mastermind records``: the person's games, figures and histogram."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cli import command, options
from ..game.kinds import Palette
from .base import Command

if TYPE_CHECKING:
    from textual.message import Message


class Records(Command):
    name = "records"
    summary = "your games: played, won, average, streak, histogram"
    palette = Palette("Records", "Your games: figures per size, recent games, replays", 3)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.records(parser)

    def run(self, args: argparse.Namespace, commands: Sequence[command.Command]) -> int:
        from ..cli.launch import records

        return records(args)

    def go(self) -> Message:
        from ..navigation import OpenRecords

        return OpenRecords()
