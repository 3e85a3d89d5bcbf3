"""Background work on the watch screen reports only to the state it was started for:
the ranked list (``l``), a what-if and a branch explored, held back until
the test lets them end, are dropped once the move on show changed or the screen was left.

``held`` makes "the work is still running" certain, not a race the test hopes to win."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from app_helpers import idle, until
from textual.pilot import Pilot

from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.ranked import weighing_at
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens import lesson
from mastermind_tui.screens.exploring import RANKING
from mastermind_tui.screens.home import HomeScreen
from mastermind_tui.screens.lesson import RankedScreen
from mastermind_tui.screens.watch import WatchScreen
from mastermind_tui.widgets.bars import PartitionBars


class Hold:
    """Holds the work patched through it until ``release``."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.released = threading.Event()

    def around(self, work: Callable[..., Any]) -> Callable[..., Any]:
        def held(*args: Any, **kwargs: Any) -> Any:
            self.started.set()
            self.released.wait(30)
            return work(*args, **kwargs)

        return held


@pytest.fixture
def hold(monkeypatch: pytest.MonkeyPatch) -> Iterator[Hold]:
    held = Hold()
    monkeypatch.setattr(lesson, "weighing_at", held.around(weighing_at))
    yield held
    held.released.set()


def watch_app() -> MastermindApp:
    settings = Settings.build(mode=WATCH, seed=7)
    return MastermindApp(Start(settings, settings.notation.parse(settings.space, "RGOY")))


async def at_move(pilot: Pilot[Any], move: int) -> WatchScreen:
    """The watch solved and on ``move``'s first beat (before its answer)."""
    await until(pilot, lambda: isinstance(pilot.app.screen, WatchScreen))
    screen = pilot.app.screen
    assert isinstance(screen, WatchScreen)
    await until(pilot, lambda: screen.session.solved)
    for _ in range(2 * (move - 1)):
        await pilot.press("n")
    await until(pilot, lambda: screen.session.beat == 2 * (move - 1))
    return screen


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.app.workers.wait_for_complete()
    await idle(pilot)


async def test_the_ranked_list_of_a_move_left_behind_never_opens(hold: Hold) -> None:
    async with watch_app().run_test(size=(80, 24)) as pilot:
        watch = await at_move(pilot, 2)
        await pilot.press("l")
        await until(pilot, hold.started.is_set)
        await pilot.press("n", "n")
        await until(pilot, lambda: watch.session.move == 2)
        hold.released.set()
        await settle(pilot)
        assert pilot.app.screen is watch
        await pilot.press("l")  # asked again on the move on show, it opens
        await until(pilot, lambda: isinstance(pilot.app.screen, RankedScreen))
        assert "Move 3," in str(pilot.app.screen.query_one("#ranked-title").render())


async def test_the_ranked_list_of_a_watch_left_never_opens_over_home(
    hold: Hold, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F5 just after l: the list, done while Home is still mounting (the watch is off the
    stack but not yet removed, and still handles its messages), is dropped."""
    mount = HomeScreen.on_mount
    handled: list[bool] = []

    async def slow_mount(home: HomeScreen) -> None:
        hold.released.set()  # the weighing ends while Home mounts
        await home.app.workers.wait_for_complete()
        while watch.message_queue_size:  # its result handled (or dropped) by the watch
            await asyncio.sleep(0.01)
        handled.append(True)
        mount(home)

    monkeypatch.setattr(HomeScreen, "on_mount", slow_mount)
    async with watch_app().run_test(size=(80, 24)) as pilot:
        watch = await at_move(pilot, 2)
        await pilot.press("l")
        await until(pilot, hold.started.is_set)
        await pilot.press("f5")
        await until(pilot, lambda: handled and watch not in pilot.app.screen_stack)
        await settle(pilot)
        assert isinstance(pilot.app.screen, HomeScreen), pilot.app.screen_stack
        assert not watch.busy(RANKING)  # leaving stopped it


async def test_a_branch_of_a_move_left_behind_is_not_followed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """x on move 2's other answer, then n n while the branch is worked out: the watch
    stays on the secret's path, at move 3."""
    held = Hold()
    async with watch_app().run_test(size=(80, 24)) as pilot:
        watch = await at_move(pilot, 2)
        monkeypatch.setattr(watch.session, "play", held.around(watch.session.play))
        got = watch.session.steps[1].answer
        other = next(a for a in watch.query_one(PartitionBars).answers() if a != got)
        index = watch.query_one(PartitionBars).answers().index(other)
        await pilot.press(*["down"] * (index + 1))
        await until(pilot, lambda: watch._bar == index)
        await pilot.press("x")
        await until(pilot, held.started.is_set)
        await pilot.press("n", "n")
        await until(pilot, lambda: watch.session.move == 2)
        held.released.set()
        await settle(pilot)
        assert watch.session.branches == [] and watch.session.move == 2
        assert not watch.busy("explore")
