"""Rating a person's play in the app: the spoiler-free setting from the command line and
the home screen, a rated guess, HINT and F3, the end summary, and UNDO marking practice."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Select

from mastermind_tui.app import MastermindApp
from mastermind_tui.cli import build_parser, main
from mastermind_tui.launch import settings_from
from mastermind_tui.screens.play import PlayScreen


@pytest.mark.parametrize("command", ["play", "match"])
def test_spoiler_free_flag_reaches_the_settings(command: str) -> None:
    settings, _ = settings_from(build_parser().parse_args([command, "--spoiler-free"]))
    assert settings is not None and settings.spoiler_free
    settings, _ = settings_from(build_parser().parse_args([command]))
    assert settings is not None and not settings.spoiler_free


def test_spoiler_free_is_refused_where_the_computer_breaks(capsys: pytest.CaptureFixture) -> None:
    assert main(["make", "--spoiler-free"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--spoiler-free" in err


async def test_home_checkbox_starts_a_spoiler_free_game() -> None:
    app = MastermindApp()
    async with app.run_test(size=(120, 36)) as pilot:
        app.screen.query_one("#spoiler-free", Checkbox).value = True
        app.screen.query_one("#mode", Select).value = "play"
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        assert app.screen.session.settings.spoiler_free
