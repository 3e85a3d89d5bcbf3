"""A storm once showed ``NoMatches '#status'`` on the Compare screen: a
status or caption written as the screen is torn down. Every such lookup survives its
screen's widgets being gone; the key storms start on Compare too (``tests/storm.py``),
and ``benchmarks/key_storm.py`` runs many of them."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import until
from storm import ENDED_CLEANLY, STARTS, Storm, run_storm, small

from mastermind_tui.game.kinds import WATCH
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.compare import CompareScreen
from mastermind_tui.screens.watch import WatchScreen


async def test_status_lookups_survive_their_screen_torn_down(cache_dir: Path) -> None:
    starts = (
        (STARTS["compare"], CompareScreen),
        (lambda: MastermindApp(Start(small(WATCH), 5)), WatchScreen),
    )
    for make, kind in starts:
        app = make()
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, kind))  # noqa: B023
            screen = app.screen
            assert isinstance(screen, CompareScreen | WatchScreen)
            await screen.query("*").remove()  # every widget gone, as in a teardown
            screen._status()
            if isinstance(screen, CompareScreen):
                screen.watch_shown()
                screen.failed("compare", "a strategy failed")
            await pilot.pause()
        assert app.return_code in (None, 0)


#: Compare's storms, many seeds (the one that showed ``NoMatches '#status'`` was never
#: replayed, so breadth stands in for it); ``benchmarks/key_storm.py --start compare``
#: runs more and longer ones.
COMPARE_SEEDS = range(1, 13)


@pytest.mark.slow
@pytest.mark.parametrize("seed", COMPARE_SEEDS)
async def test_many_key_storms_on_compare_end_without_an_error(seed: int, cache_dir: Path) -> None:
    app = await run_storm(Storm("compare", seed))
    assert app.return_code in ENDED_CLEANLY, f"replay with Storm('compare', {seed})"
