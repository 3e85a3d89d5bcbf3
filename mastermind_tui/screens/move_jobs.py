"""The jobs a watch asks for the move on show (a what-if, a branch explored, the ranked
list): each result is drawn only while that move is still on show, and stepping away
stops them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..game.watch_session import WatchSession
from ..jobs import Ticket, Working

R = TypeVar("R")
N = TypeVar("N")


class MoveJobs:
    """The watch's jobs bound to a move: started on ``owner``'s book, each with whether
    its move (of its path) is still on show."""

    def __init__(self, owner: Working, session: WatchSession) -> None:
        self.owner = owner
        self.session = session
        self._here: dict[str, Callable[[], bool]] = {}

    def start(
        self,
        job: str,
        work: Callable[[Ticket[N]], R],
        done: Callable[[R], None],
        news: Callable[[N], None] | None = None,
    ) -> None:
        """Run ``job`` for the move on show: its result is handed to ``done`` only while
        that move of that path is on show (either of its beats); stepping away stops it
        (``drop_elsewhere``)."""
        session = self.session
        move, steps = session.move, session.steps

        def here() -> bool:
            return session.move == move and session.steps is steps

        def checked(result: R) -> None:
            if here():
                done(result)

        self._here[job] = here
        self.owner.compute(job, work, checked, news=news)

    def drop_elsewhere(self) -> None:
        """Stop the jobs asked for a move no longer on show: a ranked list, a what-if or a
        branch of a move stepped away from never shows over another."""
        for job, here in list(self._here.items()):
            if not here():
                del self._here[job]
                self.owner.forget(job)
