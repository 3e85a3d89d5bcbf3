"""The statistics screen runs in a worker and shows strategies side by side."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from app_helpers import handled, idle, until
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, ProgressBar, Static

from engine import CodeSpace
from engine.run import HERE, Run
from engine.walks.stats import StatsResult, describe_seconds, estimate_seconds, run_stats
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens import stats_run
from mastermind_tui.screens.dialogs import Confirm
from mastermind_tui.screens.stats import StatsScreen
from mastermind_tui.screens.stats_run import INTERFACE_SHARE, Plan, Told, play, run_seconds, stretch
from mastermind_tui.widgets.histogram import StatsCard


@asynccontextmanager
async def statistics_screen(
    size: tuple[int, int] = (80, 24),
) -> AsyncIterator[tuple[MastermindApp, Pilot[Any], StatsScreen]]:
    """An app at a game with its Statistics screen opened over it, as the palette does."""
    app = MastermindApp(Start(Settings.build(seed=1)))
    async with app.run_test(size=size) as pilot:
        app.action_statistics()
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await idle(pilot)  # mounted in full, the game's first advice in
        assert isinstance(app.screen, StatsScreen)
        yield app, pilot, app.screen


def status_line(screen: StatsScreen) -> str:
    return str(screen.query_one("#stats-status", Static).render())


async def test_every_secret_for_three_strategies() -> None:
    async with statistics_screen((120, 36)) as (app, pilot, screen):
        assert isinstance(screen, StatsScreen)
        await pilot.press("ctrl+r")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: status_line(screen).startswith("Done"))
        cards = list(screen.query(StatsCard))
        assert [c.result.strategy for c in cards] == ["knuth", "entropy", "classic"]
        knuth = cards[0].result
        assert (knuth.games, knuth.total_guesses, knuth.worst) == (1296, 5801, 5)
        assert "avg 4.4761" in str(cards[0].render())
        bar = screen.query_one(ProgressBar)
        assert bar.progress == bar.total == 3 * 1296
        assert "Done" in str(screen.query_one("#stats-status", Static).render())


async def test_sample_and_errors() -> None:
    async with statistics_screen() as (app, pilot, screen):
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
        await until(pilot, lambda: status_line(screen).startswith("Done"))
        (card,) = screen.query(StatsCard)
        assert card.result.games == 20
        # Never "Done: 1 strategies".
        said = str(screen.query_one("#stats-status").render())
        assert said == "Done: 1 strategy, 20 games each. Seed 1."


async def test_a_long_run_is_asked_first_with_an_estimate(monkeypatch: Any) -> None:
    """Every secret past the game limit is refused as on the command line; a long run
    below it is asked first (on an idle machine: the estimate counts how busy it is)."""
    monkeypatch.setattr(stats_run, "machine_load", lambda: (0.0, 2))
    async with statistics_screen((120, 36)) as (app, pilot, screen):
        for field, value in (("#colours", "8"), ("#positions", "8"), ("#games", "")):
            screen.query_one(field, Input).value = value
        await pilot.press("ctrl+r")
        await until(pilot, lambda: status_line(screen).startswith("Cannot run"))
        assert app.screen is screen and not screen.running
        assert str(screen.query_one("#stats-status", Static).render()) == (
            "Cannot run: every secret of 8x8 is 16,777,216 games, more than the limit of "
            "10,000,000: sample some with --games N"
        )
        screen.query_one("#colours", Input).value = "6"
        screen.query_one("#positions", Input).value = "4"
        screen.query_one("#games", Input).value = "2000000"
        await pilot.press("ctrl+r")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await idle(pilot)  # the dialog mounted in full before it is answered
        assert isinstance(app.screen, Confirm)
        question = str(app.screen.query_one("#confirm-question", Static).render())
        names = ("knuth", "entropy", "classic")
        seconds = run_seconds(CodeSpace(6, 4), names, 2_000_000)
        assert seconds == INTERFACE_SHARE * sum(
            estimate_seconds(CodeSpace(6, 4), name, 2_000_000) for name in names
        )
        assert question == (
            "6,000,000 games (3 strategies of 2,000,000 secrets) will take "
            f"{describe_seconds(seconds)} on one free core. Run them?"
        )
        await pilot.press("n")
        await until(pilot, lambda: app.screen is screen and status_line(screen) == "Not run.")
        assert app.screen is screen and not screen.running
        assert str(screen.query_one("#stats-status", Static).render()) == "Not run."


class Recorder:
    """Stands in for a job's ticket: keeps what the job reports."""

    stopped = False

    def __init__(self) -> None:
        self.done: list[int] = []
        self.totals: set[int] = set()
        self.news: list[Told] = []

    def check(self) -> None:
        pass

    def progress(self, done: int, total: int) -> None:
        self.done.append(done)
        self.totals.add(total)

    report = progress

    def tell(self, news: Told) -> None:
        self.news.append(news)


