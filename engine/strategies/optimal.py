"""The optimal strategy: fewest guesses in total over every secret (Koyama and Lai), any
code allowed as a guess, and its other criteria (possible codes only, a cap on guesses,
the worst case first). The search itself is in ``engine.optimal``, the trees it finds kept
on disk in ``engine.optimal.solutions``; this is the strategy that plays them.

Tie rule: of the guesses that reach the optimum, one that could be the secret, then the
first as written (as for the partition strategies).
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from ..codes import CodeSpace
from ..expected import EXPECTED
from ..run import HERE, Run
from ..trace import Alternative, Choice
from .base import Measure, Position, Strategy
from .guess_pools import OPENING
from .optimal_ties import tie_facts

if TYPE_CHECKING:  # the exact search is imported where used: only the runs that play it
    from ..arrays import SomeCodes
    from ..optimal.criterion import Criterion
    from ..optimal.node import Node
    from ..optimal.search import OptimalSearch
    from ..optimal.solutions import Solution


#: The opening's note: the search weighs one guess per pattern of colours.
PATTERNS = f"{OPENING} one guess per pattern of colours, all alike by symmetry"


class Optimal(Strategy):
    name = "optimal"
    summary = "the fewest guesses on average, any code allowed: exact search (Koyama and Lai, 1993)"
    measure: ClassVar[Measure] = Measure(
        label="expected guesses",
        reads=EXPECTED,
        own="finds the secret in {} on average, this one counted, as few as any guess can",
        both="both need {} on average, each counting itself",
        rival="needs {}",
        unit="guess",
        units="guesses",
        in_guesses=True,
        brief="{} guesses expected",
    )
    rule_measures = (
        "the guesses still expected to find the secret, this one counted, with perfect "
        "play from then on; the fewest wins"
    )
    rule_ties = (
        "of the guesses reaching the optimum, a code that could be the secret, then the "
        "first as written"
    )
    rule_opening = (
        "the root of its tree: on 6x4 BBWR in letters (1123 in numbers), 4.340 guesses expected"
    )
    rule_cost = (
        "an exact search of the whole game once per size (under a second on 6x4; shipped "
        "or cached on disk after), then each move is a lookup in its tree"
    )
    #: Its games are lookups in its tree: worker processes would each read the tree
    #: again, or search it again for seconds with no cache to read.
    runs_apart = False
    #: Whether every guess must be a code still possible (``OptimalPossible``).
    only_possible: ClassVar[bool] = False
    #: No secret may need more guesses than this (``capped``); None: no cap.
    max_guesses: ClassVar[int | None] = None
    #: The fewest guesses in the worst case first, then on average (``OptimalWorst``).
    worst_first: ClassVar[bool] = False

    @classmethod
    def capped(cls, guesses: int) -> type[Optimal]:
        """This criterion among strategies that never need more than ``guesses`` guesses,
        called ``<name>-max<guesses>`` (what ``--max-guesses`` makes)."""
        return _capped(cls, guesses)

    def prepare(self, space: CodeSpace, run: Run | None = None) -> str:
        """The tree read or searched now (``run`` hears how far a search is, stops it,
        and may spread it over a cluster), and what that has to say once (a damaged
        cache searched again)."""
        return self._solution(space, run or HERE).tell()

    def seconds(self, space: CodeSpace, games: int) -> float:
        """The tree is read, or searched first (``reach.search_seconds``), then each game
        is a lookup."""
        if self.cached(space) or self.shipped(space):
            return 2e-6 * games
        from ..optimal.reach import search_seconds
        from ..optimal.warmup import seconds_left  # a kernel still to compile: waited on

        return search_seconds(space, self.criterion.plain) + seconds_left() + 2e-6 * games

    @property
    def criterion(self) -> Criterion:
        """Which optimum this strategy plays (what names its tree on disk)."""
        from ..optimal.criterion import Criterion

        return Criterion(self.only_possible, self.max_guesses, self.worst_first)

    def cached(self, space: CodeSpace) -> bool:
        """Whether this criterion's tree for the size is on disk."""
        from ..optimal.criterion import is_cached

        return is_cached(space, self.criterion)

    def shipped(self, space: CodeSpace) -> bool:
        """Whether this criterion's tree for the size ships with the package (under a cap
        on guesses, the one that plays it: ``capped.serving``)."""
        from ..optimal.shipped import has

        if self.max_guesses is None:
            return has(self.criterion.file(space))
        if self.worst_first:
            return False
        from ..optimal.capped import serving

        return serving(space, self.only_possible, self.max_guesses) is not None

    def begun(self, space: CodeSpace) -> bool:
        """Whether a search of this criterion's tree stopped part way (it resumes)."""
        from ..optimal.criterion import is_begun

        return is_begun(space, self.criterion)

    def notice(self, space: CodeSpace) -> str:
        """What the tree's making had to say (a damaged cache searched again), or ""."""
        return self._solution(space).notice

    def total(
        self, space: CodeSpace, codes: SomeCodes, history: tuple[int, ...], guess: int
    ) -> int | None:
        """The optimal total with ``guess`` played at a position, where known without
        the search (``Solution.total``), or None."""
        return self._solution(space).total(codes, history, guess)

    def search_for(self, space: CodeSpace, codes: SomeCodes | None = None) -> OptimalSearch:
        """The search behind this criterion's tree for the size (made when first asked);
        given a position's ``codes``, the one to search it with now (``search_at``)."""
        found = self._solution(space)
        return found.search if codes is None else found.search_at(codes)

    def unsearched(self, space: CodeSpace) -> str:
        """Why a hint past 4,096 codes plays a heuristic: the tree is not searched yet."""
        return (
            f"the {self.criterion.name} tree of {space.short_text()} is not searched yet "
            "(past 4,096 codes only stats --yes searches it)"
        )

    def check(self, space: CodeSpace) -> None:
        """Out of the search's reach, or a cap too low (``optimal.reach.check_reach``)."""
        from ..optimal.reach import check_reach

        check_reach(space, self.max_guesses)

    def solution_for(self, space: CodeSpace) -> Solution:
        """This criterion's tree for the size and the search behind it."""
        return self._solution(space)

    def _solution(self, space: CodeSpace, run: Run = HERE) -> Solution:
        from ..optimal.solutions import solution

        return solution(
            space.colours,
            space.positions,
            space.repeats,
            *self.criterion,
            run=run,
            answers=space.answers,
        )

    def _lookup(self, position: Position) -> tuple[Solution, Node | None] | Choice:
        """The tree for the position's size and its node there (None: off the tree, a
        position small enough to search now), or entropy's stand-in where the optimum
        would be a search of minutes nobody asked for."""
        from ..optimal.reach import NotAsked

        space = position.space
        try:
            found = self._solution(space)
        except NotAsked:  # past 4,096 codes, no tree
            return stand_in(position, self.unsearched(space))
        node = found.follow(position.history)
        if node is None and not searched_here(space, len(position.candidates)):
            return stand_in(position, off_tree(position, self.criterion.name))
        return found, node

    def choose(self, position: Position) -> Choice:
        looked = self._lookup(position)
        if isinstance(looked, Choice):
            return looked
        found, node = looked
        space, cands = position.space, position.candidates
        if node is None:  # off the tree (a person's own guesses): search from here
            guess, total, others = found.decision(cands, position.history)
        else:
            guess, total, others = node.guess, node.total, list(node.others)

        def possible(code: int) -> bool:
            i = space.locate(cands, code)
            return i < len(cands) and int(cands[i]) == code

        alternatives = tuple(Alternative(g, t / len(cands), possible(g)) for g, t in others)
        facts = tie_facts(found, position, guess, total, alternatives)
        # What the tree's making said, at the first step only; at the opening, that a
        # guess stands for its pattern, later for its class by symmetry (ties count all).
        said = facts.pop("note") or ("" if position.history else PATTERNS)
        return Choice(
            guess=guess,
            consistent=possible(guess),
            score=total / len(cands),
            score_label=self.measure.label,
            alternatives=alternatives,
            note="; ".join(t for t in (found.tell(), said) if t),
            **facts,
        )

    def guess(self, position: Position) -> int:
        """The tree's guess without its trace (statistics, decision trees): the ties are
        counted only where a trace tells them."""
        looked = self._lookup(position)
        if isinstance(looked, Choice):
            return looked.guess
        found, node = looked
        if node is not None:
            return node.guess
        from ..optimal.tree import decision

        history = tuple(g for g, _ in position.history)
        return decision(found.search_at(position.candidates), position.candidates, history)[0]


