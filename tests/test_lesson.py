"""The watch's lesson panels: the rule card of every registered
strategy, the ranked list of every guess weighed (read against the engine), and the best
code that could be the secret always drawn in the chart."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
from app_helpers import until
from textual.pilot import Pilot
from textual.widgets import Markdown, Static

from engine import STRATEGIES, CodeSpace, Solver, make_strategy
from engine.notation import get_notation
from engine.strategies.rule_card import rule_card
from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.ranked import weighing_at
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.help import HelpScreen
from mastermind_tui.screens.lesson import RankedScreen, RuleCardScreen
from mastermind_tui.screens.watch import WatchScreen
from mastermind_tui.widgets.choice import ChoiceChart
from mastermind_tui.widgets.ranked import RankedList, row_text

BUILT_IN = (
    "knuth",
    "expected-size",
    "entropy",
    "most-parts",
    "optimal",
    "optimal-fit",
    "optimal-worst",
    "sequential",
    "classic",
    "random",
)


@pytest.mark.parametrize("name", list(STRATEGIES))
def test_every_registered_strategy_has_a_rule_card(name: str) -> None:
    card = rule_card(STRATEGIES[name])
    assert card.name == name
    heads = [head for head, _ in card.lines()]
    assert heads == ["Measures", "Ties", "Opens", "Costs"]
    assert all(said.strip() for _, said in card.lines())
    assert len(card.text().splitlines()) == 5


@pytest.mark.parametrize("name", BUILT_IN)
def test_built_in_cards_are_their_own_and_name_the_opening_played(name: str) -> None:
    """Each built-in strategy wrote its own lines, and an opening a card names on 6x4 is
    the one the strategy plays."""
    cls = STRATEGIES[name]
    assert cls.rule_measures and cls.rule_ties and cls.rule_opening and cls.rule_cost
    named = re.search(r"on 6x4 ([A-Z]{4})", rule_card(cls).opening)
    if named and cls.deterministic:
        space = CodeSpace(6, 4)
        first = Solver(space, make_strategy(name)).decide().guess
        assert get_notation("letters").format(space, first) == named.group(1)


def yobr_settings(strategy: str = "knuth") -> Settings:
    return Settings.build(mode=WATCH, strategy=strategy, seed=1)


def steps_for(settings: Settings, secret: str) -> list[Any]:
    space = settings.space
    solver = Solver(space, make_strategy(settings.strategy))
    while not solver.solved:
        solver.answer_for(settings.notation.parse(space, secret))
    return list(solver.steps)


def test_ranked_weighing_of_yobr_move_4_reads_as_the_engine() -> None:
    """Knuth on YOBR, move 4: 1,296 guesses, the 228 tied at 1 all rank 1, and the best
    that could be the secret (ROYB, 2) rank 229, as the decision says."""
    settings = yobr_settings()
    steps = steps_for(settings, "YOBR")
    decision = steps[3].decision
    weighing = weighing_at(settings, steps, 3)
    assert weighing is not None and weighing.complete
    fmt = settings.notation.format
    assert len(weighing) == settings.space.count == 1296
    assert int(weighing.tied.sum()) == decision.ties == 228
    assert int(weighing.guesses[0]) == decision.guess
    first_possible = int(np.flatnonzero(weighing.possible)[0])
    assert decision.best_possible is not None
    assert int(weighing.guesses[first_possible]) == decision.best_possible.guess
    assert fmt(settings.space, decision.best_possible.guess) == "ROYB"
    assert row_text(weighing, first_possible, lambda c: fmt(settings.space, c)) == "229 ROYB 2 ✓"


def test_ranked_rows_stand_for_families_and_count_every_code() -> None:
    """Move 2 weighs one guess per family of colours not played yet: the rows stand for
    every code, and the tie count is the decision's."""
    settings = yobr_settings()
    steps = steps_for(settings, "YOBR")
    weighing = weighing_at(settings, steps, 1)
    assert weighing is not None and weighing.grouped
    assert len(weighing) == steps[1].decision.pool_size
    assert weighing.codes == settings.space.count
    assert int(weighing.family[weighing.tied].sum()) == steps[1].decision.ties


