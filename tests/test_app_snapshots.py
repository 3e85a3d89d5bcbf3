"""Snapshots of the main screens at 80x24 and 120x36 (``pytest --snapshot-update`` after a
deliberate change of look)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from app_helpers import entered, idle, records_read, tree_drawn, until
from textual.pilot import Pilot
from textual.widgets import Input

from engine.play.match import Role
from mastermind_tui.game.kinds import COMPARE, MAKE, WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.base import GameScreen

SIZES = [(80, 24), (120, 36)]


@pytest.fixture(autouse=True)
def frozen_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


def settled(*lines: str, keys: tuple[str, ...] = ()) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """run_before: type lines at the command line, press keys, and wait for the app to be
    idle (the workers done, what they sent back shown)."""

    async def run(pilot: Pilot[Any]) -> None:
        await pilot.app.workers.wait_for_complete()
        for line in lines:
            taken = entered(pilot)
            pilot.app.screen.query_one("#command", Input).value = line
            await pilot.press("enter")
            await until(pilot, partial(bool, taken))  # the line taken, then its work done
            await pilot.app.workers.wait_for_complete()
        await pilot.press(*keys)
        await idle(pilot)

    return run


@pytest.mark.parametrize("size", SIZES)
def test_home(snap_compare: Callable[..., bool], size: tuple[int, int], cache_dir: Path) -> None:
    """With an empty cache: the optimum's line gives the time a search of 6x4 takes."""
    assert snap_compare(MastermindApp(), terminal_size=size, run_before=settled())


@pytest.mark.parametrize("size", SIZES)
def test_play(snap_compare: Callable[..., bool], size: tuple[int, int]) -> None:
    """Mid-game in the laboratory view (at 80x24 the compact code map)."""
    app = MastermindApp(Start(Settings.build(seed=3, lab=True)))
    assert snap_compare(app, terminal_size=size, run_before=settled("RRGG", "b w o y"))


def test_play_at_the_end(snap_compare: Callable[..., bool], monkeypatch: Any) -> None:
    """A newcomer's game won at 80x24: spoiler-free, the count said once, the prompt says
    the game is over (the game's time held at 0:00)."""
    monkeypatch.setattr("mastermind_tui.game.clock.monotonic", lambda: 0.0)
    app = MastermindApp(Start(Settings.build(seed=3)))

    async def win(pilot: Pilot[Any]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        await settled("RRGG", "HINT", screen.session.secret_text)(pilot)
        # the ratings come from the app's job, which may finish after the screen's own
        await until(pilot, lambda: not screen.session.rating.pending)
        await idle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=win)


def test_play_spoiler_free(snap_compare: Callable[..., bool]) -> None:
    """A spoiler-free game: the note stands in for the Solver trace, no Cost column."""
    app = MastermindApp(Start(Settings.build(seed=3)))
    assert snap_compare(app, terminal_size=(120, 36), run_before=settled("RRGG"))


@pytest.mark.parametrize("size", SIZES)
def test_make(snap_compare: Callable[..., bool], size: tuple[int, int]) -> None:
    app = MastermindApp(Start(Settings.build(mode=MAKE, seed=3)))
    assert snap_compare(app, terminal_size=size, run_before=settled("", "1,0"))


def test_make_with_a_slip(snap_compare: Callable[..., bool]) -> None:
    """Answers that fit no code at 80x24: every likely slip named, whole."""
    app = MastermindApp(Start(Settings.build(mode=MAKE, seed=5)))
    run = settled("", "1,0", "0,1", "0,0")
    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("beat", ["position", "answer"])
def test_watch(snap_compare: Callable[..., bool], size: tuple[int, int], beat: str) -> None:
    """Knuth's second move, before its answer and once answered."""
    settings = Settings.build(mode=WATCH, seed=3)
    app = MastermindApp(Start(settings, settings.notation.parse(settings.space, "RGOY")))
    keys = ("n", "n") if beat == "position" else ("n", "n", "n")
    assert snap_compare(app, terminal_size=size, run_before=settled(keys=keys))


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_watch_what_if(snap_compare: Callable[..., bool], size: tuple[int, int]) -> None:
    """RRGG's split beside knuth's choice after BBWW 0,1, with its scores."""
    settings = Settings.build(mode=WATCH, seed=3)
    app = MastermindApp(Start(settings, settings.notation.parse(settings.space, "RWGG")))
    keys = ("n", "n", "w", "r", "r", "g", "g", "enter")
    assert snap_compare(app, terminal_size=size, run_before=settled(keys=keys))


