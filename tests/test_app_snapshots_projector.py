"""Snapshots of the lesson's screens at a projector's 80x24 and at 120x36: a watch beat of
knuth, entropy and optimal (each in its own measure), and compare's end (every column
alike)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from app_helpers import idle
from textual.pilot import Pilot
from textual.widgets import Input

from mastermind_tui.game.kinds import COMPARE, WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start

SIZES = [(80, 24), (120, 36)]


@pytest.fixture(autouse=True)
def frozen_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


def pressed(*keys: str) -> Callable[[Pilot[Any]], Any]:
    """run_before: the game worked out, then ``keys``, then the app idle."""

    async def run(pilot: Pilot[Any]) -> None:
        await pilot.app.workers.wait_for_complete()
        await pilot.press(*keys)
        await idle(pilot)

    return run


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("strategy", ["knuth", "entropy", "optimal"])
def test_watch_beat(
    snap_compare: Callable[..., bool], size: tuple[int, int], strategy: str
) -> None:
    """The second move of RGOY, before its answer: the sentence, the guesses weighed and
    the split beside the runner-up's, in the strategy's own measure."""
    settings = Settings.build(mode=WATCH, strategy=strategy, seed=3)
    app = MastermindApp(Start(settings, settings.notation.parse(settings.space, "RGOY")))
    assert snap_compare(app, terminal_size=size, run_before=pressed("n", "n"))


@pytest.mark.parametrize("size", SIZES)
def test_compare_end(snap_compare: Callable[..., bool], size: tuple[int, int]) -> None:
    """knuth, optimal and entropy on RGOY at the end: "Solved in N guesses." in each."""
    settings = Settings.build(mode=COMPARE, seed=3)
    secret = settings.notation.parse(settings.space, "RGOY")
    app = MastermindApp(Start(settings, secret, ("knuth", "optimal", "entropy")))
    assert snap_compare(app, terminal_size=size, run_before=pressed("end"))
