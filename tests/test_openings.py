"""Openings chosen by the user (``--opening``) and swept one per colour pattern
(``stats --openings``), checked against mikemag/Mastermind's published totals."""

import json
import subprocess
import sys
from typing import Any

import pytest

from engine import CodeSpace, ConfigError, make_strategy
from engine.strategies import Position, opened_name, sweep_patterns
from engine.strategies.base import NO_DRAWS
from engine.walks.stats import run_stats
from engine.walks.sweep import best, sweep


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mastermind_tui", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**__import__("os").environ, "MASTERMIND_RECORDS": ""},
    )


def patterns(space: CodeSpace) -> list[str]:
    return ["".join(str(d + 1) for d in space.to_digits(c)) for c in sweep_patterns(space)]


def test_one_opening_per_colour_pattern() -> None:
    assert patterns(CodeSpace(6, 4)) == ["1111", "1112", "1122", "1123", "1234"]
    assert patterns(CodeSpace(3, 4)) == ["1111", "1112", "1122", "1123"]  # 3 colours at most
    assert patterns(CodeSpace(8, 5, repeats=False)) == ["12345"]
    assert len(sweep_patterns(CodeSpace(8, 5))) == 7


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "name", "total", "worst"),
    [
        # mikemag/Mastermind results/2023_4090, "Total Turns" and "Max Turns" with the
        # headline table's initial guess.
        ((6, 4), "knuth-from1122", 5801, 5),
        ((6, 5), "knuth-from11223", 37925, 6),
        ((6, 5), "most-parts-from11223", 37127, 7),
        ((7, 5), "knuth-from11223", 87936, 7),
        ((7, 5), "most-parts-from11223", 86869, 7),
    ],
)
def test_mikemags_totals_from_its_openings(
    size: tuple[int, int], name: str, total: int, worst: int
) -> None:
    space = CodeSpace(*size)
    result = run_stats(space, name, space.allowed)
    assert (result.total_guesses, result.worst) == (total, worst)


def test_the_opening_is_the_first_guess_and_the_rest_is_the_strategys() -> None:
    space = CodeSpace(6, 4)
    opened = make_strategy("knuth-from1234")
    assert opened.name == "knuth-from1234"
    start = Position(space, space.allowed, (), NO_DRAWS)
    assert opened.guess(start) == space.from_digits([0, 1, 2, 3])
    choice = opened.choose(start)
    assert choice.guess == space.from_digits([0, 1, 2, 3])
    assert choice.score == 312  # BWRG's largest class, scored as knuth scores any guess
    assert all(a.score > 312 for a in choice.alternatives)  # only worse ones: "next best"
    assert "knuth's own first guess scores 256" in choice.note
    later = Position(space, space.allowed[:50], ((0, 1),), NO_DRAWS)
    assert opened.guess(later) == make_strategy("knuth").guess(later)


