"""What if: any code's split of the codes still possible, beside the strategy's choice,
scored as the strategy scores its own guesses and, where the exact optimum is within reach,
in guesses expected. Watch mode asks with ``w``, a game in the laboratory view with
``WHATIF RRGG``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import Answer, Decision
from engine.expected import counted
from engine.explain.measured import in_measure
from engine.explain.ties import estimated
from engine.feedback import answers, partition
from engine.rating.guesses import Rater, exact_rule, split_score
from engine.rating.process import rate_moves_apart
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
    #: The code's score in the measure of the strategy's choice (None: not known).
    score: float | None = None


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
    label = choice.score_label
    scored = split_score(strategy, split)
    score = None if scored is None or choice.score is None else scored[0]
    rating = None
    if exact_rule(Rater(space, strategy).rule):
        answer = next(iter(split))  # any answer a code gives: only the guess is rated
        played = [*moves, (code, answer)]
        rating = rate_moves_apart(space, strategy, played, start=len(moves))[-1]
        if score is None and rating.measure.label == label:  # the optimum: one measure
            score = counted(rating.value)
    head = f"What if {fmt(space, code)}: {plural(len(split), 'class', 'classes')}"
    ours = in_measure(label, score)
    if ours and choice.score is not None:
        theirs = in_measure(label, choice.score, estimated(choice))
        head = f"What if {fmt(space, code)}: {ours}; {strategy}'s {chosen}: {theirs}"
    parts = [head]
    if rating is not None and not (ours and rating.measure.label == label):
        aside = "as an aside, " if ours else ""
        parts.append(
            f"{aside}{rating.amount(rating.value)}; the best here, "
            f"{fmt(space, rating.best_guess)}, {rating.number(rating.best_value)}"
        )
    return WhatIf(len(moves), code, split, choice, "; ".join(parts) + ".", score)
