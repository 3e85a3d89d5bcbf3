"""The optimal strategy: fewest guesses in total over every secret (Koyama and Lai), any
code allowed as a guess. The search itself is in ``engine.optimal``; this is the strategy
that plays its decision tree, kept on disk once found.

Tie rule: of the guesses that reach the optimum, one that could be the secret, then the
first as written (as for the partition strategies).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, ClassVar

from ..codes import CodeSpace
from ..errors import ConfigError
from ..feedback import encode
from ..trace import Alternative, Choice
from .base import Measure, Position, Progress, Strategy

if TYPE_CHECKING:
    # The search is imported where it is used: every command lists this strategy, and
    # only the runs that play it need the search (4 ms of a 0.25 s `stats` start-up).
    from ..optimal import Node, OptimalSearch
    from ..optimal_spread import Runner


@dataclass
class Solution:
    """The tree from the start for one size, and the search that found it (or one made
    when first wanted: a tree read from the cache needs no compiled kernel until a
    position off the tree or a rating asks); ``notice`` says, in one line, anything a
    user should know about how it was obtained (a damaged cache rebuilt)."""

    space: CodeSpace
    tree: Node
    notice: str = ""
    told: bool = False
    searched: OptimalSearch | None = None
    only_possible: bool = False
    #: The cap on guesses the tree keeps (None: none).
    max_guesses: int | None = None

    @property
    def search(self) -> OptimalSearch:
        if self.searched is None:
            from ..optimal import OptimalSearch

            self.searched = OptimalSearch(
                self.space, only_possible=self.only_possible, max_guesses=self.max_guesses
            )
        return self.searched

    def tell(self) -> str:
        """The notice the first time it is asked for, then "": a report made once (the
        solution outlives the run that had to search)."""
        notice = "" if self.told else self.notice
        self.told = True
        return notice


#: Who hears how far a search made by ``solution`` is (set by ``Optimal.prepare``).
_progress: ContextVar[Progress | None] = ContextVar("optimal_progress", default=None)


#: Where a search made by ``solution`` runs its tasks, if elsewhere (``searched_on``).
_runner: ContextVar[Runner | None] = ContextVar("optimal_runner", default=None)


@contextmanager
def searched_on(runner: Runner | None) -> Iterator[None]:
    """Within it, a tree that must be searched is searched by ``runner`` (a Dask cluster:
    ``engine.optimal_spread``), with the same tree as one process."""
    token = _runner.set(runner)
    try:
        yield
    finally:
        _runner.reset(token)


#: Who is handed each search ``solution`` makes, before it runs (``handing``).
_hand: ContextVar[Callable[[OptimalSearch], None] | None] = ContextVar("optimal_hand", default=None)


@contextmanager
def handing(take: Callable[[OptimalSearch], None]) -> Iterator[None]:
    """Within it, a search that ``solution`` must make is handed to ``take`` before it
    runs, so that another thread can stop it at once (``stop``) rather than at its next
    progress report: the tree's last tenth reports little."""
    token = _hand.set(take)
    try:
        yield
    finally:
        _hand.reset(token)


def stop(search: OptimalSearch) -> None:
    """Stop ``search`` from any thread: the kernel ends at its next set and ``solution``
    raises ``SearchStopped``, keeping what was proved beside the tree."""
    search.counters[search.kernel.STOP] = 1


def _criterion(only_possible: bool, max_guesses: int | None, worst_first: bool) -> str:
    """The criterion's part of a cache file's name: "optimal", "optimal-fit-max5"..."""
    cap = "-worst" if worst_first else f"-max{max_guesses}" if max_guesses else ""
    return ("optimal-fit" if only_possible else "optimal") + cap


def _cache_name(
    space: CodeSpace,
    only_possible: bool = False,
    max_guesses: int | None = None,
    worst_first: bool = False,
) -> str:
    tail = "" if space.repeats else "-no-repeats"
    head = _criterion(only_possible, max_guesses, worst_first)
    return f"{head}-{space.colours}x{space.positions}{tail}.json"


def is_cached(
    space: CodeSpace,
    only_possible: bool = False,
    max_guesses: int | None = None,
    worst_first: bool = False,
) -> bool:
    """Whether a tree for the size is on disk (sound or not: reading it says)."""
    from .. import cache

    folder = cache.directory()
    name = _cache_name(space, only_possible, max_guesses, worst_first)
    return folder is not None and (folder / name).exists()


def _cache_key(
    space: CodeSpace, only_possible: bool, max_guesses: int | None, worst_first: bool
) -> dict[str, object]:
    from ..optimal_tree import TREE_FORMAT
    from ..version import __version__

    return {
        "what": "optimal tree, possible codes only" if only_possible else "optimal tree",
        "criterion": _criterion(only_possible, max_guesses, worst_first),
        "colours": space.colours,
        "positions": space.positions,
        "repeats": space.repeats,
        "tree_format": TREE_FORMAT,
        "engine": __version__,
    }


