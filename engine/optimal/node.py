"""One decision of the optimal strategy (a node of its tree), and the tie rule that picks
among equally good guesses: a guess that could be the secret, then the first as written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from ..arrays import SearchCodes, SomeCodes
    from ..codes import CodeSpace


@dataclass
class Node:
    """One decision of the optimal strategy: the guess, the total guesses its subtree needs
    over its codes, the node for each answer other than "found", and the best other
    guesses with their totals (what the trace shows beside the guess)."""

    guess: int
    codes: int
    total: int
    children: dict[int, Node]
    others: tuple[tuple[int, int], ...] = ()

    def walk(self, depth: int = 1) -> Iterator[tuple[int, Node]]:
        yield depth, self
        for child in self.children.values():
            yield from child.walk(depth + 1)


def tie_order(codes: SomeCodes, rank: SearchCodes) -> Callable[[int], tuple[bool, int]]:
    """The tie rule as a sort key: a guess that could be the secret, then the first as
    written."""
    possible = set(np.asarray(codes).tolist())
    return lambda g: (g not in possible, int(rank[g]))


def written_rank(space: CodeSpace) -> SearchCodes:
    """Each code's place as written (the search's ``rank``, what the tie rule orders
    by), without the search's tables."""
    rank = space.digits[::-1].T.astype(np.int64) @ space.weights
    return rank.astype(np.int16)


def pick(guesses: list[int], codes: SomeCodes, rank: SearchCodes) -> int:
    """Of equally good guesses, the one the tie rule prefers."""
    return min(guesses, key=tie_order(codes, rank))
