"""The optimal strategy: fewest guesses in total over every secret (Koyama and Lai), any
code allowed as a guess, and its other criteria (possible codes only, a cap on guesses,
the worst case first). The search itself is in ``engine.optimal``, the trees it finds kept
on disk in ``solutions``; this is the strategy that plays them.

Tie rule: of the guesses that reach the optimum, one that could be the secret, then the
first as written (as for the partition strategies).
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from ..codes import CodeSpace
from ..errors import ConfigError
from ..expected import EXPECTED
from ..feedback import encode
from ..trace import Alternative, Choice
from .base import Measure, Position, Progress, Strategy
from .solutions import Criterion, Solution, is_begun, is_cached, reporting, solution

if TYPE_CHECKING:
    # The search is imported where it is used: every command lists this strategy, and
    # only the runs that play it need the search (4 ms of a 0.25 s `stats` start-up).
    from ..optimal import Node, OptimalSearch


class Optimal(Strategy):
    name = "optimal"
    summary = "the fewest guesses on average, any code allowed: exact search (Koyama and Lai, 1993)"
    measure: ClassVar[Measure] = Measure(
        label="expected guesses",
        reads=EXPECTED,
        own="finds the secret in {} on average, this one counted, as few as any guess can",
        both="both need {} on average",
        rival="needs {}",
        unit="guess",
        units="guesses",
        in_guesses=True,
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

    def prepare(self, space: CodeSpace, progress: Progress | None = None) -> str:
        """The tree read or searched now (``progress`` hears how far a search is), and
        what that has to say once (a damaged cache searched again)."""
        with reporting(progress):
            return self._solution(space).tell()

    def seconds(self, space: CodeSpace, games: int) -> float:
        """The tree is read, or searched first (a fit to benchmarks/bench_reach.py here:
        under a second on 6x4, about 7 s on 7x4 and a minute on 8x4), then each game is
        a lookup."""
        search = 0.0 if self.cached(space) else 0.5 + 0.3 * (space.count / 1296) ** 4.5
        return search + 2e-6 * games

    @property
    def criterion(self) -> Criterion:
        """Which optimum this strategy plays (what names its tree on disk)."""
        return Criterion(self.only_possible, self.max_guesses, self.worst_first)

    def cached(self, space: CodeSpace) -> bool:
        """Whether this criterion's tree for the size is on disk."""
        return is_cached(space, self.criterion)

    def begun(self, space: CodeSpace) -> bool:
        """Whether a search of this criterion's tree stopped part way (it resumes)."""
        return is_begun(space, self.criterion)

    def notice(self, space: CodeSpace) -> str:
        """What the tree's making had to say (a damaged cache searched again), or ""."""
        return self._solution(space).notice

    def search_for(self, space: CodeSpace) -> OptimalSearch:
        """The search behind this criterion's tree for the size (made when first asked)."""
        return self._solution(space).search

    def check(self, space: CodeSpace) -> None:
        """Out of the search's reach, or a cap fewer guesses than could tell the codes
        apart even if every answer split them perfectly (a cap that only the search can
        rule out is refused when the tree is made)."""
        from ..optimal_reach import check_size, findable

        check_size(space)
        most = findable(self.max_guesses, space.positions) if self.max_guesses else 0
        if self.max_guesses and most < space.count:
            raise ConfigError(
                f"no strategy finds every secret of {space.rules_text()} within "
                f"{self.max_guesses} guesses ({space.count:,} codes; that many guesses tell "
                f"at most {most:,} apart): allow more (--max-guesses), or play "
                "optimal-worst, whose cap is the fewest that can be kept"
            )

    def _solution(self, space: CodeSpace) -> Solution:
        size = (space.colours, space.positions, space.repeats)
        if not (self.only_possible or self.max_guesses or self.worst_first):
            # Called as every other caller calls it, so that lru_cache finds one entry.
            return solution(*size)
        return solution(*size, *self.criterion)

    def choose(self, position: Position) -> Choice:
        space, cands = position.space, position.candidates
        found = self._solution(space)
        node = _follow(found.tree, position.history, space.positions)
        if node is None:  # off the tree (a person's own guesses): search from here
            from ..optimal_tree import decision

            history = tuple(g for g, _ in position.history)
            guess, total, others = decision(found.search, cands, history)
        else:
            guess, total, others = node.guess, node.total, list(node.others)

        def possible(code: int) -> bool:
            i = space.locate(cands, code)
            return i < len(cands) and int(cands[i]) == code

        return Choice(
            guess=guess,
            consistent=possible(guess),
            score=total / len(cands),
            score_label=self.measure.label,
            alternatives=tuple(Alternative(g, t / len(cands), possible(g)) for g, t in others),
            note=found.tell(),  # said at the first step only, not at every one
        )


class OptimalPossible(Optimal):
    """The same search where every guess must be a code still possible: what guessing
    only codes that fit every answer costs against the optimum."""

    name = "optimal-fit"
    summary = "the fewest guesses on average guessing only codes still possible: exact search"
    measure: ClassVar[Measure] = Measure(
        label="expected guesses, possible only",
        reads=EXPECTED,
        own="finds the secret in {} on average, this one counted, as few as any possible code can",
        both="both need {} on average",
        rival="needs {}",
        unit="guess",
        units="guesses",
        in_guesses=True,
    )
    only_possible = True


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
        both="both need {} on average",
        rival="needs {}",
        unit="guess",
        units="guesses",
        in_guesses=True,
    )
    worst_first = True


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
            "measure": dataclasses.replace(
                base.measure,
                label=f"{base.measure.label}{CAPPED_LABEL.format(guesses)}",
                own="finds the secret in {} on average, this one counted, as few as any guess "
                f"can without ever needing more than {guesses} guesses",
            ),
        },
    )


def _follow(root: Node, history: tuple[tuple[int, int], ...], positions: int) -> Node | None:
    """The tree node a history leads to, or None if the history left the tree."""
    node = root
    for guess, answer in history:
        if guess != node.guess or answer == encode(positions, 0, positions):
            return None
        child = node.children.get(answer)
        if child is None:
            return None
        node = child
    return node
