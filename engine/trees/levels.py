"""A deterministic strategy's tree walked a level at a time, for a kernel that weighs many
positions in one call (the CUDA backend's ``many``): every position of a depth is weighed
in one launch, then each chooses its guess from what was weighed, as
``engine.trees.strategy_tree``'s walk would have, position by position. The tree and every
depth are the same: the strategy's own ``guess`` still chooses, from a kernel that answers
from what was weighed ahead (``Ahead``), and weighs anything not foreseen itself.

What a position's ``guess`` asks the kernel is foreseen by ``asked``, which follows
``PartitionStrategy.guess``: the candidates against themselves where few are left (the
lower bound), then the pool it weighs (the distinct guesses past the first move, in
blocks as written for strategies whose kernel cannot stop early). A position that asks
something else costs one launch of its own, never a wrong answer.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from ..codes import CodeSpace
from ..feedback import answer_count, answers, encode
from ..run import Run, Ticker
from ..strategies import NO_DRAWS, Position, Strategy
from ..strategies.guess_pools import canonical_codes, dead_colours, distinct_guesses, unused_colours
from ..strategies.partition_bound import BOUND_TRIES, FIRST_SCAN
from ..strategies.partition_pool import weighed
from ..strategies.partitioning import PartitionStrategy
from .strategy_tree import History, Node, Walk, walk

if TYPE_CHECKING:
    import numpy.typing as npt

    from ..arrays import Codes, Counts, IntArray, Keys


class ManyKernel(Protocol):
    """A partition kernel that also weighs many (pool, candidates) at once."""

    def many(
        self, space: CodeSpace, requests: list[tuple[IntArray, IntArray]], counts: bool = True
    ) -> list[npt.NDArray[np.signedinteger[Any]]]: ...


def _key(pool: IntArray, cands: IntArray) -> tuple[int, int, int, int]:
    return len(pool), hash(np.asarray(pool).tobytes()), len(cands), hash(cands.tobytes())


class Ahead:
    """A partition kernel answering from what ``weigh`` weighed ahead (Knuth's largest
    classes, or class counts), the kernel itself for anything else."""

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel
        #: What was weighed: (largest?, pool and candidates) -> counts or largest classes.
        self.known: dict[tuple[bool, tuple[int, int, int, int]], npt.NDArray[Any]] = {}
        self.missed = 0

    def weigh(self, space: CodeSpace, asked: list[tuple[bool, IntArray, IntArray]]) -> None:
        """Weigh every (largest?, pool, candidates) asked, in one call per kind."""
        self.known.clear()
        for largest in (True, False):
            todo = {_key(p, c): (p, c) for kind, p, c in asked if kind == largest}
            if not todo:
                continue
            found = self.kernel.many(space, list(todo.values()), counts=not largest)
            self.known.update(((largest, k), v) for k, v in zip(todo, found, strict=True))

    def counts(self, space: CodeSpace, pool: Codes, cands: Codes) -> Counts:
        found = self.known.get((False, _key(pool, cands)))
        if found is None:
            self.missed += 1
            return self.kernel.counts(space, pool, cands)  # type: ignore[no-any-return]
        return found.astype(np.int64)

    def largest(self, space: CodeSpace, pool: Codes, cands: Codes, stop: float) -> Keys:
        found = self.known.get((True, _key(pool, cands)))
        if found is None:
            self.missed += 1
            return self.kernel.largest(space, pool, cands, stop)  # type: ignore[no-any-return]
        out = found.astype(np.float64)
        reached = np.flatnonzero(out <= stop)
        if len(reached):
            out[reached[0] + 1 :] = len(cands) + 1
        return out


def asked(strategy: PartitionStrategy, position: Position) -> list[tuple[bool, Codes, Codes]]:
    """What ``strategy.guess(position)`` will ask its kernel: (largest?, pool, candidates)
    each (``PartitionStrategy.guess``, ``partition_bound.bound_reached`` and
    ``first_reaching``)."""
    space, cands, history = position.space, position.candidates, position.history
    if len(cands) <= 2:
        return []
    largest = strategy.largest_class
    pool, scored, _, _ = weighed(position, strategy.limits)
    bound_tried = scored is cands and len(cands) <= BOUND_TRIES * answer_count(space)
    out = [(largest, cands, cands)] if bound_tried else []
    unused = unused_colours(space, history)
    if history and scored is cands and pool is canonical_codes(space, unused):
        pool = distinct_guesses(space, unused, dead_colours(space, cands))
        if bound_tried and not largest:  # weighed in blocks as written, growing
            start, size = 0, FIRST_SCAN
            while start < len(pool):
                out.append((False, pool[start : start + size], cands))
                start, size = start + size, size * 4
            return out
    out.append((largest, pool, scored))
    return out


@dataclass
class _Place:
    """A position waiting in a level: its candidates, history and node (when kept)."""

    cands: Codes
    history: History
    answer: int = -1
    parent: Node | None = None


def walk_levels(
    space: CodeSpace,
    strategy: Strategy,
    candidates: Codes | None = None,
    history: History = (),
    keep: bool = False,
    run: Run | None = None,
) -> Walk:
    """``engine.trees.strategy_tree.walk``, a level at a time: the same depths and tree,
    every position of a depth weighed in one call of the strategy's kernel (its ``many``)."""
    if not strategy.deterministic:
        raise ValueError(f"{strategy.name} guesses at random: it has no single tree")
    kernel = getattr(strategy, "_kernel", None)
    ahead = Ahead(kernel) if kernel is not None and hasattr(kernel, "many") else None
    if ahead is not None:
        strategy = copy.copy(strategy)
        strategy._kernel = ahead  # type: ignore[attr-defined]
    cands = space.allowed if candidates is None else candidates
    depths = np.zeros(space.size, dtype=np.uint8)
    win = encode(space.positions, 0, space.positions)
    watched = run if run is not None and run.watched else None
    total, done, ticker = len(cands), 0, Ticker()
    level, places = len(history) + 1, [_Place(cands, history)] if len(cands) else []
    levels: list[list[Node]] = []
    root: Node | None = None
    while places:
        if ahead is not None and isinstance(strategy, PartitionStrategy):
            seen = [Position(space, place.cands, place.history, NO_DRAWS) for place in places]
            ahead.weigh(space, [request for p in seen for request in asked(strategy, p)])
        after: list[_Place] = []
        nodes: list[Node] = []
        for place in places:
            node, children = _visit(space, strategy, place, level, depths, win, keep)
            done += len(place.cands) - sum(len(child.cands) for child in children)
            after += children
            if node is not None:
                nodes.append(node)
                if place.parent is None:
                    root = node
                else:
                    place.parent.children[place.answer] = node
            if watched is not None and ticker.due():
                watched.check()
                watched.report(done, total)
        levels.append(nodes)
        places, level = after, level + 1
    for nodes in reversed(levels):  # heights from the leaves up
        for node in nodes:
            node.height = 1 + max((c.height for c in node.children.values()), default=0)
    if watched is not None:
        watched.report(total, total)
    return Walk(depths, root)


