"""Records in a real SQLite file: round trip, figures, migration, two writers at once, and
every fault a person's machine can throw at it turned into one line."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import pytest

from engine.feedback import score
from engine.play.match import Role
from mastermind_tui.game.kinds import MAKE, MATCH
from mastermind_tui.game.session import GameSession
from mastermind_tui.game.settings import Settings
from mastermind_tui.records.faults import RecordsError
from mastermind_tui.records.schema import MIGRATIONS, SCHEMA_VERSION
from mastermind_tui.records.store import Records, default_path
from mastermind_tui.records.types import Game, Move, code_text
from mastermind_tui.retro.dialogue import Dialogue


def game(outcome: str = "solved", moves: int = 4, **kw: Any) -> Game:
    pad = " 0" * (kw.get("positions", 4) - 4)  # codes of the game's own length
    played = (*(Move("0 0 1 1" + pad, 0, 1) for _ in range(moves - 1)), Move("2 3 4 5" + pad, 4, 0))
    fields: dict[str, Any] = dict(
        colours=6,
        positions=4,
        max_moves=10,
        mode="play",
        breaker=Role.PERSON,
        outcome=outcome,
        strategy="knuth",
        moves=played,
        secret="2 3 4 5" + pad,
    )
    fields.update(kw)
    return Game(**fields)


def test_round_trip_and_figures(tmp_path: Path) -> None:
    records = Records(tmp_path / "r.sqlite3")
    records.add(game(moves=5, finished_at="2026-01-01T00:00:00+00:00"))
    records.add(game("out of moves", moves=10, finished_at="2026-01-02T00:00:00+00:00"))
    records.add(game(moves=4, finished_at="2026-01-03T00:00:00+00:00"))
    records.add(game(moves=3, finished_at="2026-01-04T00:00:00+00:00"))
    records.add(game(moves=2, practice=True, finished_at="2026-01-05T00:00:00+00:00"))
    records.add(game(moves=6, breaker=Role.COMPUTER, finished_at="2026-01-06T00:00:00+00:00"))
    records.add(game(moves=5, colours=8, positions=5, finished_at="2026-01-07T00:00:00+00:00"))
    newest = records.games(limit=1)[0]
    assert (newest.colours, newest.positions, len(newest.moves)) == (8, 5, 5)
    assert newest.moves[-1] == Move("2 3 4 5 0", 4, 0)  # a code of 5 positions
    (six_four,) = records.summaries((6, 4))
    assert (six_four.played, six_four.won, six_four.best, six_four.streak) == (4, 3, 3, 2)
    assert six_four.average == pytest.approx(4.0)
    assert six_four.histogram == {3: 1, 4: 1, 5: 1}
    assert [(s.colours, s.positions) for s in records.summaries()] == [(6, 4), (8, 5)]


def test_two_writers_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    Records(path).games()  # created
    errors: list[Exception] = []

    def write() -> None:
        try:
            for _ in range(20):
                Records(path, timeout=10).add(game())
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=write) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(Records(path).games()) == 40
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_an_old_file_is_migrated_and_a_newer_one_refused(tmp_path: Path) -> None:
    old = tmp_path / "old.sqlite3"
    sqlite3.connect(old).close()  # version 0: no tables yet
    Records(old).add(game())
    with sqlite3.connect(old) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(RecordsError, match="newer version"):
        Records(newer).add(game())


def test_a_damaged_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    path.write_bytes(b"this is not a database at all, just some bytes" * 100)
    with pytest.raises(RecordsError, match=r"damaged \(move it away") as error:
        Records(path).add(game())
    assert "\n" not in str(error.value)


def test_a_locked_file_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Records, "PATIENCE", 0.5)  # the writers' wait, 30 s in play
    path = tmp_path / "r.sqlite3"
    Records(path).games()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(RecordsError, match="locked"):
            Records(path, timeout=0.1).add(game())
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_path_that_cannot_be_a_folder_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(RecordsError, match="records at"):
        Records(blocker / "sub" / "r.sqlite3").add(game())


def test_environment_chooses_or_turns_off(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MASTERMIND_RECORDS", str(tmp_path / "x.sqlite3"))
    assert default_path() == tmp_path / "x.sqlite3"
    monkeypatch.setenv("MASTERMIND_RECORDS", "")
    assert default_path() is None


def run_cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mastermind_tui", "records", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
    )


@pytest.mark.slow
def test_records_command(tmp_path: Path) -> None:
    env = {"MASTERMIND_RECORDS": str(tmp_path / "r.sqlite3")}
    assert run_cli("--where", env=env).stdout.strip() == str(tmp_path / "r.sqlite3")
    assert "No games recorded yet" in run_cli(env=env).stdout
    records = Records(tmp_path / "r.sqlite3")
    for moves in (5, 4):
        records.add(game(moves=moves))
    records.add(game(moves=6, colours=8, positions=5))
    figures = json.loads(run_cli("--json", "--size", "6x4", env=env).stdout)
    assert figures["sizes"] == [
        {
            "size": "6x4",
            "max_moves": 10,
            "repeats": True,
            "answers": "classic",
            "played": 2,
            "won": 2,
            "average": 4.5,
            "best": 4,
            "streak": 2,
            "histogram": {"4": 1, "5": 1},
            "assisted": 0,
            "assisted_won": 0,
            "abandoned": 0,
            "daily_streak": 0,
            "hard": False,
            "timed": False,
            "best_seconds": None,
            "average_seconds": None,
            "rating": None,
            "no_rating": "no game rated against the optimum yet",
        }
    ]
    text = run_cli(env=env).stdout
    assert "6 colours x 4 positions" in text and "8 colours x 5 positions" in text
    assert run_cli("--size", "5x5", env=env).stdout == (
        "No games of 5x5 recorded yet: play one with `mastermind play --colours 5 --positions 5`.\n"
    )
    off = run_cli(env={"MASTERMIND_RECORDS": ""})
    assert (off.returncode, off.stdout) == (1, "")
    assert (
        off.stderr
        == "mastermind: recording is off (MASTERMIND_RECORDS is empty): no records to show\n"
    )
    bad = run_cli("--size", "six", env=env)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "e.g. 6x4" in bad.stderr
    # A size no game can have is refused with the reason, not answered "no games".
    for size, reason in (("0x0", "colours must be at least 2"), ("99x99", "at most 20")):
        bad = run_cli("--size", size, env=env)
        assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and reason in bad.stderr


def test_records_command_reports_a_damaged_file_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    path.write_bytes(b"garbage" * 1000)
    done = run_cli(env={"MASTERMIND_RECORDS": str(path)})
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "damaged" in done.stderr


# ----- faults with a real file, each one line -----
@contextmanager
def as_nobody() -> Iterator[None]:
    """File permissions as an ordinary user sees them: root (as in CI containers) writes
    to read-only files, so the check runs with the effective uid of nobody."""
    if os.geteuid() != 0:
        yield
        return
    os.seteuid(65534)
    try:
        yield
    finally:
        os.seteuid(0)


@pytest.fixture
def open_dir() -> Iterator[Path]:
    """A folder everyone may enter (pytest's tmp_path is root's only when run as root)."""
    folder = Path(tempfile.mkdtemp(prefix="records-"))
    folder.chmod(0o755)
    yield folder
    folder.chmod(0o755)
    shutil.rmtree(folder)


def test_a_read_only_file_is_one_line(open_dir: Path) -> None:
    path = open_dir / "r.sqlite3"
    Records(path).add(game())
    path.chmod(0o444)
    with as_nobody(), pytest.raises(RecordsError) as error:
        Records(path).add(game())
    assert str(error.value) == f"records at {path}: the file is read-only"
    path.chmod(0o644)
    assert len(Records(path).games()) == 1  # nothing half-written


def test_a_read_only_folder_is_one_line(open_dir: Path) -> None:
    open_dir.chmod(0o555)
    with as_nobody(), pytest.raises(RecordsError) as error:
        Records(open_dir / "r.sqlite3").add(game())
    assert str(error.value) == (
        f"records at {open_dir / 'r.sqlite3'}: its folder {open_dir} is read-only"
    )
    with as_nobody(), pytest.raises(RecordsError, match=r"its folder cannot be made \("):
        Records(open_dir / "sub" / "r.sqlite3").add(game())


def test_a_full_disk_is_one_line_and_loses_no_earlier_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's own full-disk error: the file may not grow by a page (``max_page_count``
    set to its size on every connection), as when the disk has no room left."""
    path = tmp_path / "r.sqlite3"
    Records(path).add(game())
    connect = sqlite3.connect

    def no_room(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        db = connect(*args, **kwargs)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        return cast(sqlite3.Connection, db)

    monkeypatch.setattr(sqlite3, "connect", no_room)
    kept = 1
    with pytest.raises(RecordsError) as error:
        for _ in range(200):  # a page holds a few games; the disk fills within 200
            Records(path).add(game(moves=10))
            kept += 1
    assert str(error.value) == f"records at {path}: the disk is full"
    monkeypatch.undo()
    games = Records(path).games()
    assert len(games) == kept  # the failed game is not half there
    assert all(len(g.moves) in (4, 10) for g in games)


def test_a_file_damaged_inside_is_one_line(tmp_path: Path) -> None:
    """A sound header over garbled pages: SQLite says malformed, the records say damaged."""
    path = tmp_path / "r.sqlite3"
    records = Records(path)
    for _ in range(30):
        records.add(game(moves=10))
    data = bytearray(path.read_bytes())
    data[1024:] = bytes(range(256)) * ((len(data) - 1024) // 256 + 1)
    path.write_bytes(bytes(data[: len(path.read_bytes())]))
    with pytest.raises(RecordsError, match=r"damaged \(move it away to start new records\)$"):
        Records(path).games()


def test_two_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    writer = (
        "import sys, pathlib; from mastermind_tui.records.store import Game, Move, Records\n"
        "for _ in range(25):\n"
        "    won = Game(6, 4, 10, 'play', 'person', 'solved', 'knuth', (Move('0 1 2 3', 4, 0),))\n"
        "    Records(pathlib.Path(sys.argv[1]), timeout=20).add(won)\n"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", writer, str(path)], stderr=subprocess.PIPE)
        for _ in range(2)
    ]
    assert [p.wait(timeout=60) for p in procs] == [0, 0], [
        p.stderr and p.stderr.read() for p in procs
    ]
    assert len(Records(path).games()) == 50


# ----- versions -----
def test_a_version_1_file_keeps_its_games_when_migrated(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite3"
    with closing(sqlite3.connect(path)) as db, db:
        db.executescript(MIGRATIONS[0])
        db.execute("PRAGMA user_version = 1")
        db.execute(
            "INSERT INTO games VALUES (1, '2026-01-01T00:00:00+00:00', 6, 4, 1, 10, 'play',"
            " 'person', 'solved', 2, 'knuth', 0, '2 3 4 5')"
        )
        db.execute("INSERT INTO moves VALUES (1, 1, '0 0 1 1', 0, 1, 4.5, 4.2)")
        db.execute("INSERT INTO moves VALUES (1, 2, '2 3 4 5', 4, 0, NULL, NULL)")
    (old,) = Records(path).games()
    assert (old.outcome, old.secret, old.notation) == ("solved", "2 3 4 5", None)
    assert old.moves[0] == Move("0 0 1 1", 0, 1, 4.5, 4.2)
    assert not old.assisted  # version 3's column: games from before were not assisted
    Records(path).add(game())
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 9
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 2


def test_an_assisted_game_is_kept_as_such_and_out_of_the_figures(tmp_path: Path) -> None:
    """A game played with the laboratory view is marked assisted, stays
    so when written again (late ratings), and is left out of the per-size figures."""
    records = Records(tmp_path / "r.sqlite3")
    helped = replace(game(), assisted=True)
    records.add(helped)
    records.add(replace(helped, assisted=False))  # the same game written again
    (kept,) = records.games()
    assert kept.assisted
    (apart,) = records.summaries()  # counted apart, in none of the figures
    assert (apart.played, apart.won, apart.assisted, apart.assisted_won) == (0, 0, 1, 1)
    records.add(game())
    (summary,) = records.summaries()
    assert (summary.played, summary.won, summary.streak, summary.assisted) == (1, 1, 1, 1)


def test_a_file_of_version_3_gains_abandoned_and_keeps_its_games(tmp_path: Path) -> None:
    """The migration from the schema released before (version 3, assisted)."""
    path = tmp_path / "v3.sqlite3"
    with closing(sqlite3.connect(path)) as db, db:
        for migration in MIGRATIONS[:3]:
            db.executescript(migration)
        db.execute("PRAGMA user_version = 3")
        db.execute(
            "INSERT INTO games (id, finished_at, colours, positions, repeats, max_moves, mode,"
            " breaker, outcome, moves, strategy, practice, secret, key, notation, assisted)"
            " VALUES (1, '2026-01-01T00:00:00+00:00', 6, 4, 1, 10, 'play', 'person', 'solved',"
            " 1, 'knuth', 0, '2 3 4 5', 'k1', 'letters', 1)"
        )
        db.execute(
            "INSERT INTO moves (game_id, number, guess, black, white) VALUES (1, 1, '2 3 4 5',"
            " 4, 0)"
        )
    (old,) = Records(path).games()
    assert old.assisted and not old.abandoned and old.key == "k1"
    Records(path).add(game("abandoned", moves=2, abandoned=True))
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 9
    left = Records(path).games()[0]
    assert left.abandoned and left.outcome == "abandoned"


def test_an_abandoned_game_ends_the_streak_even_assisted_or_practice(tmp_path: Path) -> None:
    records = Records(tmp_path / "r.sqlite3")
    records.add(game(finished_at="2026-01-01T00:00:00+00:00"))
    records.add(game(finished_at="2026-01-02T00:00:00+00:00"))
    (summary,) = records.summaries()
    assert summary.streak == 2
    dodged = game("abandoned", moves=3, abandoned=True, practice=True, assisted=True)
    records.add(replace(dodged, finished_at="2026-01-03T00:00:00+00:00"))
    (summary,) = records.summaries()
    assert (summary.played, summary.won, summary.streak, summary.abandoned) == (3, 2, 0, 1)
    assert summary.as_json()["abandoned"] == 1


def test_two_instances_opening_a_new_file_at_once_migrate_it_once(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    errors: list[Exception] = []
    start = threading.Barrier(4)

    def first_game() -> None:
        start.wait()
        try:
            Records(path, timeout=10).add(game())
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=first_game) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(Records(path).games()) == 4


def test_a_game_written_again_keeps_one_copy_and_gains_its_ratings(tmp_path: Path) -> None:
    records = Records(tmp_path / "r.sqlite3")
    rated = Move("0 0 1 1", 0, 1, 4.48, 4.41, "0 0 1 2", "optimal")
    early = game(moves=2)  # the last guess's rating still being worked out
    late = replace(early, moves=(rated, early.moves[1]))
    records.add(late)
    records.add(early)  # the earlier write landing last takes nothing away
    (kept,) = records.games()
    assert kept.key == early.key and kept.moves[0] == rated


# ----- the session hands every finished game over -----
def recorded_session(**kw: Any) -> tuple[GameSession, list[Game]]:
    session = GameSession(Settings.build(colours=4, positions=3, seed=5, **kw))
    kept: list[Game] = []
    session.recorder = kept.append
    return session, kept


def test_a_won_game_is_recorded_with_its_moves_and_late_ratings() -> None:
    session, kept = recorded_session()
    secret = session.secret_text
    first = "AAA" if secret != "AAA" else "BBB"
    session.guess(first.replace("A", "R").replace("B", "G"))
    assert kept == []  # not before it ends
    session.guess(secret)
    (ended,) = kept
    assert (ended.mode, ended.breaker, ended.outcome, ended.strategy) == (
        "play",
        "person",
        "solved",
        "knuth",
    )
    assert (ended.colours, ended.positions, ended.max_moves, ended.repeats) == (4, 3, 10, True)
    assert session.game.secret is not None
    assert ended.secret == code_text(session.space.to_digits(session.game.secret))
    assert ended.moves[-1] == Move(ended.secret, 3, 0)
    assert all(m.rule is None for m in ended.moves)  # the ratings came after the end
    work = session.rating.work()
    assert work is not None
    session.take_ratings(work())
    assert len(kept) == 2 and kept[1].key == ended.key
    assert kept[1].finished_at == ended.finished_at
    assert [m.rule for m in kept[1].moves] == ["optimal", "optimal"]
    assert [m.value for m in kept[1].moves] == [r.value for r in session.rating.ratings]
    assert kept[1].moves[0].best_guess == code_text(
        session.space.to_digits(session.rating.ratings[0].best_guess)
    )


def test_a_quit_game_and_a_practice_game_are_recorded_as_such() -> None:
    session, kept = recorded_session(rounds=2)
    session.quit_game()
    session.next_game()
    session.guess("RRG")
    session.take_back_guess()
    session.guess("RRB")
    session.quit_game()
    assert [(g.outcome, len(g.moves), g.practice) for g in kept] == [
        ("quit", 0, False),
        ("quit", 1, True),
    ]


def test_the_computer_breaking_is_recorded_with_the_code_it_found() -> None:
    session, kept = recorded_session(mode=MAKE)
    session.answering.set_secret("RGB")
    while not session.over:
        session.answering.decide()
        session.auto_answer()
    (ended,) = kept
    assert (ended.mode, ended.breaker, ended.outcome) == ("make", "computer", "solved")
    assert ended.secret == "2 3 0" and ended.moves[-1] == Move("2 3 0", 3, 0)  # R G B


def test_a_match_records_both_games() -> None:
    session, kept = recorded_session(mode=MATCH)
    session.quit_game()
    session.next_game()
    session.answering.decide()
    session.answer(3, 0)  # the person's code was the computer's first guess
    assert [(g.mode, g.breaker, g.outcome, len(g.moves)) for g in kept] == [
        ("match", "person", "quit", 0),
        ("match", "computer", "solved", 1),
    ]


# ----- turning it off -----
def test_no_record_and_the_environment_reach_the_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from mastermind_tui.app.shell import Shell
    from mastermind_tui.modes.main import main

    opened: list[tuple[Path | None, bool]] = []
    monkeypatch.setattr(
        Shell, "run", lambda app: opened.append((app.recorder.records, app.recorder.record))
    )
    monkeypatch.setenv("TEXTUAL_DRIVER", "headless")  # no terminal needed
    monkeypatch.setenv("MASTERMIND_RECORDS", str(tmp_path / "r.sqlite3"))
    for argv in (["play"], ["--no-record"], ["--no-record", "play"], ["match", "--no-record"]):
        assert main(argv) == 0
    monkeypatch.setenv("MASTERMIND_RECORDS", "")
    assert main(["make"]) == 0
    path = tmp_path / "r.sqlite3"
    assert opened == [(path, True), (path, False), (path, False), (path, False), (None, True)]


def test_no_record_where_nothing_is_recorded_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from mastermind_tui.modes.main import main

    assert main(["--no-record", "records"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--no-record does nothing with `mastermind records`" in err


def test_where_without_the_variable_is_the_user_data_directory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("MASTERMIND_RECORDS")
    where = run_cli("--where", env={}).stdout.strip()
    monkeypatch.setenv("MASTERMIND_RECORDS", "")
    assert where.endswith("records.sqlite3") and "mastermind-tui" in where
    assert run_cli("--where", env={}).stdout.strip() == (
        "recording is off (MASTERMIND_RECORDS is empty)"
    )


# ----- the 1978 game (retro) is kept too, either role -----
def retro_session(lines: list[str], answer_for: str | None = None) -> list[Game]:
    """Type ``lines`` into the 1978 dialogue (GW-BASIC's RND: the first 6x4 secret is
    WROB), then answer the computer's guesses as the code ``answer_for`` would."""
    kept: list[Game] = []
    dialogue = Dialogue(gwbasic_rnd=True, recorder=kept.append)
    dialogue.start()
    reply = ""
    for line in lines:
        reply = dialogue.feed(line)
    while answer_for is not None and not dialogue.finished:
        guess = reply.rpartition("MY GUESS IS: ")[2][: len(answer_for)]
        reply = dialogue.feed("{},{}".format(*score(answer_for, guess)))
    return kept


def test_the_1978_game_is_kept_in_both_roles() -> None:
    """Both halves of a round; the computer's moves are those after the inconsistent
    answers made it start again."""
    lines = ["6", "4", "1", "BBBB", "WROB", "", *["0,0"] * 4, ""]
    person, computer = retro_session(lines, answer_for="RGOY")
    assert person == replace(
        person,
        colours=6,
        positions=4,
        max_moves=10,
        mode="retro",
        breaker=Role.PERSON,
        outcome="solved",
        moves=(Move("0 0 0 0", 1, 0), Move("1 2 4 0", 4, 0)),
        repeats=True,
        secret="1 2 4 0",  # W R O B
        notation="letters",
    )
    assert (computer.breaker, computer.outcome, computer.secret) == (
        "computer",
        "solved",
        "2 3 4 5",
    )
    assert computer.strategy == "classic" and computer.mode == "retro"
    for move in computer.moves:  # answered truly: no 0,0 from before the restart
        truly = score(tuple(int(d) for d in move.guess.split()), (2, 3, 4, 5))
        assert (move.black, move.white) == tuple(truly)
    assert computer.moves[-1] == Move("2 3 4 5", 4, 0)


def test_the_1978_game_quit_out_of_moves_and_what_cannot_be_kept() -> None:
    (quit_game,) = retro_session(["6", "4", "1", "RRGG", "QUIT"])
    assert (quit_game.outcome, len(quit_game.moves), quit_game.secret) == ("quit", 1, "1 2 4 0")
    (lost, *_) = retro_session(["6", "4", "1", *["BBBB"] * 10])
    assert (lost.outcome, len(lost.moves)) == ("out of moves", 10)
    # Fractional colours (the listing's own codes) and an answer no code gives: not kept.
    assert retro_session(["2.5", "2", "1", "QUIT"]) == []
    assert [g.breaker for g in retro_session(["6", "4", "1", "WROB", "", "4,1"])] == ["person"]


def run_retro(stdin: str, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mastermind_tui", "retro", "--plain", "--gwbasic-rnd", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, **env},
    )


def test_retro_plain_keeps_its_games_and_a_fault_is_one_line_on_stderr(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    env = {"MASTERMIND_RECORDS": str(path)}
    done = run_retro("6\n4\n1\nRRGG\nQUIT\n", env=env)
    assert (done.returncode, done.stderr) == (0, "")
    assert "QUITTER!  MY COMBINATION WAS: WROB" in done.stdout
    (kept,) = Records(path).games()
    assert (kept.mode, kept.outcome, kept.moves[0]) == ("retro", "quit", Move("2 2 3 3", 1, 0))
    assert run_retro("6\n4\n1\nQUIT\n", "--no-record", env=env).returncode == 0
    assert len(Records(path).games()) == 1
    path.write_bytes(b"garbage" * 1000)
    damaged = run_retro("6\n4\n1\nRRGG\nQUIT\n", env=env)
    assert damaged.returncode == 0 and damaged.stdout == done.stdout  # the game unchanged
    assert damaged.stderr == (
        f"mastermind: records at {path}: the file is damaged (move it away to start new"
        " records). This game is not recorded; play goes on.\n"
    )


def test_games_with_another_move_limit_are_figures_apart(tmp_path: Path) -> None:
    """A game won in 3 of 3 moves is not averaged with games of 10."""
    records = Records(tmp_path / "r.sqlite3")
    records.add(game(moves=6))
    records.add(game(moves=3, max_moves=3))
    records.add(game(outcome="out of moves", moves=3, max_moves=3))
    by_limit = {s.max_moves: s for s in records.summaries()}
    assert set(by_limit) == {3, 10}
    assert (by_limit[3].played, by_limit[3].won, by_limit[3].average) == (2, 1, 3.0)
    assert (by_limit[10].played, by_limit[10].average) == (1, 6.0)
