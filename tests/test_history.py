"""A player's history: a rating over time (guesses lost per game against the exact
optimum, against the optimum among codes that fit in hard mode) per size, the last 10
beside all, "none" and why where the optimum is out of reach; hard mode kept apart; the
guess distribution of the daily puzzles at a daily's end; plurals that agree; a daily's
replay that names the puzzle and its date."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from app_helpers import enter, game_session, records_read, until
from textual.widgets import Static

from engine.play.match import Role
from mastermind_tui.cli.records import format_summary
from mastermind_tui.game.daily import distribution
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import main
from mastermind_tui.records.figures import summarise
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game, Move
from mastermind_tui.screens.daily import ShareScreen
from mastermind_tui.screens.records import RecordsScreen
from mastermind_tui.screens.replay import ReplayScreen

SIZE = (6, 4, True)


def rated(losses: list[float], rule: str = "optimal") -> tuple[Move, ...]:
    """Moves rated by ``rule``, each losing what ``losses`` says (the last one wins)."""
    moves = [Move("0 0 1 1", 0, 0, 4.0 + loss, 4.0, "0 1 2 3", rule) for loss in losses]
    return (*moves, Move("2 3 4 5", 4, 0, 1.0, 1.0, "2 3 4 5", rule))


def played(
    moves: tuple[Move, ...],
    n: int = 0,
    hard: bool = False,
    mode: str = "play",
    size: tuple[int, int] = (6, 4),
    day: str | None = None,
    outcome: str = "solved",
    practice: bool = False,
) -> Game:
    when = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(hours=n)
    return Game(
        *size,
        10,
        mode,
        Role.PERSON,
        outcome,
        "knuth",
        moves,
        hard=hard,
        practice=practice,
        day=day,
        finished_at=when.isoformat(timespec="seconds"),
    )


def newest_first(games: list[Game]) -> list[Game]:
    return sorted(games, key=lambda g: g.finished_at, reverse=True)


def test_the_rating_is_guesses_lost_per_game_all_and_the_last_10() -> None:
    games = [played(rated([1.0, 0.5]), n) for n in range(5)]  # 1.5 each, then better
    games += [played(rated([0.25]), 5 + n) for n in range(10)]
    (summary,) = summarise(newest_first(games))
    assert summary.rating is not None
    assert summary.rating.games == 15
    assert summary.rating.lost == pytest.approx((5 * 1.5 + 10 * 0.25) / 15)
    assert summary.rating.recent == pytest.approx(0.25)
    assert summary.rating.history[0] == 1.5 and summary.rating.history[-1] == 0.25
    assert summary.rating_words() == (
        "0.67 guesses lost per game against the optimum (last 10 games: 0.25; 15 games rated)"
    )
    assert summary.as_json()["rating"]["last_10"] == 0.25


def test_hard_mode_is_apart_and_rated_against_the_optimum_among_codes_that_fit() -> None:
    games = [played(rated([1.0])), played(rated([0.5], "optimal-fit"), 1, hard=True)]
    easy, hard = summarise(newest_first(games))
    assert (easy.hard, easy.played, hard.hard, hard.played) == (False, 1, True, 1)
    assert easy.rating is not None and easy.rating.lost == 1.0
    assert hard.rating is not None and hard.rating.against == "optimal-fit"
    assert hard.rating.lost == 0.5
    assert hard.rating_words().startswith(
        "0.50 guesses lost per game against the optimum among codes that fit (last 1 game"
    )
    assert hard.as_json()["hard"] is True and easy.as_json()["hard"] is False
    assert format_summary(hard).splitlines()[0].endswith("10 moves at most, hard mode")


def test_no_rating_says_why() -> None:
    beyond = [played(rated([30.0], "knuth"), size=(8, 5))]
    (summary,) = summarise(beyond)
    assert summary.rating is None
    assert summary.rating_words() == (
        "none (the exact optimum is out of reach on this size (guesses rated by knuth))"
    )
    assert summary.as_json()["rating"] is None
    unrated = [played((Move("0 0 1 1", 4, 0),))]
    (summary,) = summarise(unrated)
    assert summary.no_rating == "no game rated against the optimum yet"


def test_plurals_agree_with_their_numbers() -> None:
    today = datetime.now(UTC).date()
    one = played(rated([]), day=today.isoformat(), mode="daily")
    (summary,) = summarise([one], today)
    text = format_summary(summary)
    assert "daily puzzle: 1 day in a row solved unaided" in text
    assert "1 days" not in text and "1 games" not in text
    assert "(last 1 game: 0.00; 1 game rated)" in text


def test_records_json_and_text_give_the_rating(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.sqlite3"
    monkeypatch.setenv("MASTERMIND_RECORDS", str(path))
    records = Records(path)
    for n in range(3):
        records.add(played(rated([0.5]), n))
    records.add(played(rated([0.25], "optimal-fit"), 4, hard=True))
    assert main(["records", "--json"]) == 0
    easy, hard = json.loads(capsys.readouterr().out)["sizes"]
    assert easy["hard"] is False and hard["hard"] is True
    assert easy["rating"] == {
        "against": "optimal",
        "games": 3,
        "lost_per_game": 0.5,
        "last_10": 0.5,
        "history": [0.5, 0.5, 0.5],
    }
    assert hard["rating"]["against"] == "optimal-fit" and easy["no_rating"] is None
    assert main(["records"]) == 0
    text = capsys.readouterr().out
    assert "  rating: 0.50 guesses lost per game against the optimum (last 3 games" in text
    assert "codes that fit (last 1 game: 0.25; 1 game rated)" in text


async def test_the_records_screen_shows_the_rating_and_hard_mode_apart(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    Records(path).add(played(rated([0.5])))
    Records(path).add(played(rated([0.25], "optimal-fit"), 1, hard=True))
    app = MastermindApp(records=path)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("f8")
        await until(pilot, lambda: isinstance(app.screen, RecordsScreen))
        await until(pilot, lambda: records_read(pilot))
        line = app.screen.query_one("#records-rating", Static)
        await until(pilot, lambda: str(line.render()).startswith("Rating 6x4: 0.50"))
        sizes = app.screen.query_one("#records-sizes")
        sizes.focus()
        await pilot.press("down")
        await until(pilot, lambda: str(line.render()).startswith("Rating 6x4 hard: 0.25"))


def test_the_guess_distribution_of_the_dailies() -> None:
    def daily(n: int, moves: int, won: bool = True) -> Game:
        day = (date(2026, 11, 1) + timedelta(days=n)).isoformat()
        outcome = "solved" if won else "out of moves"
        return played(rated([0.0] * (moves - 1)), 24 * n, mode="daily", day=day, outcome=outcome)

    earlier = [daily(0, 4), daily(1, 4), daily(2, 3), daily(3, 10, won=False)]
    today = daily(4, 3)
    assert distribution(earlier, SIZE, today) == [
        "Your daily puzzles of this size: 5 days, 4 solved",
        " 3 ████████████████████████ 2 ◀ today",
        " 4 ████████████████████████ 2",
        " X ████████████ 1",
    ]
    practice = played(rated([]), 200, mode="daily", day="2026-11-02", practice=True)
    assert distribution([practice], SIZE, None) == []  # none counted: no distribution


async def test_a_daily_s_end_shows_the_distribution_and_a_practice_replay_names_the_daily(
    tmp_path: Path,
) -> None:
    from mastermind_tui.cli.launch import given, opening
    from mastermind_tui.modes.main import build_parser

    path = tmp_path / "r.sqlite3"
    yesterday = datetime.now(UTC).date() - timedelta(days=1)
    Records(path).add(played(rated([0.0] * 3), mode="daily", day=yesterday.isoformat()))
    args = build_parser().parse_args(["daily", "--date", "2026-01-01"])
    app = MastermindApp(opening(args, given(args), {}), records=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await enter(pilot, game_session(app).secret_text)
        await until(pilot, lambda: isinstance(app.screen, ShareScreen))
        note = str(app.screen.query_one("#share-note", Static).render())
        assert "Your daily puzzles of this size: 1 day, 1 solved\n 4 " in note
        assert "◀ today" not in note  # an earlier day's replay: practice, not counted
        await pilot.press("escape")
        await until(pilot, lambda: len(Records(path).games()) == 2)
        await pilot.press("f5")
        await pilot.press("f8")
        await until(pilot, lambda: isinstance(app.screen, RecordsScreen))
        await until(pilot, lambda: records_read(pilot))
        await pilot.press("enter")  # the newest game: the replay just played
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        title = str(app.screen.query_one("#replay-title", Static).render())
        assert title.startswith("You (practice) on 6 colours x 4 positions, the daily puzzle ")
        assert "of 2026-01-01, played " in title
