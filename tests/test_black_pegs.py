"""Black pegs only, checked against code written apart from the engine: scoring by plain
counting, the exact optimum and the worst case by exhaustive search, every strategy's
games replayed answer by answer, Knuth's and the sequential scan re-implemented, trees
written and checked, and the paths that cannot take the rule refusing it in one line."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import CodeSpace, make_strategy
from engine.answers import BLACK, CLASSIC, RULES, BlackAnswer, named
from engine.errors import AnswerError, ConfigError
from engine.feedback import against, answer_count, cross, decode, partition, table
from engine.play.solver import Solver
from engine.run import Run
from engine.strategies import STRATEGIES
from engine.walks.stats import run_stats
from mastermind_tui.game.typed import parse_answer

#: The sizes of 4x3 or less every strategy is checked on.
SMALL = [(2, 2), (3, 2), (2, 3), (4, 2), (3, 3), (4, 3)]
#: Strategies that play the same game whatever the seed.
DETERMINISTIC = sorted(
    name for name, cls in STRATEGIES.items() if cls.deterministic and name != "best-8x5"
)


def blacks(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sum(x == y for x, y in zip(a, b, strict=True))


def codes_of(colours: int, positions: int) -> list[tuple[int, ...]]:
    """Every code as digits, index order: the first position changes fastest."""
    return [c[::-1] for c in itertools.product(range(colours), repeat=positions)]


@cache
def brute_force(colours: int, positions: int) -> tuple[int, int]:
    """(least total guesses, fewest guesses in the worst case) by trying every guess at
    every set of codes still possible, sets as bit masks: no table, bound or symmetry of
    the engine's."""
    codes = codes_of(colours, positions)
    n = len(codes)
    # by_answer[g][a]: the codes that answer a to the guess g, as a mask.
    by_answer = [[0] * (positions + 1) for _ in range(n)]
    for g in range(n):
        for s in range(n):
            by_answer[g][blacks(codes[g], codes[s])] |= 1 << s

    def parts(guess: int, left: int) -> list[tuple[int, int]]:
        """(answer, codes) of each answer ``guess`` can get, the largest first; none
        where the guess tells nothing (one answer, and not itself a code left)."""
        split = [(a, left & m) for a, m in enumerate(by_answer[guess]) if left & m]
        if len(split) == 1 and not left >> guess & 1:
            return []
        return sorted(split, key=lambda part: -part[1].bit_count())

    @cache
    def total(left: int) -> int:
        """The least total guesses that find every code of ``left``: each guess that
        splits it unlike those tried, its classes costing at least two guesses a code but
        one (the fewest any strategy can do)."""
        size = left.bit_count()
        if size == 1:
            return 1
        best, tried = 2 * size * size, set()
        for guess in range(n):
            split = parts(guess, left)
            key = tuple(rest for _, rest in split), bool(left >> guess & 1)
            if not split or key in tried:
                continue
            tried.add(key)
            left_over = sum(2 * rest.bit_count() - 1 for a, rest in split if a != positions)
            cost = size
            for answer, rest in split:
                if answer != positions:
                    left_over -= 2 * rest.bit_count() - 1
                    cost += total(rest)
                    if cost + left_over >= best:
                        break
            else:
                best = cost
        return best

    @cache
    def within(left: int, guesses: int) -> bool:
        """Whether ``guesses`` guesses always suffice to find the code among ``left``."""
        if left.bit_count() == 1:
            return guesses >= 1
        if guesses <= 1:
            return False
        return any(
            split and all(a == positions or within(rest, guesses - 1) for a, rest in split)
            for split in (parts(guess, left) for guess in range(n))
        )

    everything = (1 << n) - 1
    return total(everything), next(d for d in itertools.count(1) if within(everything, d))


# ----- scoring -----------------------------------------------------------------------


@given(st.integers(2, 7), st.integers(1, 5), st.data())
def test_every_scorer_counts_blacks_alone(
    colours: int, positions: int, data: st.DataObject
) -> None:
    space = CodeSpace(colours, positions, answers=BLACK)
    index = st.integers(0, space.size - 1)
    guesses = np.array(data.draw(st.lists(index, min_size=1, max_size=4)), dtype=np.int32)
    codes = np.array(data.draw(st.lists(index, min_size=1, max_size=20)), dtype=np.int32)
    both = cross(space, guesses, codes)
    for i, g in enumerate(guesses.tolist()):
        row = against(space, g, codes)
        for j, c in enumerate(codes.tolist()):
            want = blacks(space.to_digits(c), space.to_digits(g))
            assert decode(int(row[j]), space) == (want, 0)
            assert int(both[i, j]) == int(row[j])
            assert space.answer(c, g) == (want, 0)


