"""Snapshots at 80x24 of each dialog (``screens.dialogs.Confirm`` where it is asked, the
watch's what-if line) and of the play screen's rating and what-if (the look,
cell by cell). The other screens: ``test_app_snapshots_more``.
``pytest --snapshot-update`` after a deliberate change of look."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from app_helpers import enter, game_session, message, until
from textual.pilot import Pilot
from textual.widgets import Input, Static

from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.dialogs import Confirm
from mastermind_tui.screens.stats import StatsScreen
from mastermind_tui.screens.what_if import WhatIfLine
from mastermind_tui.widgets.bars import PartitionBars

SIZE = (80, 24)

# Every test here: the optimal trees searched afresh in an empty cache (conftest), so that
# nothing on screen depends on what an earlier test left there.
pytestmark = pytest.mark.usefixtures("cache_dir")


@pytest.fixture(autouse=True)
def frozen_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


async def settle(pilot: Pilot[Any]) -> None:
    """The workers done and what they changed drawn."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.slow
def test_confirm_leaving_a_game(snap_compare: Callable[..., bool]) -> None:
    """F5 after a guess: "A game is in progress. Leave it?" over the game, Stay focused."""
    app = MastermindApp(Start(Settings.build(seed=3)))

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await enter(pilot, "RRGG")
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


@pytest.mark.slow
def test_confirm_a_long_run(snap_compare: Callable[..., bool], monkeypatch: Any) -> None:
    """Statistics of 2,000,000 games of 6x4 (Ctrl+R): "A long run", with the estimate the
    strategies' time models give (a fixed sum on an idle machine, not a measure of this
    one: the machine's load is pinned)."""
    from mastermind_tui.screens import stats_run

    monkeypatch.setattr(stats_run, "machine_load", lambda: (0.0, 2))
    app = MastermindApp(Start(Settings.build(seed=3)))

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        app.action_statistics()
        await until(
            pilot,
            lambda: isinstance(app.screen, StatsScreen) and app.screen.query("Footer FooterKey"),
        )
        screen = app.screen
        screen.query_one("#games", Input).value = "2000000"
        await pilot.press("ctrl+r")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


def test_play_rated(snap_compare: Callable[..., bool]) -> None:
    """A game of 4x3 in the laboratory view, two guesses rated against the exact optimum:
    the rating line says the last one's expected guesses beside the best."""
    app = MastermindApp(Start(Settings.build(colours=4, positions=3, seed=5, lab=True)))

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        session = game_session(app)
        await enter(pilot, "RRR")
        await enter(pilot, "BWB")
        await until(pilot, lambda: len(session.rating.ratings) == 2)
        await until(pilot, lambda: not session.rating.pending)
        rating = app.screen.query_one("#rating", Static)
        await until(pilot, lambda: "guesses expected" in str(rating.render()))
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


def test_play_what_if(snap_compare: Callable[..., bool]) -> None:
    """WHATIF RRGG after BBWW in the laboratory view: RRGG's split beside knuth's advice
    and, on the message line, its score and guesses expected; BBWW's rating above."""
    app = MastermindApp(Start(Settings.build(seed=3, lab=True)))

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await enter(pilot, "BBWW")
        await enter(pilot, "WHATIF RRGG")
        bars = app.screen.query_one(PartitionBars)
        await until(pilot, lambda: bars.rival is not None and bars.rival[2] == "what if")
        await until(pilot, lambda: "guesses expected" in message(pilot))
        # BBWW's own rating, on the line above the command line, comes from another job
        session = game_session(app)
        await until(pilot, lambda: len(session.rating.ratings) == 1)
        await until(pilot, lambda: not session.rating.pending)
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


def test_watch_what_if_line(snap_compare: Callable[..., bool]) -> None:
    """w on knuth's second move: the what-if line at the foot of the watch, a code it
    cannot read (RRXX) refused in the line, which stays open."""
    settings = Settings.build(mode=WATCH, seed=3)
    app = MastermindApp(Start(settings, settings.notation.parse(settings.space, "RWGG")))

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("n", "n", "w")
        await until(pilot, lambda: isinstance(app.screen, WhatIfLine))
        await pilot.press(*"RRXX", "enter")
        said = app.screen.query_one("#what-if-message", Static)
        await until(pilot, lambda: "try again" in str(said.render()))
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


def test_watch_what_if_line_typed(snap_compare: Callable[..., bool]) -> None:
    """The what-if line open over the watch with RRGG typed, before Enter."""
    settings = Settings.build(mode=WATCH, seed=3)
    app = MastermindApp(Start(settings, settings.notation.parse(settings.space, "RWGG")))

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("n", "n", "w")
        await until(pilot, lambda: isinstance(app.screen, WhatIfLine))
        await pilot.press(*"rrgg")
        field = app.screen.query_one("#what-if-input", Input)
        await until(pilot, lambda: field.value == "rrgg")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)
