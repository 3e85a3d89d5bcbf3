"""A game's debrief, move by move: the guess and its answer, the codes
possible before and after it, the best move there and what the guess cost against it, in
the one convention of ``engine.expected`` ("guesses expected, this one counted"); at the
end the codes that were still possible before the last guess.

The best move is the exact optimum's where it is within reach (``optimal``; in hard mode
the optimum among codes that fit, ``optimal-fit``), and beyond it the stated heuristic of
the ratings (``engine.rating.guesses.Rater``: the game's strategy's own score, or expected size).
It is built from a game's record, so a finished game and a replay from Records read the
same; ratings the record lacks are worked out in a job (``work``). Nothing here imports
Textual."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from engine import Answer, CodeSpace, Notation, get_notation
from engine.arrays import Codes
from engine.feedback import answers, encode
from engine.rating.guesses import OPTIMAL, MoveRating, Rater
from engine.rating.process import rate_moves_apart
from engine.words import plural

from ..records.types import Game, Move, code_digits
from .hard import FIT, rule_strategy
from .kinds import ADVERSARY

#: Codes listed by name at the end, at most (the rest are counted).
LISTED = 24


@dataclass(frozen=True)
class Line:
    """One move of the debrief."""

    number: int
    guess: int
    answer: Answer
    #: Codes possible before the guess and after its answer.
    before: int
    after: int
    #: The guess against the best move there; None until worked out.
    rating: MoveRating | None


def rated(number: int, move: Move, space: CodeSpace) -> MoveRating | None:
    """The engine's rating of a recorded guess (None when it was not rated)."""
    if move.rule is None or move.value is None or move.best_value is None:
        return None

    def code(text: str) -> int:
        return space.from_digits(code_digits(text))

    return MoveRating(
        move=number,
        guess=code(move.guess),
        value=move.value,
        best_guess=code(move.best_guess) if move.best_guess else code(move.guess),
        best_value=move.best_value,
        rule=move.rule,
        higher_is_better=move.higher_is_better,
    )


class Debrief:
    """A recorded game's debrief: its lines, the codes before the last guess, and the
    work that fills in the ratings the record lacks."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.space = space = CodeSpace(game.colours, game.positions, game.repeats, game.answers)
        self.notation: Notation = get_notation(
            game.notation or ("letters" if game.colours <= 8 else "numbers")
        )
        self.moves = [
            (space.from_digits(code_digits(m.guess)), Answer(m.black, m.white)) for m in game.moves
        ]
        #: The strategy whose rule names the best move (``engine.rating.guesses.Rater``).
        self.strategy = rule_strategy(space, game.strategy, game.hard)
        #: A game against the adversary, rated in worst-case terms.
        self.worst_case = game.mode == ADVERSARY.record
        self.ratings: list[MoveRating | None] = [
            rated(n, m, space) for n, m in enumerate(game.moves, 1)
        ]
        if any(r is not None and r.rule != self._rule for r in self.ratings):
            self.ratings = [None] * len(self.moves)  # rated by another rule: again
        counts, self.last_before = self._positions()
        self.counts = counts

    @property
    def _rule(self) -> str:
        return Rater(self.space, self.strategy, self.worst_case).rule

    def _positions(self) -> tuple[list[tuple[int, int]], Codes]:
        """Codes possible before and after each move, and those before the last."""
        space = self.space
        possible = space.allowed
        counts, last = [], possible
        for guess, answer in self.moves:
            last = possible
            found = encode(answer.black, answer.white, space.positions)
            possible = possible[answers(space, guess, possible) == found]
            counts.append((len(last), len(possible)))
        return counts, np.asarray(last, dtype=np.int32)

    def format(self, code: int) -> str:
        return self.notation.format(self.space, code)

    def lines(self) -> list[Line]:
        return [
            Line(n, guess, answer, before, after, rating)
            for n, ((guess, answer), (before, after), rating) in enumerate(
                zip(self.moves, self.counts, self.ratings, strict=True), 1
            )
        ]

    @property
    def missing(self) -> int:
        """The first move (from 0) not rated yet; the number of moves when all are."""
        return next((i for i, r in enumerate(self.ratings) if r is None), len(self.moves))

    def work(self) -> Callable[[], list[MoveRating]] | None:
        """Work for a job: the ratings from the first move not rated on (an exact search
        may take seconds; the helper process does it); None when all are known."""
        start = self.missing
        if start == len(self.moves):
            return None
        space, strategy, moves = self.space, self.strategy, list(self.moves)
        worst_case = self.worst_case
        return lambda: rate_moves_apart(space, strategy, moves, start, worst_case=worst_case)

    def take(self, ratings: list[MoveRating]) -> None:
        for rating in ratings:
            self.ratings[rating.move - 1] = rating

    def rule_text(self) -> str:
        """What the best move and the costs are measured by, in a sentence."""
        rule = self._rule
        if self.worst_case:
            return (
                "Against the adversary, which keeps the largest class: best is the guess "
                "whose largest class is smallest (Knuth's rule); values in codes kept."
            )
        if rule == OPTIMAL:
            return "Best: the exact optimum's move; values in guesses expected, this one counted."
        if rule == FIT:
            return (
                "Best: the exact optimum among codes that fit (hard mode); values in guesses "
                "expected, this one counted."
            )
        return (
            f"The exact optimum is out of reach at {self.space.colours}x"
            f"{self.space.positions}: best is {rule}'s choice, by its own score (lower is "
            "better unless said)."
        )

    def ending(self) -> str:
        """The codes still possible before the last guess, by name (up to ``LISTED``)."""
        if not self.moves:
            return "No move was played."
        codes = [self.format(int(c)) for c in self.last_before[:LISTED]]
        more = len(self.last_before) - len(codes)
        listed = " ".join(codes) + (f" … and {more:,} more" if more > 0 else "")
        count = plural(len(self.last_before), "code")
        verb = "was" if len(self.last_before) == 1 else "were"
        return f"Before the last guess {count} {verb} still possible: {listed}"