def test_ranked_list_on_8x5_is_drawn_line_by_line() -> None:
    """8x5's move 2: thousands of rows standing for 32,768 codes, no widget per row."""
    settings = Settings.build(mode=WATCH, strategy="knuth", colours=8, positions=5, seed=1)
    space = settings.space
    steps = steps_for(settings, settings.notation.format(space, 12345))
    weighing = weighing_at(settings, steps, 1)
    assert weighing is not None
    assert weighing.codes == 32_768 and len(weighing) == steps[1].decision.pool_size


def test_a_strategy_that_scores_nothing_has_no_ranking() -> None:
    settings = yobr_settings("sequential")
    assert weighing_at(settings, steps_for(settings, "YOBR"), 0) is None


def watch(secret: str = "YOBR", strategy: str = "knuth") -> MastermindApp:
    settings = yobr_settings(strategy)
    return MastermindApp(Start(settings, settings.notation.parse(settings.space, secret)))


async def to_move(pilot: Pilot[Any], move: int) -> None:
    """Step to move ``move``'s first beat (before its answer)."""
    await until(pilot, lambda: isinstance(pilot.app.screen, WatchScreen))
    screen = pilot.app.screen
    assert isinstance(screen, WatchScreen)
    await until(pilot, lambda: screen.session.solved)
    for _ in range(2 * (move - 1)):
        await pilot.press("n")
    await until(pilot, lambda: screen.session.beat == 2 * (move - 1))


@pytest.mark.slow
async def test_the_chart_keeps_the_best_possible_code_in_view() -> None:
    """YOBR move 4: non-candidates tie at 1 at the top; ROYB, the best code that could be
    the secret, is drawn with its 2 below them (⋮), on 80x24 too."""
    async with watch().run_test(size=(80, 24)) as pilot:
        await to_move(pilot, 4)
        chart = pilot.app.screen.query_one(ChoiceChart)
        await until(pilot, lambda: "ROYB" in chart.render().plain)
        lines = chart.render().plain.splitlines()
        row = next(line for line in lines if "ROYB" in line)
        assert row.startswith("⋮ ROYB") and re.search(r" 2 +✓$", row)
        assert "⋮ the best that could be the secret" in chart.render().plain


@pytest.mark.slow
async def test_l_opens_the_ranked_list_and_escape_closes_it() -> None:
    async with watch().run_test(size=(80, 24)) as pilot:
        await to_move(pilot, 4)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(pilot.app.screen, RankedScreen))
        listed = pilot.app.screen.query_one(RankedList)
        assert listed.virtual_size.height == 1296
        assert "BBBR" in listed.line(0).plain and listed.line(0).plain.startswith("▶")
        title = str(pilot.app.screen.query_one("#ranked-title", Static).render())
        assert "1,296 guesses weighed by largest class" in title
        assert "the best that could be, ROYB 2, is rank 229" in title
        await pilot.press("c")  # to the best code that could be the secret
        await until(pilot, lambda: listed.scroll_offset.y == 228)
        await pilot.press("end")
        await until(pilot, lambda: listed.scroll_offset.y > 1000)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(pilot.app.screen, WatchScreen))


@pytest.mark.slow
async def test_r_shows_the_rule_card_and_f1_opens_with_it() -> None:
    async with watch(strategy="entropy").run_test(size=(80, 24)) as pilot:
        await to_move(pilot, 1)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(pilot.app.screen, RuleCardScreen))
        said = " ".join(str(s.render()) for s in pilot.app.screen.query(Static))
        card = rule_card(STRATEGIES["entropy"])
        assert card.measures in said and card.ties in said and card.cost in said
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(pilot.app.screen, WatchScreen))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
        lead = pilot.app.screen.query(Markdown).first()
        assert lead.id == "help-lead" and "The rule of entropy" in lead.source


@pytest.mark.slow
async def test_l_for_a_strategy_without_scores_says_so() -> None:
    async with watch(strategy="sequential").run_test(size=(80, 24)) as pilot:
        await to_move(pilot, 1)
        await pilot.press("l")
        caption = pilot.app.screen.query_one("#caption", Static)
        await until(pilot, lambda: "weighs no guesses" in str(caption.render()))


def test_solve_json_names_the_best_code_that_could_be_the_secret(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from mastermind_tui.modes.main import main

    assert main(["solve", "YOBR", "--json"]) == 0
    move4 = json.loads(capsys.readouterr().out)["guesses"][3]["reasoning"]
    assert move4["could_be_secret"] is False
    assert move4["best_could_be_secret"] == {"guess": "ROYB", "value": 2.0, "could_be_secret": True}
