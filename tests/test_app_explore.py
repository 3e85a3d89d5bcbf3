"""Watch: exploring another answer's branch: x on a selected answer
plays on as if it had come, checked against the engine; Backspace goes back; n and p walk
the branch; a random strategy keeps its seed; a big game's branch shows its progress,
stops on Escape and at quit."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from app_helpers import idle, tree_drawn, until
from numpy.typing import NDArray
from textual.pilot import Pilot
from textual.widgets import Static, Tree

from engine import Answer, Solver, make_strategy
from engine.feedback import answers, encode
from engine.strategies.guess_pools import written_order
from engine.trees.strategy_tree import walk
from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.decision_tree import DecisionTreeScreen
from mastermind_tui.screens.watch import WatchScreen
from mastermind_tui.widgets.bars import PartitionBars

ONE_ONE = Answer(1, 1)
Codes = NDArray[np.int32]


def watch_app(
    secret: str = "RGOY", strategy: str = "knuth", colours: int = 6, positions: int = 4
) -> tuple[MastermindApp, Settings, int]:
    settings = Settings.build(
        mode=WATCH, strategy=strategy, seed=1, colours=colours, positions=positions
    )
    code = settings.notation.parse(settings.space, secret)
    return MastermindApp(Start(settings, code)), settings, code


def text(app: MastermindApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def screen(app: MastermindApp) -> WatchScreen:
    assert isinstance(app.screen, WatchScreen)
    return app.screen


async def ready(pilot: Pilot[Any]) -> WatchScreen:
    """The watch once its game is worked out."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, WatchScreen) and app.screen.session.solved)
    assert isinstance(app.screen, WatchScreen)
    return app.screen


async def explore(pilot: Pilot[Any], answer: Answer, depth: int = 1) -> None:
    """Select ``answer``'s row of the split on show, press x, wait for the branch."""
    watch = screen(pilot.app)  # type: ignore[arg-type]
    index = watch.query_one(PartitionBars).answers().index(answer)
    await pilot.press(*["down"] * (index + 1))
    await until(pilot, lambda: watch._bar == index)
    await pilot.press("x")
    await until(pilot, lambda: len(watch.session.branches) == depth, seconds=120)
    await idle(pilot)


def kept(codes: Codes | None) -> Codes:
    assert codes is not None
    return codes


def forced_solver(settings: Settings, answers: list[Answer], seed: int | None = None) -> Solver:
    """The engine's own solver given ``answers``, in order."""
    solver = Solver(settings.space, make_strategy(settings.strategy), seed=seed)
    for answer in answers:
        solver.decide()
        solver.answer(*answer)
    return solver


