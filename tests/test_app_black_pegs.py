"""Black pegs only on screen: an answer is one number on the board, in History (one
column, no whites) and in what the person types; the home form offers the rule; records
keep it, and a stored game of black pegs only reads back as one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app_helpers import enter, message, ready, screen_text, until
from textual.widgets import DataTable, Select

from engine.answers import BLACK, CLASSIC, BlackAnswer
from mastermind_tui.game.kinds import MAKE, PLAY
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game, Move
from mastermind_tui.screens.home import HomeScreen
from mastermind_tui.screens.make import MakeScreen
from mastermind_tui.screens.play import PlayScreen


def app_for(mode: Any, secret: int | None = None) -> MastermindApp:
    settings = Settings.build(mode=mode, seed=3, answers="black")
    return MastermindApp(Start(settings, secret=secret))


async def test_a_person_plays_against_black_pegs_only() -> None:
    async with app_for(PLAY).run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, PlayScreen)
        assert "black pegs only" in message(pilot)
        history = screen.query_one("#history", DataTable)
        assert [str(c.label) for c in history.columns.values()] == ["#", "Guess", "B"]
        person = screen.session.person
        assert person is not None
        space = screen.session.space
        blacks = sum(
            a == b for a, b in zip(space.to_digits(person.secret), (0, 0, 2, 2), strict=True)
        )
        await enter(pilot, "BBRR")
        await until(pilot, lambda: history.row_count == 1)
        assert history.get_row_at(0) == ["1", "BBRR", str(blacks)]
        assert f"{'●' * blacks}{'·' * (4 - blacks)} {blacks}" in screen_text(pilot)
        row = screen.session.rows()[0]
        assert isinstance(row.answer, BlackAnswer) and row.answer.text == str(blacks)


async def test_the_computer_breaks_a_code_answered_with_one_number() -> None:
    async with app_for(MAKE).run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, MakeScreen)
        await pilot.app.workers.wait_for_complete()
        await until(pilot, lambda: "my guess is" in message(pilot))
        assert "my guess is BBBB. How many blacks?" in message(pilot)
        await enter(pilot, "2,1")
        await until(pilot, lambda: "number of blacks, e.g. 2" in message(pilot))
        await enter(pilot, "1")
        await until(pilot, lambda: len(screen.session.rows()) == 1)
        assert screen.session.rows()[0].answer.text == "1"


async def test_the_home_form_offers_the_rule() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        field = app.screen.query_one("#answers", Select)
        assert field.value == CLASSIC.name
        field.value = BLACK.name
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert isinstance(app.screen, PlayScreen)
        assert app.screen.session.space.answers == BLACK


def test_records_keep_the_rule_apart(tmp_path: Path) -> None:
    records = Records(tmp_path / "r.sqlite3")
    moves = (Move("0 0 2 2", 2, 0), Move("0 0 0 0", 4, 0))
    black = Game(6, 4, 10, "play", PLAY.roles[0], "solved", "knuth", moves, answers=BLACK)
    classic = Game(6, 4, 10, "play", PLAY.roles[0], "solved", "knuth", moves)
    records.add(black)
    records.add(classic)
    read = {g.answers.name: g for g in records.games()}
    assert read["black"].answers == BLACK and read["classic"].answers == CLASSIC
    summaries = records.summaries()
    assert sorted(s.answers.name for s in summaries) == ["black", "classic"]


def test_a_file_of_every_earlier_version_reads_its_games_as_classic(tmp_path: Path) -> None:
    """Games kept before the rule was stored were all answered classically: from a file
    of each earlier schema version, each comes back classic with its moves, and a game of
    black pegs only written after it comes back as one."""
    from records_files import old_file

    from mastermind_tui.records.schema import SCHEMA_VERSION

    for version in range(1, SCHEMA_VERSION):
        path = tmp_path / f"v{version}.sqlite3"
        old_file(path, version)
        records = Records(path)
        (old,) = records.games()
        assert old.answers == CLASSIC and [(m.black, m.white) for m in old.moves] == [
            (0, 1),
            (4, 0),
        ]
        moves = (Move("0 0 2 2", 2, 0), Move("0 0 0 0", 4, 0))
        records.add(Game(6, 4, 10, "play", PLAY.roles[0], "solved", "knuth", moves, answers=BLACK))
        newest = records.games()[0]
        assert newest.answers == BLACK and [m.black for m in newest.moves] == [2, 4]
