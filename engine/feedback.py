"""Black/white scoring: one pair in plain Python, or one guess against many codes and many
guesses against many codes in vectorised numpy.

Inside the engine an answer is a small integer, its *class*:
``black * (positions + 1) + (black + white)``, that is blacks and the total of pegs of
the right colour. Classes index histograms directly (``np.bincount``); ``decode`` turns one
back into (black, white).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from .codes import CodeSpace
from .errors import AnswerError

#: Codes scored per block, so that temporary arrays stay a few tens of MB on big spaces.
BLOCK = 1 << 20


class Answer(NamedTuple):
    black: int
    white: int

    def __str__(self) -> str:
        return f"{self.black}B {self.white}W"


def score(secret: Sequence[int], guess: Sequence[int]) -> Answer:
    """Blacks: same colour, same position. Whites: colours in common minus blacks."""
    black = sum(1 for a, b in zip(secret, guess, strict=True) if a == b)
    common = Counter(secret) & Counter(guess)
    return Answer(black, sum(common.values()) - black)


def classes(positions: int) -> int:
    """Number of class slots (some unused) for a game with this many positions."""
    return (positions + 1) ** 2


def class_dtype(positions: int) -> type[np.unsignedinteger]:
    """The smallest unsigned dtype that holds every class: the largest, ``positions``
    blacks, is ``positions * (positions + 2)``, past 255 from 16 positions on."""
    return np.uint8 if positions * (positions + 2) <= 255 else np.uint16


def encode(black: int, white: int, positions: int) -> int:
    return black * (positions + 1) + black + white


def decode(cls: int, positions: int) -> Answer:
    black, total = divmod(int(cls), positions + 1)
    return Answer(black, total - black)


def partition(classes: np.ndarray, positions: int) -> dict[Answer, int]:
    """Histogram of answer classes as {answer: codes}, largest class first."""
    counts = np.bincount(classes)
    parts = {decode(c, positions): int(n) for c, n in enumerate(counts) if n}
    return dict(sorted(parts.items(), key=lambda kv: (-kv[1], kv[0])))


def check_answer(black: int, white: int, positions: int) -> Answer:
    """Validate an answer a person gave; raise AnswerError saying why it cannot be."""
    if black < 0 or white < 0:
        raise AnswerError("blacks and whites cannot be negative")
    if black + white > positions:
        raise AnswerError(
            f"{black} blacks and {white} whites make {black + white} pegs, "
            f"but a code has only {positions} positions"
        )
    if black == positions - 1 and white == 1:
        raise AnswerError(
            f"{black} blacks and 1 white is impossible: if {black} pegs are right, "
            "the last one cannot be the right colour in the wrong place"
        )
    return Answer(black, white)


def against(space: CodeSpace, guess: int, codes: np.ndarray | None = None) -> np.ndarray:
    """Class of the answer ``guess`` gets from each of ``codes`` (all codes when None)."""
    if (
        codes is not None
        and len(codes) == space.size
        and np.array_equal(codes, np.arange(space.size))
    ):
        codes = None  # every code, in order: read the tables without gathering
    size = space.size if codes is None else len(codes)
    out = np.empty(size, dtype=class_dtype(space.positions))
    g_digits = space.to_digits(guess)
    g_counts = np.bincount(g_digits, minlength=space.colours).astype(np.uint8)
    present = np.flatnonzero(g_counts)
    for start in range(0, size, BLOCK):
        stop = min(size, start + BLOCK)
        if codes is None:
            digits = space.digits[:, start:stop]
            counts = space.counts[present, start:stop]
        else:
            block = codes[start:stop]
            digits = [row.take(block) for row in space.digits]
            counts = [space.counts[colour].take(block) for colour in present]
        black = np.zeros(stop - start, dtype=np.uint8)
        for row, d in zip(digits, g_digits, strict=True):
            black += row == d
        total = np.zeros(stop - start, dtype=np.uint8)
        for row, colour in zip(counts, present, strict=True):
            total += np.minimum(row, g_counts[colour])  # uint8 throughout: no wide copies
        out[start:stop] = black.astype(out.dtype) * (space.positions + 1) + total
    return out


#: Spaces up to this size keep a full answer table (4096^2 bytes = 16 MB).
TABLE_LIMIT = 4096


@lru_cache(maxsize=2)
def cached_table(colours: int, positions: int) -> np.ndarray:
    """The answer table of a size, built once (spaces up to TABLE_LIMIT codes)."""
    out = table(CodeSpace(colours, positions))
    out.flags.writeable = False
    return out


def answers(space: CodeSpace, guess: int, codes: np.ndarray) -> np.ndarray:
    """``against`` for many calls: a row of the answer table where the space has one."""
    if space.size <= TABLE_LIMIT:
        return cached_table(space.colours, space.positions)[guess, codes]
    return against(space, guess, codes)


def features(space: CodeSpace, codes: np.ndarray, guess_side: bool) -> np.ndarray:
    """Encode codes so that one matrix product gives every answer class.

    Blacks are a dot product of one-hot digits; the colours in common are
    ``sum_c min(a_c, b_c) = sum_c sum_k [a_c >= k][b_c >= k]``, a dot product of
    "thermometer" counts. The guess side weights the one-hot part by positions + 1.
    """
    p, c = space.positions, space.colours
    digits = space.digits[:, codes].T
    onehot = (digits[:, :, None] == np.arange(c, dtype=np.uint8)).reshape(len(codes), p * c)
    counts = space.counts[:, codes].T
    therm = (counts[:, :, None] >= np.arange(1, p + 1, dtype=np.uint8)).reshape(len(codes), c * p)
    weight = p + 1 if guess_side else 1
    return np.hstack([onehot.astype(np.float32) * weight, therm.astype(np.float32)])


def cross(space: CodeSpace, guesses: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """Answer classes for every guess (rows) against every code (columns), in
    ``class_dtype``. Sums of at most a few hundred small integers are exact in float32."""
    product = features(space, guesses, True) @ features(space, codes, False).T
    return np.rint(product).astype(class_dtype(space.positions))


def table(space: CodeSpace) -> np.ndarray:
    """Full guess x code answer table, for spaces small enough to hold it; built in
    blocks of rows so that the float products never take more than the table itself."""
    codes = space.all_indices()
    out = np.empty((space.size, space.size), dtype=class_dtype(space.positions))
    rows = max(1, BLOCK // (4 * space.size))
    right = features(space, codes, False).T
    for start in range(0, space.size, rows):
        block = codes[start : start + rows]
        out[start : start + rows] = np.rint(features(space, block, True) @ right)
    return out
