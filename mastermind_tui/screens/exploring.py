"""Exploring a branch from the watch: ``x`` on an answer of the split (selected with the
arrow keys) plays the game on as if that answer had come, in a worker (its progress in
the caption, Escape stops it); Backspace goes back towards the secret's path. ``Explorer``
is the watch screen's part that does it; the game's side of it is ``game.explore`` and
``WatchSession.branch``/``explore``/``leave``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen
from textual.widgets import Static

from engine import Answer
from engine.explain.decisions import answer_text
from engine.words import plural

from ..game.explore import Branch, refusal
from ..game.watch_session import Recording, WatchSession
from ..jobs import Ticket
from ..widgets.bars import PartitionBars
from .move_jobs import MoveJobs

#: The job that weighs every guess again for the ranked list (``lesson``'s ``l``).
RANKING = "ranked list"


class Explorer:
    """The watch's x, Backspace and Escape: a branch asked, worked out for the move on
    show, and the path left again; ``moved`` draws a new beat, ``status`` writes the
    status line, ``pause`` stops playing first."""

    def __init__(
        self,
        screen: Screen[Any],
        session: WatchSession,
        jobs: MoveJobs,
        pause: Callable[[], None],
        moved: Callable[[], None],
        status: Callable[[], None],
    ) -> None:
        self.screen = screen
        self.session = session
        self.jobs = jobs
        self.pause = pause
        self.moved = moved
        self.status = status
        #: The branch being worked out, and how deep the branches went when it was asked.
        self._exploring: tuple[Branch, int] | None = None

    def _caption(self, text: str) -> None:
        self.screen.query_one("#caption", Static).update(text)

    def _answers(self) -> list[Answer]:
        """The answers of the split on show (none before the game is worked out)."""
        return self.screen.query_one(PartitionBars).answers() if self.session.solved else []

    def said_selected(self, bar: int | None) -> None:
        """The caption names the answer selected (``bar``) and what the keys do with it."""
        answers = self._answers()
        if bar is None or not answers:
            return
        answer = answers[min(bar, len(answers) - 1)]
        codes = self.session.steps[self.session.move].decision.partition.get(answer, 0)
        self._caption(
            f"Answer {answer_text(answer)} selected ({plural(codes, 'code')}): "
            "x plays on as if it had come, Enter lists its codes."
        )

    def explore(self, bar: int | None) -> None:
        """x: play on from the move on show as if the selected answer (``bar``) had come."""
        self.pause()
        session = self.session
        answers = self._answers()
        if not answers:
            self._caption("Wait for the game to be worked out, then x explores an answer.")
            return
        if bar is None:
            self._caption("Select an answer of the split with ↑ or ↓, then x follows it.")
            return
        answer = answers[min(bar, len(answers) - 1)]
        step = session.steps[session.move]
        why = refusal(answer, step.answer, step.decision.partition.get(answer, 0))
        if why:
            self._caption(why)
            return
        branch, forced = session.branch(answer)
        known = session.prefix(branch)  # the moves up to the branch: replayed, not redone
        self._exploring = (branch, len(session.branches))
        self._caption(f"Exploring {branch.text()}… Escape stops")

        def work(ticket: Ticket[int]) -> Recording:
            return session.play(ticket.check, forced, ticket.tell, known)

        self.jobs.start("explore", work, self._explored, news=self._working)

    def _working(self, move: int) -> None:
        """The branch's game worked out up to ``move``: said, as its progress."""
        if self._exploring is not None:
            branch = self._exploring[0]
            self._caption(f"Exploring {branch.text()}: working out move {move}… Escape stops")

    def _explored(self, game: Recording) -> None:
        asked, self._exploring = self._exploring, None
        if asked is None or asked[1] != len(self.session.branches):
            return  # asked on a path since left
        self.session.explore(asked[0], game)
        self.moved()
        self.status()

    def leave(self) -> None:
        """Backspace: back to the path the last branch left, where it was left."""
        self.stop()
        if self.session.leave():
            self.moved()
            self.status()
        elif self.session.solved:
            self._caption("This is the secret's own path: select an answer and x explores it.")

    def stop(self) -> bool:
        """Stop a branch being worked out; whether one was."""
        owner = self.jobs.owner
        if not owner.busy("explore"):
            return False
        owner.forget("explore")
        self._exploring = None
        return True
