"""A new mode is one class (``mastermind_tui.modes``) handed to the command line and the
app with the others: a throwaway mode with an option of its own is seen by the parser,
the home screen, the palette, help and records, and nothing else names it."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from app_helpers import enter, screen_text, until
from textual.command import CommandList, CommandPalette
from textual.widgets import Select

from engine.play.match import Role
from mastermind_tui.cli import options
from mastermind_tui.cli.launch import given, opening
from mastermind_tui.cli.main import main
from mastermind_tui.cli.parser import build_parser
from mastermind_tui.game.kinds import GameKind, Palette
from mastermind_tui.game.session import GameSession
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.base import Mode
from mastermind_tui.modes.main import COMMANDS
from mastermind_tui.navigation import Start
from mastermind_tui.records.store import Records
from mastermind_tui.screens.help import HelpScreen
from mastermind_tui.screens.home import HomeScreen
from mastermind_tui.screens.play import PlayScreen

if TYPE_CHECKING:
    from textual.screen import Screen

    from mastermind_tui.navigation import Recorder

TRIAL_KIND = GameKind(
    "trial",
    "A throwaway trial",
    (Role.PERSON,),
    "a mode made up by a test, to be seen everywhere",
    record="trial-game",
)


@dataclass(frozen=True)
class TrialOptions:
    trial_hard: bool = False


class Trial(Mode):
    name = "trial"
    summary = "a throwaway mode a test adds"
    kind = TRIAL_KIND
    palette = Palette("Trial", "The throwaway trial mode", 9)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.game(parser)
        options.no_record(parser)
        parser.add_argument("--trial-hard", action="store_true", help="a switch of its own")

    def options(self, args: argparse.Namespace) -> TrialOptions:
        return TrialOptions(args.trial_hard)

    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        from mastermind_tui.screens.opening import session_screen

        session = GameSession(start.settings)
        session.recorder = recorder
        return session_screen(session)


WITH_TRIAL = (*COMMANDS, Trial())


def test_the_parser_takes_the_mode_and_its_own_option(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser(WITH_TRIAL)
    args = parser.parse_args(["trial", "--trial-hard", "--colours", "5", "--seed", "2"])
    start = opening(args, given(args), {})
    assert start.settings.mode is TRIAL_KIND and start.settings.rules.colours == 5
    assert start.options == TrialOptions(trial_hard=True)
    assert start.secret is None and start.strategies == ()
    assert build_parser(WITH_TRIAL).parse_args(["trial"]).trial_hard is False
    assert main(WITH_TRIAL, ["--help"]) == 0
    assert "a throwaway mode a test adds" in capsys.readouterr().out
    assert main(WITH_TRIAL, ["trial", "--help"]) == 0
    assert "--trial-hard" in capsys.readouterr().out


@pytest.mark.slow
async def test_the_home_screen_offers_it_with_its_fields_and_starts_it() -> None:
    app = MastermindApp(commands=WITH_TRIAL)
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
        assert app.screen.session.settings.mode is TRIAL_KIND


@pytest.mark.slow
async def test_the_palette_and_help_show_it() -> None:
    app = MastermindApp(commands=WITH_TRIAL)
    async with app.run_test(size=(100, 60)) as pilot:  # the whole help page in view
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        entries = {c.title: c for c in app.get_system_commands(app.screen)}
        assert entries["Trial"].help == "The throwaway trial mode"
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
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
            pilot,
            lambda: isinstance(app.screen, HomeScreen) and app.screen.mode is TRIAL_KIND,
        )


async def test_its_games_are_recorded_as_its_kind(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    settings = Settings.build(mode=TRIAL_KIND, colours=3, positions=2, seed=4)
    app = MastermindApp(Start(settings), records=path, commands=WITH_TRIAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        await enter(pilot, "QUIT")
        await until(pilot, lambda: bool(Records(path).games()))
    assert [game.mode for game in Records(path).games()] == ["trial-game"]


def test_a_session_records_the_mode_s_kind() -> None:
    session = GameSession(Settings.build(mode=TRIAL_KIND, colours=3, positions=2, seed=1))
    session.quit_game()
    assert session.finished is not None and session.finished.mode == "trial-game"


def test_left_out_of_the_list_it_is_nowhere() -> None:
    """Nothing global: the commands handed over are the only ones there are."""
    assert "trial" not in build_parser(COMMANDS).format_help()
    assert "trial" in build_parser(WITH_TRIAL).format_help()
    assert all(c.name != "trial" for c in COMMANDS)
