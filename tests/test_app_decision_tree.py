"""The decision-tree panel: walked in a worker, opened from the keyboard, labels with the
answer, the next guess, the codes left and the depth below; random strategies refused;
F4 opens it beside a game (watch mode has its own tests in test_app_watch.py)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from app_helpers import enter, game_session, message, tree_drawn, until
from textual.app import App
from textual.widgets import Input, Static, Tree

from engine import CodeSpace, Solver, get_notation, make_strategy
from engine.trees.strategy_tree import Walk
from engine.trees.strategy_tree import walk as tree_walk
from mastermind_tui.game.kinds import MAKE
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.decision_tree import DecisionTreeScreen
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.widgets.codemap import CodeMap
from mastermind_tui.widgets.trace import TracePane


class Host(App[None]):
    def __init__(self, panel: DecisionTreeScreen) -> None:
        super().__init__()
        self.panel = panel

    def on_mount(self) -> None:
        self.push_screen(self.panel)


def panel(strategy: str = "knuth", steps: int = 0) -> DecisionTreeScreen:
    space = CodeSpace(6, 4)
    solver = Solver(space, make_strategy("knuth"))
    for _ in range(steps):
        solver.answer_for(1234 % space.size)
    return DecisionTreeScreen(
        space, strategy, get_notation("letters"), solver.candidates, solver.history
    )


async def test_tree_from_the_start_opens_from_the_keyboard() -> None:
    app = Host(panel())
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await until(pilot, lambda: tree_drawn(pilot))
        tree = app.screen.query_one(Tree)
        top = tree.root.children[0]
        assert str(top.label) == "BBWW  1,296 codes · at most 5 more guesses"
        labels = [str(child.label) for child in top.children]
        assert "1,1 → BBRG  208 codes · at most 4 more guesses" in labels
        assert "0,4 → WWBB  found: 1 more guess" in labels
        first = top.children[0]
        assert not first.children  # added only when opened
        await pilot.press("down", "space")
        await until(pilot, lambda: first.is_expanded)
        assert first.is_expanded and first.children
        await pilot.press("escape")
        assert not isinstance(app.screen, DecisionTreeScreen)


async def test_tree_follows_the_game_position() -> None:
    app = Host(panel(steps=2))
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await until(pilot, lambda: tree_drawn(pilot, cursor=False))
        status = str(app.screen.query_one("#tree-status", Static).content)
        possible = int(status.split()[0].replace(",", ""))
        assert possible < 1296
        assert isinstance(app.screen, DecisionTreeScreen)
        top = app.screen.current
        assert top is not None and str(top.label).endswith("◀ now")
        assert f"{possible:,} codes" in str(top.label) or possible == 1
        assert str(app.screen.query_one(Tree).root.children[0].label).endswith("· played")


async def test_random_strategies_have_no_tree() -> None:
    app = Host(panel("random"))
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, DecisionTreeScreen)
                and "at random" in str(app.screen.query_one("#tree-status", Static).content)
            ),
        )
        status = str(app.screen.query_one("#tree-status", Static).content)
        assert "guesses at random" in status
        assert not app.screen.query_one(Tree).root.children


def test_panel_keeps_its_own_copy_of_the_position() -> None:
    candidates = np.arange(10, dtype=np.int32)
    screen = DecisionTreeScreen(CodeSpace(6, 4), "knuth", get_notation("letters"), candidates, ())
    candidates[0] = 99
    assert screen.candidates[0] == 0


@pytest.mark.slow
async def test_f4_beside_a_game_opens_the_tree_and_typing_goes_on() -> None:
    app = MastermindApp(Start(Settings.build(seed=3, lab=True)))
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await enter(pilot, "RRGG")
        assert message(pilot) == "Move 1: RRGG gets 1,0."
        session = game_session(app)
        solver = Solver(session.space, make_strategy("knuth"))
        space, notation = session.space, session.settings.notation
        solver.observe(notation.parse(space, "RRGG"), 1, 0)
        await pilot.press("f4")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: tree_drawn(pilot))
        assert isinstance(app.screen, DecisionTreeScreen)
        top = app.screen.current
        assert top is not None
        advice = notation.format(space, solver.decide().guess)
        lead = f"1,0 → {advice}  {len(solver.candidates):,} codes · at most"
        assert str(top.label).startswith(lead) and str(top.label).endswith("◀ now")
        assert all(" → " in str(child.label) for child in top.children)
        await pilot.press("down", "enter")
        assert top.children[0].is_expanded
        await pilot.press("escape")
        assert isinstance(app.screen, PlayScreen)
        # A click on the code map names a code but takes no keys from the command line
        # (the map under the two splits compared: scrolled into view first).
        trace, codemap = app.screen.query_one(TracePane), app.screen.query_one(CodeMap)
        trace.scroll_to_widget(codemap, animate=False)
        # laid out again: the cell to be clicked is on show in the pane
        await until(
            pilot, lambda: trace.region.contains(codemap.region.x + 4, codemap.region.y + 5)
        )
        await pilot.click(CodeMap, offset=(4, 5))
        assert app.screen.query_one(CodeMap).cursor is not None
        await pilot.press(*"bwoy", "enter")
        await app.workers.wait_for_complete()
        assert message(pilot).startswith("Move 2: BWOY gets")
        assert app.screen.query_one("#command", Input).value == ""


async def test_f4_with_a_random_strategy_says_so_in_one_line() -> None:
    app = MastermindApp(Start(Settings.build(mode=MAKE, strategy="random", seed=3)))
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("f4")
        assert not isinstance(app.screen, DecisionTreeScreen)
        assert message(pilot) == "random guesses at random: a random strategy has no fixed tree"


async def test_closing_the_panel_stops_a_long_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Escape during a walk of seconds ends the panel's job at its next progress step: the
    walk stops (it raises), it does not run on to the end."""
    from mastermind_tui.jobs import Stopped
    from mastermind_tui.screens import decision_tree

    ends: list[str] = []

    def walk(*args: Any, **kwargs: Any) -> Walk:
        try:
            found = tree_walk(*args, **kwargs)
        except Stopped:
            ends.append("stopped")
            raise
        ends.append("finished")
        return found

    monkeypatch.setattr(decision_tree, "walk", walk)
    space = CodeSpace(7, 5)  # the whole knuth tree takes some seconds here
    screen = DecisionTreeScreen(space, "knuth", get_notation("letters"), space.all_indices(), ())
    app = Host(screen)
    async with app.run_test(size=(120, 36)) as pilot:

        def status() -> str:
            return str(app.screen.query_one("#tree-status", Static).content)

        await until(pilot, lambda: status().startswith("Working out the tree… "))
        worker = next(iter(app.workers))
        assert not worker.is_finished
        assert status().endswith(" of 16,807 codes placed")
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        assert worker.is_cancelled
        assert ends == ["stopped"]
