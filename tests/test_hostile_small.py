"""Smaller hostile cases: a blank path variable turns its files off (never a
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

import numpy
import platformdirs
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


def _as_nobody(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` as nobody (root writes anywhere), on a copy of the records package, the
    engine, numpy and platformdirs in a folder anyone may read: a clone in a private folder
    is not."""
    if shutil.which("setpriv") is None:
        pytest.skip("root, and no setpriv to read as another user")
    nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    copy = Path(tempfile.mkdtemp(prefix="mastermind-code-"))
    try:
        package = Path(store.__file__).parent.parent
        skip = shutil.ignore_patterns("__pycache__")
        shutil.copytree(package / "records", copy / "mastermind_tui" / "records", ignore=skip)
        shutil.copy(package / "__init__.py", copy / "mastermind_tui")
        shutil.copytree(Path(platformdirs.__file__).parent, copy / "platformdirs", ignore=skip)
        # The records name the engine's roles: the engine, and numpy under it, come too.
        shutil.copytree(package.parent / "engine", copy / "engine", ignore=skip)
        site = Path(numpy.__file__).parent.parent
        for name in ("numpy", "numpy.libs"):
            if (site / name).is_dir():
                shutil.copytree(site / name, copy / name, ignore=skip)
        for inside in [copy, *copy.rglob("*")]:
            inside.chmod(0o755 if inside.is_dir() else 0o644)
        # The interpreter itself, past the virtual environment's link, or the system's.
        for python in dict.fromkeys([os.path.realpath(sys.executable), "/usr/bin/python3"]):
            run = [*nobody, python, "-I", "-c"]
            fits = [*run, "import sys; assert sys.version_info >= (3, 11)"]
            if subprocess.run(fits, capture_output=True, cwd=copy, timeout=60).returncode == 0:
                code = f"import sys; sys.path.insert(0, {str(copy)!r}); {code}"
                return subprocess.run([*run, code], capture_output=True, text=True, timeout=60)
        pytest.skip("root, and no Python 3.11 or later that nobody may run")
    finally:
        shutil.rmtree(copy)


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
        if os.geteuid() == 0:
            done = _as_nobody(read)
        else:
            argv = [sys.executable, "-c", read]
            done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stdout.strip() == "1", done.stderr
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)