@pytest.mark.parametrize(
    ("space", "name", "message"),
    [
        (CodeSpace(6, 4), "knuth-from12345", "has 5 pegs"),
        (CodeSpace(6, 4), "knuth-from1178", "colour 8"),
        (CodeSpace(6, 4, repeats=False), "knuth-from1123", "repeats a colour"),
    ],
)
def test_an_opening_the_size_forbids_is_refused(space: CodeSpace, name: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_strategy(name).check(space)


@pytest.mark.parametrize("base", ["optimal", "random", "sequential", "classic"])
def test_strategies_that_choose_no_opening_take_none(base: str) -> None:
    with pytest.raises(ConfigError, match="partition strategies"):
        opened_name(base, CodeSpace(6, 4), 0)


def test_sweep_ranks_by_worst_case_then_total() -> None:
    space = CodeSpace(6, 4)
    heard: list[tuple[int, int]] = []
    from engine.run import Run

    swept = sweep(space, "knuth", space.allowed, run=Run(lambda d, t: heard.append((d, t))))
    assert [s.result.total_guesses for s in swept] == [6564, 5905, 5801, 5803, 5803]
    assert best(swept).opening == space.from_digits([0, 0, 1, 1])
    assert heard[-1] == (5 * 1296, 5 * 1296)
    assert all(t == 5 * 1296 for _, t in heard)
    assert [d for d, _ in heard] == sorted(d for d, _ in heard)


@pytest.mark.slow
def test_stats_openings_on_the_command_line() -> None:
    result = run("stats", "--openings", "--strategy", "most-parts", "--jobs", "2", "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert [row["pattern"] for row in out["openings"]] == ["1111", "1112", "1122", "1123", "1234"]
    assert out["best"]["pattern"] == "1123"
    assert out["best"]["total_guesses"] == 5668
    text = run("stats", "--openings", "--colours", "5", "--positions", "3")
    assert text.returncode == 0, text.stderr
    assert "best (worst case, then total): " in text.stdout


@pytest.mark.slow
def test_opening_on_stats_solve_and_tree() -> None:
    stats = run("stats", "--opening", "BBWR", "--json")
    assert stats.returncode == 0, stats.stderr
    out = json.loads(stats.stdout)
    assert (out["strategy"], out["total_guesses"]) == ("knuth-from1123", 5803)
    solve = run("solve", "RGBY", "--opening", "RRGY", "--strategy", "entropy")
    assert solve.returncode == 0, solve.stderr
    assert "  1. RRGY " in solve.stdout
    tree = run("tree", "--opening", "BWRG", "--depth", "1")
    assert tree.returncode == 0, tree.stderr
    assert tree.stdout.splitlines()[1].startswith("BWRG  (1,296 codes)")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["stats", "--strategy", "optimal", "--opening", "BBWW"], "partition strategies"),
        (["stats", "--strategy", "random", "--opening", "BBWW"], "partition strategies"),
        (["tree", "--strategy", "optimal", "--opening", "BBWW"], "partition strategies"),
        (["solve", "RGBY", "--opening", "BBWWR"], "has 5 pegs"),
        (["stats", "--no-repeats", "--colours", "6", "--opening", "BBWR"], "appears twice"),
        (["watch", "RGBY", "--opening", "BBZZ"], "not a colour"),
        (["stats", "--openings", "--opening", "BBWW"], "leave out --opening"),
        (["stats", "--openings", "--strategy", "optimal"], "partition strategies"),
        (["stats", "--openings", "--criteria"], "choose no opening"),
    ],
)
def test_bad_openings_are_one_line_exit_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]


@pytest.mark.slow
def test_the_sweep_on_a_cluster_gives_what_one_process_gives(cluster: Any) -> None:
    pytest.importorskip("distributed")
    base = ["stats", "--openings", "--colours", "5", "--json"]
    alone = run(*base)
    spread = run(*base, "--scheduler", cluster.address)
    assert spread.returncode == 0, spread.stderr
    want, got = json.loads(alone.stdout), json.loads(spread.stdout)
    for out in (want, got):
        for row in (*out["openings"], out["best"]):
            del row["seconds"]
    assert got == want


def test_preferences_keep_the_strategy_without_its_opening() -> None:
    """An opening fits one size: a later game of another size must not inherit it."""
    import dataclasses

    from mastermind_tui.game.preferences import kept
    from mastermind_tui.game.settings import Settings

    settings = dataclasses.replace(Settings.build(), strategy="knuth-from1234")
    assert kept(settings)["strategy"] == "knuth"


def test_the_walk_split_over_processes_opens_with_the_opening() -> None:
    from engine.run import Run
    from engine.walks.games import walk_depths

    space = CodeSpace(6, 5)  # knuth's own opening here is 11234: 11223 must be played
    depths = walk_depths(space, "knuth-from11223", Run(jobs=2))
    assert int(depths.sum()) == 37925
