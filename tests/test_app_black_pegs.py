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
    secret = 0  # BBBB: RRGG gets no black peg, BBBB all four
    async with app_for(PLAY, secret).run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, PlayScreen)
        assert "black pegs only" in message(pilot)
        history = screen.query_one("#history", DataTable)
        assert [str(c.label) for c in history.columns.values()] == ["#", "Guess", "B"]
        await enter(pilot, "BBRR")
        await until(pilot, lambda: history.row_count == 1)
        assert history.get_row_at(0) == ["1", "BBRR", "2"]
        assert "●●·· 2" in screen_text(pilot)
        row = screen.session.rows()[0]
        assert isinstance(row.answer, BlackAnswer) and row.answer.text == "2"


async def test_the_computer_breaks_a_code_answered_with_one_number() -> None:
    async with app_for(MAKE).run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, MakeScreen)
        await enter(pilot, "")  # the code is in mind
        await until(pilot, lambda: "my guess is" in message(pilot))
        assert "the number of blacks?" in message(pilot)
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
    moves = (Move("BBRR", 2, 0), Move("BBBB", 4, 0))
    black = Game(6, 4, 10, "play", PLAY.roles[0], "solved", "knuth", moves, answers=BLACK)
    classic = Game(6, 4, 10, "play", PLAY.roles[0], "solved", "knuth", moves)
    records.add(black)
    records.add(classic)
    read = {g.answers.name: g for g in records.games()}
    assert read["black"].answers == BLACK and read["classic"].answers == CLASSIC
    summaries = records.summaries()
    assert sorted(s.answers.name for s in summaries) == ["black", "classic"]