@lru_cache(maxsize=8)
def solution(
    colours: int,
    positions: int,
    repeats: bool = True,
    only_possible: bool = False,
    max_guesses: int | None = None,
    worst_first: bool = False,
) -> Solution:
    """The optimal tree for a size (``only_possible``: every guess a code still
    possible; ``max_guesses``: never more guesses than that; ``worst_first``: the fewest
    guesses in the worst case, then on average): from the cache when a sound one is
    there, otherwise searched and stored."""
    from .. import cache  # json, hashlib, tempfile: only when a tree is wanted
    from ..optimal import check_size
    from ..optimal_tree import tree_from_json, tree_to_json

    space = CodeSpace(colours, positions, repeats)
    check_size(space)
    criterion = only_possible, max_guesses, worst_first
    name = _cache_name(space, *criterion)
    key = _cache_key(space, *criterion)
    notice = ""
    try:
        stored = cache.load(name, key)
        if stored is not None:
            tree = tree_from_json(stored, space)
            cap = max(depth for depth, _ in tree.walk()) if worst_first else max_guesses
            return Solution(space, tree, only_possible=only_possible, max_guesses=cap)
    except (cache.DamagedCache, ValueError, TypeError) as error:
        notice = f"optimal strategy cache: {error}; searched again"
    from ..optimal import OptimalSearch
    from ..optimal_tree import build_tree, least_cap

    runner = _runner.get()
    if runner is not None and (max_guesses or worst_first):
        raise ConfigError(
            "a cluster searches the optimum on average alone; a cap on guesses "
            "(--max-guesses, optimal-worst) is searched here, without --scheduler"
        )
    search = OptimalSearch(space, only_possible=only_possible, max_guesses=max_guesses)
    # What an interrupted search of the size proved, kept beside the tree: it resumes.
    partial, partial_key = name.replace(".json", ".partial.npz"), {**key, "what": "proved"}
    try:
        proved = cache.load_arrays(partial, partial_key)
    except cache.DamagedCache:
        proved = None  # started over
    if proved is not None:
        search.restore(proved)
    take = _hand.get()
    if take is not None:
        take(search)
    try:
        if worst_first:
            least_cap(search)
        if runner is None:
            tree = build_tree(search, _progress.get())
        else:
            from ..optimal_spread import spread_tree

            tree = spread_tree(search, runner, _progress.get())
    except BaseException:  # Ctrl+C, or a cluster gone: what was proved is kept
        cache.save_arrays(partial, partial_key, search.proved())
        raise
    cache.save(name, key, tree_to_json(tree))
    cache.remove(partial)
    cap = search.max_guesses
    return Solution(
        space, tree, notice, searched=search, only_possible=only_possible, max_guesses=cap
    )


class Optimal(Strategy):
    name = "optimal"
    summary = "the fewest guesses on average, any code allowed: exact search (Koyama and Lai, 1993)"
    measure: ClassVar[Measure] = Measure(
        label="expected guesses",
        reads="{} more guesses expected",
        own="finds the secret in {} on average from here, as few as any guess can",
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
        token = _progress.set(progress)
        try:
            return self._solution(space).tell()
        finally:
            _progress.reset(token)

    def seconds(self, space: CodeSpace, games: int) -> float:
        """The tree is read, or searched first (a fit to benchmarks/bench_reach.py here:
        under a second on 6x4, about 7 s on 7x4 and a minute on 8x4), then each game is
        a lookup."""
        search = 0.0 if self.cached(space) else 0.5 + 0.3 * (space.count / 1296) ** 4.5
        return search + 2e-6 * games

    def cached(self, space: CodeSpace) -> bool:
        """Whether this criterion's tree for the size is on disk."""
        return is_cached(space, self.only_possible, self.max_guesses, self.worst_first)

    def notice(self, space: CodeSpace) -> str:
        """What the tree's making had to say (a damaged cache searched again), or ""."""
        return self._solution(space).notice

    def search_for(self, space: CodeSpace) -> OptimalSearch:
        """The search behind this criterion's tree for the size (made when first asked)."""
        return self._solution(space).search

    def check(self, space: CodeSpace) -> None:
        from ..optimal import check_size

        check_size(space)

    def _solution(self, space: CodeSpace) -> Solution:
        size = (space.colours, space.positions, space.repeats)
        if not (self.only_possible or self.max_guesses or self.worst_first):
            # Called as every other caller calls it, so that lru_cache finds one entry.
            return solution(*size)
        return solution(*size, self.only_possible, self.max_guesses, self.worst_first)

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
        reads="{} more guesses expected",
        own="finds the secret in {} on average from here, as few as any possible code can",
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
        reads="{} more guesses expected",
        own="finds the secret in {} on average from here, as few as any guess can "
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
                own="finds the secret in {} on average from here, as few as any guess "
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
