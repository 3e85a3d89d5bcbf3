"""A deterministic strategy's decision tree, walked once.

Every secret is found by following one path from the root, so instead of playing each
game the walk splits each node's candidates by the answer its guess gets and goes on into
every part: each position is thought about exactly once and no game is replayed. That is
what ``stats --all`` does, and what ``mastermind tree`` and the optimal strategy build on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ..codes import CodeSpace
from ..feedback import answers, encode
from ..run import Run, Ticker
from ..strategies import NO_DRAWS, Position, Strategy

if TYPE_CHECKING:
    import numpy.typing as npt

    from ..arrays import Codes

History = tuple[tuple[int, int], ...]


@dataclass
class Node:
    """A position of the tree: the guess made there, how many codes were still possible,
    and the position each answer leads to (the all-black answer ends the game: no child)."""

    guess: int
    candidates: int
    children: dict[int, Node] = field(default_factory=dict)
    #: Most guesses from here to the end of a game, this one included (below a depth
    #: cut, the levels built only).
    height: int = 1
    #: Answers left unexplored below this node by a depth cut (``walk``'s ``depth``).
    below: int = 0


@dataclass
class Walk:
    """What a walk found: each secret's number of guesses, and the tree if it was kept."""

    #: Guesses needed for every code of the space (0 for codes the walk did not reach).
    depths: npt.NDArray[np.uint8]
    root: Node | None = None

    def reached(self) -> npt.NDArray[np.intp]:
        return np.flatnonzero(self.depths)


class _Walker:
    def __init__(
        self,
        space: CodeSpace,
        strategy: Strategy,
        keep: bool,
        run: Run | None,
        total: int,
        depth: int | None = None,
    ) -> None:
        if not strategy.deterministic:
            raise ValueError(f"{strategy.name} guesses at random: it has no single tree")
        self.space = space
        self.strategy = strategy
        self.keep = keep
        self.run = run if run is not None and run.watched else None
        self.total = total
        self.depth = depth
        self.done = 0
        self.ticker = Ticker()
        self.win = encode(space.positions, 0, space.positions)
        self.depths = np.zeros(space.size, dtype=np.uint8)

    def walk(self, cands: Codes, history: History, level: int) -> Node | None:
        if len(cands) == 1:  # every strategy guesses the only code left
            code = int(cands[0])
            self.depths[code] = level
            self._finished(1)
            return Node(code, 1) if self.keep else None
        guess = self.strategy.guess(Position(self.space, cands, history, NO_DRAWS))
        if len(cands) == 2 and guess in (first := int(cands[0]), second := int(cands[1])):
            # A third of all positions: the guess wins or leaves the other code alone.
            other = second if guess == first else first
            self.depths[guess] = level
            self.depths[other] = level + 1
            self._finished(2)
            if not self.keep:
                return None
            answer = int(answers(self.space, guess, cands[cands == other])[0])
            return Node(guess, 2, {answer: Node(other, 1)}, height=2)
        cls = answers(self.space, guess, cands)
        if self.depth is not None and level >= self.depth:  # cut: the answers untold
            self._finished(len(cands))
            parts = len(np.unique(cls)) - int(bool((cls == self.win).any()))
            return Node(guess, len(cands), below=parts) if self.keep else None
        order = cls.argsort(kind="stable")  # stable: each part stays sorted
        sizes = np.bincount(cls)
        found = sizes.nonzero()[0]
        ends = sizes[found].cumsum().tolist()
        node = Node(guess, len(cands)) if self.keep else None
        height = 1
        for answer, start, end in zip(found.tolist(), [0, *ends[:-1]], ends, strict=True):
            if answer == self.win:
                self.depths[guess] = level
                self._finished(1)
                continue
            child = self.walk(cands[order[start:end]], (*history, (guess, answer)), level + 1)
            if node is not None and child is not None:
                node.children[answer] = child
                height = max(height, child.height + 1)
        if node is not None:
            node.height = height
        return node

    def _finished(self, count: int) -> None:
        self.done += count
        if self.run is not None and (self.done == self.total or self.ticker.due()):
            self.run.check()
            self.run.report(self.done, self.total)


def walk(
    space: CodeSpace,
    strategy: Strategy,
    candidates: Codes | None = None,
    history: History = (),
    keep: bool = False,
    run: Run | None = None,
) -> Walk:
    """Walk ``strategy``'s tree from the position ``candidates`` and ``history`` (the start
    by default). ``keep`` keeps the nodes (a few hundred bytes each: fine to 8x5, not for
    the biggest spaces); without it only the depths are recorded. Depths count the guesses
    of the whole game, the ones in ``history`` included. ``run`` hears the secrets placed
    (done, total) a few times a second, and its stop check ends the walk (``Stopped``)."""
    cands = space.allowed if candidates is None else candidates
    walker = _Walker(space, strategy, keep, run, len(cands))
    root = walker.walk(cands, history, len(history) + 1) if len(cands) else None
    return Walk(walker.depths, root)


def build_tree(
    space: CodeSpace, strategy: Strategy, run: Run | None = None, depth: int | None = None
) -> Node:
    """The whole decision tree of a deterministic strategy from the start of a game
    (``run``: heard and stopped as ``walk``'s); with ``depth``, its first ``depth`` levels
    only, the answers below them counted (``Node.below``) but not worked out."""
    cands = space.allowed
    walker = _Walker(space, strategy, True, run, len(cands), depth)
    root = walker.walk(cands, (), 1)
    assert root is not None  # a space is never empty
    return root


def is_cut(node: Node) -> bool:
    """Whether a depth cut left answers of this tree unexplored."""
    return node.below > 0 or any(is_cut(child) for child in node.children.values())
