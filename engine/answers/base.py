"""What every answer rule is: how an answer is counted, written and checked.

Every rule shares one layout of answer *classes*, the classic one,
``black * (positions + 1) + (black + white)``: a rule that gives no white pegs simply
never uses a class with whites. So histograms, trees and the win class (``positions``
blacks) mean the same under every rule, and a rule is, for the vectorised scoring and the
kernels, two weights: a class is ``blacks * black_weight + right_colours * colour_weight``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import NamedTuple


class Answer(NamedTuple):
    """An answer as (black, white) pegs; ``text`` is how the rule writes it."""

    black: int
    white: int

    @property
    def text(self) -> str:
        """``2,1``: blacks, then whites."""
        return f"{self.black},{self.white}"

    def __str__(self) -> str:
        return f"{self.black}B {self.white}W"


class BlackAnswer(Answer):
    """An answer under black pegs only: one number, never "2,0"."""

    __slots__ = ()

    @property
    def text(self) -> str:
        return str(self.black)

    def __str__(self) -> str:
        return f"{self.black}B"


@dataclass(frozen=True)
class AnswerRule(ABC):
    """One way of answering a guess. Rules compare and hash by ``name``, so that a rule
    sent to another process (``--jobs``, a cluster worker) is the same rule there."""

    #: As typed after ``--answers`` and kept in records and cache names.
    name: str
    #: As a person reads it: "black and white pegs", "black pegs only".
    title: str

    @abstractmethod
    def answer_count(self, positions: int) -> int:
        """How many different answers a guess can get."""

    @abstractmethod
    def weights(self, positions: int) -> tuple[int, int]:
        """(black weight, colour weight): a class is ``blacks * black_weight +
        right_colours * colour_weight``, where right colours count the blacks too."""

    @abstractmethod
    def score(self, secret: Sequence[Hashable], guess: Sequence[Hashable]) -> Answer:
        """One secret against one guess, in plain Python."""

    @abstractmethod
    def decode(self, cls: int, positions: int) -> Answer:
        """The answer a class stands for, written as this rule writes it."""

    @abstractmethod
    def check(self, black: int, white: int, positions: int) -> Answer:
        """An answer a person gave, or AnswerError saying why it cannot be."""

    @property
    def uses_colours(self) -> bool:
        """Whether answers depend on colours in the wrong place (scoring skips them if
        not)."""
        return self.weights(1)[1] != 0

    @property
    @abstractmethod
    def legend(self) -> str:
        """What an answer's numbers mean, for a legend under a board or a handout."""

    @property
    @abstractmethod
    def form(self) -> str:
        """What an answer is typed as, in a word or two: "blacks,whites", "blacks"."""

    @property
    @abstractmethod
    def example(self) -> str:
        """How to type an answer of two blacks and one white (or two blacks)."""


def classic_encode(black: int, white: int, positions: int) -> int:
    """The class of (black, white): the layout every rule shares."""
    return black * (positions + 1) + black + white


def classic_decode(cls: int, positions: int) -> tuple[int, int]:
    black, total = divmod(int(cls), positions + 1)
    return black, total - black
