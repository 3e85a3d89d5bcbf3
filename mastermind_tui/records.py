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
import sqlite3
from collections import Counter
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

#: Set to a path to keep records there, or to an empty string to keep none.
ENVIRONMENT = "MASTERMIND_RECORDS"

#: Statements that take a database from version i to version i + 1.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        finished_at TEXT NOT NULL,
        colours INTEGER NOT NULL,
        positions INTEGER NOT NULL,
        repeats INTEGER NOT NULL,
        max_moves INTEGER NOT NULL,
        mode TEXT NOT NULL,
        breaker TEXT NOT NULL CHECK (breaker IN ('person', 'computer')),
        outcome TEXT NOT NULL,
        moves INTEGER NOT NULL,
        strategy TEXT NOT NULL,
        practice INTEGER NOT NULL DEFAULT 0,
        secret TEXT
    );
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        guess TEXT NOT NULL,
        black INTEGER NOT NULL,
        white INTEGER NOT NULL,
        expected REAL,
        best_expected REAL,
        PRIMARY KEY (game_id, number)
    );
    CREATE INDEX games_by_size ON games (colours, positions, repeats, finished_at);
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)


class RecordsError(Exception):
    """The records could not be read or written; the message is one line for a person."""


def code_text(digits: tuple[int, ...] | list[int]) -> str:
    """A code as stored: digits from 0, space-separated (colours may go past 9)."""
    return " ".join(str(d) for d in digits)


def code_digits(text: str) -> tuple[int, ...]:
    return tuple(int(d) for d in text.split())


@dataclass(frozen=True)
class Move:
    #: The code as stored by ``code_text``.
    guess: str
    black: int
    white: int
    #: Expected guesses after this one, and the best guess's, where the optimum is known.
    expected: float | None = None
    best_expected: float | None = None


@dataclass(frozen=True)
class Game:
    colours: int
    positions: int
    max_moves: int
    mode: str
    breaker: str
    outcome: str
    strategy: str
    moves: tuple[Move, ...]
    repeats: bool = True
    practice: bool = False
    secret: str | None = None
    finished_at: str = field(
        default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds")
    )
    id: int | None = None

    @property
    def won(self) -> bool:
        return self.outcome == "solved"


@dataclass(frozen=True)
class Summary:
    """The figures for one size and rules."""

    colours: int
    positions: int
    repeats: bool
    played: int
    won: int
    average: float | None
    best: int | None
    streak: int
    #: moves used -> games won in that many
    histogram: dict[int, int]

    def as_json(self) -> dict:
        return {
            "size": f"{self.colours}x{self.positions}",
            "repeats": self.repeats,
            "played": self.played,
            "won": self.won,
            "average": None if self.average is None else round(self.average, 3),
            "best": self.best,
            "streak": self.streak,
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
        }


def default_path() -> Path | None:
    """Where records are kept: ``$MASTERMIND_RECORDS``, or the user's data directory;
    None when the variable is set to an empty string (recording off)."""
    chosen = os.environ.get(ENVIRONMENT)
    if chosen is not None:
        return Path(chosen) if chosen else None
    return Path(platformdirs.user_data_dir("mastermind-tui")) / "records.sqlite3"


def _explain(error: sqlite3.Error, path: Path) -> RecordsError:
    """One line that says what went wrong with the records file, and that play goes on."""
    text = str(error).lower()
    if "readonly" in text or "read-only" in text:
        why = "the file is read-only"
    elif "locked" in text or "busy" in text:
        why = "another program holds it locked"
    elif "full" in text:
        why = "the disk is full"
    elif "not a database" in text or "malformed" in text or "corrupt" in text:
        why = "the file is damaged (move it away to start new records)"
    elif "unable to open" in text:
        why = "it cannot be opened"
    else:
        why = str(error)
    return RecordsError(f"records at {path}: {why}")


