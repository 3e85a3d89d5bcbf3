"""Hard mode: every guess must fit every answer so far (it could be the secret), as in
Wordle's hard mode. A guess that does not is refused in one line naming the move it
contradicts, and costs no move; HINT suggests only codes that fit; the ratings and the
daily puzzle's par are against the exact optimum among such guesses (the ``optimal-fit``
strategy) where it is within reach, and beyond it against a stated heuristic (the code
that fits with the smallest expected class, ``fitting_best``). Nothing here imports
Textual."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from engine import Answer, CodeSpace
from engine.feedback import against, encode, partition
from engine.rating.guesses import Rater, exact_rule
from engine.trace import Choice

#: The exact optimum among guesses that fit: hard mode's rule and par.
FIT: Final = "optimal-fit"
#: Beyond the optimum's reach, what picks HINT's guess: said where it is shown.
HEURISTIC_WORDS: Final = "the code that fits with the smallest expected class"
#: Codes that fit weighed at most by the heuristic (a seeded sample beyond).
WEIGHED: Final = 512


def contradiction(
    space: CodeSpace, moves: Sequence[tuple[int, Answer]], code: int, fmt: Callable[[int], str]
) -> str | None:
    """Why ``code`` cannot be the secret after ``moves``: the first move whose answer it
    contradicts, in a line ("move 2 (RRGB) answered 1,0 but BBWW would have got 0,1");
    None when it fits every answer."""
    digits = space.to_digits(code)
    for number, (guess, answer) in enumerate(moves, 1):
        got = space.answers.score(digits, space.to_digits(guess))
        if got != answer:
            return (
                f"Hard mode: move {number} ({fmt(guess)}) answered {answer.black},"
                f"{answer.white} but {fmt(code)} would have got {got.black},{got.white}."
            )
    return None


def fitting(space: CodeSpace, moves: Sequence[tuple[int, Answer]]) -> npt.NDArray[np.int32]:
    """The codes that fit every answer of ``moves`` (could still be the secret)."""
    codes = space.allowed
    for guess, answer in moves:
        answers = against(space, guess, codes)
        codes = codes[answers == encode(answer.black, answer.white, space.positions)]
    return codes.astype(np.int32)


def rule_strategy(space: CodeSpace, strategy: str, hard: bool) -> str:
    """The strategy whose rule rates a guess and names HINT's: in hard mode the exact
    optimum among codes that fit, where it is within reach; else the game's own."""
    if hard and exact_rule(Rater(space, FIT).rule):
        return FIT
    return strategy


def fitting_best(space: CodeSpace, candidates: npt.NDArray[np.int32]) -> Choice:
    """Beyond the exact optimum's reach, hard mode's suggestion: of the codes that fit
    (a seeded sample of ``WEIGHED`` when there are more), the one whose answers split
    the codes still possible into the smallest expected class (sum of squares / n)."""
    pool = candidates
    if len(pool) > WEIGHED:
        rng = np.random.default_rng(len(candidates))
        pool = np.sort(rng.choice(candidates, WEIGHED, replace=False))
    best_code, best_value = int(pool[0]), float("inf")
    n = len(candidates)
    for code in pool:
        split = partition(against(space, int(code), candidates), space)
        value = sum(size * size for size in split.values()) / n
        if value < best_value:
            best_code, best_value = int(code), value
    return Choice(guess=best_code, consistent=True, score=best_value, score_label="expected size")


def hard_best(space: CodeSpace, moves: Sequence[tuple[int, Answer]]) -> Choice:
    """Hard mode's HINT beyond the optimum's reach (``fitting_best``), worked from the
    moves (a job's work)."""
    return fitting_best(space, fitting(space, moves))
