"""``mastermind tree --check``: trees in this program's JSON and in the peers' formats
(arfst23's punch card and YAML, the Irving-style listing) are followed for every secret;
good ones give the totals ``stats --all`` gives, broken ones name the first secret lost,
and files that cannot be read get one line and exit code 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CodeSpace, get_notation, make_strategy
from engine.trees.check import check_tree
from engine.trees.formats import detect, read_tree
from engine.trees.read import Size
from engine.trees.strategy_tree import build_tree
from engine.walks.stats import run_stats
from mastermind_tui.cli.tree import as_json

TREES = Path(__file__).parent / "data" / "trees"
SMALL = ("--colours", "3", "--positions", "2", "--notation", "digits")
#: Knuth on 3 colours x 2 positions, as ``stats --all`` gives it.
KNUTH_3X2 = {
    "games": 9,
    "total_guesses": 24,
    "worst": 4,
    "distribution": {"1": 1, "2": 2, "3": 5, "4": 1},
}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mastermind_tui", "tree", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ),
    )


@pytest.mark.parametrize("name", ["good.json", "good.punch", "good.yml", "good.irving"])
def test_a_good_tree_in_each_format_finds_every_secret(name: str) -> None:
    done = run("--check", str(TREES / name), *SMALL, "--format", "json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["found"] is True
    assert {k: out[k] for k in KNUTH_3X2} == KNUTH_3X2
    assert (out["colours"], out["positions"], out["repeats"]) == (3, 2, True)


@pytest.mark.parametrize(
    ("name", "secret"),
    [
        ("broken.json", "secret 21: after 00 answered 0B 0W, 11 answered 1B 0W"),
        ("broken.punch", "secret 10: after 00 answered 1B 0W, 01 answered 0B 2W"),
        ("broken.yml", "secret 20: after 00 answered 1B 0W, 01 answered 0B 1W, 21 answered"),
        ("broken.irving", "secret 33: after 11 answered 0B 0W, 22 answered 0B 0W"),
    ],
)
def test_a_broken_tree_names_the_first_secret_it_loses(name: str, secret: str) -> None:
    done = run("--check", str(TREES / name), *SMALL)
    assert done.returncode == 1
    assert f"does not find every secret: {secret}" in done.stdout
    assert "no branch for this answer" in done.stdout
    assert done.stderr == ""


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("bad-missing-row.punch", "row 009 is referred to and missing"),
        ("bad-no-guess.json", 'a node needs a "guess"'),
        ("bad-syntax.yml", "not YAML at line"),
        ("bad-truncated.irving", "the listing ends early"),
        ("bad-unknown.txt", "not a decision tree in any format this reads; give --tree-format"),
        ("no-such-file", "cannot read"),
    ],
)
def test_a_file_that_cannot_be_read_gets_one_line(name: str, reason: str) -> None:
    done = run("--check", str(TREES / name), *SMALL)
    assert done.returncode == (1 if name == "no-such-file" else 2)
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and reason in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("word", ["junk", "RGBY", "  Wurst\n"])
def test_a_word_that_is_no_code_is_no_tree(tmp_path: Path, word: str) -> None:
    """A file holding ``junk`` was read as a challenge tree of one code and
    refused for its size ("colours must be at most 20 (got 21)"): it is no tree at all."""
    junk = tmp_path / "junk.txt"
    junk.write_text(word)
    done = run("--check", str(junk))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "not a decision tree in any format this reads" in done.stderr
    assert "colours must be" not in done.stderr
    # A bare code still is a tree of one guess (the challenge's grammar): checked as one.
    assert detect("ABCD\n") == "challenge"


def test_the_format_can_be_named_instead_of_told() -> None:
    done = run("--check", str(TREES / "good.irving"), "--tree-format", "yaml")
    assert done.returncode == 2 and "not YAML" in done.stderr


def test_formats_are_told_apart() -> None:
    found = {p.name: detect(p.read_text()) for p in TREES.glob("good.*")}
    assert found == {
        "good.json": "json",
        "good.punch": "punch-card",
        "good.yml": "yaml",
        "good.irving": "irving",
    }


def test_text_report_gives_total_average_worst_and_distribution() -> None:
    done = run("--check", str(TREES / "good.punch"))
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0].endswith("arfst23 punch card, 3 colours x 2 positions (9 codes)")
    assert lines[1:5] == [
        "finds every secret",
        "total guesses  24",
        "average        2.6667",
        "worst case     4",
    ]


def test_a_guess_outside_the_game_is_a_failure_not_a_crash(tmp_path: Path) -> None:
    tree = tmp_path / "t.yml"
    tree.write_text((TREES / "good.yml").read_text().replace("- 11\n", "- 19\n"))
    done = run("--check", str(tree), "--colours", "3")
    assert done.returncode == 2 and "has a colour outside" in done.stderr


def test_no_repeats_is_told_from_the_codes(tmp_path: Path) -> None:
    space = CodeSpace(4, 2, repeats=False)
    notation = get_notation("digits")
    tree = tmp_path / "t.json"
    root = build_tree(space, make_strategy("knuth"))
    tree.write_text(json.dumps(as_json(root, space, notation, root.height)))
    done = run(
        "--check",
        str(tree),
        "--colours",
        "4",
        "--positions",
        "2",
        "--no-repeats",
        "--notation",
        "digits",
        "--format",
        "json",
    )
    out = json.loads(done.stdout)
    assert out["found"] and out["games"] == 12 and out["repeats"] is False


@settings(max_examples=12, deadline=None)
@given(
    strategy=st.sampled_from(["knuth", "expected-size", "entropy", "most-parts", "sequential"]),
    colours=st.integers(2, 5),
    positions=st.integers(1, 3),
    repeats=st.booleans(),
)
def test_our_own_json_tree_checks_to_the_totals_of_stats_all(
    strategy: str, colours: int, positions: int, repeats: bool
) -> None:
    if not repeats and positions > colours:
        repeats = True
    space = CodeSpace(colours, positions, repeats)
    notation = get_notation("letters")
    root = build_tree(space, make_strategy(strategy))
    text = json.dumps(as_json(root, space, notation, root.height))
    read = read_tree(text, Size(None, None, None, notation, space))
    checked = check_tree(read.space, read.root, read.write)
    stats = run_stats(space, strategy, space.allowed)
    assert checked.found
    assert (checked.total, checked.worst, checked.distribution) == (
        stats.total_guesses,
        stats.worst,
        stats.distribution,
    )


@pytest.mark.slow
def test_a_tree_the_optimal_search_wrote_gives_the_search_s_totals(tmp_path: Path) -> None:
    env = dict(os.environ, MASTERMIND_CACHE_DIR=str(tmp_path))
    base = [sys.executable, "-m", "mastermind_tui"]
    size = ["--strategy", "optimal", "--colours", "4", "--positions", "3"]
    tree = subprocess.run(
        [*base, "tree", *size, "--format", "json"], capture_output=True, text=True, env=env
    )
    (tmp_path / "optimal.json").write_text(tree.stdout)
    stats = subprocess.run(
        [*base, "stats", *size, "--all", "--json"], capture_output=True, text=True, env=env
    )
    checked = subprocess.run(
        [*base, "tree", "--check", str(tmp_path / "optimal.json"), *size[2:], "--format", "json"],
        capture_output=True,
        text=True,
        env=env,
    )
    want, got = json.loads(stats.stdout), json.loads(checked.stdout)
    for key in ("games", "total_guesses", "average", "worst", "distribution"):
        assert got[key] == want[key]


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (
            ("--check", str(TREES / "good.json"), "--depth", "2"),
            "--depth does nothing with --check",
        ),
        (("--check", str(TREES / "good.json"), "--strategy", "knuth"), "--strategy does nothing"),
        (("--check", str(TREES / "good.json"), "--format", "dot"), "not DOT"),
        (
            (
                "--tree-format",
                "yaml",
            ),
            "add --check FILE",
        ),
    ],
)
def test_options_that_do_nothing_with_check_are_refused(args: tuple[str, ...], reason: str) -> None:
    done = run(*args)
    assert done.returncode == 2 and reason in done.stderr and done.stdout == ""
