"""Exploring a branch from the watch: ``x`` on an answer of the split (selected with the
arrow keys) plays the game on as if that answer had come, in a worker (its progress in
the caption, Escape stops it); Backspace goes back towards the secret's path. The game's
side of it is ``game.explore`` and ``WatchSession.branch``/``explore``/``leave``."""

from __future__ import annotations

from textual.widgets import Static

from engine.explain.decisions import answer_text
from engine.words import plural

from ..game.explore import Branch, refusal
from ..game.watch_session import Recording
from ..jobs import Ticket
from ..widgets.bars import PartitionBars
from .what_if import AsksWhatIf

#: The job that weighs every guess again for the ranked list (``lesson``'s ``l``).
RANKING = "ranked list"


class Explores(AsksWhatIf):
    """What the watch screen does for x, Backspace and Escape; the screen draws a new
    beat (``_moved``) and writes its status line (``_status``)."""

    #: The answer row selected in the split (the screen's, set with the arrow keys).
    _bar: int | None = None
    #: The branch being worked out, and how deep the branches went when it was asked.
    _exploring: tuple[Branch, int] | None = None

    def _moved(self) -> None:
        """A new beat on show (the screen's own)."""

    def _status(self) -> None:
        """Write the status line (the screen's own)."""

    def _caption(self, text: str) -> None:
        self.query_one("#caption", Static).update(text)

    def said_selected(self) -> None:
        """The caption names the answer selected and what the keys do with it."""
        answers = self.query_one(PartitionBars).answers() if self.session.solved else []
        if self._bar is None or not answers:
            return
        answer = answers[min(self._bar, len(answers) - 1)]
        codes = self.session.steps[self.session.move].decision.partition.get(answer, 0)
        self._caption(
            f"Answer {answer_text(answer)} selected ({plural(codes, 'code')}): "
            "x plays on as if it had come, Enter lists its codes."
        )

    def action_explore(self) -> None:
        """x: play on from the move on show as if the selected answer had come."""
        self.pause()
        session = self.session
        answers = self.query_one(PartitionBars).answers() if session.solved else []
        if not answers:
            self._caption("Wait for the game to be worked out, then x explores an answer.")
            return
        if self._bar is None:
            self._caption("Select an answer of the split with ↑ or ↓, then x follows it.")
            return
        answer = answers[min(self._bar, len(answers) - 1)]
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

        self.compute_here("explore", work, self._explored, news=self._working)

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
        self._moved()
        self._status()

    def action_leave(self) -> None:
        """Backspace: back to the path the last branch left, where it was left."""
        self._stop_exploring()
        if self.session.leave():
            self._moved()
            self._status()
        elif self.session.solved:
            self._caption("This is the secret's own path: select an answer and x explores it.")

    def _stop_exploring(self) -> bool:
        """Stop a branch being worked out; whether one was."""
        if not self.busy("explore"):
            return False
        self.forget("explore")
        self._exploring = None
        return True

    def action_cancel(self) -> None:
        """Escape: stop a branch or the ranked list being worked out, else drop the
        what-if."""
        if self._stop_exploring():
            self._caption("Exploring stopped. n, p: step; x: explore another answer.")
        elif self.busy(RANKING):  # its result dropped: the list does not open
            self.forget(RANKING)
            self._caption("Weighing stopped: the list will not open. l weighs again.")
        else:
            self.action_drop_what_if()
