"""A strategy's rule in a few lines, from its own description: what it measures, how it
breaks ties, how it opens and what it costs to compute. The watch's ``r`` and F1 show it,
and so does ``solve --html``'s handout; every registered strategy has one (a strategy that
says nothing of its own gets lines made from its summary, its measure and its kind)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import Strategy

#: What every strategy that weighs guesses by their split shares (``PartitionStrategy``).
PARTITION_TIES = (
    "a guess that could be the secret, then the code first as written "
    "(RRGG before GGRR, as the literature lists codes)"
)
PARTITION_OPENING = (
    "all colours are alike before any answer, so one guess per pattern of colours is "
    "weighed and the best played"
)
PARTITION_COST = (
    "every guess (one for each pattern of the colours not played yet) against every "
    "code still possible: milliseconds a move on 6x4, up to a second on 8x5; past "
    "131,072 codes a seeded sample, its scores marked ≈"
)


@dataclass(frozen=True)
class RuleCard:
    """The four lines of a strategy's rule, each a plain sentence."""

    name: str
    summary: str
    measures: str
    ties: str
    opening: str
    cost: str

    def lines(self) -> list[tuple[str, str]]:
        """The card as (heading, sentence) pairs, in the order a person reads them."""
        return [
            ("Measures", self.measures),
            ("Ties", self.ties),
            ("Opens", self.opening),
            ("Costs", self.cost),
        ]

    def text(self) -> str:
        """The card as plain lines: ``Measures: …`` and so on, under its name."""
        body = "\n".join(f"{head}: {said}" for head, said in self.lines())
        return f"{self.name}: {self.summary}\n{body}"


def rule_card(strategy: type[Strategy]) -> RuleCard:
    """The card of ``strategy`` (a class): its own sentences (``Strategy.rule_measures``
    and the rest), or, where it has none, sentences made from its summary and measure."""
    measure = strategy.measure
    measures = strategy.rule_measures
    if not measures and measure is not None:
        better = "more" if measure.higher_is_better else "less"
        measures = f"each guess by its {measure.label} ({better} is better): {strategy.summary}"
    elif not measures:
        measures = f"no score of its own: {strategy.summary}"
    ties = strategy.rule_ties or (
        "a guess that could be the secret, then the code first as written"
        if measure is not None
        else "it scores no guesses, so no ties arise"
    )
    opening = strategy.rule_opening or "as its rule picks from every code, nothing looked up"
    cost = strategy.rule_cost or "not measured for this strategy"
    return RuleCard(strategy.name, strategy.summary, measures, ties, opening, cost)
