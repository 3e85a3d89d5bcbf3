"""The daily puzzle's rules are the day's: every option of `daily` is allowed or refused
in one line naming it, nothing remembered from the home screen sets its rules, and the
home screen's daily form offers only what the daily takes and says whether today's
puzzle is played and when the next one comes."""

from __future__ import annotations

import argparse
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from app_helpers import game_session, until
from textual.widgets import Input, Select, Static

from engine.answers import CLASSIC
from engine.play.match import Role
from mastermind_tui.cli.launch import game
from mastermind_tui.game import preferences
from mastermind_tui.game.daily import day_settings, differing, next_puzzle_in, today_line
from mastermind_tui.game.kinds import DAILY
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.daily import REFUSED
from mastermind_tui.modes.main import COMMANDS, build_parser, main
from mastermind_tui.navigation import Start
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game, Move
from mastermind_tui.screens.daily import DailyScreen
from mastermind_tui.screens.home import HomeScreen

#: What the daily takes: the size (each has its own puzzle), how codes are written, hard
#: mode, the clock, an earlier date as practice, copying the share block, keeping no record.
ALLOWED = {
    "-h",
    "--colours",
    "--positions",
    "--repeats",
    "--notation",
    "--hard",
    "--timed",
    "--no-record",
    "--date",
    "--copy",
}


def daily_options() -> set[str]:
    (daily,) = (c for c in COMMANDS if c.name == "daily")
    parser = argparse.ArgumentParser()
    daily.arguments(parser)
    return {a.option_strings[0] for a in parser._actions}


def test_every_option_of_daily_is_allowed_or_refused() -> None:
    refused = {r.flag for r in REFUSED}
    assert daily_options() == ALLOWED | refused
    assert refused == {
        "--moves",
        "--rounds",
        "--seed",
        "--strategy",
        "--max-guesses",
        "--preset",
        "--answers",
    }


def test_the_help_lists_the_refused_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--help"]) == 0
    help_text = capsys.readouterr().out
    assert "refused (the puzzle's rules are the day's, the same for everyone):" in help_text
    for refusal in REFUSED:
        assert f"  {refusal.flag} {refusal.metavar}" in help_text


