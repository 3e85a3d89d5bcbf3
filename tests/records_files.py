"""A records file as each earlier schema version wrote it, for the tests that read old
files forward (the schema's migrations, the answer rule's, the duel's names)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from mastermind_tui.records.schema import MIGRATIONS

#: Each version's own columns of ``games`` beyond version 1's, with a value to write.
ADDED = {
    2: {"key": "'k-old'", "notation": "'letters'"},
    3: {"assisted": "1"},
    4: {"abandoned": "0"},
    5: {"hard": "1"},
    6: {"day": "'2026-01-01'"},
    7: {"answers": "'classic'"},
    8: {"breaker_name": "'Ann'", "maker_name": "'Bob'"},
}


def old_file(path: Path, version: int) -> None:
    """A records file at ``version`` holding one game and its two moves, written with the
    columns that version had."""
    columns = {
        "id": "1",
        "finished_at": "'2026-01-01T00:00:00+00:00'",
        "colours": "6",
        "positions": "4",
        "repeats": "1",
        "max_moves": "10",
        "mode": "'daily'",
        "breaker": "'person'",
        "outcome": "'solved'",
        "moves": "2",
        "strategy": "'knuth'",
        "practice": "0",
        "secret": "'2 3 4 5'",
    }
    for since, added in ADDED.items():
        if since <= version:
            columns.update(added)
    value, best = ("value", "best_value") if version >= 2 else ("expected", "best_expected")
    with closing(sqlite3.connect(path)) as db, db:
        for migration in MIGRATIONS[:version]:
            db.executescript(migration)
        db.execute(f"PRAGMA user_version = {version}")
        db.execute(
            f"INSERT INTO games ({', '.join(columns)}) VALUES ({', '.join(columns.values())})"
        )
        db.execute(
            f"INSERT INTO moves (game_id, number, guess, black, white, {value}, {best})"
            " VALUES (1, 1, '0 0 1 1', 0, 1, 4.5, 4.2), (1, 2, '2 3 4 5', 4, 0, NULL, NULL)"
        )
