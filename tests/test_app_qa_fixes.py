"""What a QA tester found playing a fresh install at 80x24 (QA report points 2 to 6): an
Enter typed before the first frame, a peg row kept through a terminal too small, the
statistics screen's Escape and ticks, the daily puzzle named, small wording."""

from __future__ import annotations

from typing import Any

from app_helpers import idle, ready, until
from textual.pilot import Pilot
from textual.widgets import Input, Select

from mastermind_tui.app.retro import RetroApp
from mastermind_tui.app.shell import MastermindApp
from mastermind_tui.game.settings import Settings
from mastermind_tui.navigation import Start
from mastermind_tui.retro.screen import TeletypeScreen
from mastermind_tui.screens.home import HomeScreen
from mastermind_tui.screens.play import PlayScreen


def play_app(**kwargs: Any) -> MastermindApp:
    return MastermindApp(Start(Settings.build(seed=3, **kwargs)))


async def on_play(pilot: Pilot[Any]) -> PlayScreen:
    await ready(pilot)
    await until(pilot, lambda: isinstance(pilot.app.screen, PlayScreen))
    screen = pilot.app.screen
    assert isinstance(screen, PlayScreen)
    return screen


async def test_ctrl_j_takes_the_command_line_as_enter_does() -> None:
    """A terminal still in cooked mode turns Enter into a line feed (ctrl+j)."""
    async with play_app().run_test(size=(80, 24)) as pilot:
        screen = await on_play(pilot)
        screen.query_one("#command", Input).focus()
        await pilot.press("R", "R", "G", "G", "ctrl+j")
        await until(pilot, lambda: len(screen.session.rows()) == 1)
        assert screen.query_one("#command", Input).value == ""


async def test_ctrl_j_on_the_home_screen_starts_the_game() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.screen.query_one("#mode", Select).focus()
        await pilot.press("ctrl+j")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))


async def test_ctrl_j_takes_the_teletypes_line() -> None:
    app = RetroApp(gwbasic_rnd=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, TeletypeScreen)
        await pilot.press("6", "ctrl+j")
        await until(pilot, lambda: "NUMBER OF COLORS? 6\n" in screen.printed)
        await idle(pilot)
