"""Every number a person gives is checked before the work (a cap of a
million guesses is refused in one line, at once), and ``tree --check`` reads no device,
pipe or folder and no file past its bound, and stops on SIGTERM even inside a long
parse."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.codes import CodeSpace
from engine.optimal.reach import ROOMY, findable

ENV = {
    **os.environ,
    "MASTERMIND_CACHE_DIR": "",
    "MASTERMIND_CONFIG_DIR": "",
    "MASTERMIND_RECORDS": "",
}


def mastermind(*argv: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mastermind_tui", *argv]
    return subprocess.run(command, capture_output=True, text=True, env=ENV, timeout=60)


def test_findable_counts_no_further_than_any_size_needs() -> None:
    started = time.monotonic()
    assert findable(1_000_000, CodeSpace(6, 4)) > ROOMY
    assert time.monotonic() - started < 5  # it was minutes of big-integer arithmetic


@pytest.mark.parametrize(
    "options",
    [
        ("--strategy", "optimal", "--max-guesses", "1000000"),
        ("--strategy", "optimal-max99999999"),
        ("--strategy", "optimal-max" + "9" * 5000),
        ("--strategy", "optimal-max²"),
    ],
    ids=["max-guesses", "strategy-name", "5000-digits", "unicode-digit"],
)
def test_a_huge_cap_is_refused_in_one_line(options: tuple[str, ...]) -> None:
    done = mastermind("stats", *options, "--colours", "4", "--positions", "3", "--all")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert len(done.stderr) < 400 and "Traceback" not in done.stderr


@pytest.mark.parametrize("where", ["/dev/urandom", "/dev/zero", "pipe", "folder"])
def test_tree_check_refuses_what_is_not_a_file(where: str, tmp_path: Path) -> None:
    path = Path(where)
    if where == "pipe":
        path = tmp_path / "pipe"
        os.mkfifo(path)
    elif where == "folder":
        path = tmp_path
    done = mastermind("tree", "--check", str(path))
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "not a file" in done.stderr


def test_tree_check_refuses_a_link_to_dev_zero(tmp_path: Path) -> None:
    (tmp_path / "tree.json").symlink_to("/dev/zero")
    done = mastermind("tree", "--check", str(tmp_path / "tree.json"))
    assert done.returncode == 1 and "a device, not a file" in done.stderr


def test_tree_check_stops_on_sigterm_inside_a_long_parse(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text('{"guess": "1234", "children": [' + ",".join(["[1,2,3,4]"] * 2_500_000) + "]}")
    command = [sys.executable, "-m", "mastermind_tui", "tree", "--check", str(big)]
    child = subprocess.Popen(command, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(1.5)  # started, and reading or parsing
    sent = time.monotonic()
    child.send_signal(signal.SIGTERM)
    child.communicate(timeout=30)
    assert time.monotonic() - sent < 5  # a generous bound: a second, unloaded
    assert child.returncode in (-signal.SIGTERM, 128 + signal.SIGTERM, 1)
