"""How a decision's ties are told in words: how many codes score as the chosen guess does,
which one where exactly two tie, and how the tie rule picked the guess (``engine.explain.decisions``
writes the rest of the explanation and gives these names too)."""

from __future__ import annotations

from collections.abc import Callable

from ..strategies import Measure, measure_of
from ..strategies.guess_pools import OPENING, SYMMETRY
from ..trace import Choice, Decision, format_score


def estimated(choice: Choice) -> bool:
    """Whether the scores were worked out on a sample of the codes (estimates)."""
    return choice.estimated


#: Scores closer than this are a tie (they come from the same integer keys).
_TIE = 1e-9


def amount_text(decision: Decision, value: float, measure: Measure | None = None) -> str:
    """``44 codes``, ``1 code``, ``≈2,112,251 codes`` (estimated), ``3.057 bits``; the
    bare number without a measure."""
    number = format_score(value)
    mark = "≈" if estimated(decision) else ""
    if measure is None:
        return mark + number
    return f"{mark}{number} {measure.unit if number == '1' else measure.units}"


def tie_count(decision: Decision) -> int:
    """How many codes score as the chosen guess does, itself included: every code counted
    where the strategy says (``Choice.ties``), else the guesses shown that tie."""
    if decision.ties:
        return decision.ties
    return 1 + sum(1 for a in decision.alternatives if tied(decision, a.score))


def families_note(decision: Decision) -> str:
    """Said when some of the tied codes were counted through a guess that stands for them:
    a pattern of repeated colours at the opening, later the guesses alike but for colours
    not played yet."""
    if not (decision.ties and decision.ties_weighed and decision.ties > decision.ties_weighed):
        return ""
    notes, weighed = decision.note.split("; "), decision.ties_weighed
    if any(note.startswith(OPENING) for note in notes):
        return " (the codes with its pattern of colours)"
    each = f"{weighed:,} weighed, each standing for " if weighed > 1 else ""
    if any(note.startswith(SYMMETRY) for note in notes):  # the exact optimum's classes
        return f" ({each}the codes that swapping colours and positions makes of it)"
    return f" ({each}the codes alike but for colours not played yet)"


def tie_text(decision: Decision, fmt: Callable[[int], str]) -> str:
    """How many codes tie with the guess and how the tie rule of the scoring strategies
    (a guess that could be the secret, then the first as written) picked it; "" when
    nothing tied. "Both" only where exactly two tie."""
    if decision.score is None or not decision.alternatives or decision.score_label is None:
        return ""
    measure = measure_of(decision.score_label)
    count = tie_count(decision)
    if count < 2 or measure is None:
        return ""
    g, amount = fmt(decision.guess), amount_text(decision, decision.score, measure)
    among = among_text(decision)
    other = tied_other(decision)
    if other is not None:
        both = measure.both.format(amount)
        r = fmt(other[0])
        return f"{among}{g} and {r}{families_note(decision)} {both}; " + tie_rule(decision, fmt)
    together = measure.both.removeprefix("both ").format(amount)
    least = "" if decision.ties_known else "at least "
    others = f"{least}{count - 1:,} {'other' if count == 2 else 'others'}"
    return f"{among}{g} and {others}{families_note(decision)} {together}; " + tie_rule(
        decision, fmt
    )


def among_text(decision: Decision) -> str:
    """``Of 1,993 guesses drawn at random, `` where the guesses weighed were a sample
    (its ties and its next best are the sample's), else ""."""
    return f"Of {decision.ties_among:,} guesses drawn at random, " if decision.ties_among else ""


def tie_rule(decision: Decision, fmt: Callable[[int], str]) -> str:
    """How the tie rule picked the guess among those with the same score: ``RRGG could be
    the secret, RGGR could not`` (two), ``4 of the 6 could be the secret; RRGO is first of
    those as written`` (more)."""
    g, count = fmt(decision.guess), tie_count(decision)
    if count <= 2 and decision.ties_known:
        other = tied_other(decision)
        r = "the other" if other is None else fmt(other[0])
        # Unnamed (a symmetric image of the guess): the count of those possible says.
        other_could = other[1] if other else decision.ties_possible > decision.consistent
        if decision.consistent and not other_could:
            return f"{g} could be the secret, {r} could not"
        if decision.consistent:
            return f"both could be the secret, and {g} comes first as written"
        return f"neither could be the secret, and {g} comes first as written"
    possible = decision.ties_possible if decision.ties else None
    # The exact search keeps a few of the guesses tied: of those found, then.
    found = "" if decision.ties_known else " found"
    if not decision.consistent:
        return f"none{found} could be the secret, and {g} comes first as written"
    if possible is None:
        return f"{g} could be the secret and comes first as written of those that could"
    if possible == 1:
        return f"only {g} of the {count:,}{found} could be the secret"
    if possible == count:
        return f"all {count:,}{found} could be the secret, and {g} comes first as written"
    could = f"{possible:,} of the {count:,}{found} could be the secret"
    return f"{could}; {g} is first of those as written"


def tied_other(decision: Decision) -> tuple[int, bool] | None:
    """Where exactly two codes tie, every one counted: the other one and whether it could
    be the secret; a tied guess weighed, else a twin named (a member of the guess's family,
    which the pool left out); None when neither is known."""
    if tie_count(decision) != 2 or not decision.ties_known:
        return None
    weighed = next((a for a in decision.alternatives if tied(decision, a.score)), None)
    if weighed is not None:
        return weighed.guess, weighed.consistent
    if not decision.twin_guesses:
        return None
    possible = decision.ties_possible - decision.consistent if decision.ties else 0
    return decision.twin_guesses[0], possible > 0


def tied(decision: Decision, score: float) -> bool:
    """Whether ``score`` ties the decision's own."""
    return decision.score is not None and abs(score - decision.score) <= _TIE * max(
        1.0, abs(decision.score)
    )
