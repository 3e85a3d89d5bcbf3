"""The optimal trees by size and criterion: read from the cache when a sound one is there,
otherwise searched (here, or on a cluster: the run's runner) and stored; an interrupted
search keeps what it proved beside the tree, and the same call resumes from it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..answers import CLASSIC, AnswerRule
from ..codes import CodeSpace
from ..errors import ConfigError
from ..feedback import encode
from ..run import HERE, Run
from ..storage import files
from .criterion import PARTIAL, Criterion, cache_key

if TYPE_CHECKING:
    from ..arrays import SomeCodes
    from .node import Node
    from .search import OptimalSearch


@dataclass
class Solution:
    """The tree from the start for one size, and the search that found it (or one made
    when first wanted: a tree read from the cache needs no compiled kernel until a
    position off the tree or a rating asks); ``notice`` says, a line per file, anything
    a user should know about how it was obtained (a damaged cache rebuilt)."""

    space: CodeSpace
    tree: Node
    notice: str = ""
    told: bool = False
    searched: OptimalSearch | None = None
    only_possible: bool = False
    #: The cap on guesses the tree keeps (None: none).
    max_guesses: int | None = None
    #: The shipped data of what follows each first guess (``after``; "": none).
    after: str = ""
    #: The trees after first guesses read so far from it, by first guess.
    afters: dict[int, Node | None] = field(default_factory=dict)
    interim: OptimalSearch | None = None  # small positions while compiling: search_at

    @property
    def search(self) -> OptimalSearch:
        from .warmup import INTERIM, kernel_for, ready

        interim = self.searched is not None and self.searched.backend == INTERIM
        if self.searched is None or (interim and ready()):  # compiled since: faster
            from .search import OptimalSearch

            self.searched = OptimalSearch(
                self.space,
                only_possible=self.only_possible,
                max_guesses=self.max_guesses,
                backend=kernel_for(self.space),
            )
        return self.searched

    def search_at(self, codes: SomeCodes) -> OptimalSearch:
        """The search for ``codes``: a few (``reach.few``) interpreted while compiling."""
        from .reach import few
        from .warmup import INTERIM, ready

        if self.searched is not None or not few(self.space, len(codes)) or ready():
            return self.search
        if self.interim is None:
            from .search import OptimalSearch

            fit, cap = self.only_possible, self.max_guesses
            self.interim = OptimalSearch(
                self.space, only_possible=fit, max_guesses=cap, backend=INTERIM
            )
        return self.interim

    def follow(self, history: tuple[tuple[int, int], ...]) -> Node | None:
        """The tree node a history of (guess, answer) leads to, or None if the history
        left the tree (a person's own guesses)."""
        found = encode(self.space.positions, 0, self.space.positions)
        node: Node | None = self.tree
        if history and node is not None and history[0][0] != node.guess:
            node = self._after(history[0][0])  # an opening of the person's own
        for guess, answer in history:
            if node is None:
                return None
            if guess != node.guess or answer == found:
                return None
            child = node.children.get(answer)
            if child is None:
                return None
            node = child
        return node

    def _after(self, first: int) -> Node | None:
        """The shipped tree after the first guess ``first``, if it is its pattern's
        first code and the size ships one (``after``)."""
        if not self.after:
            return None
        if first not in self.afters:
            from .after import tree_after
            from .tree import tree_from_json

            stored = tree_after(self.after, first)
            try:
                node = None if stored is None else tree_from_json(stored, self.space)
            except (ValueError, TypeError):
                node = None
            self.afters[first] = node
        return self.afters[first]

    def decision(
        self, codes: SomeCodes, history: tuple[tuple[int, int], ...]
    ) -> tuple[int, int, list[tuple[int, int]]]:
        """The optimal decision at a position off the tree (``tree.decision``): with
        two codes or fewer, or one guess in on a size shipping what follows each first
        guess (``mapped``), without the search; otherwise the search's."""
        from .tree import decision

        if len(codes) <= 2:  # either code, the first as written: the search's choice
            from .mapped import as_written

            guess, *rest = sorted((int(c) for c in codes), key=as_written(self.space))
            total = 2 * len(codes) - 1
            return guess, total, [(g, total) for g in rest]
        if self.after and len(history) == 1:
            from .mapped import decision as mapped

            found = mapped(self.space, self.after, codes, history[0][0])
            if found is not None:
                return found
        return decision(self.search_at(codes), codes, tuple(g for g, _ in history))

    def total(self, codes: SomeCodes, history: tuple[int, ...], guess: int) -> int | None:
        """The optimal total with ``guess`` played at a position off the tree, where it
        is known without the search (``mapped``: small classes, or one guess in on a
        size shipping what follows each first guess), or None."""
        from .mapped import split_total, total_after

        found = split_total(self.space, codes, guess)
        if found is None and self.after and len(history) == 1:
            found = total_after(self.space, self.after, codes, history[0], guess)
        return found

    def tell(self) -> str:
        """The notice the first time it is asked for, then "": a report made once (the
        solution outlives the run that had to search)."""
        notice = "" if self.told else self.notice
        self.told = True
        return notice


#: Solutions kept in memory, most recent last (each holds its search's tables).
KEPT = 8
#: The size and criterion a solution is for: colours, positions, repeats, then the criterion.
Key = tuple[int, int, bool, bool, int | None, bool, AnswerRule]


class _Solutions:
    """``solution``: the trees found so far in this process, the last ``KEPT`` of them
    kept (``cache_clear`` forgets them: tests)."""

    def __init__(self) -> None:
        self._kept: dict[Key, Solution] = {}
        self._lock = threading.Lock()  # the app's background search beside its games

    def cache_clear(self) -> None:
        with self._lock:
            self._kept.clear()

    def __call__(
        self,
        colours: int,
        positions: int,
        repeats: bool = True,
        only_possible: bool = False,
        max_guesses: int | None = None,
        worst_first: bool = False,
        run: Run = HERE,
        answers: AnswerRule = CLASSIC,
    ) -> Solution:
        """The optimal tree for a size (``only_possible``: every guess a code still
        possible; ``max_guesses``: never more guesses than that; ``worst_first``: the
        fewest guesses in the worst case, then on average): from memory or the cache when
        a sound one is there, otherwise searched and stored. A search hears ``run``:
        its progress (thousandths), its stop (``SearchStopped``, what was proved kept
        beside the tree) and its runner (a Dask cluster searches it: ``spread``).
        ``answers``: the rule the answers follow."""
        key: Key = (colours, positions, repeats, only_possible, max_guesses, worst_first, answers)
        with self._lock:
            found = self._kept.pop(key, None)
        if found is None:
            found = _solution(CodeSpace(colours, positions, repeats, answers), *key[3:6], run)
            from .capped import data_file

            found.after = data_file(found.space, only_possible, max_guesses, worst_first)
        with self._lock:
            self._kept[key] = found
            if len(self._kept) > KEPT:
                del self._kept[next(iter(self._kept))]
        return found


solution = _Solutions()


def _solution(
    space: CodeSpace,
    only_possible: bool,
    max_guesses: int | None,
    worst_first: bool,
    run: Run,
) -> Solution:
    from ..storage import cache  # json, hashlib, tempfile: only when a tree is wanted
    from .reach import check_size
    from .tree import tree_from_json, tree_to_json, vouch

    check_size(space)
    criterion = Criterion(only_possible, max_guesses, worst_first)
    name = criterion.file(space)
    key = cache_key(space, criterion)
    notice = ""
    try:
        stored = cache.load(name, key)
    except cache.DamagedCache as error:
        stored, notice = None, f"optimal strategy cache: {error}; searching again"
    if stored is not None:
        try:
            tree = tree_from_json(stored, space)
            vouch(tree, space)  # a digest recomputed over an edited tree vouches for nothing
            cap = max(depth for depth, _ in tree.walk()) if worst_first else max_guesses
            return Solution(space, tree, only_possible=only_possible, max_guesses=cap)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as error:
            where = cache.path(name)
            notice = (
                f"optimal strategy cache: {where} holds no sound tree of the size ({error}); "
                f"{files.aside_words(where)}; searching again"
            )
    from .capped import shipped_root

    root = shipped_root(space, name, only_possible, max_guesses, worst_first)
    if root is not None:
        shipped = Solution(space, root[0], only_possible=only_possible, max_guesses=root[1])
        if notice:  # the damaged tree on disk replaced by the shipped one: said once
            cache.save(name, key, tree_to_json(shipped.tree))
            shipped.notice = notice.replace("searching again", "the shipped tree stored")
        return shipped
    from .checkpoint import Checkpointed
    from .reach import check_asked, proof_bytes
    from .search import OptimalSearch
    from .warmup import kernel_for

    check_asked(
        space, criterion.name, run.deliberate, criterion.plain
    )  # past 4,096 codes: only if asked

    if run.runner is not None and (max_guesses or worst_first):
        raise ConfigError(
            "a cluster searches the optimum on average alone; a cap on guesses "
            "(--max-guesses, optimal-worst) is searched here, without --scheduler"
        )
    backend = kernel_for(space, run, whole=True)
    search = OptimalSearch(
        space, only_possible=only_possible, max_guesses=max_guesses, backend=backend
    )
    # What an interrupted search of the size proved, kept beside the tree: it resumes.
    partial, partial_key = criterion.file(space, PARTIAL), {**key, "what": "proved"}
    try:
        # A long search's proof is larger than any other cache file may be (73 min of
        # CPU on 9x4 left 970 MB): bounded by the table it came from.
        proved = cache.load_arrays(partial, partial_key, proof_bytes(space))
    except cache.DamagedCache as error:
        proved = None  # started over
        told = f"optimal strategy cache: {error}; searching again from the start"
        notice = "\n".join(filter(None, (notice, told)))
    if proved is not None:
        try:
            search.restore(proved)
        except (KeyError, ValueError, IndexError, TypeError):  # sound digest, foreign arrays
            where = cache.path(partial)
            told = f"optimal strategy cache: {where} holds no proof of the size; "
            told += f"{files.aside_words(where)}; searching again"
            notice = "\n".join(filter(None, (notice, told)))
            search = OptimalSearch(space, only_possible=only_possible, max_guesses=max_guesses)
    run.check()  # stopped before the search began: nothing proved, nothing to keep
    kept = Checkpointed(search, lambda proved: cache.save_arrays(partial, partial_key, proved))
    try:
        if run.runner is None:  # saved as it goes: a kill loses one checkpoint at most
            tree = kept.tree(run, worst_first)
        else:
            from .spread import spread_tree

            with search.watching(run):  # a cap is searched here alone (above)
                tree = spread_tree(search, run, kept.save, proved)  # saved as it goes
    except ConfigError:  # a cap no strategy keeps: nothing to resume
        raise
    except BaseException:  # Ctrl+C, or a cluster gone: what was proved is kept
        if run.runner is None:  # (a spread search has saved it, subtrees included)
            cache.save_arrays(partial, partial_key, kept.search.proved())
        raise
    search = kept.search
    cache.save(name, key, tree_to_json(tree))
    cache.remove(partial)
    cap = search.max_guesses
    return Solution(
        space, tree, notice, searched=search, only_possible=only_possible, max_guesses=cap
    )
