"""Ctrl+C in the full-screen app is an interrupt, exit status 130 as `--help`
says ("130 interrupted (Ctrl-C)") and as SIGINT gives; Ctrl+Q is the ordinary way out, 0.
It exited 0 for both."""

from __future__ import annotations

import pytest

from mastermind_tui.app.retro import RetroApp
from mastermind_tui.cli.launch import app_ended
from mastermind_tui.modes.app import MastermindApp


@pytest.mark.parametrize(("key", "code"), [("ctrl+c", 130), ("ctrl+q", 0)])
async def test_ctrl_c_interrupts_and_ctrl_q_quits(key: str, code: int) -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
    assert app.return_code == code


async def test_the_teletype_too() -> None:
    app = RetroApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
    assert app.return_code == 130


def test_the_command_line_says_interrupted_and_exits_130(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert app_ended(130) == 130
    assert capsys.readouterr().err == "mastermind: interrupted\n"
    assert app_ended(None) == 0
