"""Sixty processes finishing games into one records file at once, beside
two busy loops, lose no game: a writer held off by the others waits and tries again,
for a bounded time, and says one line only if it finally fails."""

from __future__ import annotations

import multiprocessing
import sqlite3
import time
from pathlib import Path

import pytest
from test_records import game

from mastermind_tui.records.faults import RecordsError
from mastermind_tui.records.store import Records

WRITERS = 60
EACH = 4


def _write(path: str, writer: int, start: float, lost: multiprocessing.Queue[str]) -> None:
    time.sleep(max(0.0, start - time.time()))  # all at once
    records = Records(Path(path))
    for number in range(EACH):
        try:
            records.add(game(key=f"{writer}-{number}"))
        except RecordsError as error:
            lost.put(str(error))


def _busy(until: float) -> None:
    while time.time() < until:
        pass


@pytest.mark.slow
def test_sixty_writers_at_once_lose_no_game(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    path = tmp_path / "records.sqlite3"  # new: the first writers make and migrate it
    lost: multiprocessing.Queue[str] = context.Queue()
    start = time.time() + 1.0
    load = [context.Process(target=_busy, args=(start + 5,)) for _ in range(2)]
    writers = [
        context.Process(target=_write, args=(str(path), w, start, lost)) for w in range(WRITERS)
    ]
    for process in (*load, *writers):
        process.start()
    for process in (*writers, *load):
        process.join(timeout=120)
        assert process.exitcode == 0
    said = []
    while not lost.empty():
        said.append(lost.get())
    assert said == []
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == WRITERS * EACH


def test_a_writer_that_never_gets_in_says_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "records.sqlite3"
    Records(path).add(game(key="first"))
    monkeypatch.setattr(Records, "PATIENCE", 0.5)
    with sqlite3.connect(path, isolation_level=None) as holder:
        holder.execute("BEGIN EXCLUSIVE")
        started = time.monotonic()
        with pytest.raises(RecordsError, match="locked") as raised:
            Records(path, timeout=0.1).add(game(key="second"))
        assert time.monotonic() - started < 10 and "\n" not in str(raised.value)
        holder.execute("ROLLBACK")
