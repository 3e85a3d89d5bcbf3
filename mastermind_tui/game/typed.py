"""What a person types at the command line: a guess, an answer, or a classic command.

Reading is kept apart from the app so that it can be tested without a screen, and so that
the 1978 words (``BOARD``, ``QUIT``) mean the same everywhere, in any case.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from engine import AnswerError


class Kind(enum.Enum):
    EMPTY = "empty"
    GUESS = "guess"
    ANSWER = "answer"
    BOARD = "board"
    QUIT = "quit"
    HELP = "help"
    SECRET = "secret"
    UNDO = "undo"
    FIX = "fix"
    HINT = "hint"
    WHATIF = "whatif"


#: Words understood everywhere, with their aliases; checked before a line is read as a code.
WORDS: dict[str, Kind] = {
    "BOARD": Kind.BOARD,
    "QUIT": Kind.QUIT,
    "HELP": Kind.HELP,
    "?": Kind.HELP,
    "SECRET": Kind.SECRET,
    "UNDO": Kind.UNDO,
    "FIX": Kind.FIX,
    "HINT": Kind.HINT,
    "H": Kind.HINT,  # the hint key: no notation has a colour H, so H alone is never a code
    "WHATIF": Kind.WHATIF,
}

#: An answer of black pegs only: ``2`` or ``2b``.
_BLACKS = re.compile(r"^\s*(\d+)\s*[bB]?\s*$")
_ANSWER = re.compile(
    r"^\s*(?:(\d+)\s*[bB]?\s*[,;/ ]\s*(\d+)\s*[wW]?|(\d)(\d)|(\d+)\s*[bB]\s*(\d+)\s*[wW])\s*$"
)


@dataclass(frozen=True)
class Typed:
    """One line, understood. ``text`` is the rest of the line for guesses and ``SECRET``."""

    kind: Kind
    text: str = ""
    black: int | None = None
    white: int | None = None
    move: int | None = None


def parse_answer(text: str, whites: bool = True) -> tuple[int, int]:
    """Blacks and whites from ``2,1``, ``2 1``, ``21`` or ``2b 1w``; AnswerError otherwise.
    Without ``whites`` (black pegs only) an answer is one number, ``2`` or ``2b``."""
    if not whites:
        lone = _BLACKS.match(text)
        if lone is None:
            raise AnswerError(
                f"{text.strip()!r} is not an answer: this game answers with black pegs "
                "only, so type the number of blacks, e.g. 2"
            )
        return int(lone[1]), 0
    m = _ANSWER.match(text)
    if not m:
        raise AnswerError(
            f"{text.strip()!r} is not an answer: type blacks and whites, e.g. 2,1 or 2 1 or 21"
        )
    numbers = [g for g in m.groups() if g is not None]
    return int(numbers[0]), int(numbers[1])


def read_line(text: str, expecting: str = "guess", whites: bool = True) -> Typed:
    """Understand one line. ``expecting`` is "guess" or "answer": what a line that is not a
    command word should be; ``whites``: whether answers have whites (not with black pegs
    only). Answers are checked here for form only; whether a code could give them is the
    engine's business."""
    stripped = text.strip()
    if not stripped:
        return Typed(Kind.EMPTY)
    word, _, rest = stripped.partition(" ")
    kind = WORDS.get(word.upper())
    if kind is Kind.FIX:
        return _fix(rest, whites)
    if kind is not None:
        return Typed(kind, rest.strip())
    if expecting == "answer":
        black, white = parse_answer(stripped, whites)
        return Typed(Kind.ANSWER, stripped, black, white)
    return Typed(Kind.GUESS, stripped)


def _fix(rest: str, whites: bool) -> Typed:
    """``FIX 3 2,1``: give move 3 the answer 2 blacks, 1 white (``FIX 3 2`` with black
    pegs only)."""
    move, _, answer = rest.strip().partition(" ")
    if not move.isdigit() or not answer.strip():
        example = "FIX 3 2,1" if whites else "FIX 3 2"
        raise AnswerError(f"type FIX, the move number and its right answer, e.g. {example}")
    black, white = parse_answer(answer, whites)
    return Typed(Kind.FIX, rest.strip(), black, white, int(move))