@pytest.mark.slow
async def test_an_explored_1_1_branch_follows_the_engine_and_steps_back() -> None:
    """Knuth on RGOY: move 2 (RRGO) got 1,2; x on its 1,1 row plays on as if 1,1 had
    come: the codes left, the next choice and the board are the engine's; n and p walk
    the branch; Backspace goes back to the secret's path at the beat left."""
    app, settings, _ = watch_app()
    async with app.run_test(size=(80, 24)) as pilot:
        watch = await ready(pilot)
        await pilot.press("n", "n")  # move 2, before its answer
        await until(pilot, lambda: text(app, "#caption").startswith("Move 2, before"))
        real = watch.session.steps[1].answer
        assert real != ONE_ONE
        await explore(pilot, ONE_ONE)
        first = watch.session.steps[0].answer
        engine = forced_solver(settings, [first, ONE_ONE])
        left_codes = engine.candidates
        left = len(left_codes)
        assert left == 46  # RRGO's largest class, as the split draws it
        session = watch.session
        assert np.array_equal(kept(session.possible[2]), engine.candidates)
        assert session.steps[1].answer == ONE_ONE and session.steps[1].candidates_after == left
        assert text(app, "#caption").startswith(f"Move 2, answered: RRGO gets 1,1; 256 → {left}")
        assert text(app, "#trace-summary").startswith(f"Move 2, answered: 256 → {left} of")
        status = text(app, "#status").replace("\n", " ")
        assert status.startswith("Exploring: move 2 got 1,1, not 1,2")
        first_written = int(engine.candidates[np.argmin(written_order(settings.space, left_codes))])
        stand_in = settings.notation.format(settings.space, first_written)
        assert f"secret taken as {stand_in} · Backspace: back" in status
        await until(pilot, lambda: app.screen.query_one("#status").size.height == 1)  # 80 cols
        assert [r.answer for r in session.rows()] == [first, ONE_ONE]
        # n: the next choice on the branch is the engine's from there, p comes back.
        following = settings.notation.format(settings.space, engine.decide().guess)
        await pilot.press("n")
        assert text(app, "#caption").startswith(
            f"Move 3, before its answer: {left} codes possible; knuth plays {following}."
        )
        await pilot.press("p")
        assert text(app, "#caption").startswith("Move 2, answered: RRGO gets 1,1")
        # The branch plays to its end, the stand-in broken.
        await pilot.press("end")
        assert session.target == first_written
        assert session.steps[-1].answer.black == settings.space.positions
        await pilot.press("backspace")
        await until(pilot, lambda: not session.branches)
        assert text(app, "#status").startswith("Watching knuth break RGOY")
        assert session.beat == 2 and session.steps[1].answer == real
        assert text(app, "#caption").startswith("Move 2, before its answer")
        await pilot.press("backspace")  # on the secret's path already: said, nothing moves
        assert "secret's own path" in text(app, "#caption") and session.beat == 2


@pytest.mark.slow
async def test_the_answer_that_came_and_no_selection_are_said() -> None:
    app, _, _ = watch_app()
    async with app.run_test(size=(80, 24)) as pilot:
        watch = await ready(pilot)
        await pilot.press("n", "n", "x")
        assert text(app, "#caption").startswith("Select an answer of the split")
        index = watch.query_one(PartitionBars).answers().index(watch.session.steps[1].answer)
        await pilot.press(*["down"] * (index + 1))
        assert text(app, "#caption").startswith("Answer 1,2 selected (40 codes): x plays on")
        await pilot.press("x")
        assert text(app, "#caption").startswith("1,2 is the answer that came")
        assert not watch.session.branches


@pytest.mark.slow
async def test_a_random_strategy_explores_with_its_seed_and_branches_nest() -> None:
    """random with seed 1: the branch is the same game up to the move it leaves, and the
    engine's solver with the same seed and answers plays the same next guess; a branch
    explored from a branch says both, and Backspace leaves one at a time."""
    app, settings, _ = watch_app(strategy="random")
    async with app.run_test(size=(80, 24)) as pilot:
        watch = await ready(pilot)
        session = watch.session
        original = list(session.steps)
        await pilot.press("n", "n")
        other = next(a for a in session.steps[1].decision.partition if a != original[1].answer)
        await explore(pilot, other)
        assert [s.guess for s in session.steps[:2]] == [s.guess for s in original[:2]]
        engine = forced_solver(settings, [original[0].answer, other], seed=1)
        assert np.array_equal(kept(session.possible[2]), engine.candidates)
        if not session.at_end:
            assert session.steps[2].guess == engine.decide().guess
            await pilot.press("n")  # move 3, before its answer: a branch from the branch
            inner = next(
                a for a in session.steps[2].decision.partition if a != session.steps[2].answer
            )
            await explore(pilot, inner, depth=2)
            assert "then move 3 got" in text(app, "#status").replace("\n", " ")
            await pilot.press("backspace")
            await until(pilot, lambda: len(session.branches) == 1)
        await pilot.press("backspace")
        await until(pilot, lambda: not session.branches)
        assert session.steps == original


