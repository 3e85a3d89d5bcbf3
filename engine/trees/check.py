"""Checking a decision tree someone else wrote: does it find every secret, and in how many
guesses? The tree is followed once, splitting each node's secrets by the answer its guess
gets (one vectorised call per node, as ``engine.trees.strategy_tree`` walks a
strategy), so an 8x4 tree of 4,096 secrets checks in well under a second.

The readers in ``engine.trees.formats`` turn each file format into the ``Plan`` below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ..codes import CodeSpace
from ..feedback import answers, decode, encode

if TYPE_CHECKING:
    import numpy.typing as npt

    from ..arrays import Codes


@dataclass
class Plan:
    """One node of a tree as a file gives it.

    ``guess`` None: the file names no guess and means "the only code left" (Irving's bare
    count 1). ``children`` None: the file does not elaborate the answers; every part must
    then hold at most ``spread`` codes, guessed one after the other (Irving's ``(1234)``
    and Knuth's ``x``). ``claimed``: how many codes the file says are possible here."""

    guess: int | None
    children: dict[int, Plan] | None = field(default_factory=dict)
    claimed: int | None = None
    spread: int = 1


@dataclass
class Checked:
    """What a check found: each secret's guesses (0 where it failed) and, when some
    secret is not found, the first such secret (lowest index) and why."""

    space: CodeSpace
    depths: npt.NDArray[np.uint16]
    failure: str | None = None
    #: How many places the tree fails at (the first is ``failure``).
    faults: int = 0
    #: Where every fault is a guess that leaves more codes in one part than the file
    #: allows (and the file elaborates no further), the total with each such part's codes
    #: guessed in turn; otherwise None.
    in_turn: int | None = None

    @property
    def found(self) -> bool:
        return self.failure is None

    @property
    def total(self) -> int:
        return int(self.depths[self.space.allowed].sum(dtype=np.int64))

    @property
    def distribution(self) -> dict[int, int]:
        counts = np.bincount(self.depths[self.space.allowed])
        return {int(k): int(v) for k, v in enumerate(counts) if v and k}

    @property
    def worst(self) -> int:
        return max(self.distribution, default=0)

    @property
    def average(self) -> float:
        return self.total / self.space.count


Write = Callable[[int], str]


def check_tree(space: CodeSpace, root: Plan, write: Write) -> Checked:
    """Follow ``root`` for every secret the space allows; ``write`` shows a code in the
    file's own notation in the failure message."""
    return _Checker(space, write).run(root)


class _Checker:
    def __init__(self, space: CodeSpace, write: Write) -> None:
        self.space = space
        self.write = write
        self.win = encode(space.positions, 0, space.positions)
        self.depths = np.zeros(space.size, dtype=np.uint16)
        #: (secret, reason): the lowest secret is reported; -1 for a fault no secret shows.
        self.failures: list[tuple[int, str]] = []
        #: Faults that are parts left after a final guess, counted as guessed in turn.
        self.left_over = 0

    def run(self, root: Plan) -> Checked:
        stack: list[tuple[Plan, Codes, tuple[str, ...]]] = [(root, self.space.allowed, ())]
        while stack:
            plan, cands, path = stack.pop()
            stack.extend(self._visit(plan, cands, path))
        if not self.failures:
            return Checked(self.space, self.depths)
        secret, reason = min(self.failures, key=lambda f: (f[0] < 0, f[0]))
        who = f"secret {self.write(secret)}" if secret >= 0 else "the tree"
        faults = len(self.failures)
        in_turn = None
        if self.left_over == faults:
            in_turn = int(self.depths[self.space.allowed].sum(dtype=np.int64))
        return Checked(self.space, self.depths, f"{who}: {reason}", faults, in_turn)

    def _fail(self, cands: Codes, path: tuple[str, ...], reason: str) -> None:
        where = f"after {', '.join(path)}" if path else "at the start"
        secret = int(cands.min()) if len(cands) else -1
        self.failures.append((secret, f"{where}, {reason}"))

    def _visit(
        self, plan: Plan, cands: Codes, path: tuple[str, ...]
    ) -> list[tuple[Plan, Codes, tuple[str, ...]]]:
        level = len(path) + 1
        if plan.claimed is not None and plan.claimed != len(cands):
            self._fail(
                cands,
                path,
                f"the tree says {plan.claimed:,} codes are possible, not {len(cands):,}",
            )
            return []
        guess = plan.guess
        if guess is None:
            if len(cands) > plan.spread:
                self._fail(cands, path, f"the tree names no guess for {len(cands):,} codes")
                return []
            if len(cands) > 1:  # Knuth's bare 2: the codes left guessed in turn
                self.depths[cands] = level + np.arange(len(cands))
                return []
            guess = int(cands[0])
        if not 0 <= guess < self.space.size or (
            not self.space.repeats and len(set(self.space.to_digits(guess))) < self.space.positions
        ):
            self._fail(cands, path, f"{self.write(guess)} is not a code of this game")
            return []
        cls = answers(self.space, guess, cands)
        order = cls.argsort(kind="stable")
        sizes = np.bincount(cls, minlength=self.win + 1)
        found = sizes.nonzero()[0]
        ends = sizes[found].cumsum().tolist()
        below = []
        for answer, start, end in zip(found.tolist(), [0, *ends[:-1]], ends, strict=True):
            part = cands[order[start:end]]
            if answer == self.win:
                self.depths[part] = level
                continue
            said = f"{self.write(guess)} answered {decode(answer, self.space)}"
            if plan.children is None:
                if len(part) > plan.spread:
                    self._fail(
                        part, (*path, said), f"{len(part):,} codes remain and the tree lists none"
                    )
                    self.left_over += 1  # counted as guessed in turn, for ``in_turn``
                self.depths[part] = level + 1 + np.arange(len(part))  # each guessed in turn
                continue
            child = plan.children.get(answer)
            if child is None:
                self._fail(part, (*path, said), "the tree has no branch for this answer")
            else:
                below.append((child, part, (*path, said)))
        for answer, child in (plan.children or {}).items():
            # A branch no secret reaches costs nothing, unless the file says codes are there.
            unreached = answer != self.win and (answer >= len(sizes) or not sizes[answer])
            if unreached and child.claimed:
                said = f"{self.write(guess)} answered {decode(answer, self.space)}"
                self._fail(
                    cands[:0],
                    (*path, said),
                    f"the tree says {child.claimed:,} codes are possible, not 0",
                )
        return below
