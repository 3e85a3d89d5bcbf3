"""The exact optimal search spread over other processes (``stats --strategy optimal
--scheduler``): the classes of codes each first guess leaves are searched as independent
tasks, and the subtrees under the optimal first guess are grown as tasks too.

The client replays, with budgets, what the search does at the root. The first guess the
search would weigh first is valued exactly (its classes, one task each): that is an upper
bound U. Every other guess's classes are then searched with budgets that prove each guess
either exact (total at most U) or at least U + 1, as the search's own pruning would; the
runner-up the trace shows beside the optimum is settled the same way, with the search's
widening budgets. Each answer goes into the client's own transposition table, so the
client's search at the root then finds every value it needs there: the same decision,
the same totals, the same tree as one process. The client's table is what an interrupted
run keeps on disk (``solutions.solution``), so a run started again sends only
the classes still unknown. It is saved as the answers come back, every ``CHECKPOINT``
seconds (the client waits on the cluster: wall-clock seconds), with the subtrees grown so
far, and at once when the run stops or fails: a client killed outright loses at most the
answers of the last ``CHECKPOINT`` seconds, and a run started again grows only the
subtrees still missing.

The tasks are pure functions of their part: a worker killed mid-run has its tasks run
again elsewhere with the same answers. Each worker process keeps the search of the last
size it was sent, so later tasks find what earlier ones proved.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..answers import RULES
from ..codes import CodeSpace
from ..run import Run, Runner
from .node import Node
from .search import OptimalSearch
from .tree import decision, grow, tree_from_json, tree_to_json

if TYPE_CHECKING:
    import numpy.typing as npt

    from ..arrays import SearchCodes

#: A budget no total reaches (the search's own "no budget").
UNBOUNDED = 1 << 40
#: The size a task is sent: colours, positions, repeats, only possible codes guessed.
#: (colours, positions, repeats, only_possible, the answer rule's name): what a worker
#: builds its search from.
Size = tuple[int, int, bool, bool, str]

#: The search a worker process keeps, for the last size it was sent.
_kept: dict[Size, OptimalSearch] = {}
#: Wall-clock seconds between two saves of what the client has been sent back.
CHECKPOINT = 30.0
#: What a checkpoint holds: the table's entries (``OptimalSearch.proved``) and the
#: subtrees grown (``SUBTREES``: the first guess and its subtrees as JSON text).
Proved = dict[str, "npt.NDArray[Any]"]
SUBTREES = "subtrees"


class _Saver:
    """The client's checkpoints: ``due()`` saves the table and the subtrees grown so far
    when ``CHECKPOINT`` seconds have passed since the last save; ``now()`` saves them at
    once (a stop, a failure). Without a ``save`` (no cache of trees) it does nothing."""

    def __init__(self, search: OptimalSearch, save: Callable[[Proved], object] | None) -> None:
        self.search, self.save = search, save
        self.last = time.monotonic()
        self.guess: int | None = None
        self.grown: dict[int, Node] = {}

    def due(self) -> None:
        if time.monotonic() - self.last >= CHECKPOINT:
            self.now()

    def now(self) -> None:
        if self.save is None:
            return
        proved: Proved = dict(self.search.proved())
        if self.guess is not None and self.grown:
            trees = {str(a): tree_to_json(node) for a, node in self.grown.items()}
            text = json.dumps({"guess": self.guess, "trees": trees}).encode()
            proved[SUBTREES] = np.frombuffer(text, dtype=np.uint8)
        self.save(proved)
        self.last = time.monotonic()


def _subtrees(earlier: Proved | None, guess: int, space: CodeSpace) -> dict[int, Node]:
    """The subtrees an earlier run grew below the first guess ``guess`` (none if it
    chose another, or if what it kept cannot be read as trees of the size)."""
    if earlier is None or SUBTREES not in earlier:
        return {}
    try:
        kept = json.loads(earlier[SUBTREES].astype(np.uint8).tobytes())
        if kept["guess"] != guess:
            return {}
        return {int(a): tree_from_json(data, space) for a, data in kept["trees"].items()}
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return {}


def _search_for(size: Size) -> OptimalSearch:
    if size not in _kept:
        _kept.clear()  # one size's tables at a time (8x4: about 1 GB)
        colours, positions, repeats, only_possible, answers = size
        space = CodeSpace(colours, positions, repeats, RULES[answers])
        _kept[size] = OptimalSearch(space, only_possible=only_possible)
    return _kept[size]


def value_task(
    size: Size, key: int, codes: SearchCodes, guess: int, budget: int
) -> tuple[int, int]:
    """A class's value after the first guess ``guess`` if below ``budget``, otherwise a
    lower bound at least ``budget`` (``OptimalSearch.value``), tagged with ``key``."""
    return key, _search_for(size).value(codes, (guess,), budget)


def subtree_task(size: Size, answer: int, codes: SearchCodes, guess: int) -> tuple[int, Any]:
    """The optimal subtree of one class of the first guess, as JSON."""
    return answer, tree_to_json(grow(_search_for(size), codes, (guess,)))


def _key(search: OptimalSearch, codes: SearchCodes) -> tuple[Any, Any]:
    """The table's key of a set of codes (as the kernel takes it: unsigned)."""
    h1, h2 = search.kernel.hash_codes(codes)
    return np.uint64(h1), np.uint64(h2)


