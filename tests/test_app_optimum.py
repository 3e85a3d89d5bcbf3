"""The home screen says, for the size on its form, whether the optimum
is cached, how long a search would take or why it is out of reach, and Ctrl+O searches
it in the background (one at a time, the person free to play meanwhile, stopped at once
on quit with what it proved kept)."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from app_helpers import heard, screen_text, until
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select, Static

from engine import MastermindError
from engine.codes import CodeSpace
from engine.optimal.solutions import solution
from engine.storage import cache
from engine.strategies.optimal import Optimal
from engine.words import duration
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.screens.home import HomeScreen
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.services.optimum import Run, short_reason
from mastermind_tui.widgets.bars import PartitionBars


def line(app: App[Any]) -> str:
    """The optimum's line ("" before the home screen is composed)."""
    return "".join(str(w.render()) for w in app.screen.query("#optimum").results(Static))


async def choose(
    pilot: Pilot[Any], colours: int, positions: int, repeats: bool = True
) -> HomeScreen:
    """Type a size into the home screen's form."""
    home = pilot.app.screen
    assert isinstance(home, HomeScreen)
    home.query_one("#colours", Input).value = str(colours)
    home.query_one("#positions", Input).value = str(positions)
    home.query_one("#no-repeats", Checkbox).value = not repeats
    # Not pilot.pause(): it waits for the process to be idle, which it is not while a
    # search runs (a second each time).
    tail = "" if repeats else " no repeats"
    await until(pilot, lambda: f" {colours}x{positions}{tail}: " in line(pilot.app))
    return home


def drawn(pilot: Pilot[Any]) -> bool:
    """Whether the game screen on show is set up: its header's title in place and its
    trace's bars fitted (a screen left before either raises, in Textual's header or in
    the trace pane; on a loaded machine those come a while after the screen)."""
    screen = pilot.app.screen
    titles = screen.query("HeaderTitle").results(Static)
    bars = list(screen.query(PartitionBars).results(PartitionBars))
    titled = any("Mastermind" in str(title.render()) for title in titles)
    # A spoiler-free game's hidden trace is not drawn until something shows it.
    guessing = getattr(getattr(screen, "session", None), "guessing", None)
    if getattr(guessing, "spoilers_hidden", False):
        return titled and bool(bars)
    return titled and bool(bars) and all(bar.limit is not None for bar in bars)


def searching(app: MastermindApp) -> Run:
    run = app.optimum.run
    assert run is not None
    return run


async def test_the_line_says_a_cached_size_is_ready(cache_dir: Path) -> None:
    solution(4, 3)  # searched and stored (27 + 37 codes: milliseconds)
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, 4, 3)
        assert line(app) == "Optimum 4x3: ready (cached)"
        await choose(pilot, 4, 3, repeats=False)  # another tree: not there
        assert line(app).startswith("Optimum 4x3 no repeats: not cached")
        app.screen.query_one("#strategy", Select).value = "optimal-fit"
        await choose(pilot, 4, 3)
        await until(pilot, lambda: line(app).startswith("optimal-fit 4x3: not cached"))


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_an_uncached_size_gets_the_strategys_own_estimate(
    cache_dir: Path, size: tuple[int, int]
) -> None:
    app = MastermindApp()
    async with app.run_test(size=size) as pilot:
        await choose(pilot, 7, 4)
        estimate = duration(Optimal().seconds(CodeSpace(7, 4), 0))
        assert estimate.startswith("about ")
        expected = f"Optimum 7x4: not cached, {estimate} to search (Ctrl+O)"
        assert line(app) == expected
        assert expected in screen_text(pilot)  # whole, on screen
        await choose(pilot, 6, 4)
        assert "under a second to search" in line(app)
        (cache_dir / "optimal-7x4.partial.npz").write_bytes(b"")  # a search stopped before
        await choose(pilot, 7, 4)
        expected = f"Optimum 7x4: part searched, {estimate} at most to finish (Ctrl+O resumes)"
        assert line(app) == expected and expected in screen_text(pilot)
        app.screen.query_one("#colours", Input).value = "x"  # not a size: nothing said
        await until(pilot, lambda: line(app) == "")
        assert line(app) == ""


async def test_a_size_out_of_reach_says_why_in_a_few_words(cache_dir: Path) -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, 7, 5)
        assert line(app) == "Optimum 7x5: out of reach: exact only up to 7,776 codes"
        await choose(pilot, 11, 3, repeats=False)
        assert line(app) == "Optimum 11x3 no repeats: out of reach: exact only up to 10 colours"
        assert "the optimal strategy is computed" in str(app.screen.query_one("#optimum").tooltip)
        said = heard(app)
        await pilot.press("ctrl+o")
        await until(pilot, lambda: said)
        assert app.optimum.run is None and "exact only" not in said[-1]
        assert "computed exactly only up to 10 colours" in said[-1]


