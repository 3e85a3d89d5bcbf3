"""The home screen: choose a game; errors are explained and what was typed is kept."""

from __future__ import annotations

import pytest
from app_helpers import until
from textual.widgets import Input, Select

from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.screens.home import HomeScreen
from mastermind_tui.screens.make import MakeScreen
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.screens.watch import WatchScreen


def error(app: MastermindApp) -> str:
    assert isinstance(app.screen, HomeScreen)
    return app.screen.form.error


async def test_too_many_colours_for_letters_is_explained() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        app.screen.query_one("#colours", Input).value = "9"
        await pilot.press("ctrl+s")
        assert "letters notation can show at most 8 colours" in error(app)
        assert app.screen.query_one("#colours", Input).value == "9"
        app.screen.query_one("#notation", Select).value = "digits"
        app.screen.query_one("#positions", Input).value = "abc"
        await pilot.press("ctrl+s")
        assert "positions must be a whole number" in error(app)
        app.screen.query_one("#positions", Input).value = "3"
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, PlayScreen)
        assert app.screen.session.space.colours == 9


async def test_enter_in_a_field_starts_the_chosen_mode() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.query_one("#mode", Select).value = "make"
        app.screen.query_one("#rounds", Input).focus()
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, MakeScreen)


async def test_watch_with_a_bad_secret_then_a_good_one() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.query_one("#mode", Select).value = "watch"
        app.screen.query_one("#secret", Input).value = "XYZQ"
        await pilot.press("ctrl+s")
        assert "'X' is not a colour" in error(app)
        app.screen.query_one("#secret", Input).value = "rgoy"
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, WatchScreen)


async def test_f5_returns_home_from_a_game() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, PlayScreen)
        await pilot.press("f5")
        assert isinstance(app.screen, HomeScreen)


@pytest.mark.slow
async def test_f1_opens_help_and_q_or_escape_close_it_as_in_a_game() -> None:
    """F1, then q or Escape, on the home screen as in a game; q typed in
    a field stays in the field (it is never a key of its own on the home screen)."""
    from mastermind_tui.screens.help import HelpScreen

    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for close in ("q", "escape", "f1"):
            await pilot.press("f1")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press(close)
            assert isinstance(app.screen, HomeScreen)
        secret = app.screen.query_one("#secret", Input)
        secret.focus()
        await pilot.press("q", "escape")
        assert isinstance(app.screen, HomeScreen) and secret.value == "q"
        assert app.return_code is None


async def test_f6_opens_statistics_for_the_size_typed_here() -> None:
    """F6 ignored the colours and positions typed on the home screen."""
    from mastermind_tui.screens.stats import StatsScreen

    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.query_one("#colours", Input).value = "5"
        app.screen.query_one("#positions", Input).value = "3"
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.query_one("#colours", Input).value == "5"
        assert app.screen.query_one("#positions", Input).value == "3"


async def test_enter_on_the_mode_list_starts_as_the_title_says() -> None:
    """Enter on the focused mode list opened its drop-down."""
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.focused is app.screen.query_one("#mode", Select)
        assert "Start (Enter or Ctrl+S)" in str(app.screen.query_one("#home-title").render())
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, PlayScreen)


async def test_space_ticks_a_box_and_enter_on_it_starts() -> None:
    """Enter starts wherever the focus is on the form; on a checkbox it
    ticked the box instead. Space ticks it."""
    from textual.widgets import Checkbox

    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        box = app.screen.query_one("#lab", Checkbox)
        box.focus()
        await pilot.press("space")
        assert box.value
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, PlayScreen) and app.screen.session.settings.lab
