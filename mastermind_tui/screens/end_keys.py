"""The keys a finished game takes on an empty command line (printable keys belong to the
command line, so they are read from what it holds): N plays again once the match is
over, D opens the game's debrief (``screens.debrief``)."""

from __future__ import annotations

from collections.abc import Callable

from textual.screen import Screen

from ..game.session import GameSession


def end_key(
    screen: Screen[None], session: GameSession, play_again: Callable[[], None], text: str
) -> bool:
    """Act on ``text`` typed alone once the game is over; True when it was such a key
    (the command line is then cleared)."""
    typed = text.strip().upper()
    if typed == "N" and session.match_over:
        play_again()
        return True
    if typed == "D" and session.over:
        from .debrief import DebriefScreen  # loaded only when a debrief opens

        screen.app.push_screen(DebriefScreen(session.finished or session.record()))
        return True
    return False
