"""The statistics screen runs in a worker and shows strategies side by side."""

from __future__ import annotations

from textual.widgets import Checkbox, Input, ProgressBar, Static

from mastermind_tui.app import MastermindApp
from mastermind_tui.screens.stats import StatsScreen
from mastermind_tui.state import Settings
from mastermind_tui.widgets.histogram import StatsCard


async def test_every_secret_for_three_strategies() -> None:
    app = MastermindApp(Settings.build(seed=1))
    async with app.run_test(size=(120, 36)) as pilot:
        app.action_statistics()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await pilot.press("ctrl+r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        cards = list(screen.query(StatsCard))
        assert [c.result.strategy for c in cards] == ["knuth", "entropy", "classic"]
        knuth = cards[0].result
        assert (knuth.games, knuth.total_guesses, knuth.worst) == (1296, 5801, 5)
        assert "average 4.4761" in str(cards[0].render())
        bar = screen.query_one(ProgressBar)
        assert bar.progress == bar.total == 3 * 1296
        assert "Done" in str(screen.query_one("#stats-status", Static).render())


async def test_sample_and_errors() -> None:
    app = MastermindApp(Settings.build(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_statistics()
        await pilot.pause()
        screen = app.screen
        screen.query_one("#games", Input).value = "x"
        await pilot.press("ctrl+r")
        assert "games must be a whole number" in str(screen.query_one("#stats-status").render())
        screen.query_one("#games", Input).value = "20"
        for box in screen.query(Checkbox):
            box.value = False
        await pilot.press("ctrl+r")
        assert "choose at least one" in str(screen.query_one("#stats-status").render())
        screen.query_one("#strategy-random", Checkbox).value = True
        await pilot.press("ctrl+r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        (card,) = screen.query(StatsCard)
        assert card.result.games == 20
