"""The code breaker: a strategy, what it knows, and the trace of every step."""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

import numpy as np

from ..codes import CodeSpace
from ..errors import InconsistentAnswersError, MastermindError
from ..feedback import against, answers, check_answer, encode, partition
from ..strategies import Position, Strategy
from ..trace import Choice, Decision, Step

if TYPE_CHECKING:
    from ..arrays import Classes, Codes

#: Shared decision trees of deterministic strategies: history -> decision and the answer
#: class each candidate would give.
Memo = dict[tuple[tuple[int, int], ...], tuple[Decision, "Classes"]]


class Solver:
    """Plays the breaker: ``decide()`` proposes a guess, ``answer(b, w)`` takes the answer.

    For deterministic strategies, pass the same ``memo`` to many solvers (as ``stats``
    does) and each position is thought about once.
    """

    def __init__(
        self,
        space: CodeSpace,
        strategy: Strategy,
        seed: int | None = None,
        memo: Memo | None = None,
    ) -> None:
        strategy.check(space)
        self.space = space
        self.strategy = strategy
        self.rng = np.random.default_rng(seed)
        self.memo = memo if memo is not None and strategy.deterministic else None
        self.steps: list[Step] = []
        self._candidates = [space.allowed]
        self._pending: tuple[Decision, Classes] | None = None

    @property
    def candidates(self) -> Codes:
        return self._candidates[-1]

    def candidates_before(self, number: int) -> Codes:
        """The codes that were possible when step ``number`` (from 1) was decided: what its
        split and a runner-up's are worked out on (kept anyway for ``undo``)."""
        if not 1 <= number <= len(self.steps):
            raise MastermindError(f"there is no step {number}")
        return self._candidates[number - 1]

    @property
    def solved(self) -> bool:
        return bool(self.steps) and self.steps[-1].answer.black == self.space.positions

    @property
    def history(self) -> tuple[tuple[int, int], ...]:
        p = self.space.positions
        return tuple((s.guess, encode(*s.answer, p)) for s in self.steps)

    @property
    def pending(self) -> Decision | None:
        """The decision waiting for an answer, if ``decide()`` has made one."""
        return self._pending[0] if self._pending is not None else None

    def decide(self) -> Decision:
        """The next guess with its reasons (the same object until it is answered)."""
        if self.solved:
            raise MastermindError("the code is already broken")
        if self._pending is None:
            cands = self.candidates
            if len(cands) == 0:
                raise InconsistentAnswersError(
                    "no code fits every answer given: one of them must be wrong"
                )
            history = self.history
            if self.memo is not None and history in self.memo:
                self._pending = self.memo[history]
                return self._pending[0]
            choice = self.strategy.choose(Position(self.space, cands, history, self.rng))
            classes = self._classes(choice.guess)
            self._pending = (self._decision(choice, classes), classes)
            if self.memo is not None:
                self.memo[history] = self._pending
        return self._pending[0]

    def _classes(self, guess: int) -> Classes:
        """The answer each candidate gives ``guess``: a table row on small spaces, and on a
        big one's first move the tables read whole (no gather, no index array)."""
        cands = self.candidates
        if len(cands) == self.space.size:  # sorted and unique, so every code in order
            return against(self.space, guess)
        return answers(self.space, guess, cands)

    def _decision(self, choice: Choice, classes: Classes) -> Decision:
        return Decision(
            **{f.name: getattr(choice, f.name) for f in fields(Choice)},
            candidates_before=len(self.candidates),
            partition=partition(classes, self.space),
        )

    def answer(self, black: int, white: int) -> Step:
        """Record the answer to the pending guess.

        Raises AnswerError for an answer no code can give, and InconsistentAnswersError,
        changing nothing, when the answer contradicts the earlier ones.
        """
        decision = self.decide()
        answer = check_answer(black, white, self.space)
        assert self._pending is not None  # decide() just set it
        _, classes = self._pending
        cls = encode(*answer, self.space.positions)
        left = self.candidates[classes == cls]
        if len(left) == 0:
            raise InconsistentAnswersError(
                f"no code answers {answer.black},{answer.white} to this guess "
                "and fits the earlier answers"
            )
        self._pending = None
        self._candidates.append(left)
        step = Step(len(self.steps) + 1, decision, answer, len(left))
        self.steps.append(step)
        return step

    def observe(
        self, guess: int, black: int, white: int, note: str = "chosen by the player"
    ) -> Step:
        """Record a guess someone else chose (a person breaking a code) with its answer, so
        that the solver's knowledge and advice follow their game."""
        self.space.check_code(guess)
        cands = self.candidates
        i = self.space.locate(cands, guess)
        consistent = i < len(cands) and int(cands[i]) == guess
        classes = self._classes(guess)
        pending, self._pending = (
            self._pending,
            (
                self._decision(Choice(guess, consistent, note=note), classes),
                classes,
            ),
        )
        try:
            return self.answer(black, white)
        except MastermindError:
            self._pending = pending  # a refused answer leaves the solver as it was
            raise

    def fork(self, seed: int | None = None) -> Solver:
        """A solver that knows what this one knows and thinks on its own, e.g. in a worker
        thread while this one goes on. The candidate arrays are never changed in place, so
        they are shared, not copied."""
        twin = Solver(self.space, self.strategy, seed=seed)
        twin.steps = list(self.steps)
        twin._candidates = list(self._candidates)
        return twin

    def adopt(self, twin: Solver) -> Decision:
        """Take the pending decision a fork made (in a worker) as this solver's own; refused
        unless the fork still knows exactly what this solver knows."""
        same = len(twin.steps) == len(self.steps) and all(
            a is b for a, b in zip(twin.steps, self.steps, strict=True)
        )
        if not same or twin._pending is None:
            raise MastermindError("that decision was made for another position")
        self._pending = twin._pending
        return self._pending[0]

    def recall(self, decision: Decision) -> Decision:
        """Take, as the pending decision, one this deterministic strategy made before at
        this very position (a recorded game's, the same history): replayed, not thought
        out again. Refused for a strategy that draws at random (its generator would not
        move on as it did) or a decision made on another number of codes."""
        if not self.strategy.deterministic or decision.candidates_before != len(self.candidates):
            raise MastermindError("that decision was made for another position")
        self._pending = (decision, self._classes(decision.guess))
        return decision

    def answer_for(self, secret: int) -> Step:
        """Answer the pending guess as the code maker of ``secret`` would."""
        guess = self.decide().guess
        a = self.space.answer(secret, guess)
        return self.answer(*a)

    def undo(self) -> Step:
        """Take back the last answer (to correct a slip)."""
        if not self.steps:
            raise MastermindError("there is no answer to take back")
        self._pending = None
        self._candidates.pop()
        return self.steps.pop()


def play(space: CodeSpace, strategy: Strategy, secret: int, **kwargs: Any) -> list[Step]:
    """Play one whole game against a known secret and return its trace."""
    space.check_code(secret)
    solver = Solver(space, strategy, **kwargs)
    while not solver.solved:
        solver.answer_for(secret)
    return solver.steps
