"""The optimal strategy: exact against brute force, Koyama and Lai's 5625 on 6x4, its tree,
its cache on disk, and a clear refusal where the search is out of reach."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from functools import cache
from pathlib import Path

import pytest
from brute_force import Code, brute_force

from engine import CodeSpace, ConfigError, Solver, make_strategy, play, score
from engine.feedback import Answer, encode
from engine.optimal.node import Node
from engine.optimal.search import OptimalSearch
from engine.optimal.solutions import solution
from engine.optimal.tree import rate, tree_from_json, tree_to_json
from engine.run import Run, Stopped
from engine.strategies.optimal import Optimal

#: A command's own environment searches from nothing, as conftest has this process do: no
#: shipped tree, no background compile.
SEARCHED = {"MASTERMIND_SHIPPED": "0", "MASTERMIND_WARMUP": "0"}


def brute_force_optimum(colours: int, positions: int) -> int:
    codes, cost, _ = brute_force(colours, positions)
    return cost(tuple(codes))


@pytest.mark.kernel
@pytest.mark.parametrize(("colours", "positions"), [(2, 3), (3, 3), (2, 4), (3, 2), (4, 2)])
def test_search_matches_brute_force(colours: int, positions: int) -> None:
    search = OptimalSearch(CodeSpace(colours, positions))
    assert search.value(search.everything) == brute_force_optimum(colours, positions)


@pytest.mark.slow
def test_games_played_reach_the_searched_optimum(cache_dir: Path) -> None:
    space = CodeSpace(3, 3)
    total = sum(len(play(space, make_strategy("optimal"), s)) for s in range(space.size))
    assert total == brute_force_optimum(3, 3) == 73
    tree = solution(3, 3).tree
    assert tree.total == 73


def test_tree_leaves_are_the_secrets_and_depths_sum_to_the_total(cache_dir: Path) -> None:
    space = CodeSpace(4, 3)
    tree = solution(4, 3).tree
    found: list[int] = []
    depth_sum = 0
    for depth, node in tree.walk():
        below = sum(child.codes for child in node.children.values())
        if below < node.codes:  # the guess itself was one of the codes
            found.append(node.guess)
            depth_sum += depth
    assert sorted(found) == list(range(space.size))
    assert depth_sum == tree.total == 206


@pytest.mark.slow
def test_koyama_lai_from_the_command_line(tmp_path: Path) -> None:
    """5625 guesses over the 1296 secrets, never more than 6, from a cold cache; the second
    run reads the tree from the cache and gives the same figures."""
    env = {"MASTERMIND_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", **SEARCHED}
    command = [sys.executable, "-m", "mastermind_tui", "stats", "--all", "--strategy", "optimal"]
    for _ in range(2):
        done = subprocess.run([*command, "--json"], capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout)
        assert (result["total_guesses"], result["worst"]) == (5625, 6)
        assert abs(result["average"] - 4.340) < 0.0005
    assert (tmp_path / "optimal-6x4.json").exists()
    opening = subprocess.run(
        [sys.executable, "-m", "mastermind_tui", "solve", "RGBY", "--strategy", "optimal"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert opening.returncode == 0, opening.stderr
    assert "1. BBWR" in opening.stdout  # a 1123-type opening, first as written


def test_damaged_cache_is_reported_and_rebuilt(cache_dir: Path) -> None:
    first = solution(4, 3)
    assert first.notice == ""
    path = cache_dir / "optimal-4x3.json"
    text = path.read_text()
    path.write_text(text.replace('"payload":[', '"payload":[0,', 1))  # digest no longer fits
    solution.cache_clear()
    again = solution(4, 3)
    assert "damaged" in again.notice and str(path) in again.notice
    assert again.tree.total == 206
    solution.cache_clear()
    assert solution(4, 3).notice == ""  # rebuilt and stored soundly


def test_a_rebuilt_cache_is_said_at_the_first_step_only(cache_dir: Path) -> None:
    """A watch of the optimal strategy repeated the damaged-cache line at every step."""
    solution(4, 3)
    path = cache_dir / "optimal-4x3.json"
    path.write_text(path.read_text().replace('"payload":[', '"payload":[0,', 1))
    solution.cache_clear()
    space = CodeSpace(4, 3)
    solver = Solver(space, make_strategy("optimal"), seed=1)
    notes = []
    secret = space.to_digits(63)
    while not solver.solved:
        decision = solver.decide()
        notes.append(decision.note)
        solver.answer(*score(secret, space.to_digits(decision.guess)))
    # Later notes may say why tied guesses stand for classes; the damage is said once.
    assert len(notes) > 1 and "damaged" in notes[0] and not any("damaged" in n for n in notes[1:])


def test_foreign_cache_is_not_trusted(cache_dir: Path) -> None:
    solution(4, 3)
    path = cache_dir / "optimal-4x3.json"
    record = json.loads(path.read_text())
    record["key"]["colours"] = 5
    path.write_text(json.dumps(record))
    solution.cache_clear()
    assert "written for something else" in solution(4, 3).notice


@pytest.mark.parametrize(
    ("command", "figure"),
    [
        (("stats", "--all", "--json"), '"total_guesses": 206'),
        (("stats", "--games", "5", "--seed", "1"), "games          5"),
        (("tree", "--format", "json", "--depth", "1"), '"codes": 64'),
    ],
)
def test_commands_say_a_damaged_cache_was_rebuilt_in_one_line(
    command: tuple[str, ...], figure: str, tmp_path: Path
) -> None:
    """stats and tree, not only solve, report a damaged tree on disk (it is searched again,
    and stored soundly for the next run, which has nothing to report)."""
    path = tmp_path / "optimal-4x3.json"
    path.write_text("not json")
    env = {"MASTERMIND_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", **SEARCHED}
    size = ("--strategy", "optimal", "--colours", "4", "--positions", "3")
    argv = [sys.executable, "-m", "mastermind_tui", *command, *size]
    done = subprocess.run(argv, capture_output=True, text=True, env=env)
    assert done.returncode == 0 and figure in done.stdout
    assert done.stderr == (
        f"mastermind: optimal strategy cache: {path} is damaged or was written for "
        f"something else; moved aside as {path}.bad; searching again\n"
    )
    again = subprocess.run(argv, capture_output=True, text=True, env=env)
    assert again.returncode == 0 and again.stderr == "" and figure in again.stdout


@pytest.mark.parametrize("sample", [[], ["--games", "50"]])
def test_stats_walks_the_tree_in_hand_without_worker_processes(
    sample: list[str], cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tree is searched (or read) once before stats runs, and walking it takes
    milliseconds: processes would each read it again, or search it with no cache."""
    from engine.walks import parallel
    from mastermind_tui.modes.main import main

    def no_processes(*args: object) -> None:
        raise AssertionError("worker processes started")

    monkeypatch.setattr(parallel, "in_processes", no_processes)
    argv = ["stats", "--strategy", "optimal", "--colours", "4", "--jobs", "2", "--json"]
    assert main([*argv, *(sample or ["--all"])]) == 0


