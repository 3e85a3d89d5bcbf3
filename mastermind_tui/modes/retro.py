"""``mastermind retro``: the 1978 Creative Computing MASTERMIND, exactly."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cli import command, options
from ..game.kinds import Palette
from .base import Command

if TYPE_CHECKING:
    from textual.message import Message


class Retro(Command):
    name = "retro"
    summary = "the 1978 Creative Computing MASTERMIND, exactly"
    screen = True
    records = True
    palette = Palette("Retro mode", "The 1978 BASIC MASTERMIND, exactly", 4)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.retro(parser)
        options.no_record(parser)

    def run(self, args: argparse.Namespace, commands: Sequence[command.Command]) -> int:
        from ..cli.launch import retro

        return retro(args)

    def go(self) -> Message:
        from ..navigation import OpenRetro

        return OpenRetro()
