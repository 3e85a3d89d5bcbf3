"""Pilot tests of the teletype screen: typing a game to its end, BOARD, QUIT, bad input."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_helpers import idle, until
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from mastermind_tui.app.retro import RetroApp
from mastermind_tui.retro.screen import CURSOR, TeletypeScreen

DATA = Path(__file__).parent / "data" / "retro"
KEYS = {" ": "space", ",": "comma", '"': "quotation_mark"}


@pytest.fixture(autouse=True)
def _no_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TeletypeScreen, "cursor_blink", False)


async def type_line(pilot: Pilot[Any], line: str) -> None:
    await pilot.press(*(KEYS.get(ch, ch) for ch in line), "enter")


def teletype(app: App[Any]) -> TeletypeScreen:
    screen = app.screen
    assert isinstance(screen, TeletypeScreen)
    return screen


def shown(screen: TeletypeScreen) -> str:
    return str(screen.query_one("#printout", Static).content)


@pytest.mark.slow
async def test_typing_a_whole_game_prints_the_original_transcript() -> None:
    app = RetroApp(gwbasic_rnd=True)
    async with app.run_test(size=(100, 30)) as pilot:
        for line in (DATA / "a_6c4p_full_game.in").read_text().splitlines():
            await type_line(pilot, line)
        screen = teletype(app)
        assert screen.dialogue.finished
        assert screen.printed == (DATA / "a_6c4p_full_game.txt").read_text()
        assert not shown(screen).endswith(CURSOR)
        await pilot.press("x")  # any key leaves once the program has ended
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0


async def test_prompt_cursor_and_upper_case_typing() -> None:
    app = RetroApp(gwbasic_rnd=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = teletype(app)
        assert shown(screen).endswith("NUMBER OF COLORS? " + CURSOR)
        await pilot.press("a", "b", "c", "x", "backspace")
        assert shown(screen).endswith("NUMBER OF COLORS? ABC" + CURSOR)
        await pilot.press("enter")
        assert shown(screen).endswith(
            "NUMBER OF COLORS? ABC\n?Redo from start\nNUMBER OF COLORS? " + CURSOR
        )


@pytest.mark.slow
async def test_board_bad_guess_and_quit() -> None:
    app = RetroApp(gwbasic_rnd=True)
    async with app.run_test(size=(100, 30)) as pilot:
        for line in ["6", "4", "2", "GGRR", "RGBX", "RG,BY", '"BOARD"']:
            await type_line(pilot, line)
        screen = teletype(app)
        assert screen.printed.endswith(
            "MOVE #  2  GUESS ? RGBX\n'X' IS UNRECOGNIZED.\n"
            "MOVE #  2  GUESS ? RG,BY\n?Redo from start\n"
            '? "BOARD"\n\nBOARD\nMOVE     GUESS          BLACK     WHITE\n'
            " 1      GGRR             0         1 \n\nMOVE #  2  GUESS ? "
        )
        await type_line(pilot, "QUIT")
        assert screen.printed.endswith("QUITTER!  MY COMBINATION WAS: WROB\nGOOD BYE\n")
        assert screen.dialogue.finished
        await pilot.press("enter")
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0


async def test_escape_leaves_mid_game() -> None:
    app = RetroApp(seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "6")
        await pilot.press("escape")
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0


async def test_amber_and_pushed_from_another_app() -> None:
    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(TeletypeScreen(amber=True))

    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = teletype(app)
        assert screen.has_class("amber")
        printout = screen.query_one("#printout", Static)
        assert printout.styles.color.hex.lower() == "#ffb000"
        assert printout.size.width == 80
        await pilot.press("escape")  # leaving returns to the app that pushed it
        await until(pilot, lambda: not isinstance(app.screen, TeletypeScreen))
        assert not isinstance(app.screen, TeletypeScreen)


@pytest.mark.slow
async def test_long_sessions_scroll_back() -> None:
    app = RetroApp(gwbasic_rnd=True)
    async with app.run_test(size=(100, 12)) as pilot:
        for line in ["6", "4", "1"] + ["BBBB"] * 9:
            await type_line(pilot, line)
        paper = teletype(app).query_one("#paper")
        await until(pilot, lambda: 0 < paper.max_scroll_y == paper.scroll_y)
        assert paper.max_scroll_y > 0
        assert paper.scroll_y == paper.max_scroll_y  # the prompt is in view


@pytest.mark.slow
async def test_keys_after_the_end_leave_once() -> None:
    """After GOOD BYE two keys raised ScreenStackError in the retro app,
    and from the home screen (F7) left a blank app. The first key leaves, the rest are
    ignored: the retro app ends cleanly, the full-screen app is back on its home screen."""
    from mastermind_tui.modes.app import MastermindApp
    from mastermind_tui.screens.home import HomeScreen

    retro = RetroApp(seed=1)
    async with retro.run_test(size=(120, 36)) as pilot:
        for line in ["6", "4", "1", "QUIT"]:
            await type_line(pilot, line)
        assert teletype(retro).printed.endswith("GOOD BYE\n")
        assert "press any key to leave" in str(retro.screen.query_one("#retro-hint").render())
        await pilot.press("a", "b")
        await until(pilot, lambda: retro.return_code is not None)
    assert retro.return_code == 0

    app = MastermindApp()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("f7")
        await until(pilot, lambda: isinstance(app.screen, TeletypeScreen))
        await idle(pilot)  # mounted in full before the keys come
        for line in ["6", "4", "1", "QUIT"]:
            await type_line(pilot, line)
        assert teletype(app).dialogue.finished
        await pilot.press("a", "b")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await idle(pilot)  # the second key handled too (ignored)
        assert isinstance(app.screen, HomeScreen) and len(app.screen_stack) == 2
        assert app.is_running