def test_progress_reaches_the_bar_whatever_count_the_engine_reports_at(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The engine reports by time, so at any count: each report moves the bar (a filter by
    count, one game in a hundred, let almost none through)."""
    space = CodeSpace(6, 4)
    calls: list[int] = []

    def fake_run(
        space: CodeSpace,
        name: str,
        secrets: np.ndarray,
        seed: int | None = None,
        run: Run = HERE,
    ) -> StatsResult:
        assert run.progress is not None
        for done in (7, 513, 1000):
            calls.append(done)
            run.report(done, len(secrets))
        return run_stats(space, name, secrets[:5], seed)

    monkeypatch.setattr(stats_run, "run_stats", fake_run)
    plan = Plan(space, ("knuth", "random"), np.arange(1000, dtype=np.int32), 1)
    ticket = Recorder()
    play(plan, ticket)
    assert ticket.done == [7, 513, 1000, 1007, 1513, 2000]
    assert ticket.totals == {2000}
    told = [type(n.line if n.result is None else n.result).__name__ for n in ticket.news]
    assert told == ["str", "StatsResult"] * 2
    assert all(bool(n.line) != (n.result is not None) for n in ticket.news)
    assert len(calls) == 6


async def test_strategy_ticks_read_by_their_mark_with_no_color(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Textual's checkbox draws X ticked or not (colour alone told them
    apart, nothing with NO_COLOR); ticked boxes read [X], the others [ ]. Space ticks,
    Enter runs."""
    from app_helpers import screen_text

    monkeypatch.setenv("NO_COLOR", "1")
    async with statistics_screen() as (app, pilot, screen):
        text = screen_text(pilot)
        assert "[X] knuth" in text and "[ ] expected-size" in text and "[ ] no repeats" in text
        app.screen.query_one("#strategy-knuth", Checkbox).focus()
        await pilot.press("space")
        assert "[ ] knuth" in screen_text(pilot)
        assert screen.selected() == ["entropy", "classic"]
        await pilot.press("enter")  # Enter runs from a tick, as from a field
        await app.workers.wait_for_complete()
        await until(pilot, lambda: status_line(screen).startswith("Done"))
        assert [c.result.strategy for c in app.screen.query(StatsCard)] == ["entropy", "classic"]


def held_runs(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Runs report progress until the returned event is set (or the run is cancelled):
    the test decides when a run ends, so "during a run" is certain."""
    release = threading.Event()

    def held(
        space: CodeSpace,
        name: str,
        secrets: np.ndarray,
        seed: int | None = None,
        run: Run = HERE,
    ) -> StatsResult:
        assert run.progress is not None
        while not release.wait(0.1):
            run.check()  # as the engine does: Stopped once the screen cancels
            run.report(0, len(secrets))
        return run_stats(space, name, secrets, seed)

    monkeypatch.setattr(stats_run, "run_stats", held)
    return release


@pytest.mark.slow
async def test_escape_and_the_cancel_button_stop_a_run_from_a_field(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the focus in a field, Ctrl+X is the field's cut; Escape and the
    visible Cancel button stop the run wherever the focus is."""
    release = held_runs(monkeypatch)
    async with statistics_screen() as (app, pilot, screen):
        status = screen.query_one("#stats-status", Static)
        games = screen.query_one("#games", Input)
        games.value = "20"
        for stop in ("escape", "click"):
            games.focus()
            await pilot.press("enter")
            await until(pilot, lambda: screen.running)
            assert screen.running and app.focused is games
            if stop == "escape":
                await pilot.press("escape")
            else:
                await pilot.click("#cancel")
            await app.workers.wait_for_complete()
            await until(pilot, lambda: str(status.render()) == "Cancelled.")
            assert not screen.running and str(status.render()) == "Cancelled."
            assert not screen.query(StatsCard)
        release.set()


@pytest.mark.slow
async def test_leaving_statistics_during_a_run_keeps_the_app(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """F5 during a run crashed the app (the run's callbacks touched the
    ProgressBar of a screen that was gone)."""
    release = held_runs(monkeypatch)
    async with statistics_screen() as (app, pilot, screen):
        screen.query_one("#games", Input).value = "20"
        await pilot.press("ctrl+r")
        await until(pilot, lambda: screen.running)
        assert screen.running
        await pilot.press("f5")
        await until(pilot, lambda: screen not in app.screen_stack)
        assert app.screen is not screen and screen not in app.screen_stack
        release.set()
        await app.workers.wait_for_complete()
        await idle(pilot)  # what the run sends back after its screen is gone, handled
        assert app.is_running and app.return_code is None


async def test_a_damaged_optimal_cache_is_said_once(cache_dir: Path) -> None:
    """The optimal tree found damaged on disk is searched again, and the run says so in
    its last line; the next run, on the tree in hand, has nothing to say."""
    from mastermind_tui.jobs import JobDone

    path = cache_dir / "optimal-4x3.json"
    path.write_text("not json")
    async with statistics_screen((120, 36)) as (app, pilot, screen):
        screen.query_one("#colours", Input).value = "4"
        screen.query_one("#positions", Input).value = "3"
        for box in screen.query(Checkbox):
            box.value = box.id == "strategy-optimal"
        done = "Done: 1 strategy, 64 games each. Seed 1."
        runs = handled(screen, JobDone)
        for said in (
            f"{done} optimal strategy cache: {path} is damaged or was written for "
            f"something else; moved aside as {path}.bad; searching again",
            done,
        ):
            runs.clear()
            await pilot.press("ctrl+r")
            await app.workers.wait_for_complete()
            await until(pilot, lambda: runs)  # this run's end handled
            (card,) = screen.query(StatsCard)
            assert card.result.total_guesses == 206
            assert str(screen.query_one("#stats-status", Static).render()) == said


def test_the_estimate_of_an_8x5_run_of_three_strategies_is_near_the_time_measured() -> None:
    """8x5 over every secret, knuth, entropy and classic, in the app,
    took 53 s of CPU (232 s of wall time at load 21 on 2 cores); an older model said
    under 60 s for a run measured at about 75 s. Within 30% of both here."""
    space = CodeSpace(8, 5)
    names = ("knuth", "entropy", "classic")
    assert abs(run_seconds(space, names, space.count) / 53 - 1) < 0.3
    assert abs(run_seconds(space, names, space.count, 21.0, 2) / 232 - 1) < 0.3
    assert stretch(1.5, 2) == 1.0 and stretch(8.0, 2) > 2
