"""Black pegs only: the answer counts the right colours in the right place and says
nothing of the others (the harder game Jäger and Peczarski studied). Its classes are the
classic ones with no white pegs, so everything that counts classes works unchanged."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ..errors import AnswerError
from ..words import plural
from .base import AnswerRule, BlackAnswer, classic_decode


@dataclass(frozen=True)
class BlackOnly(AnswerRule):
    name: str = "black"
    title: str = "black pegs only"

    def answer_count(self, positions: int) -> int:
        """0 to ``positions`` blacks, every one possible."""
        return positions + 1

    def weights(self, positions: int) -> tuple[int, int]:
        return positions + 2, 0

    def score(self, secret: Sequence[Hashable], guess: Sequence[Hashable]) -> BlackAnswer:
        return BlackAnswer(sum(1 for a, b in zip(secret, guess, strict=True) if a == b), 0)

    def decode(self, cls: int, positions: int) -> BlackAnswer:
        black, white = classic_decode(cls, positions)
        if white:
            raise AnswerError(f"class {cls} has white pegs, which black pegs only never gives")
        return BlackAnswer(black, 0)

    def check(self, black: int, white: int, positions: int) -> BlackAnswer:
        if white:
            raise AnswerError(
                "this game answers with black pegs only: give the number of right colours "
                "in the right place, with no whites"
            )
        if black < 0:
            raise AnswerError("blacks cannot be negative")
        if black > positions:
            raise AnswerError(
                f"{plural(black, 'black')} is more than a code's {plural(positions, 'position')}"
            )
        return BlackAnswer(black, 0)

    @property
    def legend(self) -> str:
        return (
            "an answer is the number of black pegs: right colours in the right place "
            "(colours in the wrong place are not counted)"
        )

    @property
    def form(self) -> str:
        return "the number of blacks"

    @property
    def example(self) -> str:
        return "2"


BLACK = BlackOnly()
