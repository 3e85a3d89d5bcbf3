"""Watch a strategy break a known secret: the whole game recorded, stepped back and forth."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from engine import Answer, CodeSpace, Solver, Step, make_strategy
from engine.explain import answer_text, class_codes, code_text, runner_up
from engine.feedback import encode
from engine.words import plural

from .settings import Settings
from .trace_views import watch_view
from .views import RIVAL_LIMIT, TREE_LIMIT, Row, TraceView


@dataclass(frozen=True)
class Recording:
    """A whole game as ``play`` recorded it."""

    steps: list[Step] = field(default_factory=list)
    #: Codes still possible before each step and after the last (None past ``TREE_LIMIT``).
    possible: list[np.ndarray | None] = field(default_factory=list)
    #: Each step's runner-up and how it would have split the same codes.
    rivals: list[tuple[int, dict[Answer, int]] | None] = field(default_factory=list)


class WatchSession:
    """A strategy breaking a known secret, recorded whole so one can step back and forth."""

    def __init__(self, settings: Settings, secret: int) -> None:
        self.settings = settings
        self.secret = secret
        self.steps: list[Step] = []
        self.possible: list[np.ndarray | None] = []
        self.rivals: list[tuple[int, dict[Answer, int]] | None] = []
        #: How many steps are shown: 0 is the empty board.
        self.position = 0

    @property
    def space(self) -> CodeSpace:
        return self.settings.space

    def play(self, check: Callable[[], None] = lambda: None) -> Recording:
        """Play the whole game on a private solver and return it, changing nothing here
        (slow on big games: call from a worker, then ``take`` the result); ``check`` is
        called before each guess and may raise to stop."""
        space = self.space
        solver = Solver(space, make_strategy(self.settings.strategy), seed=self.settings.seed)

        def kept(codes: np.ndarray) -> np.ndarray | None:
            return codes if len(codes) <= TREE_LIMIT else None

        game = Recording(possible=[kept(solver.candidates)])
        while not solver.solved:
            check()
            decision, before = solver.decide(), solver.candidates
            small = len(before) <= RIVAL_LIMIT
            game.rivals.append(runner_up(space, decision, before) if small else None)
            solver.answer_for(self.secret)
            game.possible.append(kept(solver.candidates))
        game.steps.extend(solver.steps)
        return game

    def take(self, game: Recording) -> None:
        """Keep a game ``play`` recorded (on the interface thread)."""
        self.steps, self.possible, self.rivals = game.steps, game.possible, game.rivals

    def solve(self) -> None:
        """Play and keep the whole game at once (for callers without a worker)."""
        self.take(self.play())

    @property
    def solved(self) -> bool:
        return bool(self.steps)

    @property
    def at_end(self) -> bool:
        return self.solved and self.position == len(self.steps)

    def go(self, delta: int) -> bool:
        """Step forward or back; False at either end."""
        target = self.position + delta
        if not 0 <= target <= len(self.steps):
            return False
        self.position = target
        return True

    def rows(self) -> list[Row]:
        return [Row(self.space.to_digits(s.guess), s.answer) for s in self.steps[: self.position]]

    def format(self, code: int) -> str:
        return self.settings.notation.format(self.space, code)

    def caption(self) -> str:
        """One line about the step on show."""
        if not self.solved:
            return "Thinking…"
        if self.position == 0:
            return f"{plural(self.space.count, 'code')} possible. Press n or → for the first guess."
        step = self.steps[self.position - 1]
        text = (
            f"Step {step.number}: {self.format(step.guess)} gets {answer_text(step.answer)}; "
            f"{step.decision.candidates_before:,} → {plural(step.candidates_after, 'code')}"
        )
        if self.at_end:
            text += f". Solved in {plural(len(self.steps), 'guess', 'guesses')}"
        return text

    def trace(self) -> TraceView:
        """The decision of the step on show (or the first decision, before any step)."""
        now = self.possible[self.position] if self.possible else None
        return watch_view(self.settings, self.steps, now, self.rivals, self.position)

    def position_now(self) -> tuple[np.ndarray | None, tuple[tuple[int, int], ...]]:
        """The codes still possible at the step on show (None when too many were kept)
        and the moves so far as (guess, answer class): where a decision tree starts."""
        p = self.space.positions
        history = tuple((s.guess, encode(*s.answer, p)) for s in self.steps[: self.position])
        return (self.possible[self.position] if self.possible else None), history

    def class_codes(self, answer: Answer) -> np.ndarray | None:
        """The codes of one class of the split on show: those that would have answered its
        guess with ``answer`` (None when the codes were too many to keep)."""
        if not self.steps:
            return None
        at = max(0, self.position - 1)
        before = self.possible[at]
        if before is None:
            return None
        return class_codes(self.space, self.steps[at].guess, before, answer)

    def code_text(self, code: int) -> str:
        """Why ``code`` is still possible at the step on show, or which move ruled it out."""
        moves = [(s.guess, s.answer) for s in self.steps[: self.position]]
        return code_text(self.space, code, moves, self.format)
