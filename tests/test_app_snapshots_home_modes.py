"""The home screen at 80x24 in each mode: the fields that apply to the
mode shown, the rest hidden, the mode's own sentence. The default mode (play) is
``test_app_snapshots.test_home``."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from app_helpers import MODES, idle, until
from textual.pilot import Pilot
from textual.widgets import Input, Select

from mastermind_tui.modes.app import MastermindApp


@pytest.fixture(autouse=True)
def frozen_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    # The daily's line says when the next puzzle comes: the clock stands still.
    evening = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)
    monkeypatch.setattr("mastermind_tui.screens.today.utc_now", lambda: evening)


@pytest.mark.parametrize("mode", [name for name in MODES if name != "play"])
def test_home_in_each_mode(snap_compare: Callable[..., bool], mode: str, cache_dir: Path) -> None:
    async def choose(pilot: Pilot[Any]) -> None:
        await pilot.app.workers.wait_for_complete()
        chosen = pilot.app.screen.query_one("#mode", Select)
        chosen.value = mode
        await until(pilot, lambda: chosen.value == mode)
        await pilot.app.workers.wait_for_complete()
        await idle(pilot)

    assert snap_compare(MastermindApp(), terminal_size=(80, 24), run_before=choose)
