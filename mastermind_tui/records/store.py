"""Every finished game, kept in SQLite in the user's data directory, and the figures made
from them (games, wins, average and best moves, streak, histogram per size and rules).

Nothing here may cost a game: every database fault (read-only, locked, full, damaged)
becomes a RecordsError with one line to show, and the game goes on unrecorded.
Several instances of the app may write at once: the database is in WAL mode and each game
is one transaction. The schema's version is SQLite's ``user_version``; ``MIGRATIONS`` take
any older file forward.
"""

from __future__ import annotations

import os
import random
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import platformdirs

from . import rows
from .faults import RecordsError, explain, problem
from .figures import summarise
from .schema import MIGRATIONS, SCHEMA_VERSION
from .types import Game, Move, Summary

__all__ = ["ENVIRONMENT", "Game", "Move", "Records", "Summary", "default_path"]

#: Set to a path to keep records there, or to an empty string to keep none.
ENVIRONMENT = "MASTERMIND_RECORDS"


def default_path() -> Path | None:
    """Where records are kept: ``$MASTERMIND_RECORDS``, or the user's data directory;
    None when the variable is set to an empty string (recording off)."""
    chosen = os.environ.get(ENVIRONMENT)
    if chosen is not None:  # blank (spaces too: never a file named "   ") turns them off
        return Path(chosen) if chosen.strip() else None
    return Path(platformdirs.user_data_dir("mastermind-tui")) / "records.sqlite3"


#: A game's ``practice`` as written: as given, or 1 for a game of a day's puzzle whose
#: size already has a counted game of that day. Decided in the write's own statement, so
#: that of terminals finishing one puzzle at once only the first written counts.
_PRACTICE = """MAX(?, EXISTS (SELECT 1 FROM games AS counted WHERE counted.day = ?
    AND counted.colours = ? AND counted.positions = ? AND counted.repeats = ?
    AND counted.mode = ? AND counted.breaker = ? AND counted.mode = 'daily'
    AND counted.breaker = 'person' AND counted.practice = 0 AND counted.key != ?))"""


