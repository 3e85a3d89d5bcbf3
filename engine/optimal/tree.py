"""The optimal strategy's decision tree: grown decision by decision from the search
(``engine.optimal``), with each decision's ties and runner-up, stored as JSON and read
back with its sums checked; and the rating of a guess against the optimum.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from ..codes import CodeSpace
from ..errors import ConfigError
from ..feedback import answers, encode
from ..run import HERE, Run
from .node import Node, pick, tie_order
from .reach import findable
from .search import BEYOND, OptimalSearch

if TYPE_CHECKING:
    from ..arrays import SomeCodes

# -- the strategy's decision tree, built once and kept on disk ------------------------------

#: Bumped whenever the search or the tie rule changes what a stored tree holds.
TREE_FORMAT = 2
#: How many other guesses each decision keeps: as many as the trace lists.
OTHERS = 3


def decision(
    search: OptimalSearch, codes: SomeCodes, history: tuple[int, ...]
) -> tuple[int, int, list[tuple[int, int]]]:
    """The optimal guess at a position, its total, and up to ``OTHERS`` other guesses with
    their totals, best first: those tied with it in the tie rule's order, then the
    runner-up (about 1.3 s more over the whole 6x4 tree once it is searched)."""
    total, guesses = search.decide(codes, history, OTHERS + 1)
    guess, *tied = sorted(guesses, key=tie_order(codes, search.rank))
    others = [(g, total) for g in tied[:OTHERS]]
    if len(others) < OTHERS:
        runner = search.runner_up(codes, history, guesses)
        if runner is not None:
            others.append(runner)
    return guess, total, others


def build_tree(search: OptimalSearch, run: Run = HERE) -> Node:
    """The optimal strategy from the start, ties broken as ``pick`` says; ``run`` hears how
    far it is in thousandths (the search first, nine tenths of the time on 7x4, then the
    tree by the classes of the first guess), and its stop ends it (``SearchStopped``).
    ConfigError if the search's cap on guesses is too low for any strategy."""
    total = search.watched_value(search.everything, run.with_progress(run.scaled(0.0, 0.9)))
    if total >= BEYOND:
        raise ConfigError(
            f"no strategy finds every secret of {search.space.rules_text()} within "
            f"{search.max_guesses} guesses: allow more (--max-guesses), or play "
            "optimal-worst, whose cap is the fewest that can be kept"
        )
    n = len(search.everything)
    tree_part = run.scaled(0.9, 0.1)

    def heard(done: int) -> None:
        run.check()
        tree_part(done, n)

    root = grow(search, search.everything, (), heard)
    run.report(1000, 1000)
    return root


def least_cap(search: OptimalSearch, run: Run = HERE) -> int:
    """The fewest guesses within which some strategy finds every secret (the worst case
    of arfst23's "minimum" criterion), set as ``search``'s cap: from the fewest that
    could tell the codes apart if every guess split perfectly, one more until a yes/no
    search (``OptimalSearch.finishable``) says it can be done; what each try proved stays
    in the table for the search of the fewest total under it. ``run`` stops it."""
    n, cap = len(search.everything), 1
    while findable(cap, search.space) < n:
        cap += 1
    watched = run.with_progress(run.scaled(0, 0))
    while not search.watched(partial(search.finishable, cap), watched):
        cap += 1
    search.max_guesses = cap
    return cap


def grow(
    search: OptimalSearch,
    codes: SomeCodes,
    history: tuple[int, ...],
    heard: Callable[[int], None] | None = None,
) -> Node:
    """The optimal subtree for ``codes`` after the guesses ``history``; ``heard`` hears
    the codes its finished children hold, child by child."""
    guess, total, others = decision(search, codes, history)
    split = search.answers[guess, codes]
    children: dict[int, Node] = {}
    # The answers given, in order: np.unique would import numpy.ma (0.02 s) to ask
    # whether the answers are masked.
    for answer in np.flatnonzero(np.bincount(split)):
        if answer != search.found:
            children[int(answer)] = grow(search, codes[split == answer], (*history, guess))
            if heard is not None:
                heard(sum(c.codes for c in children.values()))
    return Node(guess, len(codes), total, children, tuple(others))


def tree_to_json(root: Node) -> list[Any]:
    return [
        root.guess,
        root.codes,
        root.total,
        [[a, tree_to_json(c)] for a, c in root.children.items()],
        [list(other) for other in root.others],
    ]


def tree_from_json(data: list[Any], space: CodeSpace) -> Node:
    """Rebuild a stored tree, checking its shape; raises ValueError when it is not one."""
    guess, codes, total, children, others = data
    if not (isinstance(guess, int) and 0 <= guess < space.size and isinstance(codes, int)):
        raise ValueError("a node's guess or size is not a number in range")
    kids = {int(a): tree_from_json(c, space) for a, c in children}
    if sum(c.codes for c in kids.values()) not in (codes, codes - 1):
        raise ValueError("a node's children do not add up to its codes")
    if total != codes + sum(c.total for c in kids.values()):
        raise ValueError("a node's total does not add up")
    pairs = tuple((int(g), int(t)) for g, t in others)
    if any(not 0 <= g < space.size or t < total for g, t in pairs):
        raise ValueError("a node's other guesses are out of range or better than its own")
    return Node(guess, codes, total, kids, pairs)


def vouch(root: Node, space: CodeSpace) -> None:
    """Play the tree against every code of ``space``, as a reader of a stored tree must
    before using it (its digest says only that nothing changed since it was written):
    each node's codes are the ones that reach it, each answer its guess gets has its
    child and no child stands for an answer never given, so that every leaf finds the
    code it names. ValueError, saying what is wrong, when it does not."""
    found = encode(space.positions, 0, space.positions)
    stack = [(root, np.asarray(space.allowed, dtype=np.int64))]
    while stack:
        node, codes = stack.pop()
        if node.codes != len(codes):
            raise ValueError(
                f"a node of guess {node.guess} claims {node.codes} codes, not {len(codes)}"
            )
        split = answers(space, node.guess, codes)
        given = [int(a) for a in np.flatnonzero(np.bincount(split)) if a != found]
        if sorted(node.children) != given:
            raise ValueError(f"guess {node.guess} does not split its codes as its children say")
        stack.extend((node.children[a], codes[split == a]) for a in given)


@dataclass(frozen=True)
class Rating:
    """How good a guess was, in guesses expected until the code is found (the guess
    itself included), against the best guess there."""

    guess: int
    expected: float
    best_guess: int
    best_expected: float

    @property
    def loss(self) -> float:
        return self.expected - self.best_expected


def rate(
    search: OptimalSearch,
    codes: SomeCodes,
    history: tuple[int, ...],
    guess: int,
    best: tuple[int, int] | None = None,
) -> Rating:
    """Rate ``guess`` made when ``codes`` were still possible after the guesses ``history``.
    ``best`` is the best guess there and its total when already known (from the tree)."""
    codes = np.asarray(codes, dtype=np.int16)
    n = len(codes)
    if best is None:
        total, guesses = search.decide(codes, history)
        best = (pick(guesses, codes, search.rank), total)
    # A symmetric guess splits the codes alike, and the search has more likely met the
    # representative of its orbit.
    guess_rep = search.representative(history, guess)
    split = search.answers[guess_rep, codes]
    total = n + sum(
        search.cost(codes[split == answer], (*history, guess_rep))
        for answer in np.unique(split)
        if answer != search.found
    )
    return Rating(guess, total / n, best[0], best[1] / n)
