"""The exact optimum: the strategy that needs the fewest guesses in total over every secret,
any code being allowed as a guess, found by depth-first branch and bound.

The cost of a set S of codes still possible is ``T(S) = |S| + min_g sum T(S_a)`` over every
guess g, the sum running over the classes S_a of codes that give g answer a, except the
class of g itself (found: nothing more to pay). ``T`` depends on S alone, so values are
memoised by the set. What keeps the search small:

* a lower bound for any set of n codes: one code can be found by the next guess, at most K
  by the one after (K answers besides "all black"), K**2 by the one after that, and so on;
  a guess whose bound reaches the best total found so far is not looked at;
* the symmetries of the game (permuting positions and colours) that leave every guess made
  so far unchanged also leave S unchanged, so of each orbit of guesses only the smallest
  index is weighed; guesses that split S exactly alike are weighed once;
* a set that some possible code splits into single codes costs 2n - 1, and one that any
  other code splits so costs 2n: nothing beats either.

On 6 colours x 4 positions this finds Koyama and Lai's 5625 (1993).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from .codes import CodeSpace
from .errors import ConfigError
from .feedback import classes, encode, table

#: Most entries of the symmetry table (group elements x codes) the search may build: the
#: 17,280 permutations of 6 colours x 4 positions over 1,296 codes take 22 million.
SYMMETRY_LIMIT = 1 << 25
#: Most codes for which the exact search is offered: measured to finish in seconds up to
#: 6 colours x 4 positions; the next sizes (7x4, 8x5) take hours in a C++ search.
CODE_LIMIT = 1296


def check_size(space: CodeSpace) -> None:
    """Raise ConfigError, saying the limit, when the exact search is out of reach."""
    group = math.factorial(space.colours) * math.factorial(space.positions)
    if space.count > CODE_LIMIT or group * space.size > SYMMETRY_LIMIT:
        raise ConfigError(
            f"the optimal strategy is computed exactly only up to {CODE_LIMIT:,} codes "
            f"(6 colours x 4 positions); {space.rules_text()} make {space.count:,}: "
            "try --strategy most-parts or entropy, the best heuristics"
        )


@lru_cache(maxsize=2)
def symmetry_images(colours: int, positions: int) -> np.ndarray:
    """Every permutation of positions combined with every permutation of colours, as the
    image of each code index: shape (positions! x colours!, codes), int16."""
    space = CodeSpace(colours, positions)
    sigmas = np.array(list(itertools.permutations(range(colours))), dtype=np.int16)
    weights = space.weights.astype(np.int16)
    out = []
    for pi in itertools.permutations(range(positions)):
        image = np.zeros((len(sigmas), space.size), dtype=np.int16)
        for i, source in enumerate(pi):
            image += sigmas[:, space.digits[source]] * weights[i]
        out.append(image)
    return np.concatenate(out)


@dataclass(frozen=True)
class Splits:
    """How each guess of a pool splits a set: its answers from every code, how many
    classes, whether it could be the secret, and the least total it can lead to."""

    answers: np.ndarray
    parts: np.ndarray
    possible: np.ndarray
    bounds: np.ndarray


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


class OptimalSearch:
    """Exact values of code sets, and the optimal guess at any position, for one size."""

    def __init__(self, space: CodeSpace) -> None:
        check_size(space)
        self.space = space
        self.answers = table(space)
        self.k = classes(space.positions)
        self.found = encode(space.positions, 0, space.positions)
        #: The codes the rules allow: the codes at the start, and every guess allowed.
        self.everything = space.allowed.astype(np.int16)
        #: Whether that is every index, so that a table's rows need no gathering.
        self.whole = space.repeats
        #: Rank of each code as written (first position most significant): the tie rule's
        #: order, so each orbit of guesses is represented by its first code as written.
        self.rank = (space.digits[::-1].T.astype(np.int64) @ space.weights).astype(np.int16)
        # K answers besides "all black": p(p+3)/2 - 1 (3 black 1 white never happens).
        self.branching = space.positions * (space.positions + 3) // 2 - 1
        self.bound = _level_bounds(space.size, self.branching)
        #: Each answer as one bit (where classes fit in 64 bits), for counting classes fast.
        self.bits = (
            np.left_shift(np.uint64(1), self.answers.astype(np.uint64)) if self.found < 64 else None
        )
        self.exact: dict[bytes, int] = {}
        self.at_least: dict[bytes, int] = {}
        self.nodes = 0

    # -- positions -------------------------------------------------------------------------
    def symmetries(self, history: tuple[int, ...]) -> np.ndarray:
        """The symmetries that leave every guess in ``history`` unchanged."""
        images = symmetry_images(self.space.colours, self.space.positions)
        for guess in history:
            images = images[images[:, guess] == guess]
        return images

    def pool(self, group: np.ndarray) -> np.ndarray:
        """One guess per orbit of the group: the first as written (the group maps codes
        without repeats to codes without repeats, so the allowed ones are whole orbits)."""
        if len(group) == 1:
            return self.everything
        firsts = np.flatnonzero(self.rank[group].min(axis=0) == self.rank).astype(np.int16)
        return self.space.allowed_only(firsts)

    # -- the search ------------------------------------------------------------------------
    def value(self, codes: np.ndarray, group: np.ndarray, beta: int = 1 << 40) -> int:
        """T(codes) if it is below ``beta``; otherwise some lower bound that is >= beta."""
        n = len(codes)
        if n <= 2:
            return 2 * n - 1
        key = codes.tobytes()
        known = self.exact.get(key)
        if known is not None:
            return known
        low = max(int(self.bound[n]), self.at_least.get(key, 0))
        if low >= beta:
            return low
        self.nodes += 1
        if n <= self.branching + 1:
            # Cheap first: a possible code that tells the others apart.
            among = np.sort(self.answers[np.ix_(codes, codes)], axis=1)
            if (np.count_nonzero(np.diff(among, axis=1), axis=1) == n - 1).any():
                self.exact[key] = 2 * n - 1
                return 2 * n - 1
            if n == 3:  # guess one: the other two cost 3 more
                self.exact[key] = 6
                return 6
        pool = self.pool(group)
        splits = self._splits(codes, pool)
        perfect = splits.parts == n
        if perfect.any():  # no possible code does it (that was checked), another code does
            quick = 2 * n - 1 if splits.possible[perfect].any() else 2 * n
            self.exact[key] = quick
            return quick
        best, _ = self._best(codes, group, pool, splits, beta)
        if best < beta:
            self.exact[key] = best
            return best
        self.at_least[key] = max(low, beta)
        return max(low, beta)

    def _splits(self, codes: np.ndarray, pool: np.ndarray) -> Splits:
        """How every guess in the pool splits the codes, and its lower bound."""
        n = len(codes)
        every = self.whole and len(pool) == len(self.everything)
        answers = self.answers[codes].T if every else self.answers[np.ix_(codes, pool)].T
        if n <= self.branching + 1 and self.bits is not None:
            # Every class has at most K + 1 codes, whose bound is 2m - 1: the bound is
            # n + 2(n - found) - (parts - found), and the classes present are bits to OR.
            bits = self.bits[codes] if every else self.bits[np.ix_(codes, pool)]
            present = np.bitwise_or.reduce(bits, axis=0)
            parts = np.bitwise_count(present).astype(np.int64)
            possible = (present >> np.uint64(self.found)) & np.uint64(1) == 1
            bounds = 3 * n - parts - possible
            return Splits(answers, parts, possible, bounds)
        k = len(pool)
        offsets = answers.astype(np.int32) + (np.arange(k, dtype=np.int32) * self.k)[:, None]
        hist = np.bincount(offsets.ravel(), minlength=k * self.k).reshape(k, self.k)
        parts = np.count_nonzero(hist, axis=1)
        possible = hist[:, self.found] > 0
        hist[:, self.found] = 0
        bounds = n + self.bound[hist].sum(axis=1)
        return Splits(answers, parts, possible, bounds)

    def _best(
        self,
        codes: np.ndarray,
        group: np.ndarray,
        pool: np.ndarray,
        splits: Splits,
        beta: int,
        ties: bool = False,
        skip: frozenset[bytes] = frozenset(),
    ) -> tuple[int, list[int]]:
        """The smallest total below ``beta`` (or ``beta``) and the pool rows reaching it:
        the first one found, or with ``ties`` every one; guesses splitting the codes as in
        ``skip`` are not weighed."""
        bounds = splits.bounds
        order = np.lexsort((~splits.possible, bounds))
        best, rows = beta, list[int]()
        seen: set[bytes] = set(skip)
        for row in order:
            if bounds[row] > best or (bounds[row] == best and not ties):
                break
            split = splits.answers[row]
            shape = split.tobytes()
            if splits.parts[row] < 2 or (shape in seen and not ties):
                continue  # tells nothing, or splits exactly like a guess already weighed
            seen.add(shape)
            limit = best + 1 if ties else best
            total = self._total(codes, group, int(pool[row]), split, int(bounds[row]), limit)
            if total < best or (ties and total == best):
                rows = [*rows, int(row)] if total == best else [int(row)]
                best = total
        return best, rows

    def _total(
        self,
        codes: np.ndarray,
        group: np.ndarray,
        guess: int,
        split: np.ndarray,
        low: int,
        limit: int,
    ) -> int:
        """Total for one guess if below ``limit`` (its children searched largest first, each
        with what is left of the budget); otherwise a value >= limit."""
        order = np.argsort(split, kind="stable")  # stable: each class stays sorted
        ordered, grouped = split[order], codes[order]
        ends = [*np.flatnonzero(ordered[1:] != ordered[:-1]).tolist(), len(split) - 1]
        children, start = [], 0
        for end in ends:  # classes of more than two codes (smaller ones cost 2m - 1)
            if end - start >= 2 and ordered[start] != self.found:
                children.append(grouped[start : end + 1])
            start = end + 1
        children.sort(key=len, reverse=True)
        below = group[group[:, guess] == guess] if len(group) > 1 else group
        total = low
        for child in children:
            floor = int(self.bound[len(child)])
            total += self.value(child, below, limit - (total - floor)) - floor
            if total >= limit:
                return total
        return total

    def decide(self, codes: np.ndarray, history: tuple[int, ...]) -> tuple[int, list[int]]:
        """The optimal total for ``codes`` (sorted indices) after the guesses ``history``,
        and every guess reaching it."""
        codes = np.asarray(codes, dtype=np.int16)
        group = self.symmetries(history)
        best = self.value(codes, group)
        if len(codes) <= 2:
            return best, [int(c) for c in codes]  # guessing either of two codes costs 3
        pool = self.pool(group)
        _, rows = self._best(codes, group, pool, self._splits(codes, pool), best + 1, ties=True)
        return best, [int(pool[r]) for r in rows]

    def runner_up(
        self, codes: np.ndarray, history: tuple[int, ...], chosen: list[int]
    ) -> tuple[int, int] | None:
        """The best guess that splits ``codes`` unlike each of the ``chosen`` (optimal)
        guesses, and its total: the next best way to go on, for the trace to show beside
        the optimum. None when every other guess splits as one of them does or tells
        nothing. Guesses that only swap colours or positions of a chosen one split alike
        and are not counted."""
        codes = np.asarray(codes, dtype=np.int16)
        if len(codes) <= 2:
            return None
        group = self.symmetries(history)
        pool = self.pool(group)
        taken = frozenset(self.answers[g, codes].tobytes() for g in chosen)
        splits = self._splits(codes, pool)
        total, rows = self._best(codes, group, pool, splits, 1 << 40, skip=taken)
        if not rows:
            return None
        guesses = [int(pool[r]) for r in rows]
        return pick(guesses, codes, self.rank), total


def _level_bounds(size: int, branching: int) -> np.ndarray:
    """Least total guesses for n codes if every guess split perfectly: one code found at
    the first guess, ``branching`` at the second, ``branching**2`` at the third..."""
    out = np.zeros(size + 1, dtype=np.int64)
    depth, room, filled, total = 1, 1, 0, 0
    for n in range(1, size + 1):
        if filled == room:
            depth, room, filled = depth + 1, room * branching, 0
        filled += 1
        total += depth
        out[n] = total
    return out


# -- the strategy's decision tree, built once and kept on disk ------------------------------

#: Bumped whenever the search or the tie rule changes what a stored tree holds.
TREE_FORMAT = 2
#: How many other guesses each decision keeps: as many as the trace lists.
OTHERS = 3


def decision(
    search: OptimalSearch, codes: np.ndarray, history: tuple[int, ...]
) -> tuple[int, int, list[tuple[int, int]]]:
    """The optimal guess at a position, its total, and up to ``OTHERS`` other guesses with
    their totals, best first: those tied with it in the tie rule's order, then the
    runner-up (about 1.3 s more over the whole 6x4 tree once it is searched)."""
    total, guesses = search.decide(codes, history)
    guess, *tied = sorted(guesses, key=tie_order(codes, search.rank))
    others = [(g, total) for g in tied[:OTHERS]]
    if len(others) < OTHERS:
        runner = search.runner_up(codes, history, guesses)
        if runner is not None:
            others.append(runner)
    return guess, total, others


def build_tree(search: OptimalSearch) -> Node:
    """The optimal strategy from the start, ties broken as ``pick`` says."""

    def node(codes: np.ndarray, history: tuple[int, ...]) -> Node:
        guess, total, others = decision(search, codes, history)
        split = search.answers[guess, codes]
        children = {
            int(answer): node(codes[split == answer], (*history, guess))
            for answer in np.unique(split)
            if answer != search.found
        }
        return Node(guess, len(codes), total, children, tuple(others))

    return node(search.everything, ())


def tie_order(codes: np.ndarray, rank: np.ndarray) -> Callable[[int], tuple[bool, int]]:
    """The tie rule as a sort key: a guess that could be the secret, then the first as
    written."""
    possible = set(np.asarray(codes).tolist())
    return lambda g: (g not in possible, int(rank[g]))


def pick(guesses: list[int], codes: np.ndarray, rank: np.ndarray) -> int:
    """Of equally good guesses, the one the tie rule prefers."""
    return min(guesses, key=tie_order(codes, rank))


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
    codes: np.ndarray,
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
    group = search.symmetries(history)
    image = group[np.argmin(search.rank[group[:, guess]])]
    guess_rep = int(image[guess])
    split = search.answers[guess_rep, codes]
    below = search.symmetries((*history, guess_rep))
    total = n + sum(
        search.value(codes[split == answer], below)
        for answer in np.unique(split)
        if answer != search.found
    )
    return Rating(guess, total / n, best[0], best[1] / n)
