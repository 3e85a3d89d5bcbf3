"""Pegs without typing: the board's next row set by keys and clicks,
held pegs carried to the next guess, Escape giving the keys back, and the same move as
the typed path makes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from app_helpers import enter, game_session, idle, message, until
from textual.pilot import Pilot
from textual.widgets import Input, Static

from mastermind_tui.cli.launch import given, opening
from mastermind_tui.game.kinds import MATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser
from mastermind_tui.navigation import Start
from mastermind_tui.screens.daily import DailyScreen
from mastermind_tui.screens.make import MakeScreen
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.widgets.peg_row import PegBoard, PegTray

SIZE = (80, 24)


def app_for(**kwargs: Any) -> MastermindApp:
    return MastermindApp(Start(Settings.build(seed=3, **kwargs)))


async def started(pilot: Pilot[Any]) -> PlayScreen:
    await until(pilot, lambda: isinstance(pilot.app.screen, PlayScreen))
    await pilot.app.workers.wait_for_complete()
    await idle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, PlayScreen)
    return screen


async def pegs(pilot: Pilot[Any], *keys: str) -> PegBoard:
    """F7, then ``keys`` on the peg row; the board once they are handled."""
    await pilot.press("f7")
    board = pilot.app.screen.query_one(PegBoard)
    await until(pilot, lambda: board.has_focus and pilot.app.screen.has_class("-pegs"))
    await pilot.press(*keys)
    await idle(pilot)
    return board


async def played(pilot: Pilot[Any], moves: int) -> None:
    """Until the session has ``moves`` moves (Enter on the row handled) and their work."""
    await until(pilot, lambda: len(game_session(pilot.app).rows()) >= moves)
    await pilot.app.workers.wait_for_complete()
    await idle(pilot)


def next_row(screen: PlayScreen) -> str:
    """The board's next row as drawn."""
    lines = str(screen.query_one(PegBoard).render()).splitlines()
    return lines[len(screen.session.rows())]


def codes(pilot: Pilot[Any]) -> list[tuple[int, ...]]:
    return [row.digits for row in game_session(pilot.app).rows()]


async def test_the_keys_set_the_row_and_enter_plays_the_typed_move() -> None:
    """Letters set pegs (the cursor moving on), Enter plays the row, and the move, its
    message, status and History are those of the same guess typed."""
    seen: list[tuple[list[tuple[int, ...]], str, str, str]] = []
    for by_pegs in (True, False):
        app = app_for()
        async with app.run_test(size=SIZE) as pilot:
            screen = await started(pilot)
            if by_pegs:
                await pegs(pilot, "r", "r", "g", "g")
                assert next_row(screen) == " 1 R R G[G]    "
                await pilot.press("enter")
                await played(pilot, 1)
            else:
                await enter(pilot, "RRGG")
            status = str(screen.query_one("#status", Static).render())
            seen.append((codes(pilot), message(pilot), status, screen.session.secret_text))
    assert seen[0] == seen[1]
    assert seen[0][1].startswith("Move 1: RRGG gets ")


async def test_arrows_choose_the_place_and_the_colour() -> None:
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        board = await pegs(pilot, "up", "up", "down", "right", "down")
        assert board.draft is not None
        assert board.draft.pegs == [0, 5, None, None]  # B, then Y (down from empty: last)
        assert next_row(screen) == " 1 B[Y]· ·     "
        await pilot.press("right", "right", "right", "o", "backspace")
        await idle(pilot)
        assert board.draft.pegs == [0, 5, None, None] and board.draft.cursor == 3


async def test_a_held_peg_carries_to_the_next_guess() -> None:
    """Space holds a peg: the next row starts from it (after a row played, and after a
    typed guess, whose peg there carries), the cursor on the first place to fill."""
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        board = await pegs(pilot, "r", "g", "b", "y", "left", "left", "left", "space")
        assert board.draft is not None and board.draft.held == [True, False, False, False]
        await pilot.press("enter")
        await played(pilot, 1)
        assert board.draft.pegs == [2, None, None, None] and board.draft.cursor == 1
        assert next_row(screen) == " 2 R[·]· ·     "
        assert "underline" in str(board.next_row(2).spans)  # type: ignore[union-attr]
        await pilot.press("o", "o", "w", "enter")
        await played(pilot, 2)
        assert codes(pilot)[1] == (2, 4, 4, 1)  # ROOW
        await pilot.press("escape")
        await enter(pilot, "YYBB")  # typed: the held place carries the typed peg
        assert board.draft.pegs == [5, None, None, None]
        assert next_row(screen) == " 4 Y · · ·     "  # drawn without the keys: no cursor


