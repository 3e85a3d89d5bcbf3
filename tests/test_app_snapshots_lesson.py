"""Snapshots at 80x24 of the watch's lesson panels: the ranked
list open on knuth's move 4 against YOBR (non-candidates tied at the top) and knuth's rule
card. ``pytest --snapshot-update`` after a deliberate change of look."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from app_helpers import idle, until
from textual.pilot import Pilot

from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.lesson import RankedScreen, RuleCardScreen
from mastermind_tui.screens.watch import WatchScreen

SIZE = (80, 24)


def yobr() -> MastermindApp:
    settings = Settings.build(mode=WATCH, seed=3)
    return MastermindApp(Start(settings, settings.notation.parse(settings.space, "YOBR")))


def opened(steps: int, key: str, screen: type) -> Callable[[Pilot[Any]], Any]:
    async def run(pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: isinstance(pilot.app.screen, WatchScreen))
        watch = pilot.app.screen
        assert isinstance(watch, WatchScreen)
        await until(pilot, lambda: watch.session.solved)
        for _ in range(steps):
            await pilot.press("n")
        await until(pilot, lambda: watch.session.beat == steps)
        await pilot.press(key)
        await until(pilot, lambda: isinstance(pilot.app.screen, screen))
        await pilot.app.workers.wait_for_complete()
        await idle(pilot)

    return run


@pytest.mark.slow
def test_ranked_list(snap_compare: Callable[..., bool]) -> None:
    """l on move 4: BBBR and the guesses tied with it at 1, rank 1, none a candidate."""
    assert snap_compare(yobr(), terminal_size=SIZE, run_before=opened(6, "l", RankedScreen))


def test_rule_card(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(yobr(), terminal_size=SIZE, run_before=opened(0, "r", RuleCardScreen))
