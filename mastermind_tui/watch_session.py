"""Watch a strategy break a known secret: the whole game recorded, stepped back and forth."""

from __future__ import annotations

import numpy as np

from engine import CodeSpace, Solver, Step, make_strategy
from engine.match import plural

from .settings import Settings
from .views import MAP_LIMIT, Row, TraceView


class WatchSession:
    """A strategy breaking a known secret, recorded whole so one can step back and forth."""

    def __init__(self, settings: Settings, secret: int) -> None:
        self.settings = settings
        self.secret = secret
        self.steps: list[Step] = []
        self.possible: list[np.ndarray | None] = []
        #: How many steps are shown: 0 is the empty board.
        self.position = 0

    @property
    def space(self) -> CodeSpace:
        return self.settings.space

    def play(self) -> tuple[list[Step], list[np.ndarray | None]]:
        """Play the whole game on a private solver and return it, changing nothing here
        (slow on big games: call from a worker, then ``take`` the result)."""
        space = self.space
        solver = Solver(space, make_strategy(self.settings.strategy), seed=self.settings.seed)
        small = space.size <= MAP_LIMIT
        possible: list[np.ndarray | None] = [solver.candidates if small else None]
        while not solver.solved:
            solver.answer_for(self.secret)
            possible.append(solver.candidates if small else None)
        return solver.steps, possible

    def take(self, game: tuple[list[Step], list[np.ndarray | None]]) -> None:
        """Keep a game ``play`` recorded (on the interface thread)."""
        self.steps, self.possible = game

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
            return f"{plural(self.space.size, 'code')} possible. Press n or → for the first guess."
        step = self.steps[self.position - 1]
        text = (
            f"Step {step.number}: {self.format(step.guess)} gets {step.answer}; "
            f"{step.decision.candidates_before:,} → {plural(step.candidates_after, 'code')}"
        )
        if self.at_end:
            text += f". Solved in {plural(len(self.steps), 'guess', 'guesses')}"
        return text

    def trace(self) -> TraceView:
        """The decision of the step on show (or the first decision, before any step)."""
        space = self.space
        if self.position == 0:
            first = self.steps[0].decision if self.steps else None
            return TraceView(
                candidates=space.size,
                space_size=space.size,
                partition=first.partition if first else {},
                partition_of=self.format(first.guess) if first else "",
                decision=first,
                headline=f"{self.settings.strategy} will play",
                possible=self.possible[0] if self.possible else None,
            )
        step = self.steps[self.position - 1]
        return TraceView(
            candidates=step.candidates_after,
            space_size=space.size,
            partition=step.decision.partition,
            answered=step.answer,
            partition_of=self.format(step.guess),
            decision=step.decision,
            headline=f"{self.settings.strategy} chose",
            possible=self.possible[self.position],
        )