def test_the_memory_reason_is_cut_to_its_first_clause(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.optimal import reach

    monkeypatch.setattr(reach, "available_memory", lambda: 2**29)
    with pytest.raises(MastermindError) as refused:
        reach.check_size(CodeSpace(8, 4))
    reason = str(refused.value)
    assert "the optimal strategy for 8 colours x 4 positions would need about" in reason
    assert "this machine has 0.5 GB free" in reason
    assert re.fullmatch(r"needs about \d+\.\d GB of memory", short_reason(refused.value))


async def test_ctrl_o_searches_a_small_size_and_the_tree_lands_in_the_cache(
    cache_dir: Path,
) -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, 4, 3)
        said = heard(app)
        await pilot.press("ctrl+o")
        await until(pilot, lambda: line(app) == "Optimum 4x3: ready (cached)")
        assert app.optimum.run is None
        assert "Optimum 4x3 is ready (cached)." in said
    assert (cache_dir / "optimal-4x3.json").exists()
    assert not list(cache_dir.glob("*.partial.npz"))
    solution.cache_clear()
    tree = solution(4, 3).tree  # read back from the disk, the total the search gives
    assert tree.codes == 64 and solution(4, 3).searched is None


async def test_a_failed_search_says_one_line_and_the_app_goes_on(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: Optimal, space: CodeSpace, progress: object = None) -> str:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(Optimal, "prepare", broken)
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, 4, 3)
        said = heard(app)
        await pilot.press("ctrl+o")
        await until(pilot, lambda: "failed" in line(app))
        assert line(app).startswith("Optimum 4x3: search failed: internal error: RuntimeError")
        assert (
            said[-1] == "Optimum 4x3: the search failed: internal error: RuntimeError: disk on fire"
        )
        assert app.is_running and isinstance(app.screen, HomeScreen)
        assert "disk on fire" in str(app.screen.query_one("#optimum").tooltip)  # if cut


@pytest.mark.slow
async def test_the_person_plays_while_it_searches_and_quitting_stops_it_at_once(
    cache_dir: Path,
) -> None:
    """7x4, seconds of search: one at a time; a game starts and the home screen comes back
    to the search still going; quitting stops it, what it proved kept, nothing else. The
    keys once it runs are the screen's actions: Pilot's key presses wait for the process
    to be idle, a second each."""
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        home = await choose(pilot, 7, 4)
        await pilot.press("ctrl+o")
        run = searching(app)
        await until(pilot, lambda: run.done > 0)  # the kernel has reported progress
        assert "Optimum 7x4: searching in the background: " in line(app)
        said = heard(app)
        await choose(pilot, 6, 4)  # another size: one search at a time
        assert "(busy: Optimum 7x4 at " in line(app)
        home.action_optimum()
        await until(pilot, lambda: said)
        assert searching(app) is run and said[-1].startswith(
            "One search at a time: Optimum 7x4 is at"
        )
        home.action_start()
        await until(pilot, lambda: isinstance(app.screen, PlayScreen) and drawn(pilot))
        assert searching(app) is run and not run.ended.is_set()
        app.action_new_game()
        await until(pilot, lambda: isinstance(app.screen, HomeScreen) and "6x4" in line(app))
        await choose(pilot, 7, 4)
        assert "Optimum 7x4: searching in the background" in line(app)
        assert not run.ended.is_set()
    # The app has ended: the search with it, its proofs written whole, nothing else.
    assert run.ended.is_set()
    assert sorted(p.name for p in cache_dir.iterdir()) == ["optimal-7x4.partial.npz"]
    proofs = cache_dir / "optimal-7x4.partial.npz"
    proved = cache.load_arrays(proofs.name, proved_key(proofs))
    assert proved is not None and proved["keys"].size > 0


@pytest.mark.slow
async def test_ctrl_o_again_stops_the_search_and_keeps_what_it_proved(cache_dir: Path) -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        home = await choose(pilot, 7, 4)
        await pilot.press("ctrl+o")
        run = searching(app)
        await until(pilot, lambda: run.done > 0)
        home.action_optimum()
        await until(pilot, lambda: "stopped" in line(app))
        assert app.optimum.run is None and run.ended.is_set()
        assert line(app) == f"Optimum 7x4: stopped at {run.percent}% (Ctrl+O resumes)"
        assert (cache_dir / "optimal-7x4.partial.npz").exists()


def proved_key(path: Path) -> dict[str, object]:
    """The key a file of proofs says it was written for (``cache.load_arrays`` then
    checks the file against its digest: whole, not half written)."""
    with np.load(path) as stored:
        key: dict[str, object] = json.loads(str(stored["__key__"]))
    return key


async def test_quitting_before_the_search_begins_waits_for_nothing_and_writes_nothing(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search's tables are built first (seconds on 8x4, which nothing stops): quitting
    then does not wait, and the search, once its tables are built, does not begin."""
    from engine.optimal.search import OptimalSearch

    building, built = threading.Event(), threading.Event()
    build = OptimalSearch.__init__

    def held(self: OptimalSearch, *args: Any, **options: Any) -> None:
        building.set()
        built.wait(60)
        build(self, *args, **options)

    monkeypatch.setattr(OptimalSearch, "__init__", held)
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, 4, 3)
        await pilot.press("ctrl+o")
        run = searching(app)
        await until(pilot, building.is_set)
    assert not run.ended.is_set()  # the app ended without waiting for it
    built.set()
    assert run.ended.wait(60)
    assert list(cache_dir.iterdir()) == []