def test_unwritable_cache_costs_only_the_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(blocker / "cache"))
    solution.cache_clear()
    try:
        assert solution(3, 3).tree.total == 73
    finally:
        solution.cache_clear()
    assert not list(tmp_path.glob(".optimal*"))  # no half-written file left behind


def test_out_of_reach_is_refused_before_the_first_guess() -> None:
    with pytest.raises(ConfigError, match=r"up to 7,776 codes.*most-parts"):
        Solver(CodeSpace(8, 5), make_strategy("optimal"))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mastermind_tui",
            "stats",
            "--all",
            "--strategy",
            "optimal",
            "--colours",
            "7",
            "--positions",
            "5",
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert done.stderr.count("\n") == 1 and "optimal strategy" in done.stderr


def test_off_tree_positions_are_searched(cache_dir: Path) -> None:
    """After a guess the tree never makes, the strategy still finds an optimal guess."""
    space = CodeSpace(3, 3)
    solver = Solver(space, make_strategy("optimal"))
    solver.observe(0, *score(space.to_digits(13), space.to_digits(0)))
    search = OptimalSearch(space)
    best, _ = search.decide(solver.candidates, (0,))
    decision = solver.decide()
    assert decision.score == pytest.approx(best / len(solver.candidates))
    while not solver.solved:
        solver.answer_for(13)
    assert solver.steps[-1].guess == 13


@pytest.mark.parametrize("opening", [(0, 0, 0), (0, 0, 1), (0, 1, 2), (2, 1, 0)])
def test_rating_matches_brute_force(opening: tuple[int, int, int]) -> None:
    space = CodeSpace(3, 3)
    codes, _, after = brute_force(3, 3)
    search = OptimalSearch(space)
    rating = rate(search, search.everything, (), space.from_digits(opening))
    assert rating.expected == pytest.approx(after(tuple(codes), opening) / len(codes))
    assert rating.best_expected == pytest.approx(73 / 27)
    assert rating.loss >= 0


