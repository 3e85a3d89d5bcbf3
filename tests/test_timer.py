"""The game clock: every game a person breaks records its time, first guess to last
answer, paused while a dialog is open or the app is suspended; shown at the end and in
the replay; `--timed` shows a live clock, puts the time in the daily's share and keeps
timed games as figures of their own."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from app_helpers import enter, game_session, message, records_read, until
from textual.widgets import Static

from engine import Answer, CodeSpace
from mastermind_tui.cli.launch import given, opening
from mastermind_tui.cli.records import format_summary
from mastermind_tui.game.clock import GameClock, clock_text
from mastermind_tui.game.daily import share_block
from mastermind_tui.game.session import GameSession
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game
from mastermind_tui.screens.help import HelpScreen
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.screens.records import RecordsScreen
from mastermind_tui.screens.replay import ReplayScreen


class Now:
    """A time source the test moves on by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> Now:
    held = Now()
    monkeypatch.setattr("mastermind_tui.game.clock.monotonic", held)
    return held


def test_the_clock_runs_from_the_first_guess_to_the_end_less_its_pauses() -> None:
    t = Now()
    clock = GameClock(t)
    t.t += 30  # thinking before the first guess is not counted
    assert clock.seconds is None and not clock.started
    clock.start()
    t.t += 10
    clock.pause()  # a dialog
    clock.pause()  # and the app suspended over it
    t.t += 100
    clock.resume()
    t.t += 5  # still paused: one pause is left
    clock.resume()
    clock.start()  # a later guess changes nothing
    t.t += 2
    assert clock.seconds == 12
    clock.stop()
    t.t += 50
    assert clock.seconds == 12


def test_a_pause_before_the_first_guess_holds_until_it_ends() -> None:
    t = Now()
    clock = GameClock(t)
    clock.pause()
    clock.start()
    t.t += 20
    clock.resume()
    t.t += 3
    assert clock.seconds == 3


@pytest.mark.parametrize(
    ("seconds", "text"), [(0.4, "0:00"), (42.9, "0:42"), (725, "12:05"), (3723, "1:02:03")]
)
def test_a_time_reads_as_a_clock(seconds: float, text: str) -> None:
    assert clock_text(seconds) == text


def test_every_game_a_person_breaks_records_its_time(now: Now) -> None:
    session = GameSession(Settings.build(seed=3))
    secret = session.secret_text
    now.t += 99
    session.guess("RRGG" if secret != "RRGG" else "BBWW")
    now.t += 40
    session.guess(secret)
    now.t += 10
    assert session.finished is not None and session.finished.seconds == 40
    assert not session.finished.timed and "0:40" not in session.status()


async def test_a_timed_game_shows_a_live_clock_paused_by_a_dialog(now: Now, tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    args = build_parser().parse_args(["play", "--timed", "--seed", "3"])
    app = MastermindApp(opening(args, given(args), {}), records=path)
    async with app.run_test(size=(80, 24)) as pilot:
        session = game_session(app)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        status = screen.query_one("#status", Static)
        await enter(pilot, "RRGG" if session.secret_text != "RRGG" else "BBWW")
        now.t += 42
        await until(pilot, lambda: str(status.render()).endswith(" · 0:42"))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        now.t += 600  # reading the help: not counted
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        app.app_suspend_signal.publish(app)  # Ctrl+Z, and back an hour later
        now.t += 3600
        app.app_resume_signal.publish(app)
        now.t += 3
        await until(pilot, lambda: str(status.render()).endswith(" · 0:45"))
        await enter(pilot, session.secret_text)
        assert "YOU GUESSED IT IN 2 MOVES! Your time: 0:45." in " ".join(message(pilot).split())
        await until(pilot, lambda: path.exists() and Records(path).games())
        (kept,) = Records(path).games()
        assert kept.timed and kept.seconds == 45
        (summary,) = Records(path).summaries()
        assert summary.timed and summary.best_seconds == 45
        assert summary.as_json()["timed"] is True and summary.as_json()["best_seconds"] == 45
        assert "10 moves at most, timed" in format_summary(summary)
        assert "  time to win: average 0:45, best 0:45" in format_summary(summary)
        await pilot.press("f8")
        await until(pilot, lambda: isinstance(app.screen, RecordsScreen))
        await until(pilot, lambda: records_read(pilot))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        title = str(app.screen.query_one("#replay-title", Static).render())
        assert "(timed)" in title and "solved in 2 moves, in 0:45." in title


def test_timed_games_are_figures_apart_from_the_others(tmp_path: Path, now: Now) -> None:
    records = Records(tmp_path / "r.sqlite3")

    def keep(game: Game) -> None:
        records.add(game)

    for timed in (False, True):
        session = GameSession(Settings.build(seed=3, timed=timed), recorder=keep)
        session.guess(session.secret_text)
    plain, timed_ = records.summaries()
    assert (plain.timed, plain.played, timed_.timed, timed_.played) == (False, 1, True, 1)
    assert plain.best_seconds is None and timed_.best_seconds == 0


def test_a_timed_daily_shares_its_time() -> None:
    block = share_block(CodeSpace(6, 4), date(2026, 11, 29), [Answer(4, 0)], True, None, seconds=83)
    assert block.splitlines()[0] == "Mastermind daily 2026-11-29 6x4: 1 guess, in 1:23"
