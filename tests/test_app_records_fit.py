"""Records at 80x24: it shows whole headers, keeps games of another
move limit apart, says "practice", and replays a game with its board and trace."""

from __future__ import annotations

from pathlib import Path

from app_helpers import screen_text, until

from engine.play.match import Role
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game, Move
from mastermind_tui.screens.records import RecordsScreen
from mastermind_tui.screens.replay import ReplayScreen

#: A real game: RGOY broken in three moves.
MOVES = (Move("0 0 1 1", 0, 0), Move("2 2 3 3", 1, 1), Move("2 3 4 5", 4, 0))


def store(path: Path) -> None:
    records = Records(path)
    records.add(Game(6, 4, 10, "play", Role.PERSON, "solved", "knuth", MOVES, secret="2 3 4 5"))
    records.add(
        Game(
            6, 4, 3, "play", Role.PERSON, "solved", "knuth", MOVES, practice=True, secret="2 3 4 5"
        )
    )
    records.add(Game(6, 4, 3, "play", Role.PERSON, "solved", "knuth", MOVES, secret="2 3 4 5"))


async def test_records_and_a_replay_at_80x24(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    store(path)
    app = MastermindApp(records=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f8")
        await until(pilot, lambda: isinstance(app.screen, RecordsScreen))
        await app.workers.wait_for_complete()
        await until(pilot, lambda: "recent games" in screen_text(pilot))
        await until(pilot, lambda: "Moves to win" in screen_text(pilot))  # the tables laid out

        def limits() -> list[str]:
            """The move limits of the 6x4 rows on screen (their third column)."""
            rows = screen_text(pilot).splitlines()
            sizes = [row.split() for row in rows if "│ 6x4 " in row and "Moves" not in row]
            return sorted(words[2] for words in sizes if words[2].isdigit())

        await until(pilot, lambda: len(limits()) >= 2)  # the summary's rows filled in
        text = screen_text(pilot)
        assert "Moves to win" in text and "Outcome  Moves" in text
        assert "play (practice)" in text
        assert limits() == ["10", "3"] or limits() == ["3", "10"]
        await pilot.press("enter")  # the newest game
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("n", "n")
        await until(pilot, lambda: "2. RRGG gets 1,1: 56 codes left" in screen_text(pilot))
        text = screen_text(pilot)
        assert "Board" in text and "Trace" in text
        assert "R R G G ●○" in text  # the board with its pegs
        assert "2. RRGG gets 1,1: 56 codes left" in text
        assert "The secret" not in text
        await pilot.press("end")
        await until(pilot, lambda: "Secret R G O Y" in screen_text(pilot))
        text = screen_text(pilot)
        assert "3. RGOY gets 4,0: 1 code left" in text and "Secret R G O Y" in text