@pytest.mark.parametrize(("colours", "positions"), [(3, 2), (4, 3), (6, 4), (2, 9)])
def test_the_table_and_the_answer_count_hold_positions_plus_one_answers(
    colours: int, positions: int
) -> None:
    space = CodeSpace(colours, positions, answers=BLACK)
    full = table(space)
    assert len(np.unique(full)) == answer_count(space) == positions + 1
    digits = codes_of(colours, positions)
    for g in range(0, space.size, max(1, space.size // 40)):
        want = [blacks(digits[g], d) for d in digits]
        assert [decode(int(c), space).black for c in full[g]] == want


def test_the_partition_kernel_counts_by_the_rule() -> None:
    """The compiled kernel reads the rule from its tables (8x5: past the answer table)."""
    from engine.backends.numba_partitions import counts

    space = CodeSpace(8, 5, answers=BLACK)
    rng = np.random.default_rng(3)
    pool = rng.integers(space.size, size=5).astype(np.int32)
    cands = rng.integers(space.size, size=300).astype(np.int32)
    got = counts(space, pool, cands)
    for i, g in enumerate(pool.tolist()):
        want = np.bincount(against(space, g, cands), minlength=got.shape[1])
        assert got[i].tolist() == want.tolist()


def test_an_answer_of_black_pegs_only_is_one_number() -> None:
    space = CodeSpace(6, 4, answers=BLACK)
    answer = decode(int(against(space, 0, np.array([1], dtype=np.int32))[0]), space)
    assert isinstance(answer, BlackAnswer) and answer.text == "3" and str(answer) == "3B"
    assert partition(against(space, 0), space) == {(0, 0): 625, (1, 0): 500, (2, 0): 150,
                                                   (3, 0): 20, (4, 0): 1}  # fmt: skip
    with pytest.raises(AnswerError, match="black pegs only"):
        BLACK.check(2, 1, 4)
    assert BLACK.check(3, 0, 4).text == "3"  # 3 blacks is an answer here
    assert CLASSIC.check(2, 1, 4).text == "2,1"


def test_rules_are_named_and_travel_between_processes() -> None:
    import pickle

    assert named("black") is BLACK and set(RULES) == {"classic", "black"}
    with pytest.raises(ConfigError, match="classic or black"):
        named("white")
    space = CodeSpace(4, 4, answers=BLACK)
    assert pickle.loads(pickle.dumps(space)) == space
    assert space != CodeSpace(4, 4) and space.file_tail == "-black"
    assert CodeSpace(5, 3, False, BLACK).file_tail == "-no-repeats-black"
    assert CodeSpace(4, 4).file_tail == ""


def test_typed_answers_are_one_number() -> None:
    assert parse_answer("2", whites=False) == (2, 0)
    assert parse_answer(" 3b ", whites=False) == (3, 0)
    with pytest.raises(AnswerError, match="number of blacks"):
        parse_answer("2,1", whites=False)
    with pytest.raises(AnswerError):
        parse_answer("2")  # the classic answer still needs its whites


# ----- strategies against a brute force ----------------------------------------------


@pytest.mark.parametrize(
    ("colours", "positions"),
    [*SMALL[:-1], pytest.param(4, 3, marks=pytest.mark.slow)],  # 4x3: about 30 s
)
def test_the_exact_optimum_and_worst_case_equal_a_brute_force(colours: int, positions: int) -> None:
    space = CodeSpace(colours, positions, answers=BLACK)
    total, worst = brute_force(colours, positions)
    assert run_stats(space, "optimal", space.allowed).total_guesses == total
    assert run_stats(space, "optimal-worst", space.allowed).worst == worst


@pytest.mark.parametrize(("colours", "positions"), SMALL)
@pytest.mark.parametrize("name", [*DETERMINISTIC, "random", "classic"])
def test_every_strategy_finds_every_secret_by_black_pegs_alone(
    name: str, colours: int, positions: int
) -> None:
    """Each game replayed with blacks counted apart: every answer the game was given is
    the secret's, and no strategy does better than the optimum (itself checked against
    the brute force above)."""
    space = CodeSpace(colours, positions, answers=BLACK)
    digits = codes_of(colours, positions)
    total = 0
    for secret in range(space.size):
        solver = Solver(space, make_strategy(name), seed=secret)
        while True:
            guess = solver.decide().guess
            got = blacks(digits[secret], digits[guess])
            solver.answer(got, 0)
            if got == positions:
                break
            assert secret in solver.candidates.tolist()
        total += len(solver.steps)
    stats = run_stats(space, name, space.allowed, seed=1)
    if make_strategy(name).deterministic:
        assert stats.total_guesses == total
        assert total >= run_stats(space, "optimal", space.allowed).total_guesses


def _independent_knuth(colours: int, positions: int) -> tuple[int, int]:
    """Knuth's rule written apart: the least largest class, a code still possible
    first, then the lowest index; one code left is guessed."""
    digits = np.array(codes_of(colours, positions))
    score = (digits[:, None, :] == digits[None, :, :]).sum(axis=2)
    n, depths = len(digits), []
    for secret in range(n):
        left, k = np.arange(n), 0
        while True:
            k += 1
            if len(left) == 1:
                guess = int(left[0])
            else:
                keys = [
                    (int(np.bincount(score[g, left]).max()), g not in set(left.tolist()), g)
                    for g in range(n)
                ]
                guess = min(keys)[2]
            if guess == secret:
                break
            left = left[score[guess, left] == score[guess, secret]]
        depths.append(k)
    return sum(depths), max(depths)


def _independent_sequential(colours: int, positions: int) -> int:
    digits = codes_of(colours, positions)
    total = 0
    for secret in range(len(digits)):
        history: list[tuple[int, int]] = []
        guess = 0
        while True:
            answer = blacks(digits[secret], digits[guess])
            history.append((guess, answer))
            if guess == secret:
                break
            guess = next(
                c
                for c in range(guess + 1, len(digits))
                if all(blacks(digits[c], digits[g]) == a for g, a in history)
            )
        total += len(history)
    return total


@pytest.mark.parametrize(("colours", "positions"), SMALL)
def test_knuth_and_the_sequential_scan_equal_their_rules_written_apart(
    colours: int, positions: int
) -> None:
    space = CodeSpace(colours, positions, answers=BLACK)
    knuth = run_stats(space, "knuth", space.allowed)
    assert (knuth.total_guesses, knuth.worst) == _independent_knuth(colours, positions)
    sequential = run_stats(space, "sequential", space.allowed)
    assert sequential.total_guesses == _independent_sequential(colours, positions)


def test_two_processes_give_the_totals_of_one() -> None:
    space = CodeSpace(4, 4, answers=BLACK)
    one = run_stats(space, "knuth", space.allowed)
    two = run_stats(space, "knuth", space.allowed, run=Run(jobs=2), parallel_after=0)
    assert (two.total_guesses, two.distribution) == (one.total_guesses, one.distribution)
    assert one.as_json()["answers"] == "black"


def test_the_walks_past_the_answer_table_refuse_the_rule_in_one_line() -> None:
    space = CodeSpace(8, 6, answers=BLACK)
    with pytest.raises(ConfigError, match=r"^--answers black: stats past 131,072 codes"):
        run_stats(space, "knuth", space.allowed[:10])


# ----- the command line ---------------------------------------------------------------


def mastermind(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mastermind_tui", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_solve_writes_each_answer_as_one_number() -> None:
    done = mastermind("solve", "RGBY", "--answers", "black")
    assert done.returncode == 0, done.stderr
    assert "black pegs only" in done.stdout
    assert "0: 625; 1: 500" in done.stdout and "0,0" not in done.stdout


@pytest.mark.parametrize("form", ["json", "text"])
def test_tree_check_reads_the_trees_it_writes(tmp_path: Path, form: str) -> None:
    size = ("--colours", "4", "--positions", "3", "--answers", "black")
    made = mastermind("tree", *size, "--strategy", "optimal", "--format", form)
    assert made.returncode == 0, made.stderr
    path = tmp_path / f"tree.{form}"
    path.write_text(made.stdout)
    if form == "json":
        assert json.loads(made.stdout)["answers"] == "black"
    checked = mastermind("tree", "--check", str(path))
    assert checked.returncode == 0, checked.stderr
    assert "black pegs only" in checked.stdout and "finds every secret" in checked.stdout
    optimum = run_stats(CodeSpace(4, 3, answers=BLACK), "optimal", CodeSpace(4, 3).allowed)
    assert f"total guesses  {optimum.total_guesses}" in checked.stdout
    # The same tree read as a classic one loses secrets: the rule is what it was made for.
    classic = mastermind("tree", "--check", str(path), "--answers", "classic")
    assert "does not find every secret" in classic.stdout


@pytest.mark.parametrize("command", [["daily"], ["daily", "--date", "2026-01-01"]])
def test_the_daily_refuses_another_answer_rule(command: list[str]) -> None:
    done = mastermind(*command, "--answers", "black")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "--answers" in done.stderr
