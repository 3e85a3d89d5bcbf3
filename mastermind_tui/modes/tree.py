"""``mastermind tree``: a deterministic strategy's whole decision tree."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..cli import command, options
from .base import Command


class Tree(Command):
    name = "tree"
    summary = "a deterministic strategy's whole decision tree"

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.size_without_seed(parser)
        options.opening(parser)
        options.tree(parser)
        options.backend(parser)

    def run(self, args: argparse.Namespace, commands: Sequence[command.Command]) -> int:
        from ..cli.tree import tree

        return tree(args)
