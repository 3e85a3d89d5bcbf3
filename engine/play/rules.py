"""Game rules: sizes, rounds and the move limit, and the rounds of a match in either role.

As in the 1978 game, each side's score is the total of moves it needed; a side that runs
out of moves scores the limit plus one. Lower is better.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import numpy as np

from ..answers import CLASSIC, AnswerRule
from ..codes import CodeSpace
from ..errors import ConfigError, ConfigField, InconsistentAnswersError, MastermindError
from ..feedback import Answer, check_answer
from ..strategies import DEFAULT_STRATEGY, make_strategy
from ..trace import Decision, Step
from .solver import Memo, Solver

MAX_ROUNDS = 99
MAX_MOVES = 99
#: The defaults of a game's size, rounds and move limit are those of ``Rules``, its
#: strategy ``DEFAULT_STRATEGY`` (the registry's); the app's settings take both from here.


@dataclass(frozen=True)
class Rules:
    """A game's size, rounds and move limit; ``Rules()`` is the original game's."""

    colours: int = 6
    positions: int = 4
    rounds: int = 1
    max_moves: int = 10
    #: Whether a colour may appear more than once in a code (not in Bulls and Cows).
    repeats: bool = True
    #: How a guess is answered: black and white pegs, or black pegs only.
    answers: AnswerRule = CLASSIC

    def __post_init__(self) -> None:
        CodeSpace(self.colours, self.positions, self.repeats, self.answers)  # checks the size
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise ConfigError(
                f"rounds must be between 1 and {MAX_ROUNDS} (got {self.rounds})",
                ConfigField.ROUNDS,
            )
        if not 1 <= self.max_moves <= MAX_MOVES:
            raise ConfigError(
                f"the move limit must be between 1 and {MAX_MOVES} (got {self.max_moves})",
                ConfigField.MOVES,
            )

    @property
    def space(self) -> CodeSpace:
        return CodeSpace(self.colours, self.positions, self.repeats, self.answers)


def first_misfit(space: CodeSpace, secret: int, moves: list[tuple[int, Answer]]) -> int | None:
    """The first move (from 0) whose answer ``secret`` would not have given, or None when
    the secret fits every answer: the check on a SECRET typed after answers were given."""
    digits = space.to_digits(secret)
    for i, (guess, answer) in enumerate(moves):
        if space.answers.score(digits, space.to_digits(guess)) != answer:
            return i
    return None


class Outcome(enum.Enum):
    PLAYING = "playing"
    SOLVED = "solved"
    OUT_OF_MOVES = "out of moves"
    QUIT = "quit"


@dataclass
class PersonBreaks:
    """The computer made a secret; a person guesses it.

    ``knowledge`` follows the person's game with a solver of the chosen strategy: the codes
    still possible and how each guess split them, for the solver trace. Bringing it up to
    date scans the code space, so a guess only scores (cheap); an interface brings the
    knowledge up to date in a worker (``learner``, ``learn``, ``learned``) or reads
    ``knowledge``, which catches up on the spot.
    """

    rules: Rules
    secret: int
    strategy: str = DEFAULT_STRATEGY
    moves: list[tuple[int, Answer]] = field(default_factory=list)
    outcome: Outcome = Outcome.PLAYING
    #: What the solver has learnt so far: it may lag behind ``moves``.
    known: Solver = field(init=False)

    def __post_init__(self) -> None:
        self.rules.space.check_code(self.secret)
        self.known = Solver(self.rules.space, make_strategy(self.strategy))

    @classmethod
    def random(
        cls, rules: Rules, rng: np.random.Generator, strategy: str = DEFAULT_STRATEGY
    ) -> PersonBreaks:
        return cls(rules, rules.space.random_code(rng), strategy)

    def guess(self, code: int) -> Answer:
        if self.outcome is not Outcome.PLAYING:
            raise MastermindError(f"this round is over ({self.outcome.value})")
        space = self.rules.space
        space.check_code(code)
        answer = space.answer(self.secret, code)
        self.moves.append((code, answer))
        if answer.black == self.rules.positions:
            self.outcome = Outcome.SOLVED
        elif len(self.moves) >= self.rules.max_moves:
            self.outcome = Outcome.OUT_OF_MOVES
        return answer

    @property
    def knowledge(self) -> Solver:
        """The solver, caught up with every move (may scan the code space)."""
        self.learn(self.known)
        return self.known

    def learner(self, seed: int | None = None) -> Solver:
        """A fork of what is known so far, to ``learn`` the remaining moves in a worker."""
        return self.known.fork(seed=seed)

    def learn(self, solver: Solver) -> Solver:
        """Observe on ``solver`` the moves it has not seen yet; returns it."""
        for guess, answer in self.moves[len(solver.steps) :]:
            solver.observe(guess, *answer)
        return solver

    def learned(self, twin: Solver) -> bool:
        """Keep a learner that has caught up with every move, if it started from what is
        known now (False, keeping nothing, otherwise)."""
        known = self.known.steps
        fresh = len(twin.steps) == len(self.moves) and all(
            a is b for a, b in zip(known, twin.steps[: len(known)], strict=True)
        )
        if fresh:
            self.known = twin
        return fresh

    def undo(self) -> tuple[int, Answer]:
        """Take back the last guess (a practice game: the caller marks it so); what has
        been learnt of it is forgotten too."""
        if self.outcome is not Outcome.PLAYING:
            raise MastermindError(f"this round is over ({self.outcome.value})")
        if not self.moves:
            raise MastermindError("there is no guess to take back")
        move = self.moves.pop()
        if len(self.known.steps) > len(self.moves):
            self.known.undo()
        return move

    def quit(self) -> None:
        self.outcome = Outcome.QUIT

    @property
    def score(self) -> int:
        """Moves used; the limit plus one for a round not solved."""
        if self.outcome is Outcome.SOLVED:
            return len(self.moves)
        return self.rules.max_moves + 1 if self.outcome is not Outcome.PLAYING else len(self.moves)


@dataclass
class ComputerBreaks:
    """A person made a secret; the computer guesses. The person answers each guess, or
    gives the secret once and lets the program answer."""

    rules: Rules
    solver: Solver
    secret: int | None = None
    outcome: Outcome = Outcome.PLAYING

    @classmethod
    def start(
        cls,
        rules: Rules,
        strategy: str,
        seed: int | None = None,
        secret: int | None = None,
        memo: Memo | None = None,
    ) -> ComputerBreaks:
        solver = Solver(rules.space, make_strategy(strategy), seed=seed, memo=memo)
        if secret is not None:
            rules.space.check_code(secret)
        return cls(rules, solver, secret)

    def decide(self) -> Decision:
        return self.solver.decide()

    def answer(self, black: int, white: int) -> Step:
        """Raises AnswerError or InconsistentAnswersError, losing nothing."""
        if self.outcome is not Outcome.PLAYING:
            raise MastermindError(f"this round is over ({self.outcome.value})")
        step = self.solver.answer(black, white)
        self._update()
        return step

    def auto_answer(self) -> Step:
        if self.secret is None:
            raise MastermindError("no secret was given: answer with blacks and whites")
        guess = self.decide().guess
        space = self.rules.space
        return self.answer(*space.answer(self.secret, guess))

    def undo(self) -> Step:
        step = self.solver.undo()
        self.outcome = Outcome.PLAYING
        return step

    def quit(self) -> None:
        self.outcome = Outcome.QUIT

    def correct(
        self, move: int, black: int, white: int, refused: tuple[int, Answer] | None = None
    ) -> None:
        """Give move ``move`` (from 1) its right answer and keep the later moves as played,
        with the answer just refused as inconsistent (``refused``) after them. Raises
        InconsistentAnswersError, changing nothing, if the answers still fit no code."""
        positions = self.rules.positions
        played = [(s.guess, s.answer) for s in self.solver.steps]
        if refused is not None:
            played.append(refused)
        if not 1 <= move <= len(played):
            span = {0: "no move played yet", 1: "only move 1"}.get(
                len(played), f"moves 1 to {len(played)}"
            )
            raise MastermindError(f"there is no move {move} to fix ({span})")
        played[move - 1] = (played[move - 1][0], check_answer(black, white, self.rules.space))
        if any(a.black == positions for _, a in played[:-1]):
            raise InconsistentAnswersError(
                f"with move {move} answered {black},{white} the game would have ended there, "
                "so the answers still fit no code"
            )
        trial = Solver(self.rules.space, self.solver.strategy)
        try:
            for guess, answer in played:
                trial.observe(guess, *answer)
        except InconsistentAnswersError:
            raise InconsistentAnswersError(
                f"with move {move} answered {black},{white} the answers still fit no code"
            ) from None
        while len(self.solver.steps) >= move:
            self.solver.undo()
        for guess, answer in played[move - 1 :]:
            self.solver.observe(guess, *answer, note=f"replayed after correcting move {move}")
        self.outcome = Outcome.PLAYING
        self._update()

    def _update(self) -> None:
        if self.solver.solved:
            self.outcome = Outcome.SOLVED
        elif len(self.solver.steps) >= self.rules.max_moves:
            self.outcome = Outcome.OUT_OF_MOVES

    @property
    def steps(self) -> list[Step]:
        return self.solver.steps

    @property
    def score(self) -> int:
        if self.outcome is Outcome.OUT_OF_MOVES:
            return self.rules.max_moves + 1
        return len(self.solver.steps)
