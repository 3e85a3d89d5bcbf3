"""The theme and the home screen's last choices are kept in the user's
config directory (here a temporary one); a bad file is one line and ignored; the command
line beats a preset, which beats what was saved, which beats the defaults."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import heard, settings_from, until
from textual.widgets import Input, Select

from mastermind_tui.cli.launch import given
from mastermind_tui.game import preferences
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser
from mastermind_tui.navigation import Start
from mastermind_tui.screens.base import GameScreen
from mastermind_tui.screens.home import HomeScreen


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(preferences.ENVIRONMENT, str(tmp_path))
    return tmp_path / "preferences.json"


def test_tests_never_touch_the_users_config() -> None:
    assert preferences.path() is None  # conftest: MASTERMIND_CONFIG_DIR is empty


@pytest.mark.slow
async def test_theme_and_home_choices_are_kept_for_the_next_launch(config: Path) -> None:
    app = MastermindApp(preferences=preferences.load())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+t")
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#mode", Select).value = "make"
        home.query_one("#strategy", Select).value = "entropy"
        home.query_one("#colours", Input).value = "8"
        home.query_one("#positions", Input).value = "5"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
    kept = preferences.load()
    assert kept.problem == "" and kept.theme == "mastermind-light"
    assert kept.settings["colours"] == 8 and kept.settings["mode"] == "make"
    again = MastermindApp(preferences=kept)
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, HomeScreen))
        await until(pilot, lambda: again.screen.query_one("#colours", Input).value == "8")
        home = again.screen
        assert again.theme == "mastermind-light"
        assert home.query_one("#mode", Select).value == "make"
        assert home.query_one("#strategy", Select).value == "entropy"
        assert home.query_one("#colours", Input).value == "8"


@pytest.mark.slow
async def test_a_theme_from_the_palettes_picker_is_kept(config: Path) -> None:
    """Not only Ctrl+T: any theme change (the palette's picker sets ``theme``) is saved,
    and a theme this Textual does not know is said and replaced."""
    app = MastermindApp(preferences=preferences.load())
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "dracula"
        await until(pilot, lambda: preferences.load().theme == "dracula")
    assert MastermindApp(preferences=preferences.load()).theme == "dracula"
    config.write_text('{"theme": "no-such-theme"}')
    assert MastermindApp(preferences=preferences.load()).theme == "mastermind-dark"


@pytest.mark.parametrize("text", ["{not json", '{"settings": {"colours": "many"}}', "[1]"])
async def test_a_bad_file_is_one_line_and_ignored(config: Path, text: str) -> None:
    config.write_text(text)
    kept = preferences.load()
    assert kept.settings == {} and kept.theme is None
    assert kept.problem.startswith("Preferences in ") and "\n" not in kept.problem
    app = MastermindApp(preferences=kept)
    said = heard(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and said)
        assert said == [kept.problem]


def test_command_line_then_preset_then_saved_then_defaults() -> None:
    saved: dict[str, object] = {"colours": 8, "positions": 5, "moves": 12, "strategy": "entropy"}

    def built(*argv: str) -> Settings:
        settings, _ = settings_from(build_parser().parse_args(["play", *argv]), saved)
        assert settings is not None
        return settings

    plain = built()
    assert (plain.rules.colours, plain.rules.positions, plain.strategy) == (8, 5, "entropy")
    assert plain.rules.rounds == 1  # not saved: the default
    mini = built("--preset", "mini")
    assert (mini.rules.colours, mini.rules.max_moves, mini.strategy) == (6, 6, "entropy")
    typed = built("--preset", "mini", "--colours", "7")
    assert typed.rules.colours == 7


async def test_play_with_no_options_says_what_it_remembered(config: Path) -> None:
    config.write_text('{"theme": null, "settings": {"colours": 8, "positions": 5}}')
    kept = preferences.load()
    args = build_parser().parse_args(["play"])
    settings, _ = settings_from(args, kept.settings)
    assert settings is not None
    note = preferences.remembered(kept, given(args))
    assert note == "Remembered from last time: colours 8, positions 5"
    app = MastermindApp(Start(settings), preferences=kept, note=note)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await until(pilot, lambda: "Remembered from last time" in _message(app))
        assert "colours 8" in _message(app)
        assert _message(app).startswith("I have a secret of 5 pegs")  # the opening stays


def _message(app: MastermindApp) -> str:
    return str(app.screen.query_one("#message").render())
