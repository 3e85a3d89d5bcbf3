"""The optimum under other criteria: a cap on guesses (``--max-guesses``, optimal-maxN),
the worst case first (optimal-worst), checked against plain recursion on small sizes and
against the published 6x4 figures, and side by side on the command line."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from app_helpers import screen_text, until
from brute_force import Code, answer
from textual.widgets import Select, Static

from engine import CodeSpace, ConfigError, make_strategy, play
from engine.optimal.search import BEYOND, OptimalSearch
from engine.optimal.solutions import solution
from engine.optimal.tree import least_cap, rate, tree_to_json
from engine.strategies import measure_of
from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start

#: A command's own environment searches from nothing, as conftest has this process do: no
#: shipped tree, no background compile.
SEARCHED = {"MASTERMIND_SHIPPED": "0", "MASTERMIND_WARMUP": "0"}

#: Stands for "no strategy keeps the cap" in the plain recursion.
NEVER = 10**9


def capped_brute_force(
    colours: int, positions: int, repeats: bool = True
) -> tuple[list[Code], Callable[[tuple[Code, ...], int], int]]:
    """``cost(left, guesses)``: the fewest guesses in total that find every code of
    ``left`` with at most ``guesses`` guesses each (NEVER if none can), over every guess
    allowed, by plain recursion."""
    codes = (
        list(itertools.product(range(colours), repeat=positions))
        if repeats
        else list(itertools.permutations(range(colours), positions))
    )
    found = (positions, 0)

    @cache
    def cost(left: tuple[Code, ...], guesses: int) -> int:
        if guesses == 0:
            return NEVER
        if len(left) == 1:
            return 1
        best = NEVER
        for g in codes:
            parts: dict[tuple[int, int], list[Code]] = {}
            for code in left:
                parts.setdefault(answer(code, g), []).append(code)
            if len(parts) == 1 and g not in left:
                continue  # tells nothing
            rest = [cost(tuple(p), guesses - 1) for a, p in parts.items() if a != found]
            if NEVER not in rest:
                best = min(best, len(left) + sum(rest))
        return best

    return codes, cost


@pytest.mark.slow
@pytest.mark.parametrize(
    ("colours", "positions", "repeats"),
    [(2, 3, True), (3, 3, True), (2, 4, True), (3, 2, True), (4, 2, True), (4, 3, False)],
)
def test_every_cap_matches_plain_recursion(colours: int, positions: int, repeats: bool) -> None:
    """Each cap from 1 guess to the uncapped optimum's depth: the same total, or no way
    at all, as plain recursion finds; the worst-case-first cap is the fewest kept."""
    codes, cost = capped_brute_force(colours, positions, repeats)
    space = CodeSpace(colours, positions, repeats)
    search = OptimalSearch(space)
    uncapped = search.value(search.everything)
    least = None
    for cap in range(1, 8):
        search.max_guesses = cap
        found = search.value(search.everything)
        expected = cost(tuple(codes), cap)
        if expected == NEVER:
            assert found >= BEYOND, cap
        else:
            assert found == expected, cap
            least = cap if least is None else least
    assert expected == uncapped  # 7 guesses cap nothing on these sizes
    assert least_cap(OptimalSearch(space)) == least


@pytest.mark.slow
def test_capped_positions_after_guesses_match_plain_recursion() -> None:
    """Below the root: the guesses left count down with the guesses made (3x3, a cap of
    3, after each opening), and where the cap can no longer be kept the advice is the
    uncapped optimum's."""
    _, cost = capped_brute_force(3, 3)
    space = CodeSpace(3, 3)
    search = OptimalSearch(space, max_guesses=3)
    plain = OptimalSearch(space)
    digits = [tuple(int(d) for d in space.to_digits(c)) for c in range(space.size)]
    kept = broken = 0
    for first in range(space.size):
        split = search.answers[first, search.everything]
        for a in set(split.tolist()) - {search.found}:
            part = search.everything[split == a]
            expected = cost(tuple(digits[c] for c in part), 2)
            found = search.value(part, (first,))
            if expected == NEVER:
                broken += 1
                assert found >= BEYOND
                assert search.cost(part, (first,)) == plain.value(part, (first,))
            else:
                kept += 1
                assert found == search.cost(part, (first,)) == expected
    assert kept and broken  # both kinds of position were met


