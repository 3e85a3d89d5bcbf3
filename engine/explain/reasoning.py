"""A move's reasoning as data, for ``mastermind solve --json`` and any other reader that
wants the numbers behind the sentence: the measure and its value, the ties told as they
are, the runner-up worth drawing and its split."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..codes import CodeSpace
from ..trace import Alternative, Decision
from .decisions import answer_text, runner_up, sentence, tie_count, twins_text

if TYPE_CHECKING:
    from ..arrays import Codes


def reasoning(
    space: CodeSpace, decision: Decision, candidates: Codes, fmt: Callable[[int], str]
) -> dict[str, Any]:
    """The reasoning of ``decision``, made on ``candidates``: plain JSON types only."""

    def guess(a: Alternative | None) -> dict[str, Any] | None:
        if a is None:
            return None
        return {"guess": fmt(a.guess), "value": a.score, "could_be_secret": a.consistent}

    rival = runner_up(space, decision, candidates)
    out: dict[str, Any] = {
        "sentence": sentence(decision, fmt),
        "could_be_secret": decision.consistent,
        "measure": decision.score_label,
        "value": decision.score,
        "estimated": decision.estimated,
        "weighed": decision.pool_size,
        "ties": tie_count(decision) if decision.score is not None else None,
        "ties_could_be_secret": decision.ties_possible if decision.ties else None,
        # Whether every tie is counted (the exact search keeps a few: then at least),
        # and the random sample of guesses they were counted in (None: every code).
        "ties_all_counted": decision.ties_known,
        "ties_among_sample": decision.ties_among or None,
        "twins": decision.twins,
        "twins_said": twins_text(decision, fmt),
        "next_best": guess(decision.worse),
        "best_could_be_secret": guess(decision.best_possible),
        "split": {answer_text(a): n for a, n in decision.partition.items()},
        "runner_up": None,
    }
    if rival is not None:
        score = next(
            (a for a in (decision.rival, *decision.alternatives) if a and a.guess == rival[0]),
            None,
        )
        out["runner_up"] = {
            **(guess(score) or {"guess": fmt(rival[0])}),
            "split": {answer_text(a): n for a, n in rival[1].items()},
        }
    return out
