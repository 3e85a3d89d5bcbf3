"""``mastermind serve``: the full-screen app in a web browser."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..cli import command, options
from .base import Command


class Serve(Command):
    name = "serve"
    summary = "serve the full-screen app to a web browser"

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.serve(parser)

    def run(self, args: argparse.Namespace, commands: Sequence[command.Command]) -> int:
        from ..cli.launch import serve

        return serve(args)
