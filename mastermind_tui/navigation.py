"""Where screens ask the app to go: messages that bubble from a screen to the app, so a
screen needs to know nothing of the app's class and a typo is an import error, not an
``AttributeError`` at run time."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

from .game.kinds import GameKind
from .game.settings import Settings
from .records.types import Game

if TYPE_CHECKING:  # for the fields' types only: the home screen needs no game loaded
    from textual.screen import Screen

    from .game.session import GameSession

#: Where a finished game goes (the app keeps records with it).
Recorder = Callable[[Game], None]


@dataclass
class Start(Message):
    """Start a mode (``settings.mode``): the one route in, from the home screen and from
    the command line alike. Everything in it is checked already: the settings, the secret
    of a mode that breaks one, the strategies of one that compares, and the mode's own
    options (its ``Command.options``: None from the home screen, which has none)."""

    settings: Settings
    secret: int | None = None
    strategies: tuple[str, ...] = ()
    options: object = None
    #: Keep these settings as the user's choice for next time (a start from the home
    #: screen; the command line's options are for one run).
    remember: bool = False


@dataclass
class Rate(Message):
    """Rate the person's guesses not rated yet, in a thread the app owns: the ratings
    belong to the session, and come back to it even if the asking screen is gone."""

    session: GameSession


@dataclass
class Rated(Message, bubble=False):
    """Sent by the app to its screens when a rating of ``session`` came back (or failed,
    with ``error`` in one line): a screen showing that session redraws."""

    session: GameSession
    error: str | None = None


@dataclass
class ShowSession(Message):
    """Show the screen for the current game of a session (who breaks decides which)."""

    session: GameSession


@dataclass
class Show(Message):
    """Show ``screen`` in place of the one on show (a duel's next secret, its next game)."""

    screen: Screen[None]


@dataclass
class OpenHome(Message):
    """The home screen (with ``mode`` chosen, when given), asking first if a game in
    progress would be abandoned."""

    mode: GameKind | None = None


@dataclass
class OpenStatistics(Message):
    """The statistics screen (for these settings, when given), asking first if a game in
    progress would be abandoned."""

    settings: Settings | None = None


class OpenRetro(Message):
    """The 1978 teletype, on top of whatever is on show."""


class OpenRecords(Message):
    """The Records screen, on top of whatever is on show: leaving it comes back there."""