class OptimalPossible(Optimal):
    """The same search where every guess must be a code still possible: what guessing
    only codes that fit every answer costs against the optimum."""

    name = "optimal-fit"
    summary = "the fewest guesses on average guessing only codes still possible: exact search"
    measure: ClassVar[Measure] = Measure(
        label="expected guesses, possible only",
        reads=EXPECTED,
        own="finds the secret in {} on average, this one counted, as few as any possible code can",
        both="both need {} on average, each counting itself",
        rival="needs {}",
        unit="guess",
        units="guesses",
        in_guesses=True,
        brief="{} guesses expected",
    )
    only_possible = True
    rule_measures = (
        "the guesses still expected to find the secret, this one counted, when every "
        "guess must be a code still possible; the fewest wins"
    )
    rule_opening = (
        "the root of its tree: on 6x4 BBWR in letters (1123 in numbers), 4.367 guesses expected"
    )


class OptimalWorst(Optimal):
    """The fewest guesses in the worst case, then the fewest on average among the
    strategies that keep it (arfst23's "minimum" criterion): what a guaranteed finish
    costs on average against the optimum."""

    name = "optimal-worst"
    summary = "the fewest guesses in the worst case, then on average: exact search"
    measure: ClassVar[Measure] = Measure(
        label="expected guesses, worst case first",
        reads=EXPECTED,
        own="finds the secret in {} on average, this one counted, as few as any guess can "
        "that keeps the worst case as low as it can be",
        both="both need {} on average, each counting itself",
        rival="needs {}",
        unit="guess",
        units="guesses",
        in_guesses=True,
        brief="{} guesses expected",
    )
    worst_first = True
    rule_measures = (
        "the guesses the worst secret needs, then the guesses expected (this one "
        "counted) among the guesses that keep that worst case; the fewest wins"
    )
    rule_opening = (
        "the root of its tree: on 6x4 BBWR in letters (1123 in numbers), 4.341 guesses expected"
    )


