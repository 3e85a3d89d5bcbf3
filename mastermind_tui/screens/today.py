"""The home screen's line on today's daily puzzle: whether it is played and how, the
streak and when the next one comes (``game.daily.today_line``), shown while the daily is
the mode chosen. The records are read once in a job; par is worked out for a puzzle
played."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from textual.widgets import Static

from engine import CodeSpace

from ..game.daily import daily_secret, par_guesses, today_line, todays_game, utc_now
from ..jobs import Working
from ..records.store import Records
from ..records.types import Game


def read_games(path: Path) -> list[Game]:
    """Every game the records hold (none when there is no file yet)."""
    return Records(path).games() if path.exists() else []


class Today:
    """The line ``line`` of a screen that works (``owner``): told the size on the form,
    or None to hide it."""

    def __init__(self, owner: Working, line: Static, records: Path | None) -> None:
        self.owner = owner
        self.line = line
        self.records = records
        #: The games the records hold, once read (None: not yet, or no records kept).
        self.games: list[Game] | None = None
        #: Par's guesses of today's puzzle by size and hard mode, once worked out.
        self.pars: dict[tuple[int, int, bool, bool], int] = {}
        self.size: tuple[int, int, bool] | None = None

    def show(self, size: tuple[int, int, bool] | None) -> None:
        """Say what today's puzzle of ``size`` is to the player (hidden for None)."""
        self.size = size
        self.line.display = size is not None
        if size is None:
            return
        if self.games is None and self.records is not None:
            if not self.owner.busy("today"):
                path = self.records
                self.owner.compute("today", lambda ticket: read_games(path), self._read)
            return
        self._say(size)

    def _read(self, games: list[Game]) -> None:
        self.games = games
        self.show(self.size)

    def _say(self, size: tuple[int, int, bool]) -> None:
        now = utc_now()
        games = self.games or []
        played = todays_game(games, size, now.date())
        key = None if played is None else (*size, played.hard)
        if played is not None and key not in self.pars and not self.owner.busy("par"):
            space, hard = CodeSpace(*size), played.hard
            secret = daily_secret(space, now.date())
            work = partial(par_guesses, space, secret, hard)
            self.owner.compute("par", lambda ticket: work(), partial(self._took_par, key))
        par = None if key is None else self.pars.get(key)
        self.line.update(today_line(games, size, now, par))

    def _took_par(self, key: tuple[int, int, bool, bool] | None, guesses: int) -> None:
        if key is not None:
            self.pars[key] = guesses
        if self.size is not None:
            self._say(self.size)
