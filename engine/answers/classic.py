"""The classic answer: a black peg for each right colour in the right place, a white peg
for each further right colour in the wrong place."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ..errors import AnswerError
from ..words import plural
from .base import Answer, AnswerRule, classic_decode


@dataclass(frozen=True)
class Classic(AnswerRule):
    name: str = "classic"
    title: str = "black and white pegs"

    def answer_count(self, positions: int) -> int:
        """Every (black, white) with at most ``positions`` pegs, less the impossible
        ``positions - 1`` blacks and 1 white: ``positions * (positions + 3) / 2`` (14 on
        four positions)."""
        return (positions + 1) * (positions + 2) // 2 - 1

    def weights(self, positions: int) -> tuple[int, int]:
        return positions + 1, 1

    def score(self, secret: Sequence[Hashable], guess: Sequence[Hashable]) -> Answer:
        """Blacks: same colour, same position. Whites: colours in common minus blacks."""
        black = sum(1 for a, b in zip(secret, guess, strict=True) if a == b)
        common = Counter(secret) & Counter(guess)
        return Answer(black, sum(common.values()) - black)

    def decode(self, cls: int, positions: int) -> Answer:
        return Answer(*classic_decode(cls, positions))

    def check(self, black: int, white: int, positions: int) -> Answer:
        if black < 0 or white < 0:
            raise AnswerError("blacks and whites cannot be negative")
        if black + white > positions:
            raise AnswerError(
                f"{plural(black, 'black')} and {plural(white, 'white')} make "
                f"{black + white} pegs, but a code has only {plural(positions, 'position')}"
            )
        if black == positions - 1 and white == 1:
            raise AnswerError(
                f"{plural(black, 'black')} and 1 white is impossible: if "
                f"{plural(black, 'peg')} {'is' if black == 1 else 'are'} right, "
                "the last one cannot be the right colour in the wrong place"
            )
        return Answer(black, white)

    @property
    def legend(self) -> str:
        return (
            "an answer is blacks,whites: a black peg for each right colour in the right "
            "place, a white peg for each other right colour in the wrong place"
        )

    @property
    def form(self) -> str:
        return "blacks,whites"

    @property
    def example(self) -> str:
        return "2,1"


CLASSIC = Classic()
