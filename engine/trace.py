"""What the solver records at every step: enough to explain "why this guess" and to step
back and forth through a game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .feedback import Answer


@dataclass(frozen=True)
class Alternative:
    """A guess the strategy weighed, with its score."""

    guess: int
    score: float
    consistent: bool


@dataclass(frozen=True)
class Choice:
    """What a strategy picked and why."""

    guess: int
    #: Whether the guess could itself be the secret.
    consistent: bool
    #: The chosen guess's score and what the number means (scoring strategies only).
    score: float | None = None
    score_label: str | None = None
    #: The best other guesses, best first, with their scores.
    alternatives: tuple[Alternative, ...] = ()
    #: Free text: the index scan of the classic searches, or sampling on big spaces.
    note: str = ""
    #: How many guesses were weighed (scoring strategies), after symmetry or sampling;
    #: the notes say why, displays give the number.
    pool_size: int | None = None
    #: Extra facts for displays, e.g. {"scan_start": 417, "skipped": 3}.
    details: dict[str, int] = field(default_factory=dict)
    #: Whether the scores were worked out on a sample of the codes (estimates).
    estimated: bool = False
    #: Why, in one plain sentence with ``{guess}`` where the guess goes (the display writes
    #: the code): what strategies that keep no score say; "" leaves it to the display.
    why: str = ""
    #: Ties, told as they are (partition strategies; 0 where not counted): the codes that
    #: score as the guess does, itself included, every guess of a symmetric family
    #: counted; how many of them could be the secret; how many were weighed one by one.
    ties: int = 0
    ties_possible: int = 0
    ties_weighed: int = 0
    #: The ties were counted among this many guesses drawn at random (a big space's
    #: sample), not every code; 0: every code counted. ``ties_known``: the exact search
    #: keeps a few of the guesses tied, so ``ties`` is at least that many (False).
    ties_among: int = 0
    ties_known: bool = True
    #: Codes that split the candidates exactly as the guess does (the same number of codes
    #: for every answer), itself excluded, and a few of them by name.
    twins: int = 0
    twin_guesses: tuple[int, ...] = ()
    #: The runner-up worth drawing beside the guess (the best that is not a twin), and
    #: the best guess that scores worse ("next best"); None where there is none.
    rival: Alternative | None = None
    worse: Alternative | None = None
    #: The best guess weighed that could be the secret (the chart always shows it, with
    #: its cost, even where guesses that cannot be the secret crowd the top); None: none.
    best_possible: Alternative | None = None


@dataclass(frozen=True)
class Decision(Choice):
    """A choice together with the position it was made in."""

    candidates_before: int = 0
    #: How the codes still possible split by the answer this guess would get, largest first.
    partition: dict[Answer, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    """One move: the decision, the answer it got and what was left."""

    number: int
    decision: Decision
    answer: Answer
    candidates_after: int

    @property
    def guess(self) -> int:
        return self.decision.guess


def format_score(value: float) -> str:
    """A score as a person reads it: whole numbers with separators (estimates on big spaces
    are large), fractions to three decimals."""
    if abs(value - round(value)) < 1e-9 or abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.3f}"


def next_best(decision: Decision, fmt: Callable[[int], str], count: int = 3) -> str:
    """The best alternatives with their scores, e.g. ``BBWR 276, BWRG 312*``; a star marks a
    guess that cannot be the secret."""
    return ", ".join(
        f"{fmt(a.guess)} {format_score(a.score)}{'' if a.consistent else '*'}"
        for a in decision.alternatives[:count]
    )