@pytest.mark.parametrize("size", SIZES)
def test_compare(snap_compare: Callable[..., bool], size: tuple[int, int]) -> None:
    """knuth, optimal and entropy side by side on RGOY, the second move answered."""
    settings = Settings.build(mode=COMPARE, seed=3)
    secret = settings.notation.parse(settings.space, "RGOY")
    app = MastermindApp(Start(settings, secret, ("knuth", "optimal", "entropy")))
    assert snap_compare(app, terminal_size=size, run_before=settled(keys=("n", "n", "n")))


@pytest.mark.parametrize("size", SIZES)
def test_stats(snap_compare: Callable[..., bool], size: tuple[int, int]) -> None:
    app = MastermindApp(Start(Settings.build(seed=3)))

    async def open_stats(pilot: Pilot[Any]) -> None:
        await pilot.app.workers.wait_for_complete()  # the game's first advice, then leave
        app.action_statistics()
        # The footer fills in a refresh or more after the screen appears (CI once caught
        # it empty): wait for it, and for the strategy boxes, however loaded the machine.
        await until(pilot, lambda: bool(pilot.app.screen.query("Footer FooterKey")))
        await idle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=open_stats)


def test_too_small(snap_compare: Callable[..., bool]) -> None:
    app = MastermindApp(Start(Settings.build(seed=3)))
    assert snap_compare(app, terminal_size=(50, 15), run_before=settled())


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_tree(snap_compare: Callable[..., bool], size: tuple[int, int]) -> None:
    """The decision tree beside a watched game (F4) after two moves: the path played, the
    current node marked, one node opened from the keyboard."""

    settings = Settings.build(mode=WATCH, seed=3)
    app = MastermindApp(Start(settings, settings.notation.parse(settings.space, "RGOY")))

    async def open_tree(pilot: Pilot[Any]) -> None:
        await pilot.app.workers.wait_for_complete()
        await pilot.press("n", "n", "n", "f4")
        await pilot.app.workers.wait_for_complete()
        await until(pilot, lambda: tree_drawn(pilot))
        await pilot.press("down", "down", "enter")
        await idle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=open_tree)


@pytest.mark.slow
def test_stats_after_a_run(
    snap_compare: Callable[..., bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every row of each card on one scale, totals and the seed, at 80x24
    (the time per game is fixed here: it is the one figure a machine changes)."""
    from engine.walks.stats import StatsResult
    from mastermind_tui.screens.stats import StatsScreen

    monkeypatch.setattr(StatsResult, "ms_per_game", property(lambda self: 0.1))
    app = MastermindApp(Start(Settings.build(seed=3)))

    async def run_stats(pilot: Pilot[Any]) -> None:
        await pilot.app.workers.wait_for_complete()
        app.action_statistics()
        await until(
            pilot,
            lambda: isinstance(app.screen, StatsScreen) and app.screen.query("Footer FooterKey"),
        )
        await pilot.press("ctrl+r")
        await until(
            pilot,
            lambda: "Done" in str(app.screen.query_one("#stats-status").render()),
            seconds=300,
        )
        await idle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_stats)


@pytest.mark.slow
def test_records_replay(snap_compare: Callable[..., bool], tmp_path: Any) -> None:
    """A recorded game replayed with its board and trace, at 80x24."""
    from mastermind_tui.records.store import Records
    from mastermind_tui.records.types import Game, Move

    path = tmp_path / "r.sqlite3"
    moves = (Move("0 0 1 1", 0, 0), Move("2 2 3 3", 1, 1), Move("2 3 4 5", 4, 0))
    Records(path).add(
        Game(
            6,
            4,
            10,
            "play",
            Role.PERSON,
            "solved",
            "knuth",
            moves,
            secret="2 3 4 5",
            finished_at="2026-11-25T07:00:00+00:00",
        )
    )
    app = MastermindApp(records=path)

    async def replay(pilot: Pilot[Any]) -> None:
        await pilot.press("f8")
        await pilot.app.workers.wait_for_complete()
        await until(pilot, lambda: records_read(pilot))
        await pilot.press("enter", "n", "n")
        await idle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=replay)
