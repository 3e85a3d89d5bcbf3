"""Where screens ask the app to go: messages that bubble from a screen to the app, so a
screen needs to know nothing of the app's class and a typo is an import error, not an
``AttributeError`` at run time."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from .game.session import GameSession
from .game.settings import Settings


@dataclass
class StartGame(Message):
    """Start a new match with these settings (the app remembers them)."""

    settings: Settings


@dataclass
class StartWatch(Message):
    """Watch a strategy break ``secret`` with these settings (in compare mode: the
    ``strategies`` side by side)."""

    settings: Settings
    secret: int
    strategies: tuple[str, ...] = ()


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


class OpenHome(Message):
    """The home screen, asking first if a game in progress would be abandoned."""


@dataclass
class OpenStatistics(Message):
    """The statistics screen (for these settings, when given), asking first if a game in
    progress would be abandoned."""

    settings: Settings | None = None


class OpenRetro(Message):
    """The 1978 teletype, on top of whatever is on show."""


class OpenRecords(Message):
    """The Records screen, on top of whatever is on show: leaving it comes back there."""