async def test_an_8x5_branch_stops_on_escape_then_follows_the_engine() -> None:
    """knuth on 8 colours x 5 positions: x on move 1's second row says its progress and
    Escape stops it (the path on show stays); asked again, the branch comes with the
    engine's codes left."""
    app, settings, _ = watch_app("RGBYO", colours=8, positions=5)
    async with app.run_test(size=(120, 36)) as pilot:
        watch = await ready(pilot)
        session = watch.session
        other = next(a for a in session.steps[0].decision.partition if a != session.steps[0].answer)
        index = watch.query_one(PartitionBars).answers().index(other)
        await pilot.press(*["down"] * (index + 1))
        await until(pilot, lambda: watch._bar == index)  # the row selected (a loaded machine)
        # x and Escape as the screen's actions, back to back: a key press waits for the
        # process to go idle, and a branch on a quick machine is done by then.
        watch.action_explore()
        assert text(app, "#caption").startswith("Exploring move 1 got")
        watch.action_cancel()
        assert text(app, "#caption").startswith("Exploring stopped")
        await idle(pilot)
        assert not session.branches
        await pilot.press("x")
        await until(pilot, lambda: bool(session.branches), seconds=120)
        engine = forced_solver(settings, [other])
        assert np.array_equal(kept(session.possible[1]), engine.candidates)
        assert session.steps[0].candidates_after == session.steps[0].decision.partition[other]


async def test_quitting_stops_a_branch_within_a_second() -> None:
    app, _, _ = watch_app("RGBYO", colours=8, positions=5)
    async with app.run_test(size=(80, 24)) as pilot:
        watch = await ready(pilot)
        other = next(a for a in watch.session.steps[0].decision.partition if a.black == 0)
        index = watch.query_one(PartitionBars).answers().index(other)
        await pilot.press(*["down"] * (index + 1))
        await until(pilot, lambda: watch._bar == index)  # the row selected (a loaded machine)
        watch.action_explore()  # x, without the key press's wait for an idle process
        assert watch.busy("explore")
        started = time.monotonic()
        app.exit()
    assert time.monotonic() - started < 3  # a second, and room for a busy machine


def test_an_explored_branch_at_80x24(snap_compare: Callable[..., bool]) -> None:
    """Knuth on RGOY, move 2 answered 1,1 instead of 1,2: the path on the status line."""
    app, _, _ = watch_app()

    async def run(pilot: Pilot[Any]) -> None:
        await ready(pilot)
        await pilot.press("n", "n")
        await explore(pilot, ONE_ONE)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


async def test_the_trees_folded_other_answers_open_on_enter() -> None:
    """F4 after two moves: Enter on BBWW's "… 12 other answers" puts one branch per other
    answer in its place, each the engine's tree from there (4,0: BBWW found)."""
    app, settings, _ = watch_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await pilot.press("n", "n", "n", "f4")
        await until(pilot, lambda: tree_drawn(pilot))
        assert isinstance(app.screen, DecisionTreeScreen)
        tree = app.screen.query_one(Tree)
        first = tree.root.children[0]
        fold = first.children[0]
        assert str(fold.label) == "… 12 other answers"
        tree.move_cursor(fold)
        await pilot.press("enter")
        await until(pilot, lambda: fold not in first.children)
        labels = [str(child.label) for child in first.children]
        assert len(labels) == 13 and labels[-1] == "0,0 → RRGO  256 codes · played"
        space = settings.space
        bbww = settings.notation.parse(space, "BBWW")
        part = space.allowed[answers(space, bbww, space.allowed) == encode(1, 1, 4)]
        engine = walk(space, make_strategy("knuth"), part, ((bbww, encode(1, 1, 4)),), True)
        assert engine.root is not None
        guess = settings.notation.format(space, engine.root.guess)
        assert f"1,1 → {guess}  208 codes · at most {engine.root.height} more guesses" in labels
        assert "4,0 → BBWW found" in labels
        opened = next(c for c in first.children if str(c.label).startswith("1,1 → "))
        tree.move_cursor(opened)
        await pilot.press("space")
        await until(pilot, lambda: bool(opened.children))