@dataclass
class _Guess:
    """A first guess: its place in the search's order, the least total its split allows
    (every class at its level bound), and its classes of three codes or more (those the
    search looks up), each with its hash."""

    guess: int
    order: tuple[int, int, int]
    bound: int
    classes: list[SearchCodes]
    hashes: list[tuple[Any, Any]]


class _Root:
    """The client's view of the root: the guesses, and what its table knows of each."""

    def __init__(self, search: OptimalSearch, runner: Runner, run: Run, saver: _Saver) -> None:
        self.search, self.runner, self.run, self.saver = search, runner, run, saver
        space = search.space
        self.size: Size = (
            space.colours,
            space.positions,
            space.repeats,
            search.only_possible,
            space.answers.name,
        )
        everything = search.everything
        self.guesses: list[_Guess] = []
        for index, guess in enumerate(search.pool(()).tolist()):
            split = search.answers[guess, everything]
            answers, sizes = np.unique(split, return_counts=True)
            possible = bool((answers == search.found).any())
            if len(answers) < 2 or (self.size[3] and not possible):
                continue  # tells nothing, or the rules leave it out
            kept = answers != search.found
            bound = len(everything) + int(search.bound[sizes[kept]].sum())
            classes = [
                everything[split == a]
                for a, s in zip(answers, sizes, strict=True)
                if a != search.found and s >= 3
            ]
            hashes = [_key(search, c) for c in classes]
            self.guesses.append(_Guess(guess, (bound, not possible, index), bound, classes, hashes))
        self.guesses.sort(key=lambda g: g.order)

    def known(self, guess: _Guess, j: int) -> tuple[int, bool]:
        """What the table knows of a class: its value and True, or a lower bound and False."""
        stored = int(self.search.kernel.recall(*self.search.memory, *guess.hashes[j]))
        if stored > 0:
            return stored, True
        return max(int(self.search.bound[len(guess.classes[j])]), -stored), False

    def total(self, guess: _Guess) -> tuple[int, bool]:
        """The guess's total, or a lower bound, and whether it is exact."""
        total, exact = guess.bound, True
        for j, codes in enumerate(guess.classes):
            value, known = self.known(guess, j)
            total += value - int(self.search.bound[len(codes)])
            exact = exact and known
        return total, exact

    def settle(self, guesses: list[_Guess], limit: int, share: tuple[float, float]) -> None:
        """Search, as tasks, the classes each guess needs so that its total is known
        exactly or known to be at least ``limit``; ``share`` is the part of the progress
        bar this covers."""
        wanted: dict[tuple[Any, Any], tuple[SearchCodes, int, int]] = {}
        for guess in guesses:
            total, _ = self.total(guess)
            if total >= limit:
                continue
            for j, codes in enumerate(guess.classes):
                value, known = self.known(guess, j)
                budget = limit - (total - value)
                key = guess.hashes[j]
                if not known and budget > wanted.get(key, (codes, 0, 0))[2]:
                    wanted[key] = (codes, guess.guess, budget)
        keys = list(wanted)
        # Biggest first: the longest tasks start at once, the short ones fill the gaps.
        keys.sort(key=lambda k: -len(wanted[k][0]))
        if not keys:
            return
        parts = [(self.size, i, *wanted[k]) for i, k in enumerate(keys)]
        for done, (i, value) in enumerate(self.runner(value_task, parts, 0), 1):
            budget = wanted[keys[i]][2]
            stored = value if value < budget else -value  # exact, or a lower bound
            (h1, h2), (table, values) = keys[i], self.search.memory
            self.search.kernel.keep(table, values, h1, h2, stored)
            self.saver.due()
            self.run.check()
            self.run.scaled(share[0], share[1] - share[0])(done, len(parts))

    def settle_root(self) -> None:
        """Values enough for the search at the root to decide without searching: the
        optimum and every guess tied with it, and the runner-up (``runner_up``'s
        budgets)."""
        first = self.guesses[:1]
        self.settle(first, UNBOUNDED, (0.0, 0.4))
        upper, _ = self.total(first[0])
        self.settle(self.guesses, upper + 1, (0.4, 0.8))
        totals = [self.total(g) for g in self.guesses]
        optimum = min(total for total, exact in totals if exact)
        others = [
            guess
            for guess, (total, exact) in zip(self.guesses, totals, strict=True)
            if not (exact and total == optimum)
        ]
        n, window = len(self.search.everything), 8
        while others:
            beta = optimum + window if window < n**2 else UNBOUNDED
            if any(t < beta and e for t, e in map(self.total, others)):
                return
            self.settle(others, beta, (0.8, 0.85))
            if beta == UNBOUNDED:
                return
            window *= 8


