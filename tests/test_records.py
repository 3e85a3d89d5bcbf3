"""Records in a real SQLite file: round trip, figures, migration, two writers at once, and
every fault a person's machine can throw at it turned into one line."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading

import pytest

from mastermind_tui.records import SCHEMA_VERSION, Game, Move, Records, RecordsError, default_path


def game(outcome: str = "solved", moves: int = 4, **kw) -> Game:
    played = (*(Move("0 0 1 1", 0, 1) for _ in range(moves - 1)), Move("2 3 4 5", 4, 0))
    fields = dict(
        colours=6,
        positions=4,
        max_moves=10,
        mode="play",
        breaker="person",
        outcome=outcome,
        strategy="knuth",
        moves=played,
        secret="2 3 4 5",
    )
    fields.update(kw)
    return Game(**fields)


def test_round_trip_and_figures(tmp_path):
    records = Records(tmp_path / "r.sqlite3")
    records.add(game(moves=5, finished_at="2026-01-01T00:00:00+00:00"))
    records.add(game("out of moves", moves=10, finished_at="2026-01-02T00:00:00+00:00"))
    records.add(game(moves=4, finished_at="2026-01-03T00:00:00+00:00"))
    records.add(game(moves=3, finished_at="2026-01-04T00:00:00+00:00"))
    records.add(game(moves=2, practice=True, finished_at="2026-01-05T00:00:00+00:00"))
    records.add(game(moves=6, breaker="computer", finished_at="2026-01-06T00:00:00+00:00"))
    records.add(game(moves=5, colours=8, positions=5, finished_at="2026-01-07T00:00:00+00:00"))
    newest = records.games(limit=1)[0]
    assert (newest.colours, newest.positions, len(newest.moves)) == (8, 5, 5)
    assert newest.moves[-1] == Move("2 3 4 5", 4, 0)
    (six_four,) = records.summaries((6, 4))
    assert (six_four.played, six_four.won, six_four.best, six_four.streak) == (4, 3, 3, 2)
    assert six_four.average == pytest.approx(4.0)
    assert six_four.histogram == {3: 1, 4: 1, 5: 1}
    assert [(s.colours, s.positions) for s in records.summaries()] == [(6, 4), (8, 5)]


def test_two_writers_at_once_lose_nothing(tmp_path):
    path = tmp_path / "r.sqlite3"
    Records(path).games()  # created
    errors: list[Exception] = []

    def write() -> None:
        try:
            for _ in range(20):
                Records(path, timeout=10).add(game())
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=write) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(Records(path).games()) == 40
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_an_old_file_is_migrated_and_a_newer_one_refused(tmp_path):
    old = tmp_path / "old.sqlite3"
    sqlite3.connect(old).close()  # version 0: no tables yet
    Records(old).add(game())
    with sqlite3.connect(old) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(RecordsError, match="newer version"):
        Records(newer).add(game())


def test_a_damaged_file_is_one_line(tmp_path):
    path = tmp_path / "r.sqlite3"
    path.write_bytes(b"this is not a database at all, just some bytes" * 100)
    with pytest.raises(RecordsError, match=r"damaged \(move it away") as error:
        Records(path).add(game())
    assert "\n" not in str(error.value)


def test_a_locked_file_is_one_line(tmp_path):
    path = tmp_path / "r.sqlite3"
    Records(path).games()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(RecordsError, match="locked"):
            Records(path, timeout=0.1).add(game())
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_path_that_cannot_be_a_folder_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(RecordsError, match="records at"):
        Records(blocker / "sub" / "r.sqlite3").add(game())


def test_environment_chooses_or_turns_off(monkeypatch, tmp_path):
    monkeypatch.setenv("MASTERMIND_RECORDS", str(tmp_path / "x.sqlite3"))
    assert default_path() == tmp_path / "x.sqlite3"
    monkeypatch.setenv("MASTERMIND_RECORDS", "")
    assert default_path() is None


def run_cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mastermind_tui", "records", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
    )


def test_records_command(tmp_path):
    env = {"MASTERMIND_RECORDS": str(tmp_path / "r.sqlite3")}
    assert run_cli("--where", env=env).stdout.strip() == str(tmp_path / "r.sqlite3")
    assert "No games recorded yet" in run_cli(env=env).stdout
    records = Records(tmp_path / "r.sqlite3")
    for moves in (5, 4):
        records.add(game(moves=moves))
    records.add(game(moves=6, colours=8, positions=5))
    figures = json.loads(run_cli("--json", "--size", "6x4", env=env).stdout)
    assert figures["sizes"] == [
        {
            "size": "6x4",
            "repeats": True,
            "played": 2,
            "won": 2,
            "average": 4.5,
            "best": 4,
            "streak": 2,
            "histogram": {"4": 1, "5": 1},
        }
    ]
    text = run_cli(env=env).stdout
    assert "6 colours x 4 positions" in text and "8 colours x 5 positions" in text
    bad = run_cli("--size", "six", env=env)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "e.g. 6x4" in bad.stderr


def test_records_command_reports_a_damaged_file_in_one_line(tmp_path):
    path = tmp_path / "r.sqlite3"
    path.write_bytes(b"garbage" * 1000)
    done = run_cli(env={"MASTERMIND_RECORDS": str(path)})
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "damaged" in done.stderr
