"""A new mode is one entry in the table (``modes.COMMANDS``): a throwaway mode with an
option of its own, added in one place, is seen by the parser, the home screen, the
palette, help and records, and nothing else names it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import enter, screen_text, until
from textual.command import CommandList, CommandPalette
from textual.widgets import Select

from mastermind_tui.app.shell import MastermindApp
from mastermind_tui.cli.launch import given, opening
from mastermind_tui.cli.parser import build_parser
from mastermind_tui.game import modes
from mastermind_tui.game.modes import CHOOSE, Command, Mode, Option, Palette
from mastermind_tui.game.session import GameSession
from mastermind_tui.game.settings import Settings
from mastermind_tui.navigation import Start
from mastermind_tui.records.store import Records
from mastermind_tui.screens.help import HelpScreen
from mastermind_tui.screens.home import HomeScreen
from mastermind_tui.screens.play import PlayScreen

TRIAL = Command(
    "trial",
    "a throwaway mode a test adds",
    "launch:game",
    ("game", "no-record"),
    screen=True,
    records=True,
    mode=Mode(
        "A throwaway trial",
        ("person",),
        "opening:game",
        "a mode made up by a test, to be seen everywhere",
        record="trial-game",
    ),
    palette=Palette("Trial", "The throwaway trial mode", CHOOSE, 9),
    own=(Option("--trial-hard", "a switch of the trial's own"),),
)


@pytest.fixture
def trial() -> Iterator[Command]:
    remove = modes.add(TRIAL)
    yield TRIAL
    remove()


def test_the_parser_takes_the_mode_and_its_own_option(trial: Command) -> None:
    args = build_parser().parse_args(["trial", "--trial-hard", "--colours", "5", "--seed", "2"])
    start = opening(args, given(args), {})
    assert start.settings.mode == "trial" and start.settings.rules.colours == 5
    assert dict(start.options) == {"trial_hard": True}
    assert start.secret is None and start.strategies == ()
    assert "trial" in build_parser().format_help()
    assert build_parser().parse_args(["trial"]).trial_hard is False


@pytest.mark.slow
async def test_the_home_screen_offers_it_with_its_fields_and_starts_it(trial: Command) -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        mode = app.screen.query_one("#mode", Select)
        assert ("A throwaway trial", "trial") in [(str(t), v) for t, v in mode._options]
        mode.value = "trial"
        await until(pilot, lambda: not app.screen.query_one("#field-lab").display)
        assert not app.screen.query_one("#field-secret").display  # not among its fields
        assert app.screen.query_one("#field-colours").display
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert isinstance(app.screen, PlayScreen)
        assert app.screen.session.settings.mode == "trial"


@pytest.mark.slow
async def test_the_palette_and_help_show_it(trial: Command) -> None:
    app = MastermindApp()
    async with app.run_test(size=(100, 60)) as pilot:  # the whole help page in view
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        entries = {c.title: c for c in app.get_system_commands(app.screen)}
        assert entries["Trial"].help == "The throwaway trial mode"
        app.push_screen(HelpScreen("home"))
        await until(pilot, lambda: "A throwaway trial" in screen_text(pilot))
        assert "made up by a test" in screen_text(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"trial")
        listed = app.screen.query_one(CommandList)

        def offered() -> bool:
            first = listed.get_option_at_index(0) if listed.option_count else None
            return first is not None and "Trial" in str(first.prompt)

        await until(pilot, offered)
        await pilot.press("down", "enter")
        await until(
            pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.mode == "trial"
        )


async def test_its_games_are_recorded_as_its_kind(trial: Command, tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    settings = Settings.build(mode="trial", colours=3, positions=2, seed=4)
    app = MastermindApp(Start(settings), records=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        await enter(pilot, "QUIT")
        await until(pilot, lambda: bool(Records(path).games()))
    assert [game.mode for game in Records(path).games()] == ["trial-game"]


def test_a_session_records_the_table_s_kind(trial: Command) -> None:
    session = GameSession(Settings.build(mode="trial", colours=3, positions=2, seed=1))
    session.quit_game()
    assert session.finished is not None and session.finished.mode == "trial-game"


def test_taken_out_again_it_is_gone() -> None:
    remove = modes.add(TRIAL)
    remove()
    assert "trial" not in modes.MODES and "trial" not in modes.BY_NAME
    assert all(name != "trial" for name, _ in modes.PALETTE)
