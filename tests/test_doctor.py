"""``mastermind doctor``: what this install has, in one screen at 80 columns or as JSON,
exit 0, quickly, without importing Textual or numba; the records' schema and check from a
read-only look that changes nothing."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mastermind_tui.records.schema import SCHEMA_VERSION

MASTERMIND = [sys.executable, "-m", "mastermind_tui"]


def doctor(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {
        **os.environ,
        "MASTERMIND_RECORDS": str(tmp_path / "records.sqlite3"),
        "MASTERMIND_CONFIG_DIR": str(tmp_path / "config"),
        "MASTERMIND_CACHE_DIR": str(tmp_path / "cache"),
        **env,
    }
    return subprocess.run(
        [*MASTERMIND, "doctor", *args], capture_output=True, text=True, env=environment
    )


def test_one_screen_at_80_columns(tmp_path: Path) -> None:
    began = time.monotonic()
    done = doctor(tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
    for label in ("Python", "Packages", "Search module", "Shipped data", "Cache", "Records"):
        assert any(line.startswith(label) for line in lines), label
    assert "numpy" in done.stdout and "numba" in done.stdout and "textual" in done.stdout
    assert str(tmp_path / "records.sqlite3") in done.stdout.replace("\n" + " " * 15, "")
    assert time.monotonic() - began < 20  # 2 s at most idle; generous on busy cores


def test_json_names_every_part(tmp_path: Path) -> None:
    done = doctor(tmp_path, "--json", MASTERMIND_AOT="0")
    report = json.loads(done.stdout)
    assert report["search_module"]["status"] == "turned off"
    assert report["shipped_trees"] > 250
    assert report["cache"]["path"] == str(tmp_path / "cache") and not report["cache"]["exists"]
    assert set(report["extras"]) == {"cluster", "web", "gpu", "docs"}
    assert {"TERM", "size", "locale", "encoding"} <= set(report["terminal"])
    assert report["gpu"]


def test_the_records_schema_and_check_are_read_and_nothing_changed(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE t (x)")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    db.close()
    before = path.read_bytes()
    report = json.loads(doctor(tmp_path, "--json").stdout)
    assert report["records"]["schema"] == SCHEMA_VERSION
    assert report["records"]["check"] == "ok"
    assert path.read_bytes() == before


def test_a_damaged_records_file_is_said_not_raised(tmp_path: Path) -> None:
    (tmp_path / "records.sqlite3").write_bytes(b"not a database" * 100)
    done = doctor(tmp_path)
    assert done.returncode == 0
    assert "cannot be read" in done.stdout


def test_it_imports_neither_textual_nor_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    code = (
        "import sys, io, contextlib\n"
        "from mastermind_tui.modes.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['doctor'])\n"
        "print(sorted(m for m in ('textual', 'numba', 'numba.cuda') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr
