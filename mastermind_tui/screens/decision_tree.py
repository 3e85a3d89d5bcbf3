"""The strategy's decision tree from the current position, beside the game: each node is
a guess with the codes still possible there and the most guesses it can still take; each
branch is an answer. Enter or space (or a click) opens a node; Escape closes the panel.

The tree is walked in a worker on a copy of the position (closing the panel stops the
walk); nodes are added to the widget only when opened, so a tree of thousands of nodes
costs nothing until it is explored.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static, Tree
from textual.widgets.tree import TreeNode
from textual.worker import get_current_worker

from engine import CodeSpace, MastermindError, make_strategy
from engine.explain import answer_text
from engine.feedback import decode
from engine.notation import Notation
from engine.tree import Node, walk
from engine.words import plural

from ..views import TREE_LIMIT

#: The biggest position whose whole subtree is walked (8 colours x 5 positions).
WALK_LIMIT = TREE_LIMIT


def no_tree(strategy: str) -> str:
    """Why ``strategy`` has no tree to show, in one line ("" when it has one)."""
    if make_strategy(strategy).deterministic:
        return ""
    return f"{strategy} guesses at random: a random strategy has no fixed tree"


class _Closed(Exception):
    """The panel closed while its tree was being walked."""


class TreeProgress(Message):
    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


class TreeWalked(Message):
    def __init__(self, root: Node | None, error: str = "") -> None:
        super().__init__()
        self.root = root
        self.error = error


def node_label(node: Node, space: CodeSpace, notation: Notation, answer: int | None) -> str:
    """``1,1 → BBRG  208 codes · at most 4 more guesses`` (the answer that led here first)."""
    guess = notation.format(space, node.guess)
    via = "" if answer is None else f"{answer_text(decode(answer, space.positions))} → "
    if node.candidates == 1:
        return f"{via}{guess}  the secret: 1 more guess"
    more = "guess" if node.height == 1 else "guesses"
    return f"{via}{guess}  {node.candidates:,} codes · at most {node.height} more {more}"


class DecisionTreeScreen(ModalScreen[None]):
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
        candidates: np.ndarray,
        history: tuple[tuple[int, int], ...],
    ) -> None:
        super().__init__()
        self.space = space
        self.strategy = strategy
        self.notation = notation
        self.candidates = np.array(candidates, copy=True)  # a snapshot: the game goes on
        self.history = history

    def compose(self) -> ComposeResult:
        with Vertical(id="tree-panel") as panel:
            panel.border_title = f"{self.strategy} from here"
            yield Static("Working out the tree…", id="tree-status", markup=False)
            yield Tree[Node]("", id="decision-tree")

    def on_mount(self) -> None:
        tree = self.query_one(Tree)
        tree.show_root = False
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

    @work(thread=True, exclusive=True, group="tree", exit_on_error=False)
    def _walk(self) -> None:
        try:
            refusal = no_tree(self.strategy)
            if refusal:
                raise MastermindError(refusal)
            strategy = make_strategy(self.strategy)
            worker = get_current_worker()

            def stop_when_closed(done: int, total: int) -> None:
                if worker.is_cancelled:  # the panel was closed: stop walking
                    raise _Closed
                self.post_message(TreeProgress(done, total))

            found = walk(
                self.space,
                strategy,
                self.candidates,
                self.history,
                keep=True,
                progress=stop_when_closed,
            )
            message = TreeWalked(found.root)
        except _Closed:
            return
        except MastermindError as error:
            message = TreeWalked(None, str(error))
        except Exception as error:  # a bug must not end the game: say it, keep playing
            message = TreeWalked(None, f"the tree could not be worked out ({error!r})")
        self.post_message(message)

    @on(TreeProgress)
    def _progress(self, progress: TreeProgress) -> None:
        if not self.query_one(Tree).root.children:  # late news of a walk already shown
            self._status(
                f"Working out the tree… {progress.done:,} of "
                f"{plural(progress.total, 'code')} placed"
            )

    @on(TreeWalked)
    def _show(self, walked: TreeWalked) -> None:
        if walked.root is None:
            self._status(walked.error)
            return
        root = walked.root
        self._status(
            f"{plural(root.candidates, 'code')} possible · Enter opens a node · Escape closes"
        )
        tree = self.query_one(Tree)
        top = tree.root.add(
            node_label(root, self.space, self.notation, None), data=root, expand=False
        )
        self._open_children(top)
        top.expand()
        tree.move_cursor(top)

    def _open_children(self, item: TreeNode[Node]) -> None:
        node = item.data
        if node is None or item.children:
            return
        for answer, child in sorted(node.children.items()):
            label = node_label(child, self.space, self.notation, answer)
            if child.children:
                item.add(label, data=child)
            else:
                item.add_leaf(label, data=child)

    @on(Tree.NodeExpanded)
    def _expanded(self, event: Tree.NodeExpanded[Node]) -> None:
        self._open_children(event.node)
