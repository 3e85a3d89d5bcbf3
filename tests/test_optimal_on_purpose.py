"""Past 4,096 codes an exact search of minutes or hours starts only when asked for in so
many words (``stats --yes``): never from the home screen's Ctrl+O, a hint or a rating. A
hint off the tree there is a heuristic's, said as such. The limits are lowered here so
that small sizes stand for the big ones."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import heard, until

from engine import CodeSpace, make_strategy
from engine.errors import ConfigError
from engine.optimal import reach
from engine.optimal.solutions import solution
from engine.play.solver import Solver
from engine.rating.guesses import Rater
from engine.run import Run
from engine.strategies.heuristics import Entropy
from engine.strategies.optimal import Optimal
from mastermind_tui.modes.main import main


@pytest.fixture
def quiet_to_16(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sizes past 16 codes stand for sizes past 4,096: searched only when asked for."""
    monkeypatch.setattr(reach, "QUIET_LIMIT", 16)


def test_a_search_past_the_limit_is_refused_with_its_estimate_and_command(
    cache_dir: Path, quiet_to_16: None
) -> None:
    with pytest.raises(ConfigError) as refused:
        solution(3, 3)
    said = str(refused.value)
    assert "3 colours x 3 positions make 27 codes: past 16, the optimal tree" in said
    assert "of CPU, an estimate" in said
    assert said.endswith(
        "mastermind stats --strategy optimal --colours 3 --positions 3 --all --yes "
        "searches it and keeps it"
    )
    assert refused.value.short == "past 16 codes: searched only by stats --yes"
    assert solution(3, 3, run=Run(deliberate=True)).tree.total == 73  # asked: searched
    solution.cache_clear()
    assert solution(3, 3).tree.total == 73  # and read from the cache after, unasked


def test_nine_colours_name_the_notation_that_shows_them() -> None:
    with pytest.raises(ConfigError, match=r"--colours 9 --positions 4 --notation digits --all"):
        reach.check_asked(CodeSpace(9, 4), "optimal-worst", False, plain=False)
    reach.check_asked(CodeSpace(8, 4), "optimal", False)  # 4,096: quiet


def test_only_the_plain_optimum_past_the_limit_has_an_estimate() -> None:
    """Past 4,096 codes the time model is fitted to the plain optimum alone: another
    criterion's time is not said (9x4's worst case first took 79 minutes of CPU when the
    model said 26)."""
    with pytest.raises(ConfigError, match=r"\(about 26 min of CPU, an estimate\)"):
        reach.check_asked(CodeSpace(9, 4), "optimal", False)
    with pytest.raises(ConfigError, match=r"\(its time unknown: nothing measured here fits it\)"):
        reach.check_asked(CodeSpace(9, 4), "optimal-worst", False, plain=False)
    assert reach.estimate_words(CodeSpace(8, 4), plain=False) == "about 54 s of CPU, an estimate"


