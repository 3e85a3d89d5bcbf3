"""What a first player found playing a fresh install at 80x24: an
Enter typed before the first frame, a peg row kept through a terminal too small, the
statistics screen's Escape and ticks, the daily puzzle named, small wording."""

from __future__ import annotations

from typing import Any

import pytest
from app_helpers import enter, idle, ready, until
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select, Static
from textual.widgets._footer import FooterKey

from engine import STRATEGIES
from mastermind_tui.app.retro import RetroApp
from mastermind_tui.cli.launch import given, opening
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser
from mastermind_tui.navigation import Start
from mastermind_tui.retro.screen import TeletypeScreen
from mastermind_tui.screens.daily import DailyScreen, ShareScreen
from mastermind_tui.screens.home import HomeScreen
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.screens.stats import StatsScreen
from mastermind_tui.widgets.peg_row import PegBoard


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


@pytest.mark.slow
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


@pytest.mark.slow
async def test_the_peg_row_keeps_the_keys_and_its_draft_through_a_terminal_too_small() -> None:
    """F7, r (R in the first place, the cursor on the second), 40x12 (too small), 80x24:
    the row has the keys again, its R and its cursor where they were."""
    async with play_app().run_test(size=(80, 24)) as pilot:
        screen = await on_play(pilot)
        await pilot.press("f7")
        board = screen.query_one(PegBoard)
        await until(pilot, lambda: board.has_focus)
        await pilot.press("r")
        await until(pilot, lambda: "R[·]" in next_row(screen))
        drawn = next_row(screen)
        await pilot.resize_terminal(40, 12)
        await until(pilot, lambda: screen.has_class("-too-small"))
        await idle(pilot)
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: not screen.has_class("-too-small"))
        await until(pilot, lambda: board.has_focus and screen.has_class("-pegs"))
        assert next_row(screen) == drawn
        await pilot.press("g")  # the keys still set its pegs
        await until(pilot, lambda: "R G[·]" in next_row(screen))


def next_row(screen: PlayScreen) -> str:
    lines = str(screen.query_one(PegBoard).render()).splitlines()
    return lines[len(screen.session.rows())]


@pytest.mark.slow
async def test_escape_leaves_statistics_and_its_ticks_are_kept() -> None:
    """F6: tick optimal, Escape goes home (no run to cancel), F6 again: optimal still
    ticked, with the three it had."""
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        before = stats.selected()
        assert "optimal" not in before
        stats.query_one("#strategy-optimal", Checkbox).value = True
        await until(pilot, lambda: "optimal" in stats.selected())
        await idle(pilot)
        await until(pilot, lambda: "Back" in footer(pilot))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        again = app.screen
        assert isinstance(again, StatsScreen) and again is not stats
        assert again.selected() == sorted({*before, "optimal"}, key=list(STRATEGIES).index)


def footer(pilot: Pilot[Any]) -> str:
    return " ".join(str(key.render()) for key in pilot.app.screen.query(FooterKey))


def daily_app(*date: str) -> MastermindApp:
    args = build_parser().parse_args(["daily", *date])
    return MastermindApp(opening(args, given(args), {}))


def status(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#status", Static).render())


@pytest.mark.slow
async def test_the_daily_puzzle_is_named_its_footer_fits_80_columns_and_c_says_copied() -> None:
    async with daily_app("--date", "2026-01-01").run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(pilot.app.screen, DailyScreen))
        screen = pilot.app.screen
        assert isinstance(screen, DailyScreen)
        await until(pilot, lambda: screen.par is not None)
        await idle(pilot)
        assert status(pilot).startswith("Daily 2026-01-01 · move 1 of 10")
        await until(pilot, lambda: "Pegs" in footer(pilot))  # the footer drawn (CI: late)
        assert "Share" not in footer(pilot)  # no room, nor use, before the end
        await pilot.press("f6")
        await until(pilot, lambda: "once the puzzle is over" in screen.command_line.said)
        assert status(pilot).endswith("· practice (an earlier day)")
        await enter(pilot, screen.session.secret_text)
        await until(pilot, lambda: isinstance(pilot.app.screen, ShareScreen))
        share = pilot.app.screen
        note = share.query_one("#share-note", Static)
        assert "Copied" not in str(note.render())
        await pilot.press("c")
        await until(pilot, lambda: str(note.render()).startswith("✓ Copied"))
        await pilot.press("c")  # each press shows
        await until(pilot, lambda: "again (2)" in str(note.render()))
        await pilot.press("escape")
        await until(pilot, lambda: pilot.app.screen is screen)
        await until(pilot, lambda: "Share" in footer(pilot))
        assert "Pegs" not in footer(pilot)


@pytest.mark.slow
async def test_todays_puzzle_made_practice_by_undo_says_why() -> None:
    """(It said "practice (an earlier day)"; today's date is the app's, not read here.)"""
    async with daily_app().run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(pilot.app.screen, DailyScreen))
        assert status(pilot).startswith("Daily ") and "practice" not in status(pilot)
        await enter(pilot, "RRGG")
        await enter(pilot, "UNDO")
        assert status(pilot).endswith("· practice (UNDO used)")


@pytest.mark.slow
async def test_undo_before_a_guess_and_a_practice_assisted_status_on_one_line() -> None:
    """UNDO first says so as the app's other lines do; after a guess, UNDO and F9 the
    status line ("… practice (UNDO used), assisted") keeps to one line of 80 columns."""
    async with play_app(colours=6, positions=4).run_test(size=(80, 24)) as pilot:
        screen = await on_play(pilot)
        await enter(pilot, "UNDO")
        assert screen.command_line.said == "There is no guess to take back yet."
        await enter(pilot, "RRGG")
        await enter(pilot, "UNDO")
        await pilot.press("f9")
        await until(pilot, lambda: status(pilot).endswith("· practice (UNDO used), assisted"))
        await until(pilot, lambda: screen.query_one("#status").size.height == 1)


@pytest.mark.slow
async def test_a_row_number_stands_apart_from_pegs_written_as_numbers() -> None:
    async with play_app(notation="numbers").run_test(size=(80, 24)) as pilot:
        screen = await on_play(pilot)
        await enter(pilot, "1 1 2 2")
        board = str(screen.query_one(PegBoard).render()).splitlines()
        assert board[0].startswith(" 1. 1 1 2 2 ") and board[1].startswith(" 2. ·")
