"""Issue 31 point 9, the smaller ones: a blank path variable turns its files off (never a
file named "   "), a full disk leaves no half-written preferences, and a refusal of a
setting remembered from last time says it was remembered."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from test_records import game

from engine.storage import cache
from mastermind_tui.game import preferences
from mastermind_tui.records import store
from mastermind_tui.records.store import Records


def test_blank_paths_turn_their_files_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(store.ENVIRONMENT, "   ")
    monkeypatch.setenv(preferences.ENVIRONMENT, " \t ")
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", "  ")
    assert store.default_path() is None
    assert preferences.path() is None
    assert cache.directory() is None


def test_a_full_disk_leaves_no_half_written_preferences(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(preferences.ENVIRONMENT, str(tmp_path))

    def full(self: Path, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "replace", full)
    said = preferences.save(preferences.Preferences(theme="textual-dark"))
    assert "No space left" in said and list(tmp_path.iterdir()) == []


def test_a_refused_remembered_strategy_says_it_was_remembered(tmp_path: Path) -> None:
    (tmp_path / "preferences.json").write_text(
        json.dumps({"theme": None, "settings": {"strategy": "optimal"}})
    )
    env = {**os.environ, "MASTERMIND_CONFIG_DIR": str(tmp_path), "MASTERMIND_RECORDS": ""}
    argv = [sys.executable, "-m", "mastermind_tui", "play", "--colours", "8", "--positions", "8"]
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "remembered from last time: strategy optimal" in done.stderr


def test_records_in_a_read_only_folder_are_still_read() -> None:
    """WAL cannot make its index in a read-only folder: the records are read immutable."""
    folder = Path(tempfile.mkdtemp(prefix="mastermind-ro-"))
    try:
        path = folder / "records.sqlite3"
        Records(path).add(game(key="kept"))
        path.chmod(0o444)
        folder.chmod(0o555)
        read = "from mastermind_tui.records.store import Records; from pathlib import Path; "
        read += f"print(len(Records(Path({str(path)!r})).games()))"
        argv = [sys.executable, "-c", read]
        if os.geteuid() == 0:  # root writes anywhere: read as nobody
            if shutil.which("setpriv") is None:
                pytest.skip("root, and no setpriv to read as another user")
            argv = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *argv]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stdout.strip() == "1", done.stderr
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)
