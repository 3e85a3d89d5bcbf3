"""Every path of make's slip handling ends in a message that resolves
(a slip found, or the UNDO remedy), never "Looking for the likely slip…" for good, and
its text is whole at 80x24."""

from __future__ import annotations

from app_helpers import enter, game_session, message, ready, screen_text, until

from mastermind_tui.game.kinds import MAKE
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.make import MakeScreen


async def test_a_fix_that_still_fits_no_code_says_what_to_do() -> None:
    """A game of slips: RGBY in mind, 0,1 0,2 1,0, then 2,2 twice, then FIX 4 4,0."""
    app = MastermindApp(Start(Settings.build(mode=MAKE, seed=5)))
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        session = game_session(app)
        for answer in ("0,1", "0,2", "1,0", "2,2", "2,2"):
            await until(pilot, lambda: session.pending is not None)
            await enter(pilot, answer)
        await until(pilot, lambda: "Likely slip" in message(pilot))
        assert "or UNDO." in message(pilot)
        await enter(pilot, "FIX 4 4,0")
        await until(pilot, lambda: "Likely slip" in message(pilot))
        said = message(pilot)
        assert "Looking for" not in said and said.endswith("mends it; or UNDO.")
        assert "mends it; or UNDO." in screen_text(pilot)  # whole at 80x24
        screen = app.screen
        assert isinstance(screen, MakeScreen) and not screen.busy("slips")


async def test_statistics_shows_cancel_only_while_a_run_goes() -> None:
    from textual.widgets import Button

    from mastermind_tui.screens.stats import StatsScreen

    app = MastermindApp(Start(Settings.build(seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_statistics()
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await until(pilot, lambda: "Run" in screen_text(pilot))
        assert not screen.query_one("#cancel", Button).display
        assert "Cancel" not in screen_text(pilot)
