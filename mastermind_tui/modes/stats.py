"""``mastermind stats``: every secret (or a sample) played, and summed up."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cli import command, options
from ..game.kinds import Palette
from .base import Command

if TYPE_CHECKING:
    from textual.message import Message


class Stats(Command):
    name = "stats"
    summary = "play every secret (or a sample) and summarise"
    palette = Palette("Statistics", "Compare strategies over many games", 2)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.size(parser)
        options.opening(parser)
        options.sample(parser)
        options.json_output(parser)
        options.jobs(parser)
        options.criteria(parser)
        options.backend(parser)
        parser.add_argument(
            "--fresh",
            action="store_true",
            help="search the optimal tree from nothing: no cached or shipped tree read, "
            "nothing cached written (timing the search)",
        )
        parser.add_argument(
            "--yes",
            action="store_true",
            help="search an optimal tree past 4,096 codes (e.g. 9x4: minutes to hours of "
            "CPU, the estimate said first); kept in the cache, resumed if stopped",
        )
        parser.add_argument(
            "--openings",
            action="store_true",
            help="play every secret from one opening per colour pattern (11223, 11234...) "
            "and rank them by worst case, then total guesses",
        )

    def run(self, args: argparse.Namespace, commands: Sequence[command.Command]) -> int:
        from ..cli.commands import stats

        return stats(args)

    def go(self) -> Message:
        from ..navigation import OpenStatistics

        return OpenStatistics()