def spread_tree(
    search: OptimalSearch,
    run: Run,
    save: Callable[[Proved], object] | None = None,
    earlier: Proved | None = None,
) -> Node:
    """The optimal tree from the start, as ``tree.build_tree`` finds it, its work done by
    ``run.runner``; ``run`` hears how far it is (thousandths) and its stop ends it.
    ``save`` keeps checkpoints (``_Saver``), and what was proved when the run stops or
    fails; ``earlier``, restored into ``search`` already, may hold subtrees grown."""
    saver = _Saver(search, save)
    try:
        return _spread(search, run, saver, earlier)
    except BaseException:  # a stop, Ctrl+C, a cluster gone: what came back is kept
        saver.now()
        raise


def _spread(search: OptimalSearch, run: Run, saver: _Saver, earlier: Proved | None) -> Node:
    assert run.runner is not None, "a spread search needs a runner (a Dask cluster)"
    runner = run.runner
    root = _Root(search, runner, run, saver)
    root.settle_root()
    everything = search.everything
    guess, total, others = decision(search, everything, ())  # from the table: at once
    split = search.answers[guess, everything]
    classes = {int(a): everything[split == a] for a in np.unique(split) if a != search.found}
    saver.guess, saver.grown = guess, _subtrees(earlier, guess, search.space)
    grown = saver.grown
    for a, codes in classes.items():
        if len(codes) <= 2:
            grown[a] = grow(search, codes, (guess,))
    parts = [
        (root.size, a, codes, guess)
        for a, codes in classes.items()
        if len(codes) > 2 and a not in grown
    ]
    parts.sort(key=lambda part: -len(part[2]))
    for done, (answer, data) in enumerate(runner(subtree_task, parts, 0), 1):
        grown[answer] = tree_from_json(data, search.space)
        saver.due()
        run.check()
        run.scaled(0.85, 0.15)(done, max(1, len(parts)))
    children = {a: grown[a] for a in classes}  # in the order one process makes them
    return Node(guess, len(everything), total, children, tuple(others))
