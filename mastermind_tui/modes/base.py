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
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cli import command
from ..game.kinds import GameKind, Palette

if TYPE_CHECKING:
    from textual.message import Message
    from textual.screen import Screen

    from ..app.shell import Entry
    from ..game.preferences import Preferences
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


def full_screen(args: argparse.Namespace, commands: Sequence[command.Command]) -> int:
    """Run the full-screen app, handed ``commands``, on the home screen or the mode the
    arguments start."""
    from ..cli.launch import game

    def launch(start: Start | None, record: bool, preferences: Preferences, note: str) -> int:
        """The app on a checked start (None: the home screen), with the user's records
        (``default_path``: off when MASTERMIND_RECORDS is empty); with ``record`` False its
        games are not added to them; ``preferences`` the user's, kept up to date, and
        ``note`` what the first game says it took from them. Returns Textual's return
        code: 1 when an exception ended the app."""
        from ..app.shell import Shell
        from ..records.store import default_path

        app = Shell(
            game_modes(commands),
            entries(commands),
            start,
            records=default_path(),
            record=record,
            preferences=preferences,
            note=note,
        )
        app.run()
        return app.return_code or 0

    return game(args, launch)


def game_modes(commands: Sequence[command.Command]) -> list[Mode]:
    """The modes among ``commands``, in their order (the home screen's)."""
    return [c for c in commands if isinstance(c, Mode)]


def entries(commands: Sequence[command.Command]) -> list[Entry]:
    """The palette's entries of ``commands``, the often used first (``Palette.rank``)."""
    offered = [
        (c.palette, c.go) for c in commands if isinstance(c, Command) and c.palette is not None
    ]
    return sorted(offered, key=lambda entry: entry[0].rank)


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

    def run(self, args: argparse.Namespace, commands: Sequence[command.Command]) -> int:
        return full_screen(args, commands)

    @abc.abstractmethod
    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        """Its screen, for a checked start (imported only now: the app starts no slower
        for having every mode); ``recorder`` keeps a finished game."""
