"""Watch mode: step forward and back through a strategy's reasoning."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static

from engine import STRATEGIES, play
from engine.strategies import make_strategy
from mastermind_tui.app import MastermindApp
from mastermind_tui.screens.watch import WatchScreen
from mastermind_tui.state import Settings


def watch_app(secret: str = "RGOY", strategy: str = "knuth") -> MastermindApp:
    settings = Settings.build(mode="watch", strategy=strategy, seed=1)
    return MastermindApp(settings, settings.notation.parse(settings.space, secret))


def caption(app: MastermindApp) -> str:
    return str(app.screen.query_one("#caption", Static).render())


def advice(app: MastermindApp) -> str:
    return str(app.screen.query_one("#trace-advice", Static).render())


async def test_step_forward_back_and_solved() -> None:
    app = watch_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
        assert "1,296 codes possible" in caption(app)
        steps = play(app.screen.session.space, make_strategy("knuth"), app.screen.session.secret)
        await pilot.press("n")
        assert caption(app).startswith("Step 1: ")
        assert "1,296 →" in caption(app)
        assert "largest class" in advice(app)
        assert "next best" in advice(app)
        await pilot.press("right", "right")
        assert caption(app).startswith("Step 3")
        await pilot.press("p")
        assert caption(app).startswith("Step 2")
        assert app.screen.query_one(DataTable).row_count == 2
        await pilot.press("left", "left", "left")
        assert "codes possible" in caption(app)
        await pilot.press(*["n"] * (len(steps) + 2))
        assert caption(app).endswith(f"Solved in {len(steps)} guesses")


@pytest.mark.parametrize("strategy", ["sequential", "classic"])
async def test_index_scan_is_shown(strategy: str) -> None:
    app = watch_app("YYOG", strategy)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n")
        start = "scanned up from index" if strategy == "sequential" else "random start at index"
        assert start in advice(app)
        assert "impossible codes" in advice(app) and "skipped" in advice(app)


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
async def test_every_strategy_solves(strategy: str) -> None:
    app = watch_app("BWRG", strategy)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("end")
        assert "Solved in" in caption(app)


async def test_space_plays_and_pauses() -> None:
    app = watch_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, WatchScreen)
        await pilot.press("space")
        assert screen._timer is not None
        await pilot.press("space")
        assert screen._timer is None
