"""The words that explain a decision, written once for every display: ``mastermind
solve`` prints them, the solver trace pane draws them.

Answers are written one way in text, ``2,1`` (blacks, whites: what a person types); boards
and bars keep their pegs.
"""

from __future__ import annotations

from collections.abc import Callable

from .feedback import Answer
from .match import plural
from .trace import Decision, format_score

#: What the star after a score means.
STAR = "*"
STAR_MEANING = "* cannot be the secret"
#: The note a strategy leaves when it scored the guesses on a sample of the codes.
_SAMPLED = "partitions estimated on"


def answer_text(answer: Answer) -> str:
    """An answer in text: ``2,1`` for two blacks and one white."""
    return f"{answer.black},{answer.white}"


def estimated(decision: Decision) -> bool:
    """Whether the scores were worked out on a sample of the codes (estimates)."""
    return _SAMPLED in decision.note


def score_text(decision: Decision) -> str:
    """``largest class: 276``, or ``≈2,112,251 (estimate)`` when sampled; "" if unscored."""
    if decision.score is None:
        return ""
    mark = "≈" if estimated(decision) else ""
    tail = " (estimate)" if estimated(decision) else ""
    return f"{decision.score_label}: {mark}{format_score(decision.score)}{tail}"


def alternatives_text(decision: Decision, fmt: Callable[[int], str], count: int = 3) -> str:
    """``next best: BBWR 276, BWRG 312*`` (with what the star means when one shows)."""
    shown = decision.alternatives[:count]
    if not shown:
        return ""
    mark = "≈" if estimated(decision) else ""
    items = ", ".join(
        f"{fmt(a.guess)} {mark}{format_score(a.score)}{'' if a.consistent else STAR}" for a in shown
    )
    starred = any(not a.consistent for a in shown)
    return f"next best: {items}" + (f" ({STAR_MEANING})" if starred else "")


def reasons(decision: Decision, fmt: Callable[[int], str]) -> list[str]:
    """Why this guess, one reason per item: its score, the next best, how many guesses
    were weighed, whether it can be the secret, and the strategy's own note."""
    out = [text for text in (score_text(decision), alternatives_text(decision, fmt)) if text]
    if decision.pool_size:
        out.append(f"weighed {plural(decision.pool_size, 'guess', 'guesses')}")
    if not decision.consistent:
        out.append("cannot be the secret, but splits the rest best")
    if decision.note:
        out.append(decision.note)
    return out


def split_text(partition: dict[Answer, int], shown: int = 8) -> str:
    """``2,1: 44; 1,1: 30 (+3 more)``: how the codes split by answer, largest first."""
    items = list(partition.items())
    parts = "; ".join(f"{answer_text(a)}: {n:,}" for a, n in items[:shown])
    more = len(items) - shown
    return parts + (f" (+{more} more)" if more > 0 else "")
