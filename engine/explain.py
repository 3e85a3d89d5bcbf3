"""The words that explain a decision, written once for every display: ``mastermind
solve`` prints them, the solver trace pane draws them.

Answers are written one way in text, ``2,1`` (blacks, whites: what a person types); boards
and bars keep their pegs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from .codes import CodeSpace
from .feedback import Answer, answers, encode, partition, score
from .strategies import Measure, measure_of
from .trace import Choice, Decision, format_score
from .words import plural

if TYPE_CHECKING:
    from .arrays import Codes

#: What the star after a score means.
STAR = "*"
STAR_MEANING = "* cannot be the secret"


def answer_text(answer: Answer) -> str:
    """An answer in text: ``2,1`` for two blacks and one white."""
    return f"{answer.black},{answer.white}"


def estimated(choice: Choice) -> bool:
    """Whether the scores were worked out on a sample of the codes (estimates)."""
    return choice.estimated


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


#: Scores closer than this are a tie (they come from the same integer keys).
_TIE = 1e-9


def _amount(decision: Decision, value: float, measure: Measure | None = None) -> str:
    """``44 codes``, ``1 code``, ``≈2,112,251 codes`` (estimated), ``3.057 bits``; the
    bare number without a measure."""
    number = format_score(value)
    mark = "≈" if estimated(decision) else ""
    if measure is None:
        return mark + number
    return f"{mark}{number} {measure.unit if number == '1' else measure.units}"


def tie_text(decision: Decision, fmt: Callable[[int], str]) -> str:
    """Why the guess beat the runner-up it tied with, by the tie rule of the scoring
    strategies (a guess that could be the secret, then the first as written); "" when
    there was no tie."""
    if decision.score is None or not decision.alternatives or decision.score_label is None:
        return ""
    rival = decision.alternatives[0]
    measure = measure_of(decision.score_label)
    if not tied(decision, rival.score) or measure is None:
        return ""
    g, r = fmt(decision.guess), fmt(rival.guess)
    both = measure.both.format(_amount(decision, decision.score, measure))
    return f"{g} and {r} {both}; {tie_rule(decision, fmt)}"


def tie_rule(decision: Decision, fmt: Callable[[int], str]) -> str:
    """How the tie rule picked the guess over the runner-up with the same score: ``RRGG
    could be the secret, RGGR could not``."""
    g, r = fmt(decision.guess), fmt(decision.alternatives[0].guess)
    if decision.consistent and not decision.alternatives[0].consistent:
        return f"{g} could be the secret, {r} could not"
    if decision.consistent:
        return f"both could be the secret, and {g} comes first as written"
    return f"neither could be the secret, and {g} comes first as written"


def tied(decision: Decision, score: float) -> bool:
    """Whether ``score`` ties the decision's own."""
    return decision.score is not None and abs(score - decision.score) <= _TIE


def sentence(decision: Decision, fmt: Callable[[int], str]) -> str:
    """One plain sentence: why this guess, in the strategy's own terms, with how a tie was
    broken (``RRGG and RGGR both leave at most 44 codes; RRGG could be the secret, RGGR
    could not.``)."""
    g = fmt(decision.guess)
    label = decision.score_label
    measure = None if label is None else measure_of(label)
    if decision.score is not None and measure is not None:
        tie = tie_text(decision, fmt)
        if tie:
            return tie + "."
        text = f"{g} {measure.own.format(_amount(decision, decision.score, measure))}"
        if decision.alternatives:
            rival = decision.alternatives[0]
            rival_text = measure.rival.format(_amount(decision, rival.score))
            text += f"; the next best, {fmt(rival.guess)}, {rival_text}"
        return text + "."
    if decision.why:
        return decision.why.format(guess=g)
    could = "could" if decision.consistent else "could not"
    return f"{g} {could} be the secret" + (f" ({decision.note})." if decision.note else ".")


def runner_up(
    space: CodeSpace, decision: Decision, candidates: Codes
) -> tuple[int, dict[Answer, int]] | None:
    """The next best guess and how it would have split ``candidates`` (the codes the
    decision was made on), to show beside the chosen guess's split; None without one."""
    if not decision.alternatives:
        return None
    rival = decision.alternatives[0].guess
    return rival, partition(answers(space, rival, candidates), space.positions)


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
        would = score(digits, space.to_digits(guess))
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
