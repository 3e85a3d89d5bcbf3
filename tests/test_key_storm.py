"""No key sequence ends the app with an internal error, on any screen.
Seeded storms, a few per start in the suite; `python benchmarks/key_storm.py` runs many
more. A failure names the start and the seed: ``Storm(start, seed)`` replays it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_helpers import idle, until
from storm import ENDED_CLEANLY, STARTS, Storm, run_storm
from textual import events
from textual.pilot import Pilot

from mastermind_tui.app.retro import RetroApp
from mastermind_tui.modes.app import MastermindApp

SEEDS = (1,)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("start", list(STARTS))
async def test_a_key_storm_never_ends_the_app_with_an_error(
    start: str, seed: int, cache_dir: Path
) -> None:
    app = await run_storm(Storm(start, seed))
    assert app.return_code in ENDED_CLEANLY, f"replay with Storm({start!r}, {seed})"


async def palette_shown(pilot: Pilot[Any]) -> None:
    """Until a command palette is on show and the app idle: the page key sent with it
    handled too (the key that crashed)."""
    from textual.command import CommandPalette

    await until(pilot, lambda: isinstance(pilot.app.screen, CommandPalette))
    await idle(pilot)


@pytest.mark.parametrize("page", ["pagedown", "pageup"])
async def test_ctrl_p_and_a_page_key_together_do_not_crash(page: str) -> None:
    """`tmux send-keys C-p NPage`: Textual's option list paged before it had
    a size (KeyError: 0)."""
    for app in (MastermindApp(), RetroApp(1, False, False, None)):
        async with app.run_test(size=(80, 24)) as pilot:
            app.post_message(events.Key("ctrl+p", None))
            app.post_message(events.Key(page, None))
            await palette_shown(pilot)
            assert app.screen.id == "--command-palette"
            await pilot.press("escape")
        assert app.return_code in (None, 0)


@pytest.mark.slow
@pytest.mark.parametrize("page", ["pagedown", "pageup"])
async def test_the_theme_picker_and_a_page_key_together_do_not_crash(page: str) -> None:
    """Found again by the hostile re-test: the palette's theme picker (and any list of
    commands) is a second palette Textual pushes itself, unguarded (KeyError: 0)."""
    from textual.command import CommandPalette

    from mastermind_tui.app.palette import SafePalette

    for app in (MastermindApp(), RetroApp(1, False, False, None)):
        async with app.run_test(size=(80, 24)) as pilot:
            app.search_themes()
            app.post_message(events.Key(page, None))
            await palette_shown(pilot)
            assert isinstance(app.screen, SafePalette)
            await pilot.press("escape")
            app.search_commands([("Hello", lambda: None)])
            app.post_message(events.Key(page, None))
            await palette_shown(pilot)
            assert isinstance(app.screen, CommandPalette) and isinstance(app.screen, SafePalette)
            await pilot.press("escape")
        assert app.return_code in (None, 0)
