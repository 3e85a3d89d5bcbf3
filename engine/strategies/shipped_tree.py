"""The best 8x5 tree this project has made, played move by move.

``engine.tools.improve_tree`` mixes the partition heuristics' trees subtree by subtree and keeps
the best; its 8x5 tree (179,568 guesses over every secret, below the best published total
known, 179,751) ships gzipped in ``engine/data`` as ``tree --format json`` writes trees.
This strategy reads it once and looks each move up by the moves so far: it plays that one
size only. Off the tree (a person's own guesses before a hint) it plays entropy, the
heuristic most of the tree follows, and says so.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from typing import Any

from ..answers import CLASSIC
from ..codes import CodeSpace
from ..errors import ConfigError
from ..feedback import encode
from ..run import Run
from ..storage.data import DATA
from ..trace import Choice
from .base import Position, Strategy
from .heuristics import Entropy

#: The shipped tree, as ``mastermind tree --format json`` writes it (codes as digits from 0).
SHIPPED = DATA / "best-8x5.json.gz"
#: The size it plays: 8 colours, 5 positions, repeats allowed.
SIZE = (8, 5, True)

History = tuple[tuple[int, int], ...]


def shipped_text() -> str:
    """The shipped 8x5 tree's JSON text."""
    return gzip.decompress(SHIPPED.read_bytes()).decode("utf-8")


def _code(space: CodeSpace, text: str) -> int:
    return space.from_digits([int(d) for d in text])


@cache
def moves() -> dict[History, int]:
    """The tree's guess at every position it reaches, keyed by the moves so far as (guess,
    answer class) pairs (what ``Position.history`` holds); read once, about 0.1 s."""
    space = CodeSpace(*SIZE[:2])
    table: dict[History, int] = {}
    todo: list[tuple[History, dict[str, Any]]] = [((), json.loads(shipped_text()))]
    while todo:
        history, node = todo.pop()
        guess = _code(space, node["guess"])
        table[history] = guess
        for child in node.get("children", ()):
            answer = encode(child["black"], child["white"], space.positions)
            todo.append(((*history, (guess, answer)), child["node"]))
    return table


def shipped_total() -> int:
    """Guesses over every secret, counted from the file alone (each node whose guess is a
    code still possible there ends one game at its depth)."""
    total = 0
    todo: list[tuple[int, dict[str, Any]]] = [(1, json.loads(shipped_text()))]
    while todo:
        depth, node = todo.pop()
        children = node.get("children", ())
        if node["codes"] > sum(c["node"]["codes"] for c in children):
            total += depth
        todo.extend((depth + 1, c["node"]) for c in children)
    return total


class ShippedTree(Strategy):
    """The shipped 8x5 tree: each guess looked up, none weighed."""

    name = "best-8x5"
    summary = (
        "the best 8x5 tree made here, 179,568 guesses over every secret (below the 179,751 "
        "published): looked up, 8x5 only"
    )
    sizes = (SIZE,)
    #: Its games are lookups in one table: worker processes would each read it again.
    runs_apart = False
    rule_measures = (
        "nothing at play time: it follows a tree of fixed guesses, searched beforehand "
        "(engine.tools.improve_tree) by mixing the partition heuristics' trees subtree by subtree"
    )
    rule_ties = "none arise: the tree holds one guess for every position it reaches"
    rule_opening = "11223 (RRGGB), as the tree has it"
    rule_cost = "one lookup a move, once the tree is read (about a second, once)"
    WHY = "{guess} is the shipped 8x5 tree's guess here (engine/data/best-8x5.json.gz)."

    def check(self, space: CodeSpace) -> None:
        if (space.colours, space.positions, space.repeats) != SIZE or space.answers != CLASSIC:
            raise ConfigError(
                f"the {self.name} strategy plays only 8 colours and 5 positions with repeats, "
                f"answered classically (the game of its shipped tree), not {space.rules_text()}"
            )

    def prepare(self, space: CodeSpace, run: Run | None = None) -> str:
        """The tree read now rather than at the first guess."""
        self.check(space)
        moves()
        return ""

    def seconds(self, space: CodeSpace, games: int) -> float:
        return 1.0 + 2e-6 * games

    def game_seconds(self, space: CodeSpace) -> float:
        return 1e-5

    def guess(self, position: Position) -> int:
        found = moves().get(position.history)
        return found if found is not None else self._off_tree().guess(position)

    def choose(self, position: Position) -> Choice:
        space, cands = position.space, position.candidates
        found = moves().get(position.history)
        if found is None:
            own = self._off_tree().choose(position)
            return Choice(
                guess=own.guess,
                consistent=own.consistent,
                note="off the shipped tree (guesses it would not make): entropy's choice",
                why="{guess} is entropy's choice: the moves so far left the shipped 8x5 tree.",
            )
        i = space.locate(cands, found)
        return Choice(
            guess=found,
            consistent=i < len(cands) and int(cands[i]) == found,
            why=self.WHY,
        )

    @staticmethod
    def _off_tree() -> Strategy:
        return Entropy()
