"""The listing's table of codes still possible, kept two ways: on the engine's code space
where the game fits it, and as the listing's own arrays (line 150) where the listing's
arithmetic matters (fractional colours, games past the engine's limits). Both answer the
same questions of the dialogue: the code at an index, the first still possible from a
start, and striking out the codes an answer rules out.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from engine.codes import CodeSpace
from engine.feedback import against, encode, score
from engine.notation import LETTERS
from engine.strategies import Position
from engine.strategies.consistent import Classic

from .gwbasic import ILLEGAL, OUT_OF_MEMORY, SUBSCRIPT, BasicError, basic_for, cint

#: Bytes of array data that fit beside the listing in GW-BASIC's 64 KB, calibrated on the
#: largest game measured to fit: 13,862 codes with 14 positions (line 150's arrays).
ARRAY_MEMORY = 55812


def dimension(positions: float, total: float) -> None:
    """Line 150, ``DIM Q(P9),S(10,2),S$(10),A$(P9),G$(P9),I(P),H$(P9)``: refuse what the
    interpreter refused (Overflow, Illegal function call, Out of memory), in its order."""
    used = 0
    arrays: tuple[tuple[float, int], ...] = (
        (positions, 4),
        (10, 4 * 3),
        (10, 3),
        (positions, 3),
        (positions, 3),
        (total, 4),
        (positions, 3),
    )
    for bound, width in arrays:
        size = cint(bound, 150)
        if size < 0:
            raise BasicError(ILLEGAL, 150)
        used += (size + 1) * width
        if used > ARRAY_MEMORY:
            raise BasicError(OUT_OF_MEMORY, 150)


class EngineCodes:
    """Codes of an ordinary game (2 to 8 colours, whole positions): the engine's CodeSpace,
    its vectorised scoring and the ``classic`` strategy with the listing's random start."""

    def __init__(self, colours: int, positions: int) -> None:
        self.space = CodeSpace(colours, positions)
        self.bound = self.space.size
        self._start = 0
        self._strategy = Classic(draw=lambda _size: self._start)
        self._rng = np.random.default_rng(0)  # Position needs one; Classic uses our draw.
        self.reset()

    def code(self, k: int) -> str:
        """Letters of code k (1-based); past the last code, the odometer in 3540 overflows."""
        if k > self.space.size:
            raise BasicError(SUBSCRIPT, 3540)
        return "".join(LETTERS[d] for d in self.space.to_digits(k - 1))

    def reset(self) -> None:
        self.candidates = self.space.all_indices()

    def choose(self, start: int) -> int | None:
        """The first possible code from ``start`` on, wrapping round; None when none is."""
        if not len(self.candidates):
            return None
        self._start = start - 1
        position = Position(self.space, self.candidates, (), self._rng)
        return self._strategy.choose(position).guess + 1

    def eliminate(self, k: int, guess: str, black: float, white: float) -> None:
        """Keep the codes that would answer (black, white) to guess k; k itself goes."""
        p = self.space.positions
        cands = self.candidates
        if black != int(black) or white != int(white) or not 0 <= black <= black + white <= p:
            self.candidates = cands[:0]  # no code gives such an answer
            return
        keep = against(self.space, k - 1, cands) == encode(int(black), int(white), p)
        self.candidates = cands[keep & (cands != k - 1)]


class ListingCodes:
    """Codes of any other game the listing accepts (1 colour, 0 or negative colours, fractions):
    its own odometer Q(), step by step, with its subscript errors, and its I() array."""

    def __init__(self, colours: float, positions: float, total: float) -> None:
        self.colours = colours
        self.positions = positions
        self.total = total
        self.bound = cint(total, 150)
        self._q = [0.0] * (cint(positions, 150) + 1)
        self._i = [False] * (self.bound + 1)

    def _clear(self) -> None:  # GOSUB 3000
        for s in basic_for(self.positions):
            self._q[s] = 0

    def _step(self) -> None:  # GOSUB 3500
        q = self._q
        if len(q) < 2:
            raise BasicError(SUBSCRIPT, 3522)
        if not q[1] > 0:
            for s in basic_for(self.positions):
                q[s] = 1
            return
        k = 1
        while True:
            if k >= len(q):
                raise BasicError(SUBSCRIPT, 3540)
            q[k] += 1
            if q[k] <= self.colours:
                return
            q[k] = 1
            k += 1

    def _letters(self) -> str:  # GOSUB 4000 / 6000: MID$(L$,Q(S),1)
        out = []
        for s in basic_for(self.positions):
            if self._q[s] < 1:
                raise BasicError(ILLEGAL, 4040)
            out.append(LETTERS[int(self._q[s]) - 1])
        return "".join(out)

    def code(self, k: int) -> str:
        self._clear()
        for _ in basic_for(k):
            self._step()
        return self._letters()

    def reset(self) -> None:
        for x in basic_for(self.total):
            self._i[x] = True

    def choose(self, start: int) -> int | None:
        if self._i[start]:
            return start
        for x in itertools.chain(basic_for_from(start, self.total), basic_for(start)):
            if self._i[x]:
                return x
        return None

    def eliminate(self, k: int, guess: str, black: float, white: float) -> None:
        self._clear()
        for x in basic_for(self.total):
            self._step()
            if self._i[x] and tuple(score(guess, self._letters())) != (black, white):
                self._i[x] = False


def basic_for_from(start: int, end: float) -> range:
    """``FOR X=start TO end`` for a whole start."""
    return range(start, math.floor(end) + 1)


#: Either table: what the dialogue holds.
Codes = EngineCodes | ListingCodes
