"""What every command of ``mastermind`` is (``Command``: the command line's, plus its
entry in the app's palette) and what a mode is besides (``Mode``: a kind of game the home
screen starts, and the screen it opens). Each command is one class, in its own module.

Nothing here imports Textual or the engine's searches: the command line reads these
before it knows whether anything heavy is needed. Screens, the app and the messages are
imported inside the methods that use them.
"""

from __future__ import annotations

import abc
import argparse
from typing import TYPE_CHECKING

from ..cli import command
from ..game.kinds import GameKind, Palette

if TYPE_CHECKING:
    from textual.message import Message
    from textual.screen import Screen

    from ..navigation import Recorder, Start


class Command(command.Command):
    """A ``mastermind`` command, as the command line and the app's palette know it."""

    #: Its entry in the command palette (None: not there).
    palette: Palette | None = None

    def go(self) -> Message:
        """What its palette entry asks of the app: the home screen, with its mode chosen
        where it has one."""
        from ..navigation import OpenHome

        return OpenHome(self.kind)


def full_screen(args: argparse.Namespace) -> int:
    """Run the full-screen app on the home screen or the mode the arguments start."""
    from ..cli.launch import game
    from .app import launch

    return game(args, launch)


class Mode(Command):
    """A mode: a kind of game the app starts, from the command line (its command) or the
    home screen (its Mode list) alike, by the same ``Start``."""

    screen = True
    records = True
    #: Its kind of game (who breaks, the home form's fields, what the records call it).
    kind: GameKind
    #: Whether it takes ``--opening`` (the help then says a code sets the positions).
    takes_opening = False

    def epilog(self) -> str:
        """The help's word on the defaults of a game (``launch.game``): the size, rules
        and strategy last started from the home screen are remembered, and a code given
        sets the positions (``launch.fitted``)."""
        text = (
            "Options left out take their values from the game last started from the home "
            "screen (remembered), else the defaults shown."
        )
        if self.kind.takes_secret or self.takes_opening:
            text += (
                " A code given (the secret, or --opening) sets the positions when --positions "
                "is left out; the remembered colours are kept if the code fits them."
            )
        return text

    def run(self, args: argparse.Namespace) -> int:
        return full_screen(args)

    @abc.abstractmethod
    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        """Its screen, for a checked start (imported only now: the app starts no slower
        for having every mode); ``recorder`` keeps a finished game."""
