"""The screen for the current game of a session: who breaks the code decides which (the
first game of a mode's match, and each next game)."""

from __future__ import annotations

from textual.screen import Screen

from engine.play.match import Role

from ..game.session import GameSession


def session_screen(session: GameSession) -> Screen[None]:
    """The screen for the current game of a session: who breaks decides which (and
    whether the adversary answers)."""
    if session.role is Role.PERSON and session.settings.mode.adversary:
        from .adversary import AdversaryScreen

        return AdversaryScreen(session)
    if session.role is Role.PERSON:
        from .play import PlayScreen

        return PlayScreen(session)
    from .make import MakeScreen

    return MakeScreen(session)
