"""Every file the program reads back is read as a stranger's. A damaged
cached tree or partial proof is moved aside (``….bad``), named in one line, and the search
done again gives the right answer; a pipe, a folder or a link to /dev/zero in its place is
refused in one line (never a hang, never memory without end); a damaged preferences file
is one line and moved aside (numba's compiled cache: tests/test_numba_cache.py). One case
per kind of file here; the ``benchmarks/fuzz_files.py`` script damages each kind in every
way."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine import CodeSpace
from engine.optimal.criterion import PARTIAL, Criterion, cache_key
from engine.optimal.solutions import solution
from engine.storage import cache, files
from mastermind_tui.game import preferences

SPACE = CodeSpace(3, 3)
TOTAL = 73  # the optimum of 3x3


def damage(path: Path, how: str) -> None:
    """Damage ``path`` (a file written by the program) in the way ``how`` names."""
    data = path.read_bytes() if path.exists() else b""
    if path.exists() or path.is_symlink():
        path.unlink()
    if how == "empty":
        path.write_bytes(b"")
    elif how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif how == "flipped":
        flipped = bytearray(data)
        flipped[len(flipped) // 2] ^= 0x10
        path.write_bytes(bytes(flipped))
    elif how == "garbage":
        path.write_bytes(os.urandom(3000))
    elif how == "nested":
        path.write_text("[" * 200_000)
    elif how == "pipe":
        os.mkfifo(path)
    elif how == "folder":
        path.mkdir()
    elif how == "zero":
        path.symlink_to("/dev/zero")


DAMAGE = ["empty", "truncated", "flipped", "garbage", "nested"]
STRANGE = {"pipe": "named pipe", "folder": "folder", "zero": "device"}


def partial_file(folder: Path) -> Path:
    """A partial proof of 3x3 as an interrupted search would leave it."""
    criterion = Criterion()
    name = criterion.file(SPACE, PARTIAL)
    key = {**cache_key(SPACE, criterion), "what": "proved"}
    cache.save_arrays(name, key, {"proved": np.arange(100, dtype=np.int32)})
    return folder / name


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_partial_proof_is_moved_aside_and_searched_again(
    cache_dir: Path, how: str
) -> None:
    path = partial_file(cache_dir)
    damage(path, how)
    found = solution(3, 3)
    assert found.tree.total == TOTAL
    notice = found.tell()
    assert str(path) in notice and "moved aside as" in notice and "\n" not in notice
    assert Path(str(path) + ".bad").exists() and not path.exists()


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_tree_is_moved_aside_and_searched_again(cache_dir: Path, how: str) -> None:
    solution(3, 3)
    solution.cache_clear()
    path = cache_dir / Criterion().file(SPACE)
    damage(path, how)
    found = solution(3, 3)
    assert found.tree.total == TOTAL
    notice = found.tell()
    assert str(path) in notice and "moved aside as" in notice and "\n" not in notice
    assert Path(str(path) + ".bad").exists()
    solution.cache_clear()
    assert solution(3, 3).tell() == ""  # the next run is clean


@pytest.mark.parametrize("how", list(STRANGE))
@pytest.mark.parametrize("which", ["tree", "partial"])
def test_pipes_folders_and_devices_are_refused_in_one_line(
    cache_dir: Path, how: str, which: str
) -> None:
    path = cache_dir / Criterion().file(SPACE, ".json" if which == "tree" else PARTIAL)
    damage(path, how)
    found = solution(3, 3)
    assert found.tree.total == TOTAL
    notice = found.tell()
    assert f"{path} is a {STRANGE[how]}" in notice and "\n" not in notice


def test_a_link_to_a_sound_file_is_followed(cache_dir: Path, tmp_path_factory: Any) -> None:
    solution(3, 3)
    solution.cache_clear()
    path = cache_dir / Criterion().file(SPACE)
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "tree.json"
    path.rename(elsewhere)
    path.symlink_to(elsewhere)
    found = solution(3, 3)
    assert found.tree.total == TOTAL and found.tell() == ""


def test_reads_are_bounded(tmp_path: Path) -> None:
    big = tmp_path / "big"
    with big.open("wb") as handle:
        handle.truncate(2048)  # sparse: costs nothing
    with pytest.raises(files.Refused, match="larger than"):
        files.read_bounded(big, limit=1024)


def test_temporary_files_are_not_left_on_a_refusing_disk(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk fails the write; the half-written temporary file goes too."""

    def full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("engine.storage.cache.os.replace", full)
    assert cache.save("tree.json", {"a": 1}, [1, 2]) is None
    assert cache.save_arrays("p.npz", {"a": 1}, {"x": np.zeros(3)}) is None
    assert list(cache_dir.iterdir()) == []


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(preferences.ENVIRONMENT, str(tmp_path))
    return tmp_path / "preferences.json"


@pytest.mark.parametrize(
    "text",
    ['{"theme": "' + "x" * 10_000 + '"}', "[" * 50_000, '{"theme": "\\u001b[2J"}', "\x00\xff"],
    ids=["huge-theme", "nested", "escape", "bytes"],
)
def test_damaged_preferences_are_one_line_and_moved_aside(config: Path, text: str) -> None:
    config.write_text(text, encoding="utf-8", errors="surrogateescape")
    loaded = preferences.load()
    assert loaded.theme is None and "\n" not in loaded.problem and len(loaded.problem) < 400
    assert "\x1b" not in loaded.problem and "moved aside" in loaded.problem
    assert Path(str(config) + ".bad").exists()


@pytest.mark.parametrize("how", list(STRANGE))
def test_strange_preferences_are_refused(config: Path, how: str) -> None:
    damage(config, how)
    loaded = preferences.load()
    assert STRANGE[how] in loaded.problem and loaded.theme is None


def test_huge_preferences_are_not_read(config: Path) -> None:
    with config.open("wb") as handle:
        handle.truncate(10 * 1024 * 1024)
    problem = preferences.load().problem
    assert "larger than" in problem and "moved aside" in problem


def test_a_sound_partial_proof_of_foreign_arrays_is_moved_aside(cache_dir: Path) -> None:
    path = partial_file(cache_dir)  # its digest is sound; its arrays are no proof
    found = solution(3, 3)
    assert found.tree.total == TOTAL
    assert "holds no proof" in found.tell() and Path(str(path) + ".bad").exists()
