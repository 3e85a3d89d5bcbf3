"""What every reader of a decision tree file shares: the size the command line gives, the
tree read, its one-line error, and codes written as digits (the peers' formats)."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass

from ..answers import CLASSIC, AnswerRule
from ..codes import CodeSpace
from ..errors import MastermindError
from ..notation import Notation
from .check import Plan


class TreeFileError(MastermindError):
    """A tree file that cannot be read, with where and why."""


@dataclass(frozen=True)
class Size:
    """What the command line says of the size; None where it says nothing."""

    colours: int | None
    positions: int | None
    repeats: bool | None
    notation: Notation
    #: The size a JSON tree is read in when the command line says nothing.
    fallback: CodeSpace
    #: How the tree's answers are given (None: as the file says, else classic).
    answers: AnswerRule | None = None


@dataclass
class ReadTree:
    format: str
    space: CodeSpace
    root: Plan
    write: Callable[[int], str]


#: What a gzip file starts with.
GZIP = b"\x1f\x8b"


def unpacked(data: bytes, limit: int) -> bytes:
    """``data`` itself, or unpacked where it is gzip-compressed (as the package ships its
    trees), never to more than ``limit`` bytes: a small file may unpack to gigabytes."""
    if not data.startswith(GZIP):
        return data
    unzip = zlib.decompressobj(wbits=31)
    try:
        out = unzip.decompress(data, limit + 1)
    except zlib.error as error:
        raise TreeFileError(f"a damaged gzip file ({error})") from None
    if len(out) > limit:
        raise TreeFileError(f"unpacks to more than {limit // (1024 * 1024)} MB")
    if not unzip.eof:
        raise TreeFileError("a damaged gzip file (it ends early)")
    return out


# --- digit codes (the peers' formats) ----------------------------------------------------


def digit_space(codes: list[str], size: Size, base: int) -> CodeSpace:
    if not codes:
        raise TreeFileError("the tree names no code")
    lengths = {len(c) for c in codes}
    if len(lengths) > 1:
        raise TreeFileError(f"codes of different lengths: {', '.join(map(str, sorted(lengths)))}")
    positions = size.positions or lengths.pop()
    top = max(int(d) for c in codes for d in c)
    colours = size.colours or top + 1 - base
    repeats = size.repeats
    if repeats is None:
        repeats = any(len(set(c)) < len(c) for c in codes)
    try:
        return CodeSpace(colours, positions, repeats, size.answers or CLASSIC)
    except MastermindError as error:
        raise TreeFileError(f"the tree's size: {error}") from None


def digit_reader(space: CodeSpace, base: int) -> Callable[[str], int]:
    def code(text: str) -> int:
        if len(text) != space.positions or not text.isdigit():
            raise TreeFileError(f"{text!r} is not a code of {space.positions} digits")
        digits = [int(d) - base for d in text]
        if any(not 0 <= d < space.colours for d in digits):
            raise TreeFileError(f"{text!r} has a colour outside 1..{space.colours}")
        return space.from_digits(digits)

    return code


def digit_writer(space: CodeSpace, base: int) -> Callable[[int], str]:
    return lambda index: "".join(str(d + base) for d in space.to_digits(index))
