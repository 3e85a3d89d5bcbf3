"""Trees both ways: Knuth's own notation (fancidev/mastermind's
``strats/p4c6r-knuth.txt``, MIT, kept as test data, as are its Koyama and Lai and its
Neuwirth listings), the 2014 Code Golf challenge's grammar read and written, ``mastermind
tree``'s text read back, and ``--depth`` cutting the work as well as the printing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import CodeSpace, get_notation, make_strategy
from engine.run import Run
from engine.trees.check import check_tree
from engine.trees.formats import detect, read_tree
from engine.trees.read import Size
from engine.trees.strategy_tree import build_tree, is_cut
from mastermind_tui.cli.tree import as_challenge

TREES = Path(__file__).parent / "data" / "trees"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mastermind_tui", "tree", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "MASTERMIND_RECORDS": ""},
        timeout=300,
    )


def size(colours: int | None = None, positions: int | None = None) -> Size:
    return Size(colours, positions, None, get_notation("letters"), CodeSpace(6, 4))


def test_knuths_own_notation_reads_to_his_5801() -> None:
    text = (TREES / "fancidev-p4c6r-knuth.txt").read_text()
    assert detect(text) == "irving"  # the same grammar: the reader tells them apart
    read = read_tree(text, size())
    assert read.format == "knuth"
    result = check_tree(read.space, read.root, read.write)
    assert result.found, result.failure
    assert (result.total, result.worst) == (5801, 5)
    assert result.distribution == {1: 1, 2: 6, 3: 62, 4: 533, 5: 694}


def test_knuths_notation_on_the_command_line() -> None:
    done = run("--check", str(TREES / "fancidev-p4c6r-knuth.txt"), "--format", "json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert (out["format"], out["total_guesses"], out["worst"]) == ("knuth", 5801, 5)


def test_a_code_listed_for_the_impossible_answer_is_refused() -> None:
    text = (TREES / "fancidev-p4c6r-knuth.txt").read_text()
    broken = text.replace("0,20I;1)", "3,20I;1)", 1)
    assert broken != text
    with pytest.raises(Exception, match="which no code gets"):
        read_tree(broken, size())


def test_the_challenges_example_scores_21() -> None:
    read = read_tree((TREES / "challenge-example.txt").read_text(), size())
    assert read.format == "challenge"
    assert (read.space.colours, read.space.positions) == (3, 2)
    result = check_tree(read.space, read.root, read.write)
    assert (result.total, result.worst) == (21, 3)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{AB:{10:AA,", "ends early"),
        ("{AB:{1:AA}}", "not a reply"),
        ("{AB:{10:AAA}}", "not a code"),
        ("{AB:{10:AA}}}", "after the end"),
    ],
)
def test_a_bad_challenge_tree_says_where(text: str, reason: str) -> None:
    with pytest.raises(Exception, match=reason):
        read_tree(text, size())


@pytest.mark.parametrize("fmt", ["text", "json", "challenge"])
@pytest.mark.parametrize("strategy", ["knuth", "most-parts"])
def test_every_format_tree_writes_reads_back(tmp_path: Path, fmt: str, strategy: str) -> None:
    """``mastermind tree > t.txt; mastermind tree --check t.txt``, DOT aside."""
    written = run("--strategy", strategy, "--format", fmt, "--colours", "5", "--positions", "3")
    assert written.returncode == 0, written.stderr
    path = tmp_path / f"t.{fmt}"
    path.write_text(written.stdout)
    done = run("--check", str(path), "--colours", "5", "--positions", "3", "--format", "json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    from engine.walks.stats import run_stats

    space = CodeSpace(5, 3)
    expected = run_stats(space, strategy, space.allowed)
    assert (out["format"], out["total_guesses"], out["worst"]) == (
        fmt,
        expected.total_guesses,
        expected.worst,
    )


def test_text_in_numbers_without_repeats_reads_back(tmp_path: Path) -> None:
    written = run("--no-repeats", "--notation", "numbers")
    path = tmp_path / "t.txt"
    path.write_text(written.stdout)
    done = run("--check", str(path), "--format", "json")  # the size comes from the file
    out = json.loads(done.stdout)
    assert (out["format"], out["repeats"], out["found"]) == ("text", False, True)
    assert out["total_guesses"] == 1490


def test_the_challenge_writer_round_trips_knuth_6x4() -> None:
    space = CodeSpace(6, 4)
    root = build_tree(space, make_strategy("knuth"))
    text = "".join(as_challenge(root, space))
    assert text.startswith("{AABB:{")
    read = read_tree(text, size())
    result = check_tree(read.space, read.root, read.write)
    assert (result.total, result.worst) == (5801, 5)


def test_depth_limits_the_work_not_only_the_printing() -> None:
    space = CodeSpace(6, 4)
    heard: list[tuple[int, int]] = []
    asked: list[int] = []
    strategy = make_strategy("knuth")
    real = strategy.guess

    def counted(position):  # type: ignore[no-untyped-def]
        asked.append(len(position.history))
        return real(position)

    strategy.guess = counted  # type: ignore[method-assign]
    root = build_tree(space, strategy, Run(lambda d, t: heard.append((d, t))), depth=2)
    assert is_cut(root)
    assert max(asked) == 1  # no decision below the second level
    # Each second-level node's answers are counted, not worked out (two codes or fewer
    # need no decision: the first is guessed).
    assert all(child.below or child.candidates <= 2 for child in root.children.values())
    assert all(not child.children for child in root.children.values() if child.candidates > 2)
    assert heard[-1] == (1296, 1296)  # every code placed: the bar reaches its end
    whole = build_tree(space, make_strategy("knuth"))
    assert not is_cut(whole) and whole.height == 5


@pytest.mark.slow
def test_tree_depth_says_the_rest_is_not_worked_out() -> None:
    done = run("--depth", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("its first level (the rest not worked out)")  # was "first 1 level"
    assert lines[1:] == ["BBWW  (1,296 codes)", "  ... 12 answers below"]
    assert (
        run("--depth", "2")
        .stdout.splitlines()[0]
        .endswith("its first 2 levels (the rest not worked out)")
    )
    as_json = json.loads(run("--depth", "1", "--format", "json").stdout)
    assert as_json == {"guess": "BBWW", "codes": 1296, "answers_below": 12}


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (("--format", "challenge", "--depth", "2"), "no --depth"),
        (("--check", str(TREES / "challenge-example.txt"), "--format", "challenge"), "grammar"),
        (("--check", str(TREES / "challenge-example.txt"), "--opening", "AB"), "--opening does"),
    ],
)
def test_tree_options_that_cannot_work_are_one_line(args: tuple[str, ...], reason: str) -> None:
    done = run(*args)
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and done.stderr.count("\n") == 1 and reason in done.stderr


def test_koyama_and_lais_listing_reads_to_their_optimum() -> None:
    """fancidev's p4c6r-koyama-1.txt (MIT, test data): the same notation, ``*`` marking a
    guess that is not a possible code; every final guess leaves one code per part."""
    read = read_tree((TREES / "fancidev-p4c6r-koyama-1.txt").read_text(), size())
    assert read.format == "irving"
    result = check_tree(read.space, read.root, read.write)
    assert result.found, result.failure
    assert (result.total, result.worst) == (5625, 6)


def test_neuwirths_listing_fails_where_a_final_guess_leaves_two_codes() -> None:
    """fancidev's p4c6r-neuwirth.txt (MIT, test data) fails in the file, not the reader:
    three final guesses leave two codes in one part, and the seven codes after 1123 1B1W,
    1415 1B2W, 6114 1B1W have no code at all that tells them all apart, so the listing
    cannot mean one code per part there. Guessed in turn, the pairs make 5,662."""
    read = read_tree((TREES / "fancidev-p4c6r-neuwirth.txt").read_text(), size())
    result = check_tree(read.space, read.root, read.write)
    assert not result.found
    assert result.failure is not None and "3354 answered 1B 1W, 2 codes remain" in result.failure
    assert (result.faults, result.in_turn, result.worst) == (3, 5662, 6)
    done = run("--check", str(TREES / "fancidev-p4c6r-neuwirth.txt"))
    assert done.returncode == 1
    assert "3 places fail in all" in done.stdout
    assert "it would take 5,662 guesses over every secret (worst case 6)" in done.stdout


def test_a_fault_other_than_codes_left_over_gives_no_total() -> None:
    """Codes left after a final guess are counted as guessed in turn only when every
    fault is of that kind: a wrong count claimed elsewhere leaves no total."""
    text = (TREES / "fancidev-p4c6r-koyama-1.txt").read_text()
    broken = text.replace("2 (2311), 44A", "3 (2311), 44A", 1)
    assert broken != text
    read = read_tree(broken, size())
    result = check_tree(read.space, read.root, read.write)
    assert not result.found and result.faults == 1 and result.in_turn is None
