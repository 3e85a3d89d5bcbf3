"""Rows of the records read back as a stranger's: SQLite keeps any value in any column
(one flipped bit turns TEXT into BLOB), so each value is checked for what a game needs
before it becomes a ``Game`` or a ``Move``. A row that cannot be a game is None, to be
read around and counted; nothing downstream meets a value of the wrong type."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from engine.answers import CLASSIC, RULES
from engine.codes import check_size
from engine.errors import ConfigError
from engine.play.match import Role

from .types import Game, Move, code_digits

Row = Mapping[str, Any] | sqlite3.Row


class _Odd(Exception):
    """A value no game can hold."""


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise _Odd
    return value


def _optional_text(value: object) -> str | None:
    return None if value is None else _text(value)


def _whole(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Odd
    return value


def _flag(value: object) -> bool:
    if _whole(value) not in (0, 1):
        raise _Odd
    return bool(value)


def _number(value: object) -> float | None:
    if value is None:
        return None
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise _Odd
    return float(value)


def _code(value: object, colours: int, positions: int) -> str:
    """A code as stored (digits from 0, space-separated) that fits the game's size."""
    text = _text(value)
    try:
        digits = code_digits(text)
    except ValueError:
        raise _Odd from None
    if len(digits) != positions or not all(0 <= d < colours for d in digits):
        raise _Odd
    return text


def move(row: Row, colours: int, positions: int) -> Move | None:
    """The move a row of ``moves`` holds, or None when it holds what no move can."""
    try:
        black, white = _whole(row["black"]), _whole(row["white"])
        if not (black >= 0 and white >= 0 and black + white <= positions):
            raise _Odd
        best = row["best_guess"]
        return Move(
            _code(row["guess"], colours, positions),
            black,
            white,
            _number(row["value"]),
            _number(row["best_value"]),
            None if best is None else _code(best, colours, positions),
            _optional_text(row["rule"]),
            _flag(row["higher_is_better"]),
        )
    except _Odd:
        return None


def game(row: Row, moves: Sequence[Row]) -> Game | None:
    """The game a row of ``games`` and its rows of ``moves`` hold, or None when any of
    them holds what no game can (a value of another type, a code that does not fit)."""
    try:
        colours, positions = _whole(row["colours"]), _whole(row["positions"])
        repeats = _flag(row["repeats"])
        check_size(colours, positions, repeats)
        answers = RULES.get(_text(row["answers"]))
        if answers is None:
            raise _Odd
        read = [move(m, colours, positions) for m in moves]
        if answers != CLASSIC and any(m is not None and m.white for m in read):
            raise _Odd
        kept = tuple(m for m in read if m is not None)
        if len(kept) != len(read) or _whole(row["max_moves"]) < 1:
            raise _Odd
        if row["breaker"] not in tuple(Role):
            raise _Odd
        secret = row["secret"]
        return Game(
            colours=colours,
            positions=positions,
            max_moves=row["max_moves"],
            mode=_text(row["mode"]),
            breaker=Role(row["breaker"]),
            outcome=_text(row["outcome"]),
            strategy=_text(row["strategy"]),
            moves=kept,
            repeats=repeats,
            practice=_flag(row["practice"]),
            assisted=_flag(row["assisted"]),
            abandoned=_flag(row["abandoned"]),
            hard=_flag(row["hard"]),
            answers=answers,
            secret=None if secret is None else _code(secret, colours, positions),
            notation=_optional_text(row["notation"]),
            finished_at=_text(row["finished_at"]),
            day=_optional_text(row["day"]),
            challenge=_optional_text(row["challenge"]),
            seconds=_number(row["seconds"]),
            timed=_flag(row["timed"]),
            breaker_name=_optional_text(row["breaker_name"]),
            maker_name=_optional_text(row["maker_name"]),
            key=_optional_text(row["key"]) or "",
            id=_whole(row["id"]),
        )
    except (_Odd, ConfigError, IndexError):  # IndexError: a column the schema promises, gone
        return None
