"""What if: any code's split of the codes still possible, beside the strategy's choice,
scored as the strategy scores its own guesses and, where the exact optimum is within reach,
in guesses expected. Watch mode asks with ``w``, a game in the laboratory view with
``WHATIF RRGG``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import Answer, Decision
from engine.feedback import answers, partition
from engine.rating.guesses import Rater, exact_rule, split_score
from engine.rating.process import rate_moves_apart
from engine.trace import format_score
from engine.words import plural

from .settings import Settings

if TYPE_CHECKING:
    from engine.arrays import Codes


@dataclass(frozen=True)
class WhatIf:
    """A code split beside the strategy's choice after ``move`` moves."""

    move: int
    code: int
    split: dict[Answer, int]
    #: The strategy's choice there, and what the code scores, in a line.
    choice: Decision
    text: str


def what_if(
    settings: Settings,
    moves: Sequence[tuple[int, Answer]],
    before: Codes,
    choice: Decision,
    code: int,
) -> WhatIf:
    """How ``code`` would split the codes ``before`` (possible after ``moves``), beside
    the strategy's ``choice`` there. The exact optimum is searched in a helper process:
    call from a worker."""
    space, strategy = settings.space, settings.strategy
    fmt = settings.notation.format
    split = partition(answers(space, code, before), space)
    chosen = fmt(space, choice.guess)
    parts = [f"What if {fmt(space, code)}: {plural(len(split), 'class', 'classes')}"]
    scored = split_score(strategy, split)
    if scored is not None and choice.score is not None:
        value, measure = scored
        parts.append(
            f"{measure.label} {format_score(value)}, "
            f"{strategy}'s {chosen} {format_score(choice.score)}"
        )
    if exact_rule(Rater(space, strategy).rule):
        answer = next(iter(split))  # any answer a code gives: only the guess is rated
        played = [*moves, (code, answer)]
        rating = rate_moves_apart(space, strategy, played, start=len(moves))[-1]
        parts.append(
            f"{rating.amount(rating.value)}; the best here, "
            f"{fmt(space, rating.best_guess)}, {rating.number(rating.best_value)}"
        )
    return WhatIf(len(moves), code, split, choice, "; ".join(parts) + ".")
