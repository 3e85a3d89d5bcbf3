"""The space of codes: integer indices, digits and colour counts as numpy arrays.

A code is an integer index. As in the 1978 listing and seed 000's program, index 0 is the
code made all of the first colour and the **first position changes fastest**: position i
holds digit ``(index // colours**i) % colours``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

import numpy as np

from .answers import CLASSIC, Answer, AnswerRule
from .errors import CodeError, ConfigError, ConfigField
from .words import plural

if TYPE_CHECKING:
    from .arrays import Codes, Digits, Int64s, IntArray, Mask

MIN_COLOURS = 2
MAX_COLOURS = 20
MIN_POSITIONS = 1
#: 8 colours x 8 positions. Digit and colour-count arrays for every code then take
#: about 270 MB; one more position or colour would take gigabytes.
MAX_CODES = 8**8


def check_size(colours: int, positions: int, repeats: bool = True) -> None:
    """Raise ConfigError with the reason when a game size is outside the engine's limits."""
    if not isinstance(colours, int) or colours < MIN_COLOURS:
        raise ConfigError(
            f"colours must be at least {MIN_COLOURS} (got {colours})", ConfigField.COLOURS
        )
    if colours > MAX_COLOURS:
        raise ConfigError(
            f"colours must be at most {MAX_COLOURS} (got {colours}): "
            "more could not be told apart on screen",
            ConfigField.COLOURS,
        )
    if not isinstance(positions, int) or positions < MIN_POSITIONS:
        raise ConfigError(
            f"positions must be at least {MIN_POSITIONS} (got {positions})", ConfigField.POSITIONS
        )
    if not repeats and positions > colours:
        raise ConfigError(
            f"{positions} positions need {positions} different colours when no colour may "
            f"repeat, and there are only {colours}: add colours or allow repeats",
            ConfigField.POSITIONS,
        )
    # 2**24 is the limit, so more than 24 positions is too many whatever the colours (and
    # colours**positions is never computed for an absurd count).
    if positions > 24 or colours**positions > MAX_CODES:
        count = f"{colours**positions:,}" if positions <= 24 else "too many"
        raise ConfigError(
            f"{colours} colours x {positions} positions make {count} codes; "
            f"the limit is {MAX_CODES:,} (8 colours x 8 positions) so that every code "
            "fits in memory",
            ConfigField.POSITIONS,
        )


def rules_text(
    colours: int, positions: int, repeats: bool = True, answers: AnswerRule = CLASSIC
) -> str:
    """``6 colours x 4 positions, no repeats``: ``CodeSpace.rules_text``, for a size read
    back from a summary or a record without building its code space. A rule other than
    the classic answer is named: ``…, black pegs only``."""
    tail = "" if repeats else ", no repeats"
    rule = "" if answers == CLASSIC else f", {answers.title}"
    return f"{colours} colours x {plural(positions, 'position')}{tail}{rule}"


