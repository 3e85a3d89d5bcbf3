"""``mastermind doctor``: what this install has (versions, the compiled search module, the
shipped data, where the cache, preferences and records are, the terminal), for a user and a
bug report."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..cli import command
from .base import Command


class Doctor(Command):
    name = "doctor"
    summary = "what this install has: versions, the compiled search, data, files, terminal"

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--json", action="store_true", help="the report as JSON, for a program or a bug report"
        )

    def run(self, args: argparse.Namespace, commands: Sequence[command.Command]) -> int:
        from ..cli import doctor

        return doctor.run(args.json)