def test_stats_asks_for_yes_then_says_its_estimate(
    cache_dir: Path, quiet_to_16: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["stats", "--strategy", "optimal", "--colours", "3", "--positions", "3", "--all"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--all --yes searches it and keeps it" in err
    assert main([*argv, "--yes"]) == 0
    out, err = capsys.readouterr()
    assert "searching the optimal tree of 3x3 (about " in err and "of CPU, an estimate)" in err
    assert "Ctrl+C stops it" in err
    assert "73" in out.replace(",", "")
    assert main(argv) == 0  # cached now: no --yes needed, no estimate said
    assert "searching" not in capsys.readouterr().err


def test_criteria_past_the_limit_ask_for_yes_too(
    cache_dir: Path, quiet_to_16: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["stats", "--criteria", "--colours", "2", "--positions", "5", "--all"]
    assert main(argv) == 2
    assert "--yes searches it" in capsys.readouterr().err
    assert main([*argv, "--yes"]) == 0


def _off_tree(space: CodeSpace, strategy: Optimal) -> Solver:
    """A game off the optimal tree: its first guess is one the tree never plays."""
    solver = Solver(space, strategy)
    first = solution(space.colours, space.positions, run=Run(deliberate=True)).tree.guess
    odd = 0 if first != 0 else 1
    solver.observe(odd, *space.answer(space.count - 1, odd))
    return solver


def test_a_hint_off_the_tree_past_the_limit_is_entropys_said_as_a_heuristic(
    cache_dir: Path, quiet_to_16: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    space = CodeSpace(4, 3)
    monkeypatch.setattr(reach, "OFF_TREE_CODES", 2)
    solver = _off_tree(space, Optimal())
    assert len(solver.candidates) > 2
    decision = solver.decide()
    entropy = Solver(space, Entropy())
    odd = solver.steps[0].guess
    entropy.observe(odd, *space.answer(space.count - 1, odd))
    assert decision.guess == entropy.decide().guess
    assert decision.note.startswith(
        f"off the optimal tree with {len(solver.candidates):,} codes left, past what a hint "
        "searches on 64 codes: entropy's guess, a heuristic, not the optimum"
    )
    monkeypatch.setattr(reach, "OFF_TREE_CODES", 1000)  # small: searched
    assert "heuristic" not in _off_tree(space, Optimal()).decide().note


def test_ratings_past_the_limit_weigh_with_a_heuristic_even_with_a_tree(
    cache_dir: Path, quiet_to_16: None
) -> None:
    solution(4, 3, run=Run(deliberate=True))  # the tree on disk
    assert Rater(CodeSpace(4, 3), "optimal").rule != "optimal"
    assert Rater(CodeSpace(2, 4), "optimal").rule == "optimal"  # 16 codes: quiet


async def test_ctrl_o_past_the_limit_says_the_command_that_searches(
    cache_dir: Path, quiet_to_16: None
) -> None:
    from test_app_optimum import choose, line

    from mastermind_tui.modes.app import MastermindApp

    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, 3, 3)
        assert line(app) == "Optimum 3x3: past 16 codes: searched only by stats --yes"
        said = heard(app)
        await pilot.press("ctrl+o")
        await until(pilot, lambda: said)
        assert app.optimum.run is None
        assert "--colours 3 --positions 3 --all --yes searches it" in said[-1]


def test_the_strategy_check_still_refuses_past_the_code_limit() -> None:
    with pytest.raises(ConfigError, match=r"up to 7,776 codes \(6 colours x 5 positions\)"):
        make_strategy("optimal").check(CodeSpace(7, 5))
    make_strategy("optimal").check(CodeSpace(6, 5))  # 7,776: offered, when asked for


def test_a_hint_with_no_tree_past_the_limit_is_entropys_and_says_why(
    cache_dir: Path, quiet_to_16: None
) -> None:
    space = CodeSpace(4, 3)
    decision = Solver(space, make_strategy("optimal-worst")).decide()
    assert decision.guess == Solver(space, Entropy()).decide().guess
    assert decision.note.startswith(
        "the optimal-worst tree of 4x3 is not searched yet (past 4,096 codes only stats "
        "--yes searches it): entropy's guess, a heuristic, not the optimum"
    )
    assert not list(cache_dir.iterdir())  # nothing searched, nothing begun


async def test_the_home_screen_says_no_time_it_cannot_estimate(cache_dir: Path) -> None:
    """Black pegs only past 256 codes: nothing measured fits, so no figure is made up."""
    from test_app_optimum import choose, line
    from textual.widgets import Select

    from mastermind_tui.modes.app import MastermindApp

    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose(pilot, 5, 4)
        app.screen.query_one("#answers", Select).value = "black"  # the line follows the rule
        await until(pilot, lambda: "black pegs only" in line(app))
        assert line(app) == (
            "Optimum 5x4 black pegs only: not cached, time to search unknown (Ctrl+O)"
        )
