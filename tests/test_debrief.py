"""The debrief. Each move's guess and answer, the codes possible before
and after it, the best move there and the guess's cost in guesses expected (this one
counted), the codes still possible before the last guess; opened with D once a game is
over and from a replay in Records, its ratings read against the engine's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from app_helpers import enter, game_session, idle, records_read, until
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from engine import Answer, CodeSpace
from engine.expected import counted
from engine.play.match import Role
from engine.rating.guesses import rate_moves
from mastermind_tui.cli.launch import given, opening
from mastermind_tui.game.debrief import Debrief
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game, Move
from mastermind_tui.screens.debrief import DebriefScreen

SIZE = (80, 24)
#: 1122, 2233 (1,1: 56 codes left), 2345 (4,0): a game on 6x4 as the records keep it, unrated.
MOVES = (Move("0 0 1 1", 0, 0), Move("2 2 3 3", 1, 1), Move("2 3 4 5", 4, 0))


def recorded(hard: bool = False) -> Game:
    return Game(
        6,
        4,
        10,
        "play",
        Role.PERSON,
        "solved",
        "knuth",
        MOVES,
        secret="2 3 4 5",
        hard=hard,
        finished_at="2026-11-25T07:00:00+00:00",
    )


def test_the_debrief_counts_codes_and_rates_each_move_against_the_optimum() -> None:
    debrief = Debrief(recorded())
    assert [(line.before, line.after) for line in debrief.lines()] == [
        (1296, 256),
        (256, 56),
        (56, 1),
    ]
    work = debrief.work()
    assert work is not None and debrief.missing == 0
    debrief.take(work())
    assert debrief.work() is None
    space = CodeSpace(6, 4)
    moves = [(space.from_digits((0, 0, 1, 1)), Answer(0, 0))]
    moves += [(space.from_digits((2, 2, 3, 3)), Answer(1, 1))]
    moves += [(space.from_digits((2, 3, 4, 5)), Answer(4, 0))]
    engine = rate_moves(space, "optimal", moves)
    for line, rating in zip(debrief.lines(), engine, strict=True):
        assert line.rating is not None
        assert line.rating.best_guess == rating.best_guess
        assert line.rating.value == pytest.approx(rating.value)
    first = debrief.lines()[0].rating
    assert first is not None and f"{counted(first.best_value):.2f}" == "4.34"  # BBWR
    assert "guesses expected, this one counted" in debrief.rule_text()
    assert debrief.ending().startswith("Before the last guess 56 codes were still possible:")


def test_a_hard_game_is_debriefed_against_the_optimum_among_codes_that_fit() -> None:
    debrief = Debrief(recorded(hard=True))
    assert debrief.strategy == "optimal-fit"
    assert "codes that fit" in debrief.rule_text()


def test_beyond_the_optimum_the_debrief_names_its_heuristic() -> None:
    big = Game(9, 6, 12, "play", Role.PERSON, "quit", "knuth", (Move("0 0 1 1 2 2", 1, 1),))
    debrief = Debrief(big)
    assert "out of reach" in debrief.rule_text() and "knuth" in debrief.rule_text()


def play_app(path: Path | None = None) -> MastermindApp:
    args = build_parser().parse_args(["play", "--seed", "7"])
    return MastermindApp(opening(args, given(args), {}), records=path)


def rows(pilot: Pilot[Any]) -> list[list[str]]:
    table = pilot.app.screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def rated(pilot: Pilot[Any]) -> bool:
    screen = pilot.app.screen
    return isinstance(screen, DebriefScreen) and all("…" not in row for row in rows(pilot))


async def play_and_debrief(pilot: Pilot[Any], app: MastermindApp) -> None:
    await enter(pilot, "RRGG")
    await enter(pilot, "BBWR")
    await enter(pilot, game_session(app).secret_text)
    field = app.screen.query_one("#command", Input)
    field.focus()
    await pilot.press("d")
    await until(pilot, lambda: rated(pilot))


async def test_d_opens_the_debrief_once_the_game_is_over(tmp_path: Path) -> None:
    app = play_app()
    async with app.run_test(size=SIZE) as pilot:
        session = game_session(app)
        await enter(pilot, "RRGG")
        field = app.screen.query_one("#command", Input)
        await pilot.press("d")  # the game goes on: D is a letter typed
        await until(pilot, lambda: field.value == "d")
        await idle(pilot)  # its change handled: still a letter on the command line
        assert field.value == "d" and not isinstance(app.screen, DebriefScreen)
        field.value = ""
        await enter(pilot, "BBWR")
        await enter(pilot, session.secret_text)
        await pilot.press("d")
        await until(pilot, lambda: rated(pilot))
        table = rows(pilot)
        assert [row[:3] for row in table[:2]] == [["1", "RRGG", "0,1"], ["2", "BBWR", "0,1"]]
        ratings = rate_moves(session.space, "knuth", session.moves())
        first = ratings[0]
        assert table[0][5] == f"{session.format(first.best_guess)} {first.number(first.best_value)}"
        assert table[0][7] == first.cost()
        end = str(app.screen.query_one("#debrief-end", Static).render())
        assert end.startswith("Before the last guess")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, DebriefScreen))


async def test_a_replay_in_records_opens_its_debrief(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    Records(path).add(recorded())
    app = MastermindApp(records=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        await until(pilot, lambda: records_read(pilot))
        await pilot.press("enter")
        await idle(pilot)
        await pilot.press("d")
        await until(pilot, lambda: rated(pilot))
        assert [row[3:5] for row in rows(pilot)] == [["1,296", "256"], ["256", "56"], ["56", "1"]]


def test_the_debrief(snap_compare: Callable[..., bool], monkeypatch: Any) -> None:
    """The debrief of a finished game at 80x24, every move rated."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    app = play_app()

    async def run(pilot: Pilot[Any]) -> None:
        await play_and_debrief(pilot, app)
        await idle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


async def test_a_replay_says_abandoned_assisted_and_hard_in_words(tmp_path: Path) -> None:
    """The kind of game in words, not only through its outcome."""
    from dataclasses import replace

    path = tmp_path / "r.sqlite3"
    left = replace(recorded(hard=True), outcome="abandoned", abandoned=True, assisted=True)
    Records(path).add(replace(left, moves=MOVES[:2], secret="2 3 4 5"))
    app = MastermindApp(records=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f8")
        await until(pilot, lambda: records_read(pilot))
        await pilot.press("enter")
        await idle(pilot)
        title = str(app.screen.query_one("#replay-title", Static).render())
        assert "You (assisted, abandoned, hard mode) on 6 colours" in title
        assert "abandoned (left unfinished) after 2 moves" in title
