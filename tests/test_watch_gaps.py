"""The teacher's watch, its last gaps: x in the footer where it applies; Escape
stops the ranked list's weighing on 8x5; a branch replays the moves up to it rather than
working them out again; the handout draws every guess weighed up to a page and sums up
the rest truthfully."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from app_helpers import idle, until
from textual.pilot import Pilot
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from engine import Answer, CodeSpace, Solver, make_strategy
from engine.strategies import NO_DRAWS, Position
from engine.strategies.weighing import weigh_all
from mastermind_tui.cli import handout_parts
from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.game.watch_session import WatchSession
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import main
from mastermind_tui.navigation import Start
from mastermind_tui.screens.lesson import RankedScreen
from mastermind_tui.screens.watch import WatchScreen


def watch_app(secret: str, colours: int = 6, positions: int = 4) -> MastermindApp:
    settings = Settings.build(
        mode=WATCH, strategy="knuth", seed=1, colours=colours, positions=positions
    )
    return MastermindApp(Start(settings, settings.notation.parse(settings.space, secret)))


async def ready(pilot: Pilot[Any]) -> WatchScreen:
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, WatchScreen) and app.screen.session.solved)
    assert isinstance(app.screen, WatchScreen)
    return app.screen


def footer(app: MastermindApp) -> list[str]:
    return [str(key.description) for key in app.screen.query(FooterKey)]


@pytest.mark.slow
async def test_x_is_in_the_footer_always() -> None:
    """At 80x24 the key strip names w, l, r and x at every beat, an answer row selected
    or not (a lesson's keys; the rest are in F1); + plays faster all the same."""
    app = watch_app("RGOY")
    async with app.run_test(size=(80, 24)) as pilot:
        watch = await ready(pilot)
        lesson = {"What if", "List", "Rule", "Explore"}
        await pilot.press("n")
        await until(pilot, lambda: lesson <= set(footer(app)))
        await pilot.press("down")
        await until(pilot, lambda: lesson <= set(footer(app)))
        before = watch.playback.text()
        await pilot.press("plus")
        await until(pilot, lambda: watch.playback.text() != before)
        await pilot.press("n")
        await until(pilot, lambda: lesson <= set(footer(app)))


@pytest.mark.slow
async def test_escape_stops_the_8x5_ranked_weighing() -> None:
    """l on 8x5's move 2 (thousands of guesses weighed again): Escape while it runs says
    it stopped, and the list never opens; no error is said."""
    app = watch_app("RGBYO", colours=8, positions=5)
    async with app.run_test(size=(120, 36)) as pilot:
        watch = await ready(pilot)
        await pilot.press("n", "n")  # move 2, before its answer
        watch.action_ranked()  # l, without the key press's wait for an idle process
        assert watch.busy("ranked list")
        caption = watch.query_one("#caption", Static)
        assert "Escape stops" in str(caption.render())
        watch.action_cancel()
        assert not watch.busy("ranked list")
        assert str(caption.render()).startswith("Weighing stopped")
        await app.workers.wait_for_complete()
        await idle(pilot)
        assert not isinstance(app.screen, RankedScreen)
        assert str(caption.render()).startswith("Weighing stopped")
        await pilot.press("l")  # asked again, it opens
        await until(pilot, lambda: isinstance(app.screen, RankedScreen), seconds=120)


def test_a_branch_replays_the_moves_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """knuth on RGOY, move 3 answered otherwise: the branch's game with the path's moves
    replayed is the game worked out from move 1, and the strategy thinks only from the
    branch's next move on."""
    settings = Settings.build(mode=WATCH, strategy="knuth", seed=1)
    session = WatchSession(settings, settings.notation.parse(settings.space, "RGOY"))
    session.solve()
    session.beat = 4  # move 3, before its answer
    step = session.steps[2]
    other = next(a for a in step.decision.partition if a != step.answer)
    branch, forced = session.branch(other)
    whole = session.play(forced=forced)
    thought: list[int] = []

    def counting(name: str) -> Any:
        strategy = make_strategy(name)
        choose = strategy.choose

        def spy(position: Position) -> Any:
            thought.append(len(position.history))
            return choose(position)

        strategy.choose = spy  # type: ignore[method-assign]
        return strategy

    monkeypatch.setattr("mastermind_tui.game.watch_session.make_strategy", counting)
    replayed = session.play(forced=forced, known=session.prefix(branch))
    assert replayed.steps == whole.steps and replayed.secret == whole.secret
    assert replayed.rivals == whole.rivals
    assert [len(p) if p is not None else None for p in replayed.possible] == [
        len(p) if p is not None else None for p in whole.possible
    ]
    assert thought and min(thought) == 3  # moves 1 to 3 replayed, not thought out again
    assert replayed.steps[2].answer == Answer(*other)


def test_the_handout_draws_a_page_of_guesses_and_sums_up_the_rest(tmp_path: Path) -> None:
    """knuth on YOBR: each chart draws up to CHART_ROWS rows of the whole weighing; where
    there are more, a line says how many rows and codes were left out and their scores,
    as the weighing has them."""
    target = tmp_path / "yobr.html"
    assert main(["solve", "YOBR", "--html", str(target)]) == 0
    page = unescape(target.read_text(encoding="utf-8"))
    space = CodeSpace(6, 4)
    strategy = make_strategy("knuth")
    solver = Solver(space, strategy)
    secret = settings_code("YOBR")
    summaries = re.findall(r"… ([\d,]+) more rows? \(([\d,]+) codes?\) not drawn", page)
    expected = []
    while not solver.solved:
        decision, before = solver.decide(), solver.candidates
        w = weigh_all(strategy, Position(space, before, solver.history, NO_DRAWS), decision)
        assert w is not None
        shown = min(len(w), handout_parts.CHART_ROWS)
        if len(w) > shown:
            possible = w.possible.nonzero()[0]
            below = bool(len(possible)) and int(possible[0]) >= shown
            left = len(w) - shown - below
            codes = int(w.family[shown:].sum()) - (int(w.family[possible[0]]) if below else 0)
            expected.append((f"{left:,}", f"{codes:,}"))
        solver.answer_for(secret)
    assert summaries == expected and expected
    assert page.count("class='chart'") == len(solver.steps)


def settings_code(secret: str) -> int:
    settings = Settings.build(mode=WATCH, strategy="knuth", seed=1)
    return settings.notation.parse(settings.space, secret)
