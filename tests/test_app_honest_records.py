"""Honest records. A game in which HINT named a code (or WHATIF was
used) is recorded as assisted; a game left with a guess played
(F5 then Leave, Ctrl+Q, a closed browser tab)
is recorded as abandoned and ends the streak."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import enter, game_session, message, until
from textual import messages
from textual.widgets import Static

from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.records.store import Records
from mastermind_tui.screens.dialogs import Confirm
from mastermind_tui.screens.home import HomeScreen

SIZE = (80, 24)


def app_for(path: Path, **kwargs: object) -> MastermindApp:
    return MastermindApp(Start(Settings.build(**kwargs)), records=path)  # type: ignore[arg-type]


def wrong(secret: str) -> str:
    return "BBBB" if secret != "BBBB" else "WWWW"


async def test_a_hint_that_names_a_code_makes_the_game_assisted(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    app = app_for(path, seed=11)
    async with app.run_test(size=SIZE) as pilot:
        session = game_session(app)
        await enter(pilot, "HINT")  # a count only: still unaided
        assert not session.assisted
        await enter(pilot, "HINT")  # names a code
        assert session.assisted and "HINT: try" in message(pilot)
        assert "assisted" in str(app.screen.query_one("#status", Static).render())
        await enter(pilot, session.secret_text)
        await until(pilot, lambda: path.exists() and Records(path).games())
    (kept,) = Records(path).games()
    assert kept.won and kept.assisted and not kept.abandoned
    (summary,) = Records(path).summaries()
    assert (summary.played, summary.won, summary.assisted, summary.assisted_won) == (0, 0, 1, 1)


async def test_leaving_with_f5_records_the_game_as_abandoned(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    app = app_for(path, seed=12)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, wrong(game_session(app).secret_text))
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await until(pilot, lambda: path.exists() and Records(path).games())
    (left,) = Records(path).games()
    assert left.abandoned and left.outcome == "abandoned" and len(left.moves) == 1
    (summary,) = Records(path).summaries()
    assert (summary.played, summary.won, summary.streak, summary.abandoned) == (1, 0, 0, 1)


async def test_quitting_the_app_records_the_game_as_abandoned(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    app = app_for(path, seed=13)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, wrong(game_session(app).secret_text))
        await pilot.press("ctrl+q")
    (left,) = Records(path).games()
    assert left.abandoned and len(left.moves) == 1


async def test_an_exit_not_through_exit_records_the_game_as_abandoned(tmp_path: Path) -> None:
    """Under ``mastermind serve`` a closed browser tab reaches the app as textual-serve's
    "quit", on which Textual's web driver posts ExitApp itself, not through ``App.exit``
    (tests/test_serve_browser.py closes a real tab)."""
    path = tmp_path / "r.sqlite3"
    app = app_for(path, seed=15)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, wrong(game_session(app).secret_text))
        app.post_message(messages.ExitApp())
        await until(pilot, lambda: path.exists() and bool(Records(path).games()))
    (left,) = Records(path).games()
    assert left.abandoned and len(left.moves) == 1


async def test_leaving_before_any_guess_records_nothing(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    app = app_for(path, seed=14)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("ctrl+q")
    assert not path.exists() or not Records(path).games()


@pytest.mark.slow
async def test_f1_opens_help_on_records_statistics_and_a_replay(tmp_path: Path) -> None:
    from mastermind_tui.screens.help import HelpScreen, Page
    from mastermind_tui.screens.records import RecordsScreen
    from mastermind_tui.screens.stats import StatsScreen

    app = MastermindApp()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("f8")
        await until(pilot, lambda: isinstance(app.screen, RecordsScreen))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert getattr(app.screen, "page", None) is Page.RECORDS
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, RecordsScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert getattr(app.screen, "page", None) is Page.STATS
