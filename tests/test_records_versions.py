"""The records' schema migrates forward from every earlier version with nothing lost:
a file of each version, holding a game written as that version wrote it, is read, written
to and left at the current version (the answer rule at 7, a duel's names at 8, the
challenge code and the time at 9)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from records_files import old_file

from engine.play.match import Role
from mastermind_tui.records.schema import MIGRATIONS, SCHEMA_VERSION
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game, Move


def test_the_current_version_is_9() -> None:
    assert SCHEMA_VERSION == len(MIGRATIONS) == 9


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
def test_a_file_of_each_earlier_version_keeps_its_games(tmp_path: Path, version: int) -> None:
    path = tmp_path / f"v{version}.sqlite3"
    old_file(path, version)
    (old,) = Records(path).games()
    assert (old.mode, old.outcome, old.secret, old.challenge) == (
        "daily",
        "solved",
        "2 3 4 5",
        None,
    )
    assert old.moves == (Move("0 0 1 1", 0, 1, 4.5, 4.2), Move("2 3 4 5", 4, 0))
    assert old.assisted == (version >= 3) and old.hard == (version >= 5)
    assert old.day == ("2026-01-01" if version >= 6 else None)
    assert old.key == ("k-old" if version >= 2 else "")
    assert old.breaker_name == ("Ann" if version >= 8 else None)
    played = Game(6, 4, 10, "play", Role.PERSON, "solved", "knuth", old.moves, challenge="1CHJN")
    Records(path).add(played)
    newest, kept = Records(path).games()
    assert newest.challenge == "1CHJN" and kept == old
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        answers = db.execute("SELECT answers FROM games ORDER BY id").fetchall()
    assert answers == [("classic",), ("classic",)]  # version 7's default


def test_a_file_that_lacks_a_column_its_version_promises_is_read_around(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file at the current version without its last columns (made by hand, or by a
    build of this version before they were added): its games are passed over, said in
    one line, never a traceback."""
    from mastermind_tui.modes.main import main

    path = tmp_path / "r.sqlite3"
    old_file(path, 8)
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("ALTER TABLE games ADD COLUMN challenge TEXT")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    monkeypatch.setenv("MASTERMIND_RECORDS", str(path))
    assert main(["records"]) == 0
    captured = capsys.readouterr()
    assert captured.err == f"mastermind: records at {path}: 1 game could not be read (skipped)\n"
