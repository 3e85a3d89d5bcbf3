"""A guess weighed in its strategy's own measure, wherever a split is drawn or a choice is
told in a line: Knuth's by the largest class, entropy by bits, expected size by expected
size, Most Parts by parts, the optimum by guesses expected. The runner-up is weighed in
the chosen guess's measure beside it; a strategy with no measure tells its rule instead,
and "worst case" marks a split only where the largest class is the measure."""

from __future__ import annotations

from collections.abc import Callable

from ..feedback import Answer
from ..strategies import measure_of
from ..trace import Alternative, Decision, format_score
from ..words import plural
from .ties import estimated


def in_measure(label: str | None, value: float | None, sampled: bool = False) -> str:
    """``largest class 256``, ``3.057 bits``, ``expected size 185.3``, ``14 parts``,
    ``4.476 guesses expected``: a score in its measure's own short words ("" without a
    measure or a value; ``sampled``: an estimate, marked ≈)."""
    measure = None if label is None else measure_of(label)
    if measure is None or value is None:
        return ""
    return (measure.brief or measure.reads).format(number(label, value, sampled))


def number(label: str | None, value: float, sampled: bool = False) -> str:
    """A score as a number, as the sentence and the chart beside write it (guesses
    expected counting the guess itself, as every display does; ``≈`` before an
    estimate)."""
    return ("≈" if sampled else "") + format_score(value)


def marks_worst(label: str | None) -> bool:
    """Whether a split weighed by the measure labelled ``label`` marks its largest classes
    "worst case": only where the largest class is what the strategy weighs."""
    measure = None if label is None else measure_of(label)
    return measure is not None and measure.worst_case


def runner_up_of(decision: Decision) -> Alternative | None:
    """The runner-up worth drawing beside the chosen guess (the best that is not its twin,
    else the first alternative), with its score in the chosen guess's measure."""
    if decision.rival is not None:
        return decision.rival
    return decision.alternatives[0] if decision.alternatives else None


def classes_text(partition: dict[Answer, int]) -> str:
    """``14 classes``: a split counted, for a strategy that weighs none."""
    return plural(len(partition), "class", "classes")


def pair_text(
    label: str | None,
    own: tuple[str, dict[Answer, int], float | None],
    rival: tuple[str, dict[Answer, int], float | None],
    kind: str,
    sampled: bool = False,
) -> str:
    """``WRGO: 3.057 bits; runner-up WROW: 2.981``: two guesses' splits of the same codes,
    each (name, split, score), weighed in the one measure ``label`` names, its words said
    once; where a score is unknown or there is no measure, the splits' classes counted."""
    ours = in_measure(label, own[2], sampled)
    if ours and rival[2] is not None:
        theirs = number(label, rival[2], sampled)
    else:
        ours, theirs = classes_text(own[1]), classes_text(rival[1])
    return f"{own[0]}: {ours}; {kind} {rival[0]}: {theirs}"


def why_text(decision: Decision, fmt: Callable[[int], str]) -> str:
    """Why a guess, in a line short enough for a column: its score in its strategy's
    measure and the runner-up's in the same (``largest class 256; BBWR 276``), or, for a
    strategy that weighs nothing, its rule (``the first code still possible``)."""
    label, value = decision.score_label, decision.score
    sampled = estimated(decision)
    own = in_measure(label, value, sampled)
    if not own:
        if decision.why:
            return decision.why.format(guess=fmt(decision.guess))
        return decision.note or ("could be the secret" if decision.consistent else "")
    rival = runner_up_of(decision)
    if rival is None:
        return own
    return f"{own}; {fmt(rival.guess)} {number(label, rival.score, sampled)}"
