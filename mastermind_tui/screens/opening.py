"""The screen each mode opens on a start (``modes.Mode.screen`` names one of these): the
session it plays or watches, built from the start's checked settings. Screens are
imported only when their mode opens, so the app starts no slower for having them all."""

from __future__ import annotations

from collections.abc import Callable

from textual.screen import Screen

from ..game.session import GameSession
from ..navigation import Start
from ..records.types import Game

#: Where a finished game goes (the app keeps records with it).
Recorder = Callable[[Game], None]


def game(start: Start, recorder: Recorder) -> Screen[None]:
    """A match of games: the screen of its first game's role."""
    session = GameSession(start.settings)
    session.recorder = recorder
    return session_screen(session)


def session_screen(session: GameSession) -> Screen[None]:
    """The screen for the current game of a session: who breaks decides which."""
    if session.role == "person":
        from .play import PlayScreen

        return PlayScreen(session)
    from .make import MakeScreen

    return MakeScreen(session)


def watch(start: Start, recorder: Recorder) -> Screen[None]:
    """A strategy breaking the start's secret, step by step (nothing to record)."""
    from ..game.watch_session import WatchSession
    from .watch import WatchScreen

    assert start.secret is not None, "a watch starts with its secret drawn or given"
    return WatchScreen(WatchSession(start.settings, start.secret))


def compare(start: Start, recorder: Recorder) -> Screen[None]:
    """The start's strategies side by side on its secret (nothing to record)."""
    from ..game.compare_session import CompareSession
    from .compare import CompareScreen

    assert start.secret is not None, "a comparison starts with its secret drawn or given"
    return CompareScreen(CompareSession(start.settings, start.secret, start.strategies))