async def test_escape_gives_the_keys_back_to_the_command_line() -> None:
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        field = screen.query_one("#command", Input)
        await pegs(pilot, "tab")  # Tab too: the command line is out of the focus chain
        await until(pilot, lambda: field.has_focus and not screen.has_class("-pegs"))
        await pegs(pilot, "b")
        tray, row = screen.query_one(PegTray), screen.query_one("#command-row")
        assert tray.display and not row.display
        await pilot.press("escape")
        await until(pilot, lambda: field.has_focus and not screen.has_class("-pegs"))
        assert not tray.display and row.display
        await pilot.press(*"wwrr", "enter")  # the command line types again
        await played(pilot, 1)
        assert codes(pilot) == [(1, 1, 2, 2)]
        board = screen.query_one(PegBoard)  # the row starts again from no held peg
        assert board.draft is not None and board.draft.empty and not board.has_focus


async def test_clicks_on_the_board_and_the_tray() -> None:
    """A click on the board gives the row the keys (on a peg of the row, the cursor goes
    there); a click on a colour of the tray sets the cursor's peg."""
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        board, tray = screen.query_one(PegBoard), screen.query_one(PegTray)
        assert await pilot.click(PegBoard, offset=(7, 0))  # the third peg of row 1
        await until(pilot, lambda: board.has_focus and tray.display)
        assert board.draft is not None and board.draft.cursor == 2

        def on_tray(colour: int) -> tuple[int, int]:
            start, _, _ = tray._spans[colour]
            return (tray.content_region.x - tray.region.x + start + 1, 0)

        assert await pilot.click(PegTray, offset=on_tray(2))  # R
        await until(pilot, lambda: board.draft is not None and board.draft.pegs[2] == 2)
        assert board.has_focus and board.draft.cursor == 3
        for colour in (5, 0, 0):  # Y, then B B from the first place
            assert await pilot.click(PegTray, offset=on_tray(colour))
            if colour == 5:
                assert await pilot.click(PegBoard, offset=(3, 0))
        await until(pilot, lambda: board.draft is not None and board.draft.pegs == [0, 0, 2, 5])
        await pilot.press("enter")
        await played(pilot, 1)
        assert codes(pilot) == [(0, 0, 2, 5)]


async def test_what_the_row_refuses() -> None:
    """A key that is no colour, a row not full, and a colour twice where repeats are off
    (the parser's own words, as typed)."""
    app = app_for(repeats=False)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await pegs(pilot, "x")
        assert message(pilot).startswith("x: no such colour (B W R G O Y).")
        await pilot.press("r", "enter")
        await until(pilot, lambda: "No peg yet at positions 2, 3, 4" in message(pilot))
        await pilot.press("r", "g", "b", "enter")
        await until(pilot, lambda: "R appears twice" in message(pilot))
        refused = message(pilot)
        assert not codes(pilot)
        await pilot.press("escape")
        await enter(pilot, "RRGB")
        assert message(pilot) == refused


async def test_a_game_ended_from_the_row_gives_the_keys_back() -> None:
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pegs(pilot, *screen.session.secret_text.lower(), "enter")
        await played(pilot, 1)
        field = screen.query_one("#command", Input)
        await until(pilot, lambda: field.has_focus)
        assert "YOU GUESSED IT IN 1 MOVE" in message(pilot)
        assert not screen.query_one(PegBoard).can_focus
        assert screen.check_action("pegs", ()) is False  # F7 leaves the footer
        await pilot.press("f7")
        await idle(pilot)
        assert field.has_focus


@pytest.mark.slow
async def test_the_row_in_a_match_and_a_daily_game() -> None:
    app = app_for(mode=MATCH, rounds=1)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await pegs(pilot, "b", "b", "w", "w", "enter")
        await played(pilot, 1)
        assert codes(pilot) == [(0, 0, 1, 1)]
        await pilot.press("escape")
        await enter(pilot, "QUIT")
        await enter(pilot, "")
        await until(pilot, lambda: isinstance(app.screen, MakeScreen))
        assert not app.screen.query(PegBoard)  # the computer guesses: no row to set
    args = build_parser().parse_args(["daily", "--date", "2026-01-05"])
    app = MastermindApp(opening(args, given(args), {}), records=None)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, DailyScreen))
        await pegs(pilot, "g", "g", "r", "r", "enter")
        await played(pilot, 1)
        assert codes(pilot) == [(3, 3, 2, 2)]


def test_the_peg_row_with_a_held_peg(snap_compare: Callable[..., bool], monkeypatch: Any) -> None:
    """80x24: a row played from the pegs with its first peg held; the next row starts
    from it, a colour set, the cursor on the third place; the tray in the command line's
    place (no line of today's screen taken)."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    app = app_for()

    async def run(pilot: Pilot[Any]) -> None:
        await started(pilot)
        await pegs(pilot, "b", "b", "w", "w", "left", "left", "left", "space", "enter")
        await played(pilot, 1)
        await pilot.press("o")
        await idle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)