def _visit(
    space: CodeSpace,
    strategy: Strategy,
    place: _Place,
    level: int,
    depths: npt.NDArray[np.uint8],
    win: int,
    keep: bool,
) -> tuple[Node | None, list[_Place]]:
    """One position, as ``engine.trees.strategy_tree``'s walker visits it: its node (if
    kept) and the positions its answers lead to."""
    cands, history = place.cands, place.history
    if len(cands) == 1:
        depths[int(cands[0])] = level
        return (Node(int(cands[0]), 1) if keep else None), []
    guess = strategy.guess(Position(space, cands, history, NO_DRAWS))
    if len(cands) == 2 and guess in (first := int(cands[0]), second := int(cands[1])):
        other = second if guess == first else first
        depths[guess], depths[other] = level, level + 1
        if not keep:
            return None, []
        answer = int(answers(space, guess, cands[cands == other])[0])
        return Node(guess, 2, {answer: Node(other, 1)}, height=2), []
    cls = answers(space, guess, cands)
    order = cls.argsort(kind="stable")
    sizes = np.bincount(cls)
    found = sizes.nonzero()[0]
    ends = sizes[found].cumsum().tolist()
    node = Node(guess, len(cands)) if keep else None
    children = []
    for answer, start, end in zip(found.tolist(), [0, *ends[:-1]], ends, strict=True):
        if answer == win:
            depths[guess] = level
            continue
        part = cands[order[start:end]]
        children.append(_Place(part, (*history, (guess, answer)), answer, node))
    return node, children


def walk_any(
    space: CodeSpace,
    strategy: Strategy,
    candidates: Codes | None = None,
    history: History = (),
    keep: bool = False,
    run: Run | None = None,
) -> Walk:
    """A level at a time where the strategy's kernel weighs many positions at once (the
    GPU's), else ``engine.trees.strategy_tree.walk``, a position at a time."""
    many = hasattr(getattr(strategy, "_kernel", None), "many")
    chosen = walk_levels if many else walk
    return chosen(space, strategy, candidates, history, keep, run)
