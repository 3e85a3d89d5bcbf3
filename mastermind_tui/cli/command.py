"""What the command line asks of a command (each is a class of ``mastermind_tui.modes``):
its name and summary, its options, whether it draws the full screen or plays games, the
kind of game it starts, and how it runs. The parser and the dispatcher are handed the
list; nothing here names a command."""

from __future__ import annotations

import abc
import argparse
from collections.abc import Sequence

from ..game.kinds import GameKind


class Command(abc.ABC):
    """One ``mastermind`` command (``name`` None: no command, the home screen)."""

    name: str | None = None
    #: The line the command list shows; the command's own help page starts with it.
    summary: str = ""
    #: Draws the full screen, so needs a terminal on stdin and stdout.
    screen: bool = False
    #: Can finish a game, so ``mastermind --no-record`` means something with it.
    records: bool = False
    #: The kind of game it starts (a mode of the home screen); None for one that prints.
    kind: GameKind | None = None

    def arguments(self, parser: argparse.ArgumentParser) -> None:  # noqa: B027 (none: a hook)
        """Add its options, in the order its help lists them (the home screen has none)."""

    def epilog(self) -> str | None:
        """What its help says after the options (None: nothing)."""
        return None

    def remembers(self, args: argparse.Namespace) -> bool:
        """Whether the game these arguments start takes what the home screen remembered
        (not one whose rules come with it: a challenge code)."""
        return True

    def options(self, args: argparse.Namespace) -> object:
        """Its own options, read and checked before the app starts (a MastermindError:
        one line, exit 2), as the screen it opens takes them (None: it has none)."""
        return None

    @abc.abstractmethod
    def run(self, args: argparse.Namespace, commands: Sequence[Command]) -> int:
        """Run it on the parsed arguments, one of ``commands`` (which the app it may
        start is handed); the return is the exit code."""


def command_of(args: argparse.Namespace) -> Command:
    """The command the parsed arguments are for (the parser sets it: ``build_parser``)."""
    command = args.run
    if not isinstance(command, Command):
        raise TypeError(f"not a command: {command!r}")
    return command
