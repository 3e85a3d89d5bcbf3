"""Records paths that cannot hold records, each named in one
truthful line, never costing a game; input lines of any length read in constant memory."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from mastermind_tui.records.faults import RecordsError
from mastermind_tui.records.store import Records
from mastermind_tui.retro.lines import KEPT, read_line

ROUND = "2\n1\n1\nB\nW\n1,0\n"  # 2 colours, 1 position, 1 round: both halves played


def run(args: list[str], stdin: str | bytes, records: str) -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(
        [sys.executable, "-m", "mastermind_tui", *args],
        input=data,
        capture_output=True,
        env={**os.environ, "MASTERMIND_RECORDS": records},
        timeout=120,
    )


def bad_paths(tmp: Path) -> dict[str, tuple[Path, str]]:
    """Each path that cannot hold records, and the words its one line must hold."""
    (tmp / "dangling").symlink_to(tmp / "nowhere" / "r.sqlite3")
    (tmp / "loop").symlink_to(tmp / "loop")
    (tmp / "file").write_text("")
    foreign = tmp / "foreign.sqlite3"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE games (x)")
        db.execute("PRAGMA user_version = 2")
    db.close()
    return {
        "too long": (tmp / ("x" * 300 + ".sqlite3"), "the file name is too long"),
        "null": (Path("/dev/null"), "not a regular file"),
        "full": (Path("/dev/full"), "not a regular file"),
        "dangling": (tmp / "dangling", "symbolic link to"),
        "loop": (tmp / "loop", "loops back on itself"),
        "parent is a file": (tmp / "file" / "r.sqlite3", "is a file, not a folder"),
        "folder": (tmp, "it is a folder"),
        "foreign": (foreign, "tables mastermind did not make"),
    }


def test_each_bad_path_is_one_true_line_from_the_library(tmp_path: Path) -> None:
    for name, (path, words) in bad_paths(tmp_path).items():
        with pytest.raises(RecordsError) as error:
            Records(path).games()
        assert words in str(error.value), name
        assert "rollback" not in str(error.value) and "no such column" not in str(error.value)


def test_records_command_never_says_no_games_of_a_path_it_cannot_open(tmp_path: Path) -> None:
    for name, (path, words) in bad_paths(tmp_path).items():
        done = run(["records"], "", str(path))
        err = done.stderr.decode()
        assert done.returncode == 1, name
        assert b"No games recorded yet" not in done.stdout, name
        assert err.count("\n") == 1 and words in err.replace("\n", " "), (name, err)


def test_a_records_failure_never_shortens_a_retro_game_and_is_said_once(tmp_path: Path) -> None:
    """Both halves of the round are played whatever the records path is; the cause is one
    line on stderr (a round ends two games: it was printed twice)."""
    kept = run(["retro", "--plain", "--seed", "1", "--no-record"], ROUND, "").stdout
    assert b"GAME OVER" in kept
    for name, (path, words) in bad_paths(tmp_path).items():
        done = run(["retro", "--plain", "--seed", "1"], ROUND, str(path))
        assert (done.returncode, done.stdout) == (0, kept), name
        lines = done.stderr.decode().splitlines()
        assert len(lines) == 1 and words in lines[0], (name, lines)
        assert lines[0].endswith("This game is not recorded; play goes on.")


def test_any_error_while_writing_is_one_line_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not only RecordsError: whatever a write raises, the game is not the one to end."""
    from mastermind_tui.retro import plain

    def broken(self: Records, game: object) -> int:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(Records, "add", broken)
    said: set[str] = set()
    plain._record(tmp_path / "r.sqlite3", said, None)  # type: ignore[arg-type]
    plain._record(tmp_path / "r.sqlite3", said, None)  # type: ignore[arg-type]
    assert len(said) == 1 and "Input/output error" in next(iter(said))


def test_a_line_of_any_length_is_read_in_pieces() -> None:
    stream = io.StringIO("R" * (10 * KEPT + 5) + "\nRRGG\n" + "G" * KEPT + "\nend")
    first = read_line(stream)
    assert first is not None and len(first) == KEPT
    assert read_line(stream) == "RRGG"
    assert read_line(stream) == "G" * KEPT
    assert read_line(stream) == "end"
    assert read_line(stream) is None


def test_an_endless_line_is_refused_in_constant_memory() -> None:
    """A 40 MB line with no end until the last byte: refused like any bad answer
    (``?Redo from start``) and the game goes on; the process stays small (it took about
    10 bytes of memory per byte of the line: 400 MB). The peak is the process's own
    (VmHWM: ru_maxrss would count the forking test process's too)."""
    line = b"R" * 40_000_000
    stdin = b"6\n4\n1\n" + line + b"\nRRGG\nQUIT\n"
    probe = (
        "import sys\n"
        "from mastermind_tui.modes.main import main\n"
        "code = main(['retro', '--plain', '--gwbasic-rnd'])\n"
        "sys.stdout.flush()\n"
        "peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0]\n"
        "print(peak.split()[1], file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        input=stdin,
        capture_output=True,
        env={**os.environ, "MASTERMIND_RECORDS": ""},
        timeout=120,
    )
    assert done.returncode == 0
    out = done.stdout.decode()
    assert "?Redo from start" in out and "QUITTER!" in out
    assert "BLACKS" in out.split("?Redo from start", 1)[1]  # RRGG was still played
    peak_kib = int(done.stderr.decode().split()[-1])
    assert peak_kib < 150_000, peak_kib