class Records:
    """The records database at ``path``, created and migrated on first use."""

    #: Seconds to wait for another instance's write to finish before giving up.
    TIMEOUT = 2.0
    #: Seconds a finished game waits, in all, for the other writers before it is lost.
    PATIENCE = 30.0

    def __init__(self, path: Path, timeout: float | None = None) -> None:
        self.path = path
        self.timeout = self.TIMEOUT if timeout is None else timeout
        #: Games the last read passed over: rows that hold what no game can.
        self.unread = 0

    @contextmanager
    def _connect(self, reading: bool = False) -> Iterator[sqlite3.Connection]:
        why = problem(self.path)  # SQLite would only say "unable to open"
        if why is not None:
            raise RecordsError(f"records at {self.path}: {why}")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            reason = error.strerror or str(error)
            raise RecordsError(
                f"records at {self.path}: its folder cannot be made ({reason})"
            ) from None
        try:
            with closing(self._open(reading)) as db:
                yield db
        except sqlite3.Error as error:
            raise explain(error, self.path) from None
        except OSError as error:  # the file system refused what ``problem`` could not see
            raise RecordsError(f"records at {self.path}: {error.strerror or error}") from None

    def _open(self, reading: bool) -> sqlite3.Connection:
        """The database, migrated; for ``reading``, records that cannot be written (a
        read-only file, or a read-only folder, where WAL cannot make its index) are
        opened read-only and immutable instead: shown, if not added to."""
        db = sqlite3.connect(self.path, timeout=self.timeout)
        try:
            db.execute("PRAGMA foreign_keys = ON")
            self._migrate(db)
        except sqlite3.Error as error:
            db.close()
            code = getattr(error, "sqlite_errorcode", 0) & 0xFF
            if not reading or code not in (
                sqlite3.SQLITE_READONLY,
                sqlite3.SQLITE_CANTOPEN,
                sqlite3.SQLITE_PERM,
            ):
                raise
            uri = f"{self.path.absolute().as_uri()}?mode=ro&immutable=1"
            db = sqlite3.connect(uri, uri=True, timeout=self.timeout)
            if self._version(db) != SCHEMA_VERSION:
                db.close()
                raise
        return db

    def _migrate(self, db: sqlite3.Connection) -> None:
        """Bring the file to ``SCHEMA_VERSION`` in one transaction that holds the write lock
        from the start, so that two instances opening a new file at once migrate it once
        (the second finds it done) and a failed step leaves the file as it was."""
        if self._version(db) == SCHEMA_VERSION:
            return
        self._use_wal(db)
        implicit = db.isolation_level
        db.isolation_level = None  # the transaction below is ours, not the module's
        db.execute("BEGIN IMMEDIATE")
        try:
            for number in range(self._version(db), SCHEMA_VERSION):
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # else a failed BEGIN: a ROLLBACK would hide its error
                db.execute("ROLLBACK")
            raise
        finally:
            db.isolation_level = implicit

    def _use_wal(self, db: sqlite3.Connection) -> None:
        """Switch the file to WAL. SQLite answers "busy" at once, without waiting, while
        another instance switches or migrates it, so wait here as the timeout says."""
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                db.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as error:
                busy = error.sqlite_errorcode in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
                if not busy or time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

    def _version(self, db: sqlite3.Connection) -> int:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise RecordsError(
                f"records at {self.path} were written by a newer version (schema {version})"
            )
        if version < 0:  # no version of mastermind writes one
            raise RecordsError(
                f"records at {self.path}: schema {version} is no version of mastermind's "
                "(the file is damaged: move it away to start new records)"
            )
        return version

    def add(self, game: Game) -> int:
        """Store a finished game and its moves in one transaction; returns its id.

        Writing a game again (same ``key``) keeps one copy and only fills in ratings it
        lacked, so two writes of one game may land in either order. Other writers holding
        the file (sixty games ending at once on a loaded machine) are waited for, again
        and again, for up to ``PATIENCE`` seconds in all: only then is it one line."""
        deadline = time.monotonic() + max(self.PATIENCE, self.timeout)
        while True:
            try:
                return self._add(game)
            except RecordsError as error:
                if not error.busy or time.monotonic() > deadline:
                    raise
            time.sleep(random.uniform(0.01, 0.1))  # apart from the others waiting

    def _add(self, game: Game) -> int:
        with self._connect() as db, db:
            db.execute(
                "INSERT INTO games (finished_at, colours, positions, repeats, max_moves, mode,"
                " breaker, outcome, moves, strategy, practice, secret, notation, key, assisted,"
                " abandoned, hard, day, answers, breaker_name, maker_name, challenge, seconds,"
                " timed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                f" {_PRACTICE}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET assisted = MAX(assisted, excluded.assisted)",
                (
                    game.finished_at,
                    game.colours,
                    game.positions,
                    int(game.repeats),
                    game.max_moves,
                    game.mode,
                    game.breaker,
                    game.outcome,
                    len(game.moves),
                    game.strategy,
                    int(game.practice),
                    game.day,
                    game.colours,
                    game.positions,
                    int(game.repeats),
                    game.mode,
                    game.breaker,
                    game.key,
                    game.secret,
                    game.notation,
                    game.key,
                    int(game.assisted),
                    int(game.abandoned),
                    int(game.hard),
                    game.day,
                    game.answers.name,
                    game.breaker_name,
                    game.maker_name,
                    game.challenge,
                    game.seconds,
                    int(game.timed),
                ),
            )
            game_id = int(
                db.execute("SELECT id FROM games WHERE key = ?", (game.key,)).fetchone()[0]
            )
            db.executemany(
                "INSERT INTO moves (game_id, number, guess, black, white, value, best_value,"
                " best_guess, rule, higher_is_better) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, number) DO UPDATE SET"
                " value = excluded.value, best_value = excluded.best_value,"
                " best_guess = excluded.best_guess, rule = excluded.rule,"
                " higher_is_better = excluded.higher_is_better"
                " WHERE excluded.rule IS NOT NULL",
                [
                    (
                        game_id,
                        i,
                        m.guess,
                        m.black,
                        m.white,
                        m.value,
                        m.best_value,
                        m.best_guess,
                        m.rule,
                        int(m.higher_is_better),
                    )
                    for i, m in enumerate(game.moves, 1)
                ],
            )
        return game_id

    def games(self, size: tuple[int, int] | None = None, limit: int | None = None) -> list[Game]:
        """Finished games, newest first, with their moves. A row that holds what no game
        can (``rows``) is read around and counted in ``unread``."""
        where, args = ("WHERE colours = ? AND positions = ?", size) if size else ("", ())
        chosen = f"SELECT * FROM games {where} ORDER BY finished_at DESC, id DESC"
        if limit is not None:
            chosen += f" LIMIT {int(limit)}"
        with self._connect(reading=True) as db:
            db.row_factory = sqlite3.Row
            found = db.execute(chosen, args).fetchall()
            moves: dict[object, list[sqlite3.Row]] = {}
            for m in db.execute(
                f"SELECT * FROM moves WHERE game_id IN (SELECT id FROM ({chosen}))"
                " ORDER BY game_id, number",
                args,
            ):
                moves.setdefault(m["game_id"], []).append(m)
        read = [rows.game(r, moves.get(r["id"], [])) for r in found]
        self.unread = sum(game is None for game in read)
        return [game for game in read if game is not None]

    def unread_text(self) -> str:
        """The one line for the games the last read passed over ("" when none)."""
        if not self.unread:
            return ""
        games = "1 game" if self.unread == 1 else f"{self.unread} games"
        return f"records at {self.path}: {games} could not be read (skipped)"

    def summaries(self, size: tuple[int, int] | None = None) -> list[Summary]:
        """Figures per size, rules and move limit (``figures.summarise``)."""
        return summarise(self.games(size))