@pytest.mark.slow
def test_six_by_four_under_each_criterion_as_published(cache_dir: Path) -> None:
    """Koyama and Lai: 5,625 on average with 7 secrets needing 6 guesses; never more than
    5 guesses costs one guess more, 5,626; the worst case first is that same 5; and the
    optimum guessing possible codes only, 5,660. Every secret played to the end."""
    space = CodeSpace(6, 4)
    results = {}
    for name in ("optimal", "optimal-max5", "optimal-worst", "optimal-fit"):
        lengths = [len(play(space, make_strategy(name), s)) for s in range(space.size)]
        results[name] = (sum(lengths), max(lengths))
    assert results == {
        "optimal": (5625, 6),
        "optimal-max5": (5626, 5),
        "optimal-worst": (5626, 5),
        "optimal-fit": (5660, 6),
    }
    assert (cache_dir / "optimal-max5-6x4.json").exists()
    assert (cache_dir / "optimal-worst-6x4.json").exists()
    solution.cache_clear()  # read back from the cache: the same tree, its cap known
    again = solution(6, 4, worst_first=True)
    assert again.max_guesses == 5 and again.tree.total == 5626


def test_a_cap_no_strategy_keeps_is_refused_with_the_way_out() -> None:
    with pytest.raises(ConfigError, match=r"within 4 guesses.*optimal-worst"):
        make_strategy("optimal-max4").prepare(CodeSpace(6, 4))


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("knuth-max5", "applies to optimal, optimal-fit, not to 'knuth'"),
        ("optimal-worst-max5", "not to 'optimal-worst'"),
        ("optimal-max0", "must be 1 or more"),
        ("optimal-maxfive", "unknown strategy"),
    ],
)
def test_caps_on_strategies_that_take_none_are_refused(name: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_strategy(name)


def test_a_capped_strategy_is_one_strategy_by_its_name() -> None:
    capped = make_strategy("optimal-fit-max6")
    assert capped.name == "optimal-fit-max6"
    assert type(capped) is type(make_strategy("OPTIMAL-FIT-MAX6"))
    assert "never more than 6" in capped.summary


@pytest.mark.slow
def test_rating_under_a_cap_counts_the_cap(cache_dir: Path) -> None:
    """A guess rated by the capped optimum: the best guess at the start under a cap of 5
    costs 5,626/1,296; the uncapped optimum's opening is no better under the cap."""
    space = CodeSpace(6, 4)
    search = solution(6, 4, max_guesses=5).search
    opening = next(c for c in range(space.size) if space.to_digits(c) == (0, 0, 1, 2))
    best = rate(search, search.everything, (), opening)
    assert best.best_expected == pytest.approx(5626 / 1296)
    assert best.expected >= best.best_expected


@pytest.mark.slow
def test_stats_prints_the_criteria_side_by_side(tmp_path: Path) -> None:
    """`stats --criteria --max-guesses 5` on 6x4, from a fresh cache: every column's
    total, worst case and distribution, and --json gives the same numbers."""
    env = {"MASTERMIND_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", **SEARCHED}
    command = [sys.executable, "-m", "mastermind_tui", "stats", "--criteria", "--max-guesses", "5"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    lines = done.stdout.splitlines()
    assert lines[1].split() == ["optimal", "optimal-fit", "optimal-worst", "optimal-max5"]
    assert lines[2].split() == ["total", "guesses", "5,625", "5,660", "5,626", "5,626"]
    assert lines[4].split() == ["worst", "case", "6", "6", "5", "5"]
    assert lines[5].split() == ["against", "optimal", "-", "+35", "+1", "+1"]
    assert lines[-1].split()[:2] == ["6", "guesses"] and lines[-1].split()[-2:] == ["0", "0"]
    as_json = subprocess.run([*command, "--json"], capture_output=True, text=True, env=env)
    totals = [r["total_guesses"] for r in json.loads(as_json.stdout)["criteria"]]
    assert totals == [5625, 5660, 5626, 5626]


def test_the_capped_tree_exports_and_plays_from_the_command_line(tmp_path: Path) -> None:
    """tree, solve and stats take --max-guesses like any strategy's name."""
    env = {"MASTERMIND_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", **SEARCHED}
    run = [sys.executable, "-m", "mastermind_tui"]
    size = ["--colours", "4", "--positions", "3"]
    tree = subprocess.run(
        [*run, "tree", *size, "--max-guesses", "4", "--format", "json"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert tree.returncode == 0, tree.stderr
    solved = subprocess.run(
        [*run, "solve", "BWR", *size, "--strategy", "optimal-max4", "--json"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert json.loads(solved.stdout)["strategy"] == "optimal-max4"
    refused = subprocess.run(
        [*run, "stats", "--strategy", "knuth", "--max-guesses", "5"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1 and "applies to optimal, optimal-fit" in refused.stderr


def test_worst_first_tree_under_its_cap(cache_dir: Path) -> None:
    """optimal-worst on 5x4 and 4x4: its depth is the least cap, its total the capped
    optimum's."""
    for colours in (4, 5):
        worst = solution(colours, 4, worst_first=True)
        depth = max(d for d, _ in worst.tree.walk())
        search = OptimalSearch(CodeSpace(colours, 4), max_guesses=depth)
        assert worst.tree.total == search.value(search.everything)
        assert least_cap(OptimalSearch(CodeSpace(colours, 4))) == depth
        assert tree_to_json(worst.tree)[2] == worst.tree.total


def test_a_capped_measure_is_read_back_from_its_label() -> None:
    """A recorded decision carries its measure's label: a capped one reads as its cap."""
    capped = make_strategy("optimal-max5")
    assert capped.measure is not None
    assert measure_of(capped.measure.label) == capped.measure
    assert "without ever needing more than 5 guesses" in capped.measure.own
    assert measure_of("expected guesses, at most five guesses") is None


@pytest.mark.slow
async def test_watching_a_capped_optimum_then_going_home(cache_dir: Path) -> None:
    """`mastermind watch --max-guesses 5`: the trace names the cap, and Home offers the
    capped strategy beside the registered ones rather than failing on it."""
    settings = Settings.build(mode=WATCH, strategy="optimal-max5", seed=3)
    app = MastermindApp(Start(settings, settings.notation.parse(settings.space, "RGOY")))
    async with app.run_test(size=(80, 24)) as pilot:

        def advice() -> str:  # the trace's sentence on the choice, whatever its wrapping
            return " ".join(str(app.screen.query_one("#trace-advice", Static).render()).split())

        await until(pilot, lambda: "without ever needing more than 5 guesses" in advice())
        assert "optimal-max5 chooses" in " ".join(screen_text(pilot).split())
        await pilot.press("f5")
        await until(pilot, lambda: "MASTERMIND — choose a game" in screen_text(pilot))
        assert pilot.app.screen.query_one("#strategy", Select).value == "optimal-max5"


def test_a_cap_too_few_to_tell_the_codes_apart_is_refused_before_a_game(tmp_path: Path) -> None:
    """`watch --max-guesses 3` on 6x4 opened a screen that could only fail: 3 guesses tell
    at most 183 codes apart, so it is refused in one line (exit 2) as stats refuses it."""
    env = {
        "MASTERMIND_CACHE_DIR": str(tmp_path),
        "MASTERMIND_CONFIG_DIR": "",
        "PATH": "/usr/bin:/bin",
        **SEARCHED,
    }
    run = [sys.executable, "-m", "mastermind_tui"]
    for command in (["watch", "--max-guesses", "3"], ["stats", "--max-guesses", "2"]):
        done = subprocess.run([*run, *command], capture_output=True, text=True, env=env)
        assert done.returncode == 2, command
        assert done.stderr.count("\n") == 1
        assert "within" in done.stderr and "tell at most" in done.stderr


def test_criteria_refuses_a_strategy_and_an_out_of_reach_size_first(tmp_path: Path) -> None:
    env = {
        "MASTERMIND_CACHE_DIR": str(tmp_path),
        "MASTERMIND_CONFIG_DIR": "",
        "PATH": "/usr/bin:/bin",
        **SEARCHED,
    }
    stats = [sys.executable, "-m", "mastermind_tui", "stats", "--criteria"]
    ignored = subprocess.run(
        [*stats, "--strategy", "knuth"], capture_output=True, text=True, env=env
    )
    assert ignored.returncode == 2 and "leave out --strategy" in ignored.stderr
    big = subprocess.run(
        [*stats, "--colours", "8", "--positions", "5"], capture_output=True, text=True, env=env
    )
    assert big.returncode == 2 and "computed exactly only up to" in big.stderr


def test_out_of_reach_without_repeats_names_the_limit_without_repeats() -> None:
    """The home screen's short reason is the message's head: 8x5 without repeats is past
    5,040 codes without repeats, not 4,096 (Bulls and Cows, 5,040, is within reach)."""
    with pytest.raises(ConfigError, match=r"only up to 5,040 codes without repeats"):
        make_strategy("optimal").check(CodeSpace(8, 5, False))


def test_a_cap_no_strategy_keeps_leaves_nothing_to_resume(cache_dir: Path) -> None:
    """A cap the search proves impossible is said, and no .partial.npz is left behind."""
    with pytest.raises(ConfigError, match="within 4 guesses"):
        make_strategy("optimal-max4").prepare(CodeSpace(6, 4))
    assert not list(cache_dir.iterdir())