@pytest.mark.parametrize(("flag", "value"), [(r.flag, "2") for r in REFUSED])
def test_a_refused_option_is_one_line_naming_it(
    flag: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["daily", flag, value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"mastermind: `mastermind daily` takes no {flag}: ")


def test_the_move_limit_s_refusal_says_where_a_limit_is_played() -> None:
    (moves,) = (r for r in REFUSED if r.flag == "--moves")
    assert moves.why == (
        "the move limit is the day's (10); `mastermind play --moves N` plays with yours"
    )


def test_remembered_home_values_set_the_size_never_the_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game started from the home screen with the mini preset (6 moves), 3 rounds, a
    strategy: `mastermind daily` takes its size only, and says so."""
    monkeypatch.setenv(preferences.ENVIRONMENT, str(tmp_path))
    (tmp_path / "preferences.json").write_text(
        '{"theme": null, "settings": {"mode": "play", "colours": 8, "positions": 5, '
        '"moves": 6, "rounds": 3, "strategy": "entropy"}}'
    )
    started: list[tuple[Start | None, str]] = []

    def launch(start: Start | None, record: bool, kept: object, note: str) -> int:
        started.append((start, note))
        return 0

    monkeypatch.setattr("mastermind_tui.cli.launch.check_screen", lambda args: None)
    assert game(build_parser().parse_args(["daily"]), launch) == 0
    ((start, note),) = started
    assert start is not None
    rules = start.settings.rules
    assert (rules.colours, rules.positions, rules.max_moves, rules.rounds) == (8, 5, 10, 1)
    assert start.settings.seed is None and start.settings.strategy == "knuth"
    assert note == "Remembered from last time: colours 8, positions 5"


def test_the_day_s_settings_keep_the_player_s_size_and_nothing_else() -> None:
    chosen = {"colours": 5, "moves": 3, "rounds": 2, "strategy": "entropy", "seed": 9}
    black = Settings.of({**chosen, "answers": "black", "hard": True}, DAILY)
    assert differing(black.rules) == ("a 3-move limit", "2 rounds", "black pegs only")
    day = day_settings(black)
    assert (day.rules.colours, day.rules.max_moves, day.rules.rounds) == (5, 10, 1)
    assert day.rules.answers is CLASSIC and differing(day.rules) == ()
    assert (day.strategy, day.seed, day.hard) == ("knuth", None, True)


def test_the_next_puzzle_comes_at_midnight_utc() -> None:
    assert next_puzzle_in(datetime(2026, 11, 29, 19, 0, tzinfo=UTC)) == "5 h"
    assert next_puzzle_in(datetime(2026, 11, 29, 23, 20, tzinfo=UTC)) == "40 min"
    assert next_puzzle_in(datetime(2026, 11, 29, 23, 59, 59, tzinfo=UTC)) == "1 min"


def daily(
    day: date,
    outcome: str = "solved",
    moves: int = 4,
    size: tuple[int, int] = (6, 4),
    practice: bool = False,
) -> Game:
    return Game(
        *size,
        10,
        "daily",
        Role.PERSON,
        outcome,
        "knuth",
        tuple(Move("0 0 1 1", 0, 0) for _ in range(moves)),
        practice=practice,
        day=day.isoformat(),
        finished_at=f"{day.isoformat()}T12:00:00+00:00",
    )


def test_today_s_line_says_whether_it_is_played_how_and_the_streak() -> None:
    now = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)
    today, size = now.date(), (6, 4, True)
    yesterday = daily(today - timedelta(days=1), moves=5)
    assert today_line([yesterday], size, now) == (
        "Today's puzzle: not played yet · next puzzle in 5 h (UTC)"
    )
    games = [daily(today), yesterday]
    assert today_line(games, size, now, 4) == (
        "Today's puzzle: solved in 4, par 4, streak 2 · next puzzle in 5 h (UTC)"
    )
    lost = [daily(today, "out of moves", moves=10), yesterday]
    assert today_line(lost, size, now) == (
        "Today's puzzle: not solved in 10 guesses, streak 0 · next puzzle in 5 h (UTC)"
    )
    other = [daily(today, size=(8, 5))]
    assert today_line(other, size, now).startswith("Today's puzzle: not played yet")
    practice = [daily(today, practice=True)]
    assert today_line(practice, size, now).startswith("Today's puzzle: not played yet")


async def test_the_home_daily_form_offers_what_the_daily_takes_and_says_today_s(
    tmp_path: Path,
) -> None:
    path = tmp_path / "r.sqlite3"
    Records(path).add(daily(datetime.now(UTC).date(), moves=3))
    app = MastermindApp(records=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        home = app.screen
        home.query_one("#moves", Input).value = "6"  # as the play form left it
        home.query_one("#mode", Select).value = "daily"
        line = home.query_one("#today", Static)
        await until(pilot, lambda: ", par " in str(line.render()))
        said = str(line.render())
        assert said.startswith("Today's puzzle: solved in 3, par 4, streak 1 · next puzzle in ")
        assert said.endswith(" (UTC)")
        shown = {w.id for w in home.query(".field") if w.display}
        assert "field-moves" not in shown and "field-rounds" not in shown
        assert {"field-colours", "field-positions", "field-hard"} <= shown
        home.query_one("#colours", Input).value = "5"
        await until(pilot, lambda: "not played yet" in str(line.render()))
        home.query_one("#mode", Select).value = "play"
        await until(pilot, lambda: not line.display)
        home.query_one("#mode", Select).value = "daily"
        await until(pilot, lambda: line.display)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, DailyScreen))
        assert game_session(app).rules.max_moves == 10  # not the 6 on the play form
