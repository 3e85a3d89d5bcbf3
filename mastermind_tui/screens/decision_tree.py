"""The strategy's decision tree from the current position, beside the game: each node is
a guess with the codes still possible there and the most guesses it can still take; each
branch is an answer. The moves played lead to it from the top, marked ``played`` (their
other answers folded into one line), and the current node is marked ``◀ now``. Enter or
space (or a click) opens a node; Escape closes the panel. Narrower than ``WIDE`` columns
the panel takes the whole width and the labels their short form.

The tree is walked as this panel's job on a copy of the position (closing the panel
stops the walk); nodes are added to the widget only when opened, so a tree of thousands of nodes
costs nothing until it is explored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import numpy as np
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static, Tree
from textual.widgets.tree import NodeID, TreeNode

from engine import CodeSpace, make_strategy
from engine.explain.decisions import answer_text
from engine.feedback import answers, decode, encode
from engine.notation import Notation
from engine.run import Run
from engine.strategies import Strategy, shown_name
from engine.trees.strategy_tree import Node, walk
from engine.words import plural

from ..game.views import TREE_LIMIT
from ..jobs import Ticket, Working

if TYPE_CHECKING:
    from engine.arrays import Codes

#: The biggest position whose whole subtree is walked (8 colours x 5 positions).
WALK_LIMIT = TREE_LIMIT


def no_tree(strategy: str) -> str:
    """Why ``strategy`` has no tree to show, in one line ("" when it has one)."""
    if make_strategy(strategy).deterministic:
        return ""
    return f"{strategy} guesses at random: a random strategy has no fixed tree"


#: Narrower than this, the panel covers the game and the labels are short.
WIDE = 100
#: How the current node and the moves played are marked.
NOW = "  ◀ now"
PLAYED = "played"
#: A leaf: the one code left there, found by guessing it.
FOUND = "found"
#: The branch the watched game's secret takes from the current node down.
WATCHED = "  ● watched"


def node_label(
    node: Node, space: CodeSpace, notation: Notation, answer: int | None, short: bool = False
) -> str:
    """``1,1 → BBRG  208 codes · at most 4 more guesses`` (the answer that led here first);
    ``short``: ``1,1 → BBRG  208 codes · ≤4 more``. A leaf is the code found there:
    ``0,4 → WWBB  found: 1 more guess``."""
    guess = notation.format(space, node.guess)
    via = "" if answer is None else f"{answer_text(decode(answer, space))} → "
    if node.candidates == 1:
        return f"{via}{guess}  {FOUND}" + ("" if short else ": 1 more guess")
    more = "guess" if node.height == 1 else "guesses"
    depth = f"≤{node.height} more" if short else f"at most {node.height} more {more}"
    return f"{via}{guess}  {node.candidates:,} codes · {depth}"


def path_counts(space: CodeSpace, history: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """For each move played: the codes possible before it and how many other answers it
    could have got (what the path's folded line says)."""
    cands = space.allowed
    out = []
    for guess, answer in history:
        classes = answers(space, guess, cands)
        out.append((len(cands), len(np.unique(classes)) - 1))
        cands = cands[classes == answer]
    return out


def other_answers(
    space: CodeSpace,
    strategy: Strategy,
    history: tuple[tuple[int, int], ...],
    move: int,
    run: Run,
) -> list[tuple[int, Node | None]]:
    """The answers move ``move`` (from 0) of ``history`` could have got besides the one it
    got, each with the tree from there (None for the all-black answer: the game ends),
    as written; ``run`` hears every part's codes placed in turn."""
    cands = space.allowed
    for guess, answer in history[:move]:
        cands = cands[answers(space, guess, cands) == answer]
    guess, played = history[move]
    classes = answers(space, guess, cands)
    win = encode(space.positions, 0, space.positions)
    out: list[tuple[int, Node | None]] = []
    for answer in sorted(set(np.unique(classes).tolist()) - {played}):
        part = cands[classes == answer]
        after = (*history[:move], (guess, answer))
        out.append(
            (answer, None if answer == win else walk(space, strategy, part, after, True, run).root)
        )
    return out


class DecisionTreeScreen(Working, ModalScreen[None]):
    """A panel on the right half of the screen; the game stays visible on the left."""

    CSS_PATH = "decision_tree.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f4", "dismiss", "Close tree", id="close-tree"),
    ]

    def __init__(
        self,
        space: CodeSpace,
        strategy: str,
        notation: Notation,
        candidates: Codes,
        history: tuple[tuple[int, int], ...],
        watched: int | None = None,
    ) -> None:
        """``watched``: the secret of the game on show, whose branch is marked."""
        super().__init__()
        self.space = space
        self.strategy = strategy
        self.notation = notation
        self.candidates = np.array(candidates, copy=True)  # a snapshot: the game goes on
        self.history = history
        self.watched = watched
        #: The nodes drawn on the watched secret's branch (whose answer to it is marked).
        self._on_path: set[NodeID] = set()
        #: The current node, once the tree is drawn.
        self.current: TreeNode[Node] | None = None
        self.short = False
        #: The folded lines of other answers, by node, and the move (from 0) each folds.
        self._folds: dict[NodeID, int] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="tree-panel") as panel:
            panel.border_title = f"{shown_name(self.strategy, self.space, self.notation)} from here"
            yield Static("Working out the tree…", id="tree-status", markup=False)
            yield Tree[Node]("", id="decision-tree")

    def on_mount(self) -> None:
        tree = self.query_one(Tree)
        tree.show_root = False
        tree.guide_depth = 3
        self.short = self.app.size.width < WIDE
        self.set_class(self.short, "-narrow")
        tree.focus()
        if len(self.candidates) > WALK_LIMIT:
            self._status(
                f"{len(self.candidates):,} codes are still possible: the tree is drawn from "
                f"{WALK_LIMIT:,} codes or fewer"
            )
        else:
            self._walk()

    def _status(self, text: str) -> None:
        self.query_one("#tree-status", Static).update(text)

    def _walk(self) -> None:
        refusal = no_tree(self.strategy)
        if refusal:
            self._status(refusal)
            return
        space, name, candidates, history = self.space, self.strategy, self.candidates, self.history

        def work(ticket: Ticket[None]) -> tuple[Node | None, list[tuple[int, int]]]:
            found = walk(space, make_strategy(name), candidates, history, True, ticket.run())
            return found.root, path_counts(space, history)

        self.compute("tree", work, self._drawn, progress=self._placed)

    def _placed(self, done: int, total: int) -> None:
        self._status(f"Working out the tree… {done:,} of {plural(total, 'code')} placed")

    def failed(self, job: str, error: str) -> None:
        self._status(f"the tree could not be worked out ({error})")

    def _drawn(self, result: tuple[Node | None, list[tuple[int, int]]]) -> None:
        root, counts = result
        if root is None:
            self._status("There is no tree to show from here.")
            return
        said = f"{plural(root.candidates, 'code')} possible ◀ now"
        if self.history:
            said += f" (after {plural(len(self.history), 'move')} played)"
        if self.watched is not None:
            said += f" · {WATCHED.strip()}: this game's branch"
        self._status(said + " · Enter opens a node · Escape closes")
        tree = self.query_one(Tree)
        parent, via = self._path(tree.root, counts)
        label = node_label(root, self.space, self.notation, via, self.short)
        label += NOW if self.history else ""
        top = parent.add(label, data=root, expand=False)
        if self.watched is not None:
            self._on_path.add(top.id)
        self._open_children(top)
        top.expand()
        self.current = top
        self.call_after_refresh(tree.move_cursor, top)

    def _path(
        self, parent: TreeNode[Node], counts: list[tuple[int, int]]
    ) -> tuple[TreeNode[Node], int | None]:
        """The moves played, each a node marked played with its other answers folded into
        one line; the node the last leads to, and the answer that led there."""
        via: int | None = None
        for move, ((guess, answer), (before, others)) in enumerate(
            zip(self.history, counts, strict=True)
        ):
            lead = "" if via is None else f"{answer_text(decode(via, self.space))} → "
            played = self.notation.format(self.space, guess)
            label = f"{lead}{played}  {plural(before, 'code')} · {PLAYED}"
            parent = parent.add(label, expand=True)
            if others:
                fold = parent.add_leaf(f"… {plural(others, 'other answer')}")
                self._folds[fold.id] = move
            via = answer
        return parent, via

    def _open_children(self, item: TreeNode[Node]) -> None:
        node = item.data
        if node is None or item.children:
            return
        watched = -1
        if self.watched is not None and item.id in self._on_path:
            watched = int(answers(self.space, node.guess, np.array([self.watched]))[0])
        for answer, child in sorted(node.children.items()):
            label = node_label(child, self.space, self.notation, answer, self.short)
            label += WATCHED if answer == watched else ""
            if child.children:
                added = item.add(label, data=child)
            else:
                added = item.add_leaf(label, data=child)
            if answer == watched:
                self._on_path.add(added.id)

    @on(Tree.NodeExpanded)
    def _expanded(self, event: Tree.NodeExpanded[Node]) -> None:
        self._open_children(event.node)

    @on(Tree.NodeSelected)
    def _unfold(self, event: Tree.NodeSelected[Node]) -> None:
        """Enter on a played move's folded line: its other answers, each a branch of the
        tree from there (walked as this panel's job; progress on the status line)."""
        move = self._folds.pop(event.node.id, None)
        if move is None:
            return
        fold = event.node
        fold.set_label(f"{fold.label} (working them out…)")
        space, name, history = self.space, self.strategy, self.history

        def work(ticket: Ticket[None]) -> list[tuple[int, Node | None]]:
            return other_answers(space, make_strategy(name), history, move, ticket.run())

        def done(branches: list[tuple[int, Node | None]]) -> None:
            self._unfolded(fold, history[move][0], branches)

        self.compute(f"fold:{move}", work, done, progress=self._placed)

    def _unfolded(
        self, fold: TreeNode[Node], guess: int, branches: list[tuple[int, Node | None]]
    ) -> None:
        """The folded line gives way to one branch per other answer, in its place."""
        parent = fold.parent
        if parent is None:
            return
        for answer, node in branches:
            if node is None:
                said = answer_text(decode(answer, self.space))
                code = self.notation.format(self.space, guess)
                parent.add_leaf(f"{said} → {code} {FOUND}", before=fold)
                continue
            label = node_label(node, self.space, self.notation, answer, self.short)
            if node.children:
                parent.add(label, data=node, before=fold)
            else:
                parent.add_leaf(label, data=node, before=fold)
        fold.remove()
        self._status(f"{plural(len(branches), 'other answer')} opened · Enter opens a node")
