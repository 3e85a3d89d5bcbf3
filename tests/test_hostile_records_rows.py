"""Records read by what they hold, not by what SQLite's types promise: a row whose value is
of the wrong type (one bit turns TEXT into BLOB) or cannot be a game is read around and
counted in one line; an odd ``user_version`` is named in one line. The day's puzzle is
counted once, for the date it was opened on, whichever terminal finishes first."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from app_helpers import enter, game_session, records_read, until
from test_app_records import Host
from test_daily_streak import TODAY, daily, daily_app, days_back, today
from textual.widgets import Static

from mastermind_tui.records.faults import RecordsError
from mastermind_tui.records.figures import daily_streak, played_today, summarise
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game
from mastermind_tui.screens.records import RecordsScreen

SIZE = (6, 4, True)

#: Each way a row can hold what no game can: (column, SQL that sets it).
ODD_VALUES = {
    "a date as a blob": ("finished_at", "CAST(finished_at AS BLOB)"),
    "colours as text": ("colours", "'six'"),
    "a mode as a blob": ("mode", "X'64'"),
    "an outcome as a blob": ("outcome", "X'00'"),
    "a flag of 7": ("practice", "7"),
    "a key as a blob": ("key", "X'00ff'"),
    "a secret of letters": ("secret", "'R G B Y'"),
    "a daily day as a blob": ("day", "X'32303236'"),
}
ODD_MOVES = {
    "a guess as a blob": ("guess", "CAST(guess AS BLOB)"),
    "a guess too short": ("guess", "'0 1'"),
    "black as text": ("black", "'four'"),
    "a value as text": ("value", "'high'"),
}


def opened(on: date, finished: str) -> Game:
    """A daily game of the puzzle of ``on``, finished at ``finished`` (an ISO time)."""
    return replace(daily(on), day=on.isoformat(), finished_at=finished)


def kept(path: Path, games: int = 3) -> Records:
    records = Records(path)
    for n in range(games):
        records.add(daily(days_back(n + 1)))
    return records


def run(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mastermind_tui", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "MASTERMIND_RECORDS": str(path)},
        timeout=120,
    )


@pytest.mark.parametrize("how", [*ODD_VALUES, *ODD_MOVES])
def test_a_row_of_the_wrong_type_is_read_around_and_counted(tmp_path: Path, how: str) -> None:
    path = tmp_path / "r.sqlite3"
    records = kept(path)
    table = "games" if how in ODD_VALUES else "moves"
    column, value = (ODD_VALUES | ODD_MOVES)[how]
    with sqlite3.connect(path) as db:
        first = "id" if table == "games" else "game_id"
        db.execute(f"UPDATE {table} SET {column} = {value} WHERE {first} = 1")
    db.close()
    games = records.games()
    assert len(games) == 2 and records.unread == 1
    assert all(isinstance(g.finished_at, str) for g in games)
    assert records.unread_text() == f"records at {path}: 1 game could not be read (skipped)"
    (summary,) = summarise(games)
    assert summary.played == 2
    for args in (["records"], ["records", "--json"]):
        done = run(path, *args)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr
        assert done.stderr == f"mastermind: {records.unread_text()}\n"
        assert "played 2" in done.stdout or '"played": 2' in done.stdout


@pytest.mark.parametrize("version", [-1, -2147483648, 2**31 - 1])
def test_an_odd_schema_version_is_one_line(tmp_path: Path, version: int) -> None:
    path = tmp_path / "r.sqlite3"
    kept(path, 1)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {version}")
    db.close()
    with pytest.raises(RecordsError) as error:
        Records(path).games()
    assert str(path) in str(error.value) and str(version) in str(error.value)
    done = run(path, "records")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and f"schema {version}" in done.stderr


async def test_a_daily_with_an_odd_row_in_the_records_plays_to_its_end(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    Records(path).add(daily(today(), finished_at=f"{today().isoformat()}T00:00:00+00:00"))
    kept(path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET finished_at = CAST(finished_at AS BLOB)")
    db.close()
    app = daily_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        session = game_session(app)
        await until(pilot, lambda: app.screen.earlier is not None)  # type: ignore[attr-defined]
        await enter(pilot, session.secret_text)
        await until(pilot, lambda: session.over)
        await until(pilot, lambda: len(Records(path).games()) == 1)
    (written,) = Records(path).games()  # the others' dates are blobs: read around
    assert written.day == today().isoformat() and written.won


async def test_the_records_screen_shows_what_it_read_and_counts_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    kept(path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE moves SET guess = CAST(guess AS BLOB) WHERE game_id = 2")
    db.close()
    app = Host(RecordsScreen(path))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: records_read(pilot))
        status = str(app.screen.query_one("#records-status", Static).content)
        assert status.startswith("2 recent games") and "1 game could not be read" in status


def test_the_day_s_puzzle_counts_once_whichever_terminal_finishes_first(tmp_path: Path) -> None:
    """Six terminals opened today's puzzle before any finished: each thought it counted.
    The first one written counts; the others are kept as practice."""
    records = Records(tmp_path / "r.sqlite3")
    day = TODAY.isoformat()
    for n in range(6):
        records.add(opened(TODAY, f"{day}T12:0{n}:00+00:00"))
    games = records.games()
    assert len(games) == 6 and sum(not g.practice for g in games) == 1
    (counted,) = [g for g in games if not g.practice]
    assert counted.finished_at == f"{day}T12:00:00+00:00"
    (summary,) = summarise(games, TODAY)
    assert summary.played == 1 and summary.daily_streak == 1


def test_a_daily_opened_before_midnight_counts_for_its_own_day(tmp_path: Path) -> None:
    records = Records(tmp_path / "r.sqlite3")
    yesterday, day = days_back(1).isoformat(), TODAY.isoformat()
    # Opened yesterday, finished after midnight: yesterday's puzzle.
    records.add(opened(days_back(1), f"{day}T00:05:00+00:00"))
    games = records.games()
    assert games[0].day == yesterday
    assert not played_today(games, SIZE, TODAY)
    assert played_today(games, SIZE, days_back(1))
    assert daily_streak(games, SIZE, TODAY) == 1  # yesterday's, today's still to play
    # Today's real puzzle then counts.
    records.add(opened(TODAY, f"{day}T09:00:00+00:00"))
    games = records.games()
    assert sum(not g.practice for g in games) == 2
    assert daily_streak(games, SIZE, TODAY) == 2


def test_a_game_of_an_older_version_without_a_day_counts_by_its_finish(tmp_path: Path) -> None:
    games = [replace(daily(date(2026, 11, 25)), day=None)]
    assert played_today(games, SIZE, date(2026, 11, 25))
