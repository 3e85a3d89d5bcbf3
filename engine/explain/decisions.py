"""The words that explain a decision, written once for every display: ``mastermind
solve`` prints them, the solver trace pane draws them.

Answers are written one way in text, ``2,1`` (blacks, whites: what a person types); boards
and bars keep their pegs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from ..codes import CodeSpace
from ..feedback import Answer, answers, encode, partition
from ..strategies import measure_of
from ..strategies.guess_pools import FAMILIES, SYMMETRY
from ..trace import Alternative, Decision, format_score
from ..words import plural
from .ties import (
    among_text,
    amount_text,
    estimated,
    families_note,
    tie_count,
    tie_rule,
    tie_text,
    tied,
    tied_other,
)

if TYPE_CHECKING:
    from ..arrays import Codes

#: Told here too: every display imports the words from this one module.
__all__ = ["estimated", "tie_count", "tie_rule", "tie_text", "tied", "tied_other"]

#: What the star after a score means; notes the tie sentence says (brief reasons drop them).
STAR, STAR_MEANING, SAID = "*", "* cannot be the secret", (FAMILIES, SYMMETRY)


def answer_text(answer: Answer) -> str:
    """An answer in text as its rule writes it: ``2,1`` for two blacks and one white,
    ``2`` with black pegs only."""
    return answer.text


def score_text(decision: Decision) -> str:
    """``largest class: 276``, ``≈2,112,251 (estimate)`` when sampled, ``expected
    guesses: 4.340, this one counted`` (``engine.expected``); "" if unscored."""
    if decision.score is None:
        return ""
    mark = "≈" if estimated(decision) else ""
    tail = " (estimate)" if estimated(decision) else ""
    measure = None if decision.score_label is None else measure_of(decision.score_label)
    if measure is not None and measure.in_guesses:
        tail += ", this one counted"
    return f"{decision.score_label}: {mark}{format_score(decision.score)}{tail}"


def alternatives_text(
    decision: Decision, fmt: Callable[[int], str], count: int = 3, tied_ones: bool = True
) -> str:
    """``tied at 44: RWGG, RRBG; next best: BWRG 46*``: the guesses that score as the
    choice does are never called "next best" (with what the star means when one shows);
    without ``tied_ones`` (the sentence has told the tie), only the next best."""
    shown = decision.alternatives[:count]
    if not shown:
        return ""
    mark = "≈" if estimated(decision) else ""

    def item(a: Alternative, score: bool = True) -> str:
        value = f" {mark}{format_score(a.score)}" if score else ""
        return f"{fmt(a.guess)}{value}{'' if a.consistent else STAR}"

    ties = [a for a in shown if tied(decision, a.score)] if tied_ones else []
    worse = [a for a in shown if not tied(decision, a.score)]
    if not worse and decision.worse is not None:
        worse = [decision.worse]
    parts = []
    if ties:
        names = ", ".join(item(a, score=False) for a in ties)
        more = tie_count(decision) - 1 - len(ties)
        least = "" if decision.ties_known else "at least "
        names += f" and {least}{more:,} more" if more > 0 else ""
        parts.append(f"tied at {mark}{format_score(decision.score or 0.0)}: {names}")
    if worse:
        parts.append("next best: " + ", ".join(item(a) for a in worse))
    starred = any(not a.consistent for a in ties + worse)
    return "; ".join(parts) + (f" ({STAR_MEANING})" if starred else "")


def reasons(decision: Decision, fmt: Callable[[int], str], brief: bool = False) -> list[str]:
    """Why this guess, one reason per item: its score, the next best, how many guesses
    were weighed, whether it can be the secret, and the strategy's own note. ``brief``
    (a short pane, the sentence above): leaves out what the sentence has said already,
    the tied guesses and why guesses stand for families."""
    alternatives = alternatives_text(decision, fmt, tied_ones=not brief)
    out = [text for text in (score_text(decision), alternatives) if text]
    if decision.pool_size:
        out.append(f"weighed {plural(decision.pool_size, 'guess', 'guesses')}")
    if not decision.consistent:
        out.append("cannot be the secret, but splits the rest best")
    said = families_note(decision) if brief else ""
    notes = [n for n in decision.note.split("; ") if n and not (said and n.startswith(SAID))]
    out.extend(notes)
    return out


def split_text(partition: dict[Answer, int], shown: int = 8) -> str:
    """``2,1: 44; 1,1: 30 (+3 more)``: how the codes split by answer, largest first."""
    items = list(partition.items())
    parts = "; ".join(f"{answer_text(a)}: {n:,}" for a, n in items[:shown])
    more = len(items) - shown
    return parts + (f" (+{more} more)" if more > 0 else "")


def twins_text(decision: Decision, fmt: Callable[[int], str]) -> str:
    """``5 guesses split the codes exactly as RRGO does (RGRO, …): not drawn``; ""
    without twins."""
    if not decision.twins:
        return ""
    names = ", ".join(fmt(g) for g in decision.twin_guesses)
    more = "…" if decision.twins > len(decision.twin_guesses) and names else ""
    listed = f" ({names}{', ' if names and more else ''}{more})" if names else ""
    subject = "1 guess splits" if decision.twins == 1 else f"{decision.twins:,} guesses split"
    return f"{subject} the codes exactly as {fmt(decision.guess)} does{listed}"


def sentence(decision: Decision, fmt: Callable[[int], str]) -> str:
    """One plain sentence: why this guess, in the strategy's own terms, with how many
    codes tied and how the tie was broken (``RRGO and 5 others leave at most 46 codes;
    4 of the 6 could be the secret; RRGO is first of those as written.``)."""
    g = fmt(decision.guess)
    label = decision.score_label
    measure = None if label is None else measure_of(label)
    if decision.score is not None and measure is not None:
        tie = tie_text(decision, fmt)
        if tie:
            return tie + "."
        own = measure.own.format(amount_text(decision, decision.score, measure))
        text = f"{among_text(decision)}{g} {own}"
        rival = next_worse(decision)
        if rival is not None:
            rival_text = measure.rival.format(amount_text(decision, rival.score))
            text += f"; the next best, {fmt(rival.guess)}, {rival_text}"
        return text + "."
    if decision.why:
        return decision.why.format(guess=g)
    could = "could" if decision.consistent else "could not"
    return f"{g} {could} be the secret" + (f" ({decision.note})." if decision.note else ".")


def next_worse(decision: Decision) -> Alternative | None:
    """The best guess weighed that scores worse than the choice (None: none known)."""
    if decision.worse is not None:
        return decision.worse
    return next((a for a in decision.alternatives if not tied(decision, a.score)), None)


def runner_up(
    space: CodeSpace, decision: Decision, candidates: Codes
) -> tuple[int, dict[Answer, int]] | None:
    """The runner-up worth drawing beside the chosen guess (the best that is not its twin:
    a twin's split is the same, answer by answer) and how it would have split
    ``candidates`` (the codes the decision was made on); None without one."""
    rival = decision.rival
    if rival is None and decision.alternatives:
        rival = decision.alternatives[0]
    if rival is None:
        return None
    return rival.guess, partition(answers(space, rival.guess, candidates), space)


def class_codes(space: CodeSpace, guess: int, candidates: Codes, answer: Answer) -> Codes:
    """The codes of ``candidates`` that would answer ``guess`` with ``answer``: one class."""
    cls = encode(answer.black, answer.white, space.positions)
    return cast("Codes", candidates[answers(space, guess, candidates) == cls])


def ruled_out(
    space: CodeSpace, code: int, moves: Sequence[tuple[int, Answer]]
) -> tuple[int, Answer] | None:
    """The first move (numbered from 1) whose answer ``code`` contradicts, with the answer
    that move would have got had ``code`` been the secret; None if it fits every answer."""
    digits = space.to_digits(code)
    for number, (guess, answer) in enumerate(moves, 1):
        would = space.answers.score(digits, space.to_digits(guess))
        if would != answer:
            return number, would
    return None


def code_text(
    space: CodeSpace, code: int, moves: Sequence[tuple[int, Answer]], fmt: Callable[[int], str]
) -> str:
    """Why a code is still possible or not, in one sentence."""
    if not space.repeats and len(set(space.to_digits(code))) < space.positions:
        return f"{fmt(code)} is not a code of this game: no colour may repeat."
    out = ruled_out(space, code, moves)
    if out is None and not moves:
        return f"{fmt(code)} is possible: no guess has been answered yet."
    if out is None:
        return f"{fmt(code)} is still possible: it fits every answer so far."
    number, would = out
    guess, answer = moves[number - 1]
    return (
        f"{fmt(code)} is ruled out by move {number}: had it been the secret, {fmt(guess)} "
        f"would have got {answer_text(would)}, not {answer_text(answer)}."
    )
