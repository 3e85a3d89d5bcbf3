"""``mastermind solve``: a strategy breaks a secret, its reasoning printed."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..cli import command, options
from .base import Command


class Solve(Command):
    name = "solve"
    summary = "let a strategy break SECRET and print its reasoning"

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.secret(parser)
        options.size(parser)
        options.opening(parser)
        options.json_output(parser)
        options.backend(parser)
        parser.add_argument(
            "--html",
            default=None,
            metavar="FILE",
            help="write the game as one standalone HTML handout to FILE (the rule card, the "
            "path, each move's two beats drawn as in the watch); '-' writes it to "
            "standard output, a name ending in '/' into that folder",
        )

    def run(self, args: argparse.Namespace, commands: Sequence[command.Command]) -> int:
        from ..cli.commands import solve

        return solve(args)
