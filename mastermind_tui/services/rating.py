"""Rating a person's guesses as jobs of the app's, not of the screen that asked: a rating
that arrives after its screen moved on still completes that game's record."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from textual.app import App

from ..jobs import Jobs
from ..navigation import Rated

if TYPE_CHECKING:  # the app owns this service from its start; the games load later
    from ..game.session import GameSession, Ratings


class Rating:
    """The app's ratings: game screens ask (``Rate``, which the app hands to ``rate``) to
    rate a session's guesses; each screen on the stack hears ``Rated`` when a rating
    comes in or fails."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.jobs = Jobs(app, self.failed)
        #: Sessions whose guesses are being rated, by job (one rating job at a time each).
        self._rating: dict[str, GameSession] = {}

    def rate(self, session: GameSession) -> None:
        """Rate a session's unrated guesses as a job of the app's, not of the screen that
        asked: a rating that comes after that screen moved on to the next game still
        reaches the session, which completes that game's record with it. One job per
        session at a time; when one ends the next starts, unless it failed (the next
        guess asks again: a rating that keeps failing must not keep a core busy)."""
        job = f"rating:{id(session)}"
        if self.jobs.busy(job):
            return
        work = session.rating.work()
        if work is None:
            return
        self._rating[job] = session
        self.jobs.start(job, lambda ticket: work(), partial(self._took, job))

    def _took(self, job: str, ratings: Ratings) -> None:
        session = self._rating.pop(job)
        session.take_ratings(ratings)
        self._rated(session, None)
        self.rate(session)

    def failed(self, job: str, error: str) -> None:
        """A rating failed: the screens showing its session say so."""
        session = self._rating.pop(job, None)
        if session is not None:
            self._rated(session, error)

    def _rated(self, session: GameSession, error: str | None) -> None:
        for screen in self.app.screen_stack:
            screen.post_message(Rated(session, error))

    def stop(self) -> None:
        """At quit: the ratings under way end, their helper process's search with them
        (which the rating's thread would otherwise wait for: 12 s on a first 6x4 rating)."""
        from engine.rating.process import stop_rating

        self.jobs.cancel_all()
        stop_rating()
