"""What GW-BASIC does that the 1978 listing's output depends on: its RND sequence, how PRINT
writes a single-precision number, TAB, how INPUT reads a typed line, and its error messages.

No game logic and no Textual here: the dialogue builds on these so that every byte it prints
is the byte the interpreter printed.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Iterator

import numpy as np

#: GW-BASIC's RND: seed = (seed * A + C) mod 2**24, RND = seed / 2**24 (from the reference).
RND_START = 5228370
RND_A = 214013
RND_C = 2531011
RND_MODULUS = 1 << 24

#: Largest Microsoft Binary Format single (the interpreter prints it as 1.701412E+38); an
#: overflowing result becomes this, with the sign of the true result.
SINGLE_MAX = 1.7014118346046923e38
#: Smallest MBF single; anything closer to zero is 0.
SINGLE_MIN = 2.938735877055719e-39

OVERFLOW = "Overflow"
OUT_OF_MEMORY = "Out of memory"
SUBSCRIPT = "Subscript out of range"
ILLEGAL = "Illegal function call"
DIVISION_BY_ZERO = "Division by zero"

Rnd = Callable[[], float]


class BasicError(Exception):
    """A run-time error that stops the BASIC program: printed as ``Overflow in 150``."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(f"{message} in {line}")


class Redo(Exception):
    """An INPUT line the interpreter cannot use: it prints ``?Redo from start`` and asks
    again."""


class GwBasicRnd:
    """GW-BASIC's RND from the interpreter's start-up state: the listing never calls
    RANDOMIZE, so this is the very sequence every run of the original saw."""

    def __init__(self, seed: int = RND_START) -> None:
        self.seed = seed

    def __call__(self) -> float:
        self.seed = (self.seed * RND_A + RND_C) % RND_MODULUS
        return self.seed / RND_MODULUS


def make_rnd(seed: int | None = None, gwbasic: bool = False) -> Rnd:
    """RND for a run: GW-BASIC's own sequence, a repeatable one from ``seed``, or a fresh one.

    Every value is a multiple of 2**-24 in [0, 1), exactly representable in single precision
    like the interpreter's."""
    if gwbasic:
        return GwBasicRnd()
    rng = random.Random(seed)
    return lambda: rng.getrandbits(24) / RND_MODULUS


def single(x: float) -> float:
    """Round to single precision as the interpreter stores a number: magnitudes beyond
    ``SINGLE_MAX`` raise OverflowError, tiny ones become 0."""
    if not math.isfinite(x) or abs(x) > SINGLE_MAX:
        raise OverflowError(x)
    if abs(x) < SINGLE_MIN:
        return 0.0
    return float(np.float32(x))


def draw(total: float, rnd: Rnd) -> int:
    """The listing's ``INT(P*RND(1)+1)``, computed in single precision."""
    value = np.float32(total) * np.float32(rnd()) + np.float32(1)
    return math.floor(float(value))


def power(base: float, exponent: float, line: int) -> tuple[float, str | None]:
    """``base ^ exponent`` in single precision, with the non-fatal warning GW-BASIC prints
    (``Overflow`` or ``Division by zero``, after which the value is the largest single).
    A negative base with a fractional exponent is an ``Illegal function call`` at ``line``."""
    if base == 0 and exponent < 0:
        return SINGLE_MAX, DIVISION_BY_ZERO
    if base < 0 and exponent != math.floor(exponent):
        raise BasicError(ILLEGAL, line)
    negative = base < 0 and math.fmod(exponent, 2) != 0
    try:
        return single(math.pow(base, exponent)), None
    except OverflowError:
        return (-SINGLE_MAX if negative else SINGLE_MAX), OVERFLOW


def cint(x: float, line: int) -> int:
    """A number used as an array bound or subscript: rounded to the nearest whole number
    (halves away from zero), ``Overflow`` outside the 16-bit range."""
    value = math.floor(abs(x) + 0.5) * (1 if x >= 0 else -1)
    if not -32768 <= value <= 32767:
        raise BasicError(OVERFLOW, line)
    return value


def basic_for(end: float) -> Iterator[int]:
    """The values of ``FOR X=1 TO end``: none when end < 1 (GW-BASIC tests before the first
    pass)."""
    x = 1
    while x <= end:
        yield x
        x += 1


def number_text(x: float) -> str:
    """A number as PRINT writes it: sign column (space or ``-``), at most 7 significant
    digits, no leading zero before the point, E notation from 10,000,000 upwards and for
    small fractions, then one trailing space."""
    sign = "-" if x < 0 else " "
    if x == 0:
        return " 0 "
    mantissa, exp = f"{abs(x):.6e}".split("e")
    digits = mantissa.replace(".", "").rstrip("0")
    exp10 = int(exp)
    if exp10 > 6 or len(digits) - exp10 > 8:
        body = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        body += f"E{'-' if exp10 < 0 else '+'}{abs(exp10):02d}"
    elif exp10 + 1 >= len(digits):
        body = digits + "0" * (exp10 + 1 - len(digits))
    elif exp10 >= 0:
        body = digits[: exp10 + 1] + "." + digits[exp10 + 1 :]
    else:
        body = "." + "0" * (-exp10 - 1) + digits
    return f"{sign}{body} "


def tab(line: str, column: int) -> str:
    """``TAB(column)`` after ``line`` (the text printed since the last line end): spaces up to
    the 1-based column, or a new line first when the line is already past it."""
    used = len(line)
    if used > column - 1:
        return "\n" + " " * (column - 1)
    return " " * (column - 1 - used)


_BLANKS = " \t"
# ASCII digits only: GW-BASIC's INPUT knows no others (Python's \d takes other scripts' digits).
_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[ED][+-]?[0-9]*)?", re.IGNORECASE)


def parse_number(field: str) -> float:
    """One numeric INPUT field: blanks anywhere are ignored, an empty field is 0, E or D
    exponents are read; anything else (or a number too big for single precision) is a
    Redo."""
    text = "".join(ch for ch in field if ch not in _BLANKS)
    if not text:
        return 0.0
    if not _NUMBER.fullmatch(text):
        raise Redo(field)
    text = text.upper().replace("D", "E")
    if text.endswith(("E", "E+", "E-")):
        text = text.rstrip("+-E")
    try:
        return single(float(text))
    except OverflowError:
        raise Redo(field) from None


#: GW-BASIC's line buffer: a longer line is no answer (refused, not cut short into one).
LINE_LENGTH = 255


def _check_length(line: str) -> None:
    if len(line) > LINE_LENGTH:
        raise Redo(line[:LINE_LENGTH])


def parse_numbers(line: str, count: int) -> list[float]:
    """``INPUT`` into ``count`` numeric variables: the line must hold exactly that many
    comma-separated fields, except that an empty line gives 0 to a single variable."""
    _check_length(line)
    if not line.strip(_BLANKS):
        if count == 1:
            return [0.0]
        raise Redo(line)
    fields = line.split(",")
    if len(fields) != count:
        raise Redo(line)
    return [parse_number(field) for field in fields]


def parse_string(line: str) -> str:
    """``INPUT`` into one string variable: blanks at both ends dropped, surrounding double
    quotes removed, a comma outside quotes (a second value) or text after the closing quote
    is a Redo."""
    _check_length(line)
    text = line.strip(_BLANKS)
    if text.startswith('"'):
        inner, quote, rest = text[1:].partition('"')
        if quote and rest.strip(_BLANKS):
            raise Redo(line)
        return inner
    if "," in text:
        raise Redo(line)
    return text
