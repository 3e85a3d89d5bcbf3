"""Likely slips: which answers, corrected, make a set of contradicting answers fit a code.

A person answering the computer's guesses may miscount. When no code fits every answer,
the smallest set of answers whose correction leaves codes possible is the likeliest slip.
One vectorised pass over the code space counts, for every code, the answers it disagrees
with; the codes with the fewest disagreements name the fixes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..codes import CodeSpace
from ..feedback import Answer, against, decode, encode

#: How many fixes are offered at least, where there are that many.
MAX_FIXES = 3
#: Fixes as likely as the last one offered are offered too, up to this many in all (a
#: person's real slip must not be left out for a tie it happened to lose).
MAX_TIED = 8


@dataclass(frozen=True)
class Fix:
    """Answers to correct, as (move from 0, the answer it should have had), and how many
    codes fit once they are corrected."""

    corrections: tuple[tuple[int, Answer], ...]
    codes_left: int

    def size(self, answers: list[tuple[int, Answer]]) -> int:
        """Pegs changed in all: a miscount by one peg is likelier than by three."""
        return sum(
            abs(new.black - answers[i][1].black) + abs(new.white - answers[i][1].white)
            for i, new in self.corrections
        )


def find_slips(
    space: CodeSpace, answers: list[tuple[int, Answer]], limit: int = MAX_FIXES
) -> list[Fix]:
    """Up to ``limit`` fixes, each correcting the fewest answers possible; likeliest first
    (fewest pegs changed, then most codes left, then the latest moves), and past ``limit``
    those that change as few pegs as the last one (``MAX_TIED`` in all). Empty when the
    answers already fit a code, or when no correction can help.

    A code that was guessed before the last move cannot be the secret: that game would
    have ended there.
    """
    if not answers:
        return []
    p = space.positions
    wrong = np.zeros(space.size, dtype=np.uint8)
    for guess, answer in answers:
        wrong += against(space, guess, None) != encode(*answer, p)
    for guess, _ in answers[:-1]:
        wrong[guess] = len(answers) + 1
    if not space.repeats:  # codes the rules forbid are never the secret
        forbidden = np.ones(space.size, dtype=bool)
        forbidden[space.allowed] = False
        wrong[forbidden] = len(answers) + 1
    fewest = int(wrong.min())
    if fewest == 0 or fewest > len(answers):
        return []
    codes = np.flatnonzero(wrong == fewest)
    given = np.array([encode(*a, p) for _, a in answers])
    truth = np.stack([against(space, g, codes) for g, _ in answers])
    counts: Counter[tuple[tuple[int, int], ...]] = Counter()
    for column in range(len(codes)):
        right = truth[:, column]
        counts[tuple((int(i), int(right[i])) for i in np.flatnonzero(right != given))] += 1
    fixes = [Fix(tuple((i, decode(c, space)) for i, c in key), n) for key, n in counts.items()]
    fixes.sort(key=lambda f: (f.size(answers), -f.codes_left, [-i for i, _ in f.corrections]))
    offered = fixes[:limit]
    if offered:  # and every fix that changes as few pegs as the last one offered
        tied = offered[-1].size(answers)
        offered += [f for f in fixes[limit:MAX_TIED] if f.size(answers) == tied]
    return offered


def describe_fix(fix: Fix, answers: list[tuple[int, Answer]], fmt: Callable[[int], str]) -> str:
    """``move 3 RGOG: 2,1 instead of 1,1 leaves 1 code`` (several moves joined by "and")."""
    parts = []
    for i, new in fix.corrections:
        guess, old = answers[i]
        parts.append(
            f"move {i + 1} {fmt(guess)}: {new.black},{new.white} instead of {old.black},{old.white}"
        )
    left = f"{fix.codes_left:,} code{'' if fix.codes_left == 1 else 's'}"
    return f"{' and '.join(parts)} leaves {left}"
