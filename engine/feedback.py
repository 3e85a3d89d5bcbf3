"""Scoring by a space's answer rule: one pair in plain Python, or one guess against many
codes and many guesses against many codes in vectorised numpy.

Inside the engine an answer is a small integer, its *class*:
``black * (positions + 1) + (black + white)``, that is blacks and the total of pegs of
the right colour, under every rule (black pegs only uses the classes with no whites; see
``engine.answers``). Classes index histograms directly (``np.bincount``); ``decode`` turns
one back into the answer as the space's rule writes it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, cast

import numpy as np

from .answers import CLASSIC, AnswerRule
from .answers import Answer as Answer  # scoring's public face: what its functions give
from .answers.base import classic_encode
from .codes import CodeSpace, _count_table, _digit_table

if TYPE_CHECKING:
    import numpy.typing as npt

    from .arrays import Classes, Digits, Int64s, IntArray

#: Codes scored per block, so that temporary arrays stay a few tens of MB on big spaces.
BLOCK = 1 << 20


def score(secret: Sequence[Hashable], guess: Sequence[Hashable]) -> Answer:
    """The classic answer of one pair of codes written any way (letters, digits): the
    1978 program's, and a helper for tests. A game scores by its space: ``space.answer``."""
    return CLASSIC.score(secret, guess)


def classes(positions: int) -> int:
    """Number of class slots (some unused) for a game with this many positions."""
    return (positions + 1) ** 2


def answer_count(space: CodeSpace) -> int:
    """How many different answers a guess can get under the space's rule (14 on four
    positions classic, 5 with black pegs only). The answers besides "all black" number
    one fewer: the branching of a perfect split."""
    return space.answers.answer_count(space.positions)


def level_bounds(size: int, branching: int) -> Int64s:
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


def class_dtype(positions: int) -> type[np.unsignedinteger]:
    """The smallest unsigned dtype that holds every class: the largest, ``positions``
    blacks, is ``positions * (positions + 2)``, past 255 from 16 positions on."""
    return np.uint8 if positions * (positions + 2) <= 255 else np.uint16


def encode(black: int, white: int, positions: int) -> int:
    """The class of (black, white), the same under every rule (a black-pegs-only answer
    is one with no whites)."""
    return classic_encode(black, white, positions)


def decode(cls: int, space: CodeSpace) -> Answer:
    """The answer a class stands for, as the space's rule writes it."""
    return space.answers.decode(cls, space.positions)


def partition(classes: Classes, space: CodeSpace) -> dict[Answer, int]:
    """Histogram of answer classes as {answer: codes}, largest class first. Counted in
    chunks: ``bincount`` widens its input to 64 bits, and on 8x8 that copy is 128 MB."""
    counts = np.zeros((space.positions + 1) ** 2, dtype=np.int64)
    for start in range(0, len(classes), 1 << 16):
        counts += np.bincount(classes[start : start + (1 << 16)], minlength=len(counts))
    parts = {decode(c, space): int(n) for c, n in enumerate(counts) if n}
    return dict(sorted(parts.items(), key=lambda kv: (-kv[1], kv[0])))


def check_answer(black: int, white: int, space: CodeSpace) -> Answer:
    """Validate an answer a person gave by the space's rule; raise AnswerError saying why
    it cannot be."""
    return space.answers.check(black, white, space.positions)


#: Spaces larger than this score every code by halves (``_against_every_code``): below it
#: the halves' small tables cost more than they save (8x5: 0.39 ms against 0.22 ms).
HALVES_FROM = 1 << 16


def against(space: CodeSpace, guess: int, codes: IntArray | None = None) -> Classes:
    """Class of the answer ``guess`` gets from each of ``codes`` (all codes when None)."""
    if (
        codes is not None
        and len(codes) == space.size
        and np.array_equal(codes, np.arange(space.size))
    ):
        codes = None  # every code, in order: read the tables without gathering
    if space.size > HALVES_FROM and (codes is None or len(codes) * 5 > space.size):
        # Every code by halves, then gathered: faster than scoring position by position
        # once the codes are more than about a fifth of a big space (8x6 to 8x8).
        every = _against_every_code(space, guess)
        return every if codes is None else every[codes]
    size = space.size if codes is None else len(codes)
    out = np.empty(size, dtype=class_dtype(space.positions))
    black_weight, colour_weight = space.answers.weights(space.positions)
    g_digits = space.to_digits(guess)
    g_counts = np.bincount(g_digits, minlength=space.colours).astype(np.uint8)
    present = np.flatnonzero(g_counts) if colour_weight else np.empty(0, dtype=np.intp)
    # Rows as a sequence: a stacked copy of the gathered rows would cost more than it saves.
    digits: Digits | list[Digits]
    counts: Digits | list[Digits]
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
        out[start:stop] = black.astype(out.dtype) * black_weight
        if colour_weight:
            total = np.zeros(stop - start, dtype=np.uint8)
            for row, colour in zip(counts, present, strict=True):
                total += np.minimum(row, g_counts[colour])  # uint8 throughout: no wide copies
            out[start:stop] += total
    return out


#: Spaces up to this size keep a full answer table (4096^2 bytes = 16 MB).
TABLE_LIMIT = 4096


@lru_cache(maxsize=2)
def cached_table(colours: int, positions: int, rule: AnswerRule = CLASSIC) -> Classes:
    """The answer table of a size and rule, built once (spaces up to TABLE_LIMIT codes)."""
    out = table(CodeSpace(colours, positions, answers=rule))
    out.flags.writeable = False
    return out


