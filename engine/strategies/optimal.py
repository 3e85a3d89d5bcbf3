"""The optimal strategy: fewest guesses in total over every secret (Koyama and Lai), any
code allowed as a guess. The search itself is in ``engine.optimal``; this is the strategy
that plays its decision tree, kept on disk once found.

Tie rule: of the guesses that reach the optimum, one that could be the secret, then the
first as written (as for the partition strategies).
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from ..codes import CodeSpace
from ..feedback import encode
from ..trace import Alternative, Choice
from .base import Measure, Position, Progress, Strategy

if TYPE_CHECKING:
    # The search is imported where it is used: every command lists this strategy, and
    # only the runs that play it need the search (4 ms of a 0.25 s `stats` start-up).
    from ..optimal import Node, OptimalSearch


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

    @property
    def search(self) -> OptimalSearch:
        if self.searched is None:
            from ..optimal import OptimalSearch

            self.searched = OptimalSearch(self.space)
        return self.searched

    def tell(self) -> str:
        """The notice the first time it is asked for, then "": a report made once (the
        solution outlives the run that had to search)."""
        notice = "" if self.told else self.notice
        self.told = True
        return notice


#: Who hears how far a search made by ``solution`` is (set by ``Optimal.prepare``).
_progress: ContextVar[Progress | None] = ContextVar("optimal_progress", default=None)


def _cache_name(space: CodeSpace) -> str:
    tail = "" if space.repeats else "-no-repeats"
    return f"optimal-{space.colours}x{space.positions}{tail}.json"


def is_cached(space: CodeSpace) -> bool:
    """Whether a tree for the size is on disk (sound or not: reading it says)."""
    from .. import cache

    folder = cache.directory()
    return folder is not None and (folder / _cache_name(space)).exists()


def _cache_key(space: CodeSpace) -> dict[str, object]:
    from ..optimal import TREE_FORMAT
    from ..version import __version__

    return {
        "what": "optimal tree",
        "colours": space.colours,
        "positions": space.positions,
        "repeats": space.repeats,
        "tree_format": TREE_FORMAT,
        "engine": __version__,
    }


@lru_cache(maxsize=2)
def solution(colours: int, positions: int, repeats: bool = True) -> Solution:
    """The optimal tree for a size: from the cache when a sound one is there, otherwise
    searched (seconds on 6x4) and stored."""
    from .. import cache  # json, hashlib, tempfile: only when a tree is wanted
    from ..optimal import check_size, tree_from_json, tree_to_json

    space = CodeSpace(colours, positions, repeats)
    check_size(space)
    name = _cache_name(space)
    key = _cache_key(space)
    notice = ""
    try:
        stored = cache.load(name, key)
        if stored is not None:
            return Solution(space, tree_from_json(stored, space))
    except (cache.DamagedCache, ValueError, TypeError) as error:
        notice = f"optimal strategy cache: {error}; searched again"
    from ..optimal import OptimalSearch, build_tree

    search = OptimalSearch(space)
    # What an interrupted search of the size proved, kept beside the tree: it resumes.
    partial, partial_key = name.replace(".json", ".partial.npz"), {**key, "what": "proved"}
    try:
        proved = cache.load_arrays(partial, partial_key)
    except cache.DamagedCache:
        proved = None  # started over
    if proved is not None:
        search.restore(proved)
    try:
        tree = build_tree(search, _progress.get())
    except KeyboardInterrupt:
        cache.save_arrays(partial, partial_key, search.proved())
        raise
    cache.save(name, key, tree_to_json(tree))
    cache.remove(partial)
    return Solution(space, tree, notice, searched=search)


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

    def prepare(self, space: CodeSpace, progress: Progress | None = None) -> str:
        """The tree read or searched now (``progress`` hears how far a search is), and
        what that has to say once (a damaged cache searched again)."""
        token = _progress.set(progress)
        try:
            return solution(space.colours, space.positions, space.repeats).tell()
        finally:
            _progress.reset(token)

    def seconds(self, space: CodeSpace, games: int) -> float:
        """The tree is read, or searched first (a fit to benchmarks/bench_reach.py here:
        under a second on 6x4, about 7 s on 7x4 and a minute on 8x4), then each game is
        a lookup."""
        search = 0.0 if is_cached(space) else 0.5 + 0.3 * (space.count / 1296) ** 4.5
        return search + 2e-6 * games

    def check(self, space: CodeSpace) -> None:
        from ..optimal import check_size

        check_size(space)

    def choose(self, position: Position) -> Choice:
        space, cands = position.space, position.candidates
        found = solution(space.colours, space.positions, space.repeats)
        node = _follow(found.tree, position.history, space.positions)
        if node is None:  # off the tree (a person's own guesses): search from here
            from ..optimal import decision

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
