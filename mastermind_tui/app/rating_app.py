"""Rating a person's guesses as jobs of the app's, not of the screen that asked: a rating
that arrives after its screen moved on still completes that game's record."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from textual import on

from ..game.session import GameSession, Ratings
from ..navigation import Rate, Rated
from .recording import RecordingApp


class RatingApp(RecordingApp):
    """An app whose game screens ask it (``Rate``) to rate a session's guesses; each
    screen on the stack hears ``Rated`` when a rating comes in or fails."""

    def __init__(self, records: Path | None = None, record: bool = True) -> None:
        super().__init__(records, record)
        #: Sessions whose guesses are being rated, by job (one rating job at a time each).
        self._rating: dict[str, GameSession] = {}

    def rate(self, session: GameSession) -> None:
        """Rate a session's unrated guesses as a job of the app's, not of the screen that
        asked: a rating that comes after that screen moved on to the next game still
        reaches the session, which completes that game's record with it. One job per
        session at a time; when one ends the next starts, unless it failed (the next
        guess asks again: a rating that keeps failing must not keep a core busy)."""
        job = f"rating:{id(session)}"
        if self.busy(job):
            return
        work = session.rating.work()
        if work is None:
            return
        self._rating[job] = session
        self.compute(job, 0, lambda ticket: work())

    def computed(self, job: str, tag: int, result: object) -> None:
        session = self._rating.pop(job, None)
        if session is None:
            super().computed(job, tag, result)
            return
        session.rating.take(cast("Ratings", result))
        self._rated(session, None)
        self.rate(session)

    def failed(self, job: str, error: str) -> None:
        session = self._rating.pop(job, None)
        if session is None:
            super().failed(job, error)
        else:
            self._rated(session, error)

    def _rated(self, session: GameSession, error: str | None) -> None:
        for screen in self.screen_stack:
            screen.post_message(Rated(session, error))

    @on(Rate)
    def _rate(self, message: Rate) -> None:
        self.rate(message.session)
