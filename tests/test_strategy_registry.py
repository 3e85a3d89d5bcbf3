"""A strategy is one file and one registry line: a throwaway one, made here and registered
with ``engine.strategies.register``, shows in ``solve`` and ``stats``, the trace, the
ratings and the home screen's list, with nothing else told about it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import partial
from typing import cast

import numpy as np
import numpy.typing as npt
import pytest
from app_helpers import idle, until
from textual.widgets import Select

from engine import STRATEGIES, CodeSpace, ConfigError, get_notation, make_strategy, play
from engine.explain.decisions import score_text, sentence
from engine.rating.guesses import rate_moves, summary
from engine.strategies import Measure, Parameter, register
from engine.strategies.partition_pool import Limits
from engine.strategies.partitioning import PartitionStrategy
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import main
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.screens.stats import StatsScreen
from mastermind_tui.widgets.tick import Tick

NAME = "largest-two"


class LargestTwo(PartitionStrategy):
    """The guess whose two largest classes hold the fewest codes (a strategy nobody
    published: only what it says about itself is under test)."""

    name = NAME
    summary = "the guess whose two largest classes of answers hold the fewest codes"
    shown_by_default = True
    measure = Measure(
        label="two largest classes",
        reads="two largest classes {}",
        own="leaves at most {} in its two largest classes",
        both="both leave {} in their two largest classes",
        rival="leaves {}",
        unit="code",
        units="codes",
    )
    parameters = (Parameter("count", "how many of the largest classes are summed"),)

    def __init__(self, limits: Limits | None = None, count: int = 2) -> None:
        super().__init__(limits)
        self.count = count

    def keys(self, hist: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        top = np.sort(hist, axis=1)[:, -self.count :]
        return cast("npt.NDArray[np.float64]", top.sum(axis=1).astype(np.float64))


@pytest.fixture
def throwaway() -> Iterator[type[LargestTwo]]:
    register(LargestTwo)  # the one registry line
    yield LargestTwo
    del STRATEGIES[NAME]


def test_it_is_made_by_name_and_plays(throwaway: type[LargestTwo]) -> None:
    space = CodeSpace(6, 4)
    steps = play(space, make_strategy(NAME), space.from_digits([0, 1, 2, 3]))
    assert steps[-1].answer.black == 4
    first = steps[0].decision
    assert first.score_label == "two largest classes"
    assert score_text(first).startswith("two largest classes: ")
    fmt = partial(get_notation("letters").format, space)
    # The opening ties with every code of its pattern: the plural words are used.
    assert "719 others (the codes with its pattern of colours) leave 506 codes in their two" in (
        sentence(first, fmt)
    )


def test_its_settings_are_checked(throwaway: type[LargestTwo]) -> None:
    space = CodeSpace(6, 4)
    steps = play(space, make_strategy(NAME, count=1), space.from_digits([0, 1, 2, 3]))
    knuth = play(space, make_strategy("knuth"), space.from_digits([0, 1, 2, 3]))
    assert [s.guess for s in steps] == [s.guess for s in knuth]  # one class: knuth's key
    with pytest.raises(ConfigError, match="count must be at least 1"):
        make_strategy(NAME, count=0)
    with pytest.raises(ConfigError, match="no setting 'depth' \\(it takes: count\\)"):
        make_strategy(NAME, depth=3)
    with pytest.raises(ConfigError, match="no setting 'depth' \\(it takes: none\\)"):
        make_strategy("knuth", depth=3)


def test_solve_prints_its_reasoning(
    throwaway: type[LargestTwo], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "RGBY", "--strategy", NAME]) == 0
    out = capsys.readouterr().out
    assert f"with {NAME}" in out
    assert "two largest classes: " in out and " in their two largest classes" in out


def test_stats_plays_every_secret(
    throwaway: type[LargestTwo], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["stats", "--all", "--colours", "4", "--positions", "3", "--jobs", "1"]
    assert main([*argv, "--strategy", NAME, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    space = CodeSpace(4, 3)
    total = sum(len(play(space, make_strategy(NAME), s)) for s in space.all_indices())
    assert (result["strategy"], result["games"]) == (NAME, 64)
    assert result["total_guesses"] == total


def test_ratings_use_its_score_where_the_optimum_is_out_of_reach(
    throwaway: type[LargestTwo],
) -> None:
    space = CodeSpace(11, 2)  # more colours than the exact search takes
    steps = play(space, make_strategy("knuth"), space.from_digits([9, 10]))
    moves = [(s.guess, s.answer) for s in steps]
    ratings = rate_moves(space, NAME, moves)
    assert [r.rule for r in ratings] == [NAME] * len(moves)
    assert not any(r.higher_is_better for r in ratings)
    fmt = partial(get_notation("numbers").format, space)
    assert ratings[0].amount(ratings[0].value).startswith("two largest classes ")
    assert f"{NAME}'s" in summary(ratings, fmt)


@pytest.mark.slow
async def test_the_home_screen_lists_it_and_a_game_uses_it(
    throwaway: type[LargestTwo],
) -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        select = app.screen.query_one("#strategy", Select)
        select.value = NAME  # a value not among the options would raise
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, PlayScreen)
        assert app.screen.session.settings.strategy == NAME


@pytest.mark.slow
async def test_the_statistics_screen_ticks_it_when_it_asks_to_be(
    throwaway: type[LargestTwo],
) -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_statistics()
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await idle(pilot)  # mounted in full before the test ends
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.query_one(f"#strategy-{NAME}", Tick).value
        assert not app.screen.query_one("#strategy-expected-size", Tick).value