@dataclass(frozen=True)
class CodeSpace:
    """All codes of a game with ``colours`` colours and ``positions`` positions.

    Without ``repeats`` (Bulls and Cows) a code has every colour at most once. Indices still
    run over every colours**positions code (``size``), so tables and scoring are shared
    with the game with repeats; the codes the rules allow are ``allowed`` (``count`` of
    them), and games start from those.

    ``answers`` is how a guess is answered (the classic black and white pegs, or black
    pegs only): every scorer, search and tree given the space answers by it.
    """

    colours: int
    positions: int
    repeats: bool = True
    answers: AnswerRule = CLASSIC

    def __post_init__(self) -> None:
        check_size(self.colours, self.positions, self.repeats)

    @property
    def file_tail(self) -> str:
        """What a file made for this space adds to its size: ``-no-repeats``, ``-black``
        (none for the classic game with repeats, so older names still hold)."""
        tail = "" if self.repeats else "-no-repeats"
        return tail if self.answers == CLASSIC else f"{tail}-{self.answers.name}"

    def answer(self, secret: int, guess: int) -> Answer:
        """The answer ``guess`` gets when ``secret`` is the code, by this space's rule."""
        return self.answers.score(self.to_digits(secret), self.to_digits(guess))

    @property
    def size(self) -> int:
        """How many indices there are: every code, allowed or not."""
        return int(self.colours**self.positions)  # never a negative power: an int

    @property
    def count(self) -> int:
        """How many codes the rules allow."""
        return self.size if self.repeats else math.perm(self.colours, self.positions)

    def all_indices(self) -> Codes:
        """Every index, read-only and shared by every space of this size: each solver,
        fork and game starts from it, so it is built once (on 8x8 about 35 ms, which
        the interface thread used to pay at every guess)."""
        return _all_indices(self.size)

    @property
    def allowed(self) -> Codes:
        """The codes the rules allow, sorted int32 (read-only without repeats)."""
        if self.repeats:
            return self.all_indices()
        return _no_repeat_codes(self.colours, self.positions)

    def allowed_only(self, codes: Codes) -> Codes:
        """Those of ``codes`` that the rules allow, in their order."""
        if self.repeats:
            return codes
        return codes[_no_repeat_mask(self.colours, self.positions)[codes]]

    def random_codes(self, rng: np.random.Generator, n: int) -> Codes:
        """``n`` allowed codes drawn uniformly (with repeats: the same draws as before
        the rule existed, so seeded runs do not change)."""
        if self.repeats:
            return rng.integers(self.size, size=n).astype(np.int32)
        return self.allowed[rng.integers(self.count, size=n)]

    def random_code(self, rng: np.random.Generator) -> int:
        """One allowed code drawn uniformly (with repeats: the draw made before the rule
        existed)."""
        if self.repeats:
            return int(rng.integers(self.size))
        return int(self.allowed[rng.integers(self.count)])

    def rules_text(self) -> str:
        """``6 colours x 4 positions, no repeats``: the size as a person reads it."""
        return rules_text(self.colours, self.positions, self.repeats, self.answers)

    @cached_property
    def weights(self) -> Int64s:
        """Place values: position i is worth colours**i."""
        return self.colours ** np.arange(self.positions, dtype=np.int64)

    @property
    def digits(self) -> Digits:
        """Digits of every code, one row per position: shape (positions, size), uint8.
        Position-major, so that scoring a guess against every code reads contiguous rows."""
        return _digit_table(self.colours, self.positions)

    @property
    def counts(self) -> Digits:
        """How many pegs of each colour every code has: shape (colours, size), uint8."""
        return _count_table(self.colours, self.positions)

    def locate(self, codes: IntArray, code: int) -> int:
        """Where ``code`` sits in the sorted array ``codes`` (searchsorted in its dtype,
        which spares numpy a converted copy of a big array)."""
        return int(np.searchsorted(codes, codes.dtype.type(code)))

    def to_digits(self, index: int) -> tuple[int, ...]:
        self.check_index(index)
        return tuple((index // self.colours**i) % self.colours for i in range(self.positions))

    def from_digits(self, digits: tuple[int, ...] | list[int]) -> int:
        if len(digits) != self.positions:
            raise ConfigError(f"a code has {plural(self.positions, 'position')}, not {len(digits)}")
        if any(not 0 <= d < self.colours for d in digits):
            raise ConfigError(f"digits must lie between 0 and {self.colours - 1}")
        return sum(int(d) * self.colours**i for i, d in enumerate(digits))

    def digits_of(self, indices: IntArray) -> Digits:
        """Digits of the given codes, computed arithmetically (no full table needed)."""
        idx = np.asarray(indices, dtype=np.int64)
        return ((idx[..., None] // self.weights) % self.colours).astype(np.uint8)

    def check_index(self, index: int) -> None:
        if not 0 <= index < self.size:
            raise ConfigError(f"code index {index} is outside 0..{self.size - 1}")

    def check_code(self, index: int) -> None:
        """``check_index``, and the rule on repeats: for a code entering a game."""
        self.check_index(index)
        if not self.repeats:
            repeated = repeated_colour(self.to_digits(index))
            if repeated is not None:
                raise CodeError(
                    f"colour {repeated} (counting from 0) appears more than once: "
                    "this game has no repeated colours"
                )


def repeated_colour(digits: tuple[int, ...] | list[int]) -> int | None:
    """The first colour that appears a second time in ``digits``, or None."""
    seen: set[int] = set()
    for d in digits:
        if d in seen:
            return d
        seen.add(d)
    return None


# Tables are shared by every CodeSpace of the same size (a game makes many instances), and
# only the last few sizes are kept: 8x8 tables take about 270 MB.
@lru_cache(maxsize=3)
def _digit_table(colours: int, positions: int) -> Digits:
    out = np.empty((positions, colours**positions), dtype=np.uint8)
    base = np.arange(colours, dtype=np.uint8)
    for i in range(positions):
        out[i] = np.tile(np.repeat(base, colours**i), colours ** (positions - i - 1))
    out.flags.writeable = False
    return out


@lru_cache(maxsize=3)
def _all_indices(size: int) -> Codes:
    out = np.arange(size, dtype=np.int32)
    out.flags.writeable = False
    return out


@lru_cache(maxsize=3)
def _no_repeat_mask(colours: int, positions: int) -> Mask:
    out: Mask = _count_table(colours, positions).max(axis=0) <= 1
    out.flags.writeable = False
    return out


@lru_cache(maxsize=3)
def _no_repeat_codes(colours: int, positions: int) -> Codes:
    out = np.flatnonzero(_no_repeat_mask(colours, positions)).astype(np.int32)
    out.flags.writeable = False
    return out


@lru_cache(maxsize=3)
def _count_table(colours: int, positions: int) -> Digits:
    out = np.zeros((colours, colours**positions), dtype=np.uint8)
    for row in _digit_table(colours, positions):
        for colour in range(colours):
            out[colour] += row == colour
    out.flags.writeable = False
    return out
