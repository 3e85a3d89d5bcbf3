"""The first game of today's puzzle counts as daily, a second
one is practice; the daily streak (days in a row solved unaided) shows at the daily end and
in the records; an earlier date's replay is practice and counts for nothing."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from app_helpers import enter, game_session, message, until

from engine.play.match import Role
from mastermind_tui.cli.launch import given, opening
from mastermind_tui.cli.records import format_summary
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser
from mastermind_tui.records.figures import daily_streak, played_today
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game, Move
from mastermind_tui.screens.daily import DailyScreen, ShareScreen

SIZE = (6, 4, True)
TODAY = date(2026, 11, 26)


def daily(day: date, outcome: str = "solved", **changes: object) -> Game:
    game = Game(
        6,
        4,
        10,
        "daily",
        Role.PERSON,
        outcome,
        "knuth",
        (Move("0 0 1 1", 0, 0), Move("2 3 4 5", 4, 0)),
        secret="2 3 4 5",
        finished_at=f"{day.isoformat()}T12:00:00+00:00",
    )
    return replace(game, **changes)  # type: ignore[arg-type]


def days_back(n: int) -> date:
    return TODAY - timedelta(days=n)


def test_the_streak_counts_days_in_a_row_solved_unaided() -> None:
    games = [daily(days_back(n)) for n in (1, 2, 3)]
    assert daily_streak(games, SIZE, TODAY) == 3  # today still to play: up to yesterday
    assert daily_streak([daily(TODAY), *games], SIZE, TODAY) == 4
    lost = daily(days_back(2), "out of moves")
    assert daily_streak([games[0], lost, games[2]], SIZE, TODAY) == 1
    helped = daily(days_back(2), assisted=True)
    assert daily_streak([games[0], helped, games[2]], SIZE, TODAY) == 1
    gap = [daily(days_back(1)), daily(days_back(3))]
    assert daily_streak(gap, SIZE, TODAY) == 1
    practice = daily(days_back(2), practice=True)  # an earlier date's replay: nothing
    assert daily_streak([games[0], practice], SIZE, TODAY) == 1
    other_size = replace(daily(days_back(1)), colours=8, positions=5)
    assert daily_streak([other_size], SIZE, TODAY) == 0
    assert daily_streak([replace(daily(days_back(1)), mode="play")], SIZE, TODAY) == 0


def test_the_first_game_of_the_day_is_the_one_that_counts() -> None:
    later = daily(TODAY, "out of moves", finished_at=f"{TODAY}T18:00:00+00:00")
    assert daily_streak([later, daily(TODAY)], SIZE, TODAY) == 1
    assert played_today([daily(TODAY)], SIZE, TODAY)
    assert not played_today([daily(days_back(1))], SIZE, TODAY)
    assert not played_today([daily(TODAY, practice=True)], SIZE, TODAY)


def test_records_show_the_daily_streak(tmp_path: Path) -> None:
    records = Records(tmp_path / "r.sqlite3")
    for n in (1, 2):
        records.add(daily(days_back(n)))
    (summary,) = records.summaries()
    assert summary.daily_streak == 0 or summary.daily_streak == 2  # against the real today
    from mastermind_tui.records.figures import summarise

    (pinned,) = summarise(records.games(), TODAY)
    assert pinned.daily_streak == 2 and pinned.as_json()["daily_streak"] == 2
    assert "daily puzzle: 2 days in a row solved unaided" in format_summary(pinned)


def today() -> date:
    return datetime.now(UTC).date()


def daily_app(path: Path) -> MastermindApp:
    args = build_parser().parse_args(["daily"])
    return MastermindApp(opening(args, given(args), {}), records=path)


async def test_a_second_game_of_today_is_practice(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    # Played at midnight: the second game ends after it whatever the hour (at noon, the
    # helper's hour, it came first before 12:00 UTC and the newest game was not this one).
    Records(path).add(daily(today(), finished_at=f"{today().isoformat()}T00:00:00+00:00"))
    app = daily_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        session = game_session(app)
        await until(pilot, lambda: session.practice)
        assert "played already" in message(pilot)
        assert "practice (already played)" in session.status()
        await enter(pilot, session.secret_text)
        await until(pilot, lambda: len(Records(path).games()) == 2)
    newest = Records(path).games()[0]
    assert newest.practice and newest.won


async def test_today_s_first_game_counts_and_the_end_tells_the_streak(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    Records(path).add(daily(today() - timedelta(days=1)))
    app = daily_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, DailyScreen)
        await until(pilot, lambda: screen.earlier is not None and screen.par is not None)
        session = game_session(app)
        await enter(pilot, session.secret_text)
        await until(pilot, lambda: len(Records(path).games()) == 2)
        assert screen.streak() == "Daily streak: 2 days solved unaided."
        await until(pilot, lambda: isinstance(app.screen, ShareScreen))
        note = str(app.screen.query_one("#share-note").render())
        assert note.startswith("Daily streak: 2 days")
    newest = Records(path).games()[0]
    assert newest.mode == "daily" and not newest.practice and newest.won
    (summary,) = Records(path).summaries()
    assert summary.daily_streak == 2