class Records:
    """The records database at ``path``, created and migrated on first use."""

    def __init__(self, path: Path, timeout: float = 2.0) -> None:
        self.path = path
        self.timeout = timeout

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise RecordsError(f"records at {self.path}: {error.strerror}") from None
        try:
            with closing(sqlite3.connect(self.path, timeout=self.timeout)) as db:
                db.execute("PRAGMA foreign_keys = ON")
                self._migrate(db)
                yield db
        except sqlite3.Error as error:
            raise _explain(error, self.path) from None

    def _migrate(self, db: sqlite3.Connection) -> None:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise RecordsError(
                f"records at {self.path} were written by a newer version (schema {version})"
            )
        if version == SCHEMA_VERSION:
            return
        db.execute("PRAGMA journal_mode = WAL")
        for number in range(version, SCHEMA_VERSION):
            # One transaction per step: a failed migration leaves the file as it was.
            db.executescript(
                f"BEGIN; {MIGRATIONS[number]}; PRAGMA user_version = {number + 1}; COMMIT;"
            )

    def add(self, game: Game) -> int:
        """Store a finished game and its moves in one transaction; returns its id."""
        with self._connect() as db, db:
            cursor = db.execute(
                "INSERT INTO games (finished_at, colours, positions, repeats, max_moves, mode,"
                " breaker, outcome, moves, strategy, practice, secret)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                    game.secret,
                ),
            )
            game_id = int(cursor.lastrowid or 0)
            db.executemany(
                "INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (game_id, i, m.guess, m.black, m.white, m.expected, m.best_expected)
                    for i, m in enumerate(game.moves, 1)
                ],
            )
        return game_id

    def games(self, size: tuple[int, int] | None = None, limit: int | None = None) -> list[Game]:
        """Finished games, newest first, with their moves."""
        where, args = ("WHERE colours = ? AND positions = ?", size) if size else ("", ())
        chosen = f"SELECT * FROM games {where} ORDER BY finished_at DESC, id DESC"
        if limit is not None:
            chosen += f" LIMIT {int(limit)}"
        with self._connect() as db:
            db.row_factory = sqlite3.Row
            rows = db.execute(chosen, args).fetchall()
            moves: dict[int, list[Move]] = {}
            for m in db.execute(
                f"SELECT * FROM moves WHERE game_id IN (SELECT id FROM ({chosen}))"
                " ORDER BY game_id, number",
                args,
            ):
                moves.setdefault(m["game_id"], []).append(
                    Move(m["guess"], m["black"], m["white"], m["expected"], m["best_expected"])
                )
        return [
            Game(
                colours=r["colours"],
                positions=r["positions"],
                max_moves=r["max_moves"],
                mode=r["mode"],
                breaker=r["breaker"],
                outcome=r["outcome"],
                strategy=r["strategy"],
                moves=tuple(moves.get(r["id"], [])),
                repeats=bool(r["repeats"]),
                practice=bool(r["practice"]),
                secret=r["secret"],
                finished_at=r["finished_at"],
                id=r["id"],
            )
            for r in rows
        ]

    def summaries(self, size: tuple[int, int] | None = None) -> list[Summary]:
        """Figures per size and rules for the games a person broke (practice games aside)."""
        by_size: dict[tuple[int, int, bool], list[Game]] = {}
        for game in reversed(self.games(size)):  # oldest first
            if game.breaker == "person" and not game.practice:
                by_size.setdefault((game.colours, game.positions, game.repeats), []).append(game)
        out = []
        for (colours, positions, repeats), games in sorted(by_size.items()):
            won = [g for g in games if g.won]
            streak = 0
            for game in reversed(games):
                if not game.won:
                    break
                streak += 1
            histogram = Counter(len(g.moves) for g in won)
            out.append(
                Summary(
                    colours,
                    positions,
                    repeats,
                    played=len(games),
                    won=len(won),
                    average=sum(len(g.moves) for g in won) / len(won) if won else None,
                    best=min(histogram) if histogram else None,
                    streak=streak,
                    histogram=dict(sorted(histogram.items())),
                )
            )
        return out
