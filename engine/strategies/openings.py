"""A partition strategy made to open with a code of the user's choosing (``--opening``).

The published tables (mikemag's among them) pick, per size and strategy, the opening that
does best over every secret, which is not always the one the strategy picks for itself
(8x5 Knuth: 11223, 183,775 guesses, where the minimax picks 11234). The opening is part
of the strategy's name, ``knuth-from11223``, one symbol a peg counted from 1 (``1`` to
``9``, then ``a`` for the tenth colour, ``b``...), so that it travels wherever a name
does: worker processes, a cluster, a record. After the first guess the strategy plays as
it always does. ``sweep_patterns`` lists one opening per colour pattern, what
``stats --openings`` plays.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from ..codes import CodeSpace
from ..errors import ConfigError
from ..trace import Choice
from .base import Position, Strategy
from .partitioning import PartitionStrategy

#: One symbol a colour, counted from 1 (the tables' way of writing an opening).
SYMBOLS = "123456789abcdefghijk"
#: What joins a strategy's name and its opening.
FROM = "-from"


def opening_text(space: CodeSpace, code: int) -> str:
    """``code`` as an opening is written in a strategy's name: ``11223``."""
    return "".join(SYMBOLS[d] for d in space.to_digits(code))


def read_opened(name: str, strategies: dict[str, type[Strategy]]) -> type[Strategy] | None:
    """The class of a name such as ``knuth-from11223`` (its base one of ``strategies``),
    or None if ``name`` names no opening."""
    base, sep, text = name.rpartition(FROM)
    cls = strategies.get(base)
    if not sep or cls is None or not issubclass(cls, PartitionStrategy):
        return None
    if not text or any(ch not in SYMBOLS for ch in text) or len(text) > 24:
        return None
    return _opened(cls, text)


class Opened(PartitionStrategy):
    """The first guess is ``opening``; every other is the base strategy's."""

    opening: ClassVar[str]

    def opening_code(self, space: CodeSpace) -> int:
        """The opening as a code of ``space``; ConfigError when the size or the rules
        forbid it."""
        digits = [SYMBOLS.index(ch) for ch in self.opening]
        shown = self.opening
        if len(digits) != space.positions:
            raise ConfigError(
                f"the opening {shown} has {len(digits)} pegs; a code here has "
                f"{space.positions} positions"
            )
        if max(digits) >= space.colours:
            raise ConfigError(
                f"the opening {shown} uses colour {max(digits) + 1}; this game has "
                f"{space.colours} colours"
            )
        if not space.repeats and len(set(digits)) != len(digits):
            raise ConfigError(
                f"the opening {shown} repeats a colour; this game has no repeated colours"
            )
        return space.from_digits(digits)

    def check(self, space: CodeSpace) -> None:
        super().check(space)
        self.opening_code(space)

    def guess(self, position: Position) -> int:
        if not position.history:
            return self.opening_code(position.space)
        return super().guess(position)

    def choose(self, position: Position) -> Choice:
        """At the start, the opening, scored as the strategy scores any guess, with the
        strategy's own choice as the first alternative; later the strategy's choice."""
        own = super().choose(position)
        if position.history:
            return own
        space, cands = position.space, position.candidates
        code = self.opening_code(space)
        if code == own.guess:
            return own
        import numpy as np

        key = self._keys(space, np.array([code], dtype=cands.dtype), cands)[0]
        score = self.shown(float(key), len(cands), len(cands))
        sign = -1 if self.measure.higher_is_better else 1
        # Only guesses scoring worse are "next best": the strategy's own scores better.
        worse = [a for a in own.alternatives if sign * (a.score - score) > 1e-9]
        return Choice(
            guess=code,
            consistent=True,
            score=score,
            score_label=own.score_label,
            alternatives=tuple(worse),
            note=f"the opening chosen in advance ({self.base_name()}'s own first guess "
            f"scores {own.score:g})",
            pool_size=own.pool_size,
            estimated=own.estimated,
            ties=1,
            ties_possible=1,
            ties_weighed=1,
        )

    @classmethod
    def base_name(cls) -> str:
        """The strategy's name without its opening."""
        return cls.name.rpartition(FROM)[0]


@cache
def _opened(base: type[PartitionStrategy], text: str) -> type[Strategy]:
    """One class per strategy and opening, so that each is one strategy like the others."""
    return type(
        f"{base.__name__}From{text}",
        (Opened, base),
        {
            "name": f"{base.name}{FROM}{text}",
            "summary": f"{base.summary}, opening with {text}",
            "opening": text,
            "shown_by_default": False,
        },
    )


def sweep_patterns(space: CodeSpace) -> list[int]:
    """One opening per colour pattern (which colours repeat how often: 11223, 11234...),
    the colours in order, the most repeated first, as the published tables sweep them
    (every opening is one of these with its colours renamed; renaming changes a total only
    through ties, which go to the code first as written). On a space without repeats, the
    one pattern of all different colours."""
    out: list[int] = []

    def parts(left: int, most: int, taken: list[int]) -> None:
        if left == 0:
            if len(taken) <= space.colours:
                digits = [c for c, times in enumerate(taken) for _ in range(times)]
                out.append(space.from_digits(digits))
            return
        for size in range(min(left, most), 0, -1):
            parts(left - size, size, [*taken, size])

    parts(space.positions, space.positions if space.repeats else 1, [])
    return out
