"""9 colours x 4 positions, past 4,096 codes: its optimal and optimal-worst trees ship, so
statistics, watch and hints read them with no search, and a hint off the tree says how
it is answered (a small position searched, a big one entropy's guess said as such)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from app_helpers import enter, message, ready, screen_text

from engine import CodeSpace, make_strategy
from engine.optimal.shipped import has
from engine.play.solver import Solver
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.play import PlayScreen

NINE = CodeSpace(9, 4)


@pytest.fixture(autouse=True)
def shipped(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped trees read, as on a fresh install (the suite ignores them otherwise),
    with an empty cache."""
    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")


#: The totals of the shipped trees (docs/performance-optimum.md: searched on purpose).
SHIPPED = {"optimal": 34666, "optimal-worst": 34666}


def test_the_trees_ship_and_no_other_criterion_does() -> None:
    assert has("optimal-9x4.json") and has("optimal-worst-9x4.json")
    assert not has("optimal-fit-9x4.json")


def test_the_worst_case_first_tree_finds_every_secret_within_7() -> None:
    """As few guesses on average as the plain optimum (34,666), every secret within 7
    where the plain tree needs 8 for one: 6 cannot find them all
    (benchmarks/least_cap.py)."""
    from engine.optimal.solutions import solution

    worst = solution(9, 4, worst_first=True)
    plain = solution(9, 4)
    assert worst.searched is None and plain.searched is None  # both read off the trees
    assert worst.tree.total == plain.tree.total == 34666
    assert max(depth for depth, _ in worst.tree.walk()) == 7
    assert max(depth for depth, _ in plain.tree.walk()) == 8


@pytest.mark.slow
@pytest.mark.parametrize(("strategy", "total"), list(SHIPPED.items()))
def test_stats_answers_from_the_shipped_tree_on_a_fresh_cache(
    strategy: str, total: int, cache_dir: Path
) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mastermind_tui",
            "stats",
            "--strategy",
            strategy,
            "--colours",
            "9",
            "--positions",
            "4",
            "--notation",
            "digits",
            "--all",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["total_guesses"] == total
    assert "searching" not in done.stderr and not list(cache_dir.glob("*.partial.npz"))


def test_a_game_on_the_tree_follows_it_with_no_search(cache_dir: Path) -> None:
    from engine.optimal.solutions import solution

    solver = Solver(NINE, make_strategy("optimal"))
    assert NINE.to_digits(solver.decide().guess) == (0, 1, 2, 3)
    first = solver.steps[-1].guess if solver.steps else NINE.from_digits((0, 1, 2, 3))
    solver.answer(*NINE.answer(NINE.from_digits((4, 5, 6, 7)), first))
    decision = solver.decide()
    assert "heuristic" not in decision.note and len(solver.candidates) == 625
    assert solution(9, 4).searched is None  # read off the tree: no search made


def test_a_hint_off_the_tree_on_a_big_position_is_entropys(cache_dir: Path) -> None:
    solver = Solver(NINE, make_strategy("optimal"))
    solver.observe(0, *NINE.answer(NINE.count - 1, 0))  # 0000, answered 0,0: 4,096 left
    decision = solver.decide()
    assert decision.note.startswith(
        "off the optimal tree with 4,096 codes left, past what a hint searches on 6,561 "
        "codes: entropy's guess, a heuristic, not the optimum"
    )


@pytest.mark.slow
async def test_a_game_off_the_tree_says_how_its_hint_and_advice_are_made(
    cache_dir: Path,
) -> None:
    """In a game, HINT is the ratings' best guess, weighed by expected size past 4,096
    codes (named so); the optimal tree's advice beside it says where it is a heuristic's."""
    settings = Settings.build(
        colours=9, positions=4, notation="digits", strategy="optimal", seed=3, lab=True
    )
    app = MastermindApp(Start(settings))
    async with app.run_test(size=(100, 40)) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        await enter(pilot, "hint")
        assert message(pilot) == "HINT: try 0123, expected-size's choice, expected size 1,134."
        await enter(pilot, "0000" if screen.session.secret_text != "0000" else "1111")
        await enter(pilot, "hint")
        assert "expected-size's choice" in message(pilot)
        said = " ".join(screen_text(pilot).split())
        assert "optimal would play next" in said
        assert "entropy's guess, a heuristic, not the" in said