def searched_here(space: CodeSpace, codes: int) -> bool:
    """Whether a position of ``codes`` codes off the tree is searched on the spot: always
    up to ``reach.QUIET_LIMIT`` codes, past it only a small one (``reach.OFF_TREE_CODES``):
    a big one there takes minutes, which a hint must not."""
    from ..optimal.reach import OFF_TREE_CODES, quiet

    return quiet(space) or codes <= OFF_TREE_CODES


def off_tree(position: Position, criterion: str) -> str:
    """Why a hint off the tree plays a heuristic: the position is too big to search."""
    return (
        f"off the {criterion} tree with {len(position.candidates):,} codes left, past what a "
        f"hint searches on {position.space.count:,} codes"
    )


def stand_in(position: Position, why: str) -> Choice:
    """Entropy's choice, said as a heuristic's (``why``), where the optimum would be a
    search of minutes: no tree past 4,096 codes, or a big position off it."""
    from .heuristics import Entropy

    chosen = Entropy().choose(position)
    said = f"{why}: entropy's guess, a heuristic, not the optimum"
    return dataclasses.replace(chosen, note="; ".join(t for t in (said, chosen.note) if t))


#: What a cap adds to its criterion's measure label (read back by ``capped_measure``).
CAPPED_LABEL = ", at most {} guesses"


def capped_measure(label: str, bases: list[type[Optimal]]) -> Measure | None:
    """The measure of a capped criterion from its label (a recorded decision's), or None."""
    head, _, tail = label.rpartition(", at most ")
    count = tail.removesuffix(" guesses")
    for base in bases:
        if base.measure is not None and base.measure.label == head and count.isdigit():
            return _capped(base, int(count)).measure
    return None


@cache
def _capped(base: type[Optimal], guesses: int) -> type[Optimal]:
    """One class per criterion and cap, so that each is one strategy like the others."""
    what = "possible codes only, " if base.only_possible else ""
    return type(
        f"{base.__name__}Max{guesses}",
        (base,),
        {
            "name": f"{base.name}-max{guesses}",
            "summary": f"the fewest guesses on average, {what}never more than {guesses}: "
            "exact search",
            "max_guesses": guesses,
            "rule_measures": f"{base.rule_measures}, no secret needing more than {guesses}",
            "measure": dataclasses.replace(
                base.measure,
                label=f"{base.measure.label}{CAPPED_LABEL.format(guesses)}",
                own="finds the secret in {} on average, this one counted, as few as any guess "
                f"can without ever needing more than {guesses} guesses",
                both="both need {} on average, each counting itself, without ever needing "
                f"more than {guesses} guesses",
            ),
        },
    )