def table_of(space: CodeSpace) -> Classes:
    """``cached_table`` for a space: its size and its rule."""
    return cached_table(space.colours, space.positions, space.answers)


def answers(space: CodeSpace, guess: int, codes: IntArray) -> Classes:
    """``against`` for many calls: a row of the answer table where the space has one."""
    if space.size <= TABLE_LIMIT:
        return cast("Classes", table_of(space)[guess, codes])
    return against(space, guess, codes)


def _against_every_code(space: CodeSpace, guess: int) -> Classes:
    """``against`` every code, by halves: a code's index is (first half, second half), so
    its blacks are the blacks of its two halves, an outer sum; and the colours it has in
    common with the guess depend only on the colour counts of its two halves, so they
    come from a small table of (count pattern of one half) x (of the other). On 8x8
    about 30 ms, where scoring position by position takes about 120."""
    p, c = space.positions, space.colours
    low_n = p // 2
    g = space.to_digits(guess)
    g_counts = np.bincount(g, minlength=c).astype(np.uint8)
    halves = []
    for first, n in ((0, low_n), (low_n, p - low_n)):
        digits = _digit_table(c, n)
        blacks = np.zeros(digits.shape[1], dtype=np.uint8)
        for i in range(n):
            blacks += digits[i] == g[first + i]
        patterns, pattern_of = _count_patterns(c, n)
        halves.append((blacks, patterns, pattern_of))
    (low_b, low_p, low_of), (high_b, high_p, high_of) = halves
    dtype = class_dtype(p)
    black_weight, colour_weight = space.answers.weights(p)
    if colour_weight:
        common = np.minimum(g_counts, high_p[:, None, :] + low_p[None, :, :])
        # take, not [:, low_of]: fancy indexing there gives a transposed, slow layout.
        out = np.take(common.sum(axis=2, dtype=dtype)[high_of], low_of, axis=1)
    else:
        out = np.zeros((len(high_of), len(low_of)), dtype=dtype)
    out += (high_b.astype(dtype) * black_weight)[:, None]
    out += (low_b.astype(dtype) * black_weight)[None, :]
    return out.ravel()


@lru_cache(maxsize=8)
def _count_patterns(colours: int, positions: int) -> tuple[Digits, npt.NDArray[np.intp]]:
    """The distinct colour-count vectors of the codes of a size, (patterns, colours)
    uint8, and which one each code has."""
    # Each vector as one number in base positions + 1: a plain unique, 10x faster than
    # unique over rows (at most 6**20, well within 64 bits).
    weights = (positions + 1) ** np.arange(colours, dtype=np.int64)
    keys, pattern_of = np.unique(weights @ _count_table(colours, positions), return_inverse=True)
    patterns = (keys[:, None] // weights) % (positions + 1)
    return patterns.astype(np.uint8), pattern_of.reshape(-1).astype(np.intp)


def features(space: CodeSpace, codes: IntArray, guess_side: bool) -> npt.NDArray[np.float32]:
    """Encode codes so that one matrix product gives every answer class.

    Blacks are a dot product of one-hot digits; the colours in common are
    ``sum_c min(a_c, b_c) = sum_c sum_k [a_c >= k][b_c >= k]``, a dot product of
    "thermometer" counts. The guess side weights the one-hot part by positions + 1.
    """
    p, c = space.positions, space.colours
    black_weight, colour_weight = space.answers.weights(p)
    digits = space.digits[:, codes].T
    onehot = (digits[:, :, None] == np.arange(c, dtype=np.uint8)).reshape(len(codes), p * c)
    counts = space.counts[:, codes].T
    therm = (counts[:, :, None] >= np.arange(1, p + 1, dtype=np.uint8)).reshape(len(codes), c * p)
    weights = (black_weight, colour_weight) if guess_side else (1, 1)
    return np.hstack(
        [onehot.astype(np.float32) * weights[0], therm.astype(np.float32) * weights[1]]
    )


def cross(space: CodeSpace, guesses: IntArray, codes: IntArray) -> Classes:
    """Answer classes for every guess (rows) against every code (columns), in
    ``class_dtype``. Sums of at most a few hundred small integers are exact in float32."""
    product = features(space, guesses, True) @ features(space, codes, False).T
    return cast("Classes", np.rint(product).astype(class_dtype(space.positions)))


def table(space: CodeSpace) -> Classes:
    """Full guess x code answer table, for spaces small enough to hold it. By halves, as
    in ``_against_every_code``: blacks are the sum of two small half-code tables, and the
    colours in common come from a table of colour-count patterns (84 x 84 on 4x6). About
    25 ms on 4x6 and 5 ms on 6x4, where one matrix product per block of guesses took
    about 0.9 s on 4x6."""
    p, c = space.positions, space.colours
    low_n = p // 2
    dtype = class_dtype(p)
    halves = []
    for n in (p - low_n, low_n):
        digits = _digit_table(c, n)
        halves.append((digits[:, :, None] == digits[:, None, :]).sum(axis=0, dtype=dtype))
    black_weight, colour_weight = space.answers.weights(p)
    high, low = (half * dtype(black_weight) for half in halves)
    if colour_weight:
        patterns, pattern_of = _count_patterns(c, p)
        common = np.minimum(patterns[:, None, :], patterns[None, :, :]).sum(axis=2, dtype=dtype)
        out = np.take(common[pattern_of], pattern_of, axis=1)
    else:
        out = np.zeros((space.size, space.size), dtype=dtype)
    # (guess high, guess low, code high, code low): the index of a code is high x low.
    quarters = out.reshape(len(high), len(low), len(high), len(low))
    quarters += high[:, None, :, None]
    quarters += low[None, :, None, :]
    return out
