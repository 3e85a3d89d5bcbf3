"""Trees check as shipped: ``tree --check`` reads gzip-compressed files, takes a shipped
tree by name, and a complete tree of this program's JSON says its own size."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.codes import CodeSpace
from engine.notation import NOTATIONS
from engine.trees import shipped
from engine.trees.check import check_tree
from engine.trees.formats import read_tree
from engine.trees.read import Size, unpacked

ROOT = Path(__file__).resolve().parent.parent
MASTERMIND = [sys.executable, "-m", "mastermind_tui"]


def check(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*MASTERMIND, "tree", "--check", *args], capture_output=True, text=True, cwd=cwd
    )


def test_the_best_8x5_tree_checks_by_name_at_its_total() -> None:
    done = check("best-8x5", "--format", "json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert (result["colours"], result["positions"]) == (8, 5)
    assert result["total_guesses"] == 179568 and result["worst"] == 7


def test_a_shipped_file_checks_by_its_path_compressed() -> None:
    done = check("engine/data/optimal-6x4.json.gz")
    assert done.returncode == 0, done.stderr
    assert "6 colours x 4 positions (1,296 codes)" in done.stdout
    assert "total guesses  5,625" in done.stdout


def test_a_json_tree_says_its_own_size(tmp_path: Path) -> None:
    size = ["--colours", "5", "--positions", "3", "--no-repeats"]
    written = subprocess.run(
        [*MASTERMIND, "tree", *size, "--format", "json"],
        capture_output=True,
        check=True,
    ).stdout
    (tmp_path / "tree.json.gz").write_bytes(gzip.compress(written))
    done = check("tree.json.gz", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "5 colours x 3 positions, no repeats (60 codes)" in done.stdout


def test_a_damaged_gzip_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "tree.json.gz").write_bytes(gzip.compress(b'{"guess": "RRGG"}')[:12])
    done = check("tree.json.gz", cwd=tmp_path)
    assert done.returncode == 1  # a file that cannot be read, as one that is not text
    assert done.stderr == "mastermind: tree.json.gz: a damaged gzip file (it ends early)\n"


def test_a_gzip_bomb_is_refused_unread(tmp_path: Path) -> None:
    (tmp_path / "tree.json.gz").write_bytes(gzip.compress(b" " * (64 * 1024 * 1024)))
    done = check("tree.json.gz", cwd=tmp_path)
    assert done.returncode == 1 and "unpacks to more than 32 MB" in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", shipped.names())
def test_every_shipped_tree_finds_every_secret_at_its_stated_total(name: str) -> None:
    path = shipped.path_of(name)
    assert path is not None
    text = unpacked(path.read_bytes(), 1 << 30).decode()
    data = json.loads(text)
    space = shipped.space_in(name) or CodeSpace(6, 4)
    size = Size(None, None, None, NOTATIONS["letters"], space)  # the file and name say it
    stated = 179568 if name == "best-8x5" else data["tree"][2]
    read = read_tree(text, size)
    result = check_tree(read.space, read.root, read.write)
    assert result.found, result.failure
    assert result.total == stated
