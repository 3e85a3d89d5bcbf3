"""The ``mastermind`` command line with every command: the list the parser, the
dispatcher, the home screen's Mode list, the palette, help and the records are handed.
A new command is its own module here and one line in ``COMMANDS``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Final

from ..cli import main as cli
from ..cli import parser
from .adversary import Adversary
from .base import Command
from .challenge import Challenge
from .compare import Compare
from .daily import Daily
from .doctor import Doctor
from .duel import Duel
from .home import Home
from .make import Make
from .match import Match
from .play import Play
from .records import Records
from .retro import Retro
from .serve import Serve
from .solve import Solve
from .stats import Stats
from .tree import Tree
from .watch import Watch

#: Every command, in the order ``--help`` lists them; the modes among them in the order
#: of the home screen's Mode list, the first the default.
COMMANDS: Final[tuple[Command, ...]] = (
    Home(),
    Solve(),
    Stats(),
    Play(),
    Make(),
    Match(),
    Daily(),
    Challenge(),
    Adversary(),
    Duel(),
    Watch(),
    Compare(),
    Retro(),
    Tree(),
    Records(),
    Serve(),
    Doctor(),
)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line of every command (``cli.parser.build_parser``)."""
    return parser.build_parser(COMMANDS, only)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command (``cli.main.main``); the return is the exit code."""
    return cli.main(COMMANDS, argv)