@pytest.mark.parametrize("command", ["play", "make", "match", "watch"])
def test_game_commands_refuse_the_optimal_strategy_out_of_reach_in_one_line(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refused before any screen is drawn (it was a traceback from the game screen)."""
    from mastermind_tui.modes.main import main

    secret = ["RGOYB"] if command == "watch" else []
    argv = [command, *secret, "--strategy", "optimal", "--colours", "8", "--positions", "5"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "computed exactly only up to 7,776 codes" in err and "most-parts" in err


@pytest.mark.slow
async def test_home_screen_refuses_the_optimal_strategy_out_of_reach_in_one_line() -> None:
    from app_helpers import until
    from textual.widgets import Input, Select

    from mastermind_tui.modes.app import MastermindApp
    from mastermind_tui.screens.home import HomeScreen

    app = MastermindApp()
    async with app.run_test(size=(120, 36)) as pilot:
        home = app.screen
        home.query_one("#strategy", Select).value = "optimal"
        home.query_one("#colours", Input).value = "8"
        home.query_one("#positions", Input).value = "5"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(home, HomeScreen) and "most-parts" in home.form.error)
        assert app.screen is home and isinstance(home, HomeScreen)
        line = home.form.error
        assert line.startswith("the optimal strategy is computed exactly only up to")
        assert "--" not in line and "try strategy most-parts" in line


@pytest.mark.slow
@pytest.mark.kernel
@pytest.mark.parametrize(("colours", "positions", "repeats"), [(3, 3, True), (4, 3, False)])
def test_each_decision_keeps_its_ties_and_runner_up_as_brute_force_finds_them(
    colours: int, positions: int, repeats: bool, cache_dir: Path
) -> None:
    """At every node of the tree: the guesses kept beside the chosen one are tied with it
    in the tie rule's order, then comes the runner-up, whose total is the least of any
    guess that does worse than the optimum (checked by plain recursion)."""
    space = CodeSpace(colours, positions, repeats)
    codes, cost, after = brute_force(colours, positions, repeats)
    tree = solution(colours, positions, repeats).tree
    seen = 0

    def visit(node: Node, left: tuple[Code, ...]) -> None:
        nonlocal seen
        assert node.total == cost(left)
        tied = [g for g, t in node.others if t == node.total]
        assert node.others[: len(tied)] == tuple((g, node.total) for g in tied)
        for guess, total in node.others:
            assert after(left, tuple(space.to_digits(guess))) == total
        worse = [after(left, g) for g in codes if g in left or len(set(split(left, g))) > 1]
        worse = [t for t in worse if t > node.total]
        if len(tied) < 3 and worse and len(left) > 2:  # of two codes, either is best
            assert node.others[len(tied)][1] == min(worse)
            seen += 1
        digits = tuple(space.to_digits(node.guess))
        for answer_class, child in node.children.items():
            part = tuple(c for c in left if encode(*score(c, digits), positions) == answer_class)
            visit(child, part)

    def split(left: tuple[Code, ...], guess: Code) -> list[Answer]:
        return [score(c, guess) for c in left]

    visit(tree, tuple(codes))
    assert seen > 3


def test_a_stored_tree_whose_runner_up_beats_the_optimum_is_not_trusted(cache_dir: Path) -> None:
    solution(3, 3)
    data = tree_to_json(solution(3, 3).tree)
    data[4][-1][1] = data[2] - 1
    with pytest.raises(ValueError, match="other guesses"):
        tree_from_json(data, CodeSpace(3, 3))


def test_a_size_needing_more_memory_than_there_is_is_refused_with_the_estimate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine.optimal import reach as optimal

    space = CodeSpace(7, 4)
    need = optimal.memory_needed(space) + optimal.BASELINE
    monkeypatch.setattr(optimal, "available_memory", lambda: need - 1)
    with pytest.raises(ConfigError, match=r"would need about 0\.\d GB of memory.*most-parts"):
        Solver(space, make_strategy("optimal"))
    monkeypatch.setattr(optimal, "available_memory", lambda: need)
    optimal.check_size(space)


@pytest.mark.parametrize(
    ("colours", "positions", "repeats", "total"),
    [
        (6, 4, False, 1446),  # 6 colours without repeats: an exact C++ search (solvers.md)
        (5, 4, True, 2463),  # 5 x 4: ours (no published total that we know of)
        (2, 8, True, 1104),  # 2 colours x 8 positions: ours (likewise)
    ],
)
def test_totals_beyond_six_by_four(colours: int, positions: int, repeats: bool, total: int) -> None:
    search = OptimalSearch(CodeSpace(colours, positions, repeats))
    assert search.value(search.everything) == total


def test_an_interrupted_search_resumes_from_what_it_proved(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 5x4 search stopped part of the way keeps what it proved beside the tree; the
    same call then resumes from it (fewer sets to search) and finds the same tree."""
    from engine.optimal import search as optimal

    whole = solution(5, 4)
    fresh_nodes = whole.search.nodes
    expected = tree_to_json(whole.tree)
    (cache_dir / "optimal-5x4.json").unlink()
    solution.cache_clear()
    monkeypatch.setattr(optimal, "NODE_LIMIT", fresh_nodes // 2)
    with pytest.raises(KeyboardInterrupt):
        solution(5, 4)
    assert (cache_dir / "optimal-5x4.partial.npz").exists()
    monkeypatch.setattr(optimal, "NODE_LIMIT", 1 << 62)
    resumed = solution(5, 4)
    assert tree_to_json(resumed.tree) == expected
    assert 0 < resumed.search.nodes < fresh_nodes
    assert not (cache_dir / "optimal-5x4.partial.npz").exists()


def test_a_search_reports_its_progress_and_stops_at_ctrl_c(cache_dir: Path) -> None:
    """The CLI's progress line hears fractions that only grow; a Ctrl+C raised where it
    listens (as in the waiting thread) stops the kernel and keeps what it proved."""
    heard: list[float] = []

    def listen(done: int, total: int) -> None:
        heard.append(done / total)

    Optimal().prepare(CodeSpace(5, 4), Run(listen))
    assert heard and heard == sorted(heard) and heard[-1] == 1.0
    solution.cache_clear()
    (cache_dir / "optimal-5x4.json").unlink()

    def ctrl_c(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        Optimal().prepare(CodeSpace(5, 4), Run(ctrl_c))
    assert (cache_dir / "optimal-5x4.partial.npz").exists()


def test_a_search_stops_within_a_second_of_its_runs_stop(cache_dir: Path) -> None:
    """The run's stop check, polled beside the kernel, ends the search (``Stopped``) and
    keeps what it proved, however far it is."""
    asked: list[float] = []

    def stop() -> bool:
        if not asked:
            asked.append(time.perf_counter())
        return time.perf_counter() > asked[0] + 0.2

    with pytest.raises(Stopped):  # 7x4: seconds of search (6x4 ends in a fifth of one)
        Optimal().prepare(CodeSpace(7, 4), Run(stop=stop))
    assert time.perf_counter() - asked[0] < 1.2
    assert (cache_dir / "optimal-7x4.partial.npz").exists()
    solution.cache_clear()


def fit_optimum(colours: int, positions: int) -> int:
    """The fewest guesses in total when every guess is a code still possible, by plain
    recursion over sets of codes."""
    space = CodeSpace(colours, positions)
    digits = [tuple(space.to_digits(c)) for c in range(space.size)]

    @cache
    def cost(left: frozenset[int]) -> int:
        if len(left) == 1:
            return 1
        totals = []
        for g in sorted(left):
            parts: dict[Answer, set[int]] = {}
            for c in left - {g}:
                parts.setdefault(score(digits[c], digits[g]), set()).add(c)
            totals.append(sum(cost(frozenset(p)) for p in parts.values()))
        return len(left) + min(totals)

    return cost(frozenset(range(space.size)))


@pytest.mark.slow
def test_the_optimum_guessing_only_possible_codes_matches_brute_force(cache_dir: Path) -> None:
    """optimal-fit: every guess a code still possible (checked by plain recursion on
    small sizes), and on 6x4 the published 5,660 beside the optimum's 5,625."""
    for colours, positions in [(3, 3), (2, 4), (4, 3)]:
        search = OptimalSearch(CodeSpace(colours, positions), only_possible=True)
        assert search.value(search.everything) == fit_optimum(colours, positions)
    totals = {
        name: sum(len(play(CodeSpace(6, 4), make_strategy(name), s)) for s in range(1296))
        for name in ("optimal", "optimal-fit")
    }
    assert totals == {"optimal": 5625, "optimal-fit": 5660}
