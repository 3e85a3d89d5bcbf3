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


def daily(start: Start, recorder: Recorder) -> Screen[None]:
    """The day's puzzle (``game.daily``): its secret, one game; an earlier date's replay
    (``--date``) is a practice game, kept apart from the figures."""
    from dataclasses import replace

    from ..game.daily import daily_secret, read_date
    from .daily import DailyScreen

    text = start.options.get("date")
    day, counted = read_date(None if text is None else str(text))
    settings = replace(start.settings, rules=replace(start.settings.rules, rounds=1))
    session = GameSession(settings, daily_secret(settings.space, day))
    session.practice = not counted
    if not counted:  # (practice by UNDO says so)
        session.practice_why = "an earlier day"
    session.day = day.isoformat()
    session.title = f"Daily {day}"  # short: with "practice (UNDO used), assisted", one line
    session.recorder = recorder
    return DailyScreen(session, day, copy=bool(start.options.get("copy")))


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
