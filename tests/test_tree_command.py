"""``mastermind tree``: the leaves are exactly the secrets and their depths sum to the
strategy's published total; JSON, DOT and text agree; random strategies are refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def run(*args: str, cache: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if cache is not None:
        env["MASTERMIND_CACHE_DIR"] = cache
    return subprocess.run(
        [sys.executable, "-m", "mastermind_tui", "tree", *args],
        capture_output=True,
        text=True,
        env=env,
    )


def found_at(node: dict[str, Any], level: int = 1) -> Iterator[tuple[str, int]]:
    """(secret, guesses needed) for each code found at a node: its guess, when the guess
    was one of the node's codes (its children then hold one code fewer)."""
    below = node.get("children", [])
    if node["codes"] - sum(c["node"]["codes"] for c in below) == 1:
        yield node["guess"], level
    for child in below:
        yield from found_at(child["node"], level + 1)


@pytest.mark.parametrize(
    ("args", "codes", "total", "first"),
    [
        (("--strategy", "knuth"), 1296, 5801, "BBWW"),
        (("--strategy", "sequential", "--notation", "digits"), 1296, 7471, "0000"),
        (("--strategy", "optimal", "--colours", "4"), 256, 905, None),
    ],
)
def test_leaves_are_the_secrets_and_depths_sum_to_the_total(
    args: tuple[str, ...], codes: int, total: int, first: str, tmp_path: Path
) -> None:
    done = run(*args, "--format", "json", cache=str(tmp_path))
    assert done.returncode == 0, done.stderr
    root = json.loads(done.stdout)
    found = list(found_at(root))
    assert len({secret for secret, _ in found}) == len(found) == codes
    assert sum(level for _, level in found) == total
    if first:
        assert root["guess"] == first


def test_text_and_dot_show_the_same_tree() -> None:
    text = run("--depth", "2").stdout.splitlines()
    assert text[1] == "BBWW  (1,296 codes)"
    assert "  1,1 -> BBRG  (208 codes)" in text
    assert "  0,4 -> WWBB  (found)" in text
    dot = run("--format", "dot").stdout.splitlines()
    nodes = [line for line in dot if "[label=" in line and "->" not in line]
    edges = [line for line in dot if "->" in line]
    assert dot[0] == "digraph mastermind {" and dot[-1] == "}"
    assert len(edges) == len(nodes) - 1
    assert 'label="BBWW\\n1,296 codes"' in nodes[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--strategy", "random"), "guesses at random"),
        (("--strategy", "classic"), "guesses at random"),
        (("--colours", "8", "--positions", "6"), "too big to print"),
        (("--strategy", "optimal", "--colours", "8", "--positions", "5"), "most-parts"),
        (("--depth", "0"), "0 is too small; give 1 or more"),
        (("--depth", "-1"), "-1 is too small; give 1 or more"),  # never "give 0 or more"
        (("--depth", "two"), "'two' is not a whole number"),
    ],
)
def test_refusals_are_one_line(args: tuple[str, ...], message: str) -> None:
    done = run(*args)
    assert done.returncode != 0
    assert done.stderr.count("\n") == 1 and message in done.stderr
    assert done.stdout == ""
