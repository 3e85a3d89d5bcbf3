"""The daily puzzle. Its secret is pinned (two dates, two sizes: a
change here changes every player's puzzle), a bad or future date is one line, an
earlier date is practice, and the end shows the share block (no colour, no code)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from app_helpers import enter, game_session, until
from textual.pilot import Pilot
from textual.widgets import Input, Static

from engine import Answer, CodeSpace, MastermindError, Rules
from mastermind_tui.cli.launch import given, opening
from mastermind_tui.game.daily import (
    Marks,
    daily_secret,
    differing,
    par,
    read_date,
    seed_text,
    share_block,
)
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser
from mastermind_tui.records.store import Records
from mastermind_tui.screens.daily import DailyScreen, ShareScreen

SIZE = (80, 24)
DAY = "2026-01-01"


@pytest.mark.parametrize(
    ("colours", "positions", "day", "digits"),
    [
        (6, 4, date(2026, 1, 1), (1, 3, 2, 4)),
        (6, 4, date(2026, 11, 26), (4, 2, 0, 4)),
        (8, 5, date(2026, 1, 1), (3, 3, 6, 6, 4)),
        (8, 5, date(2026, 11, 26), (7, 0, 4, 0, 0)),
    ],
)
def test_the_daily_secret_is_pinned(
    colours: int, positions: int, day: date, digits: tuple[int, ...]
) -> None:
    space = CodeSpace(colours, positions)
    assert space.to_digits(daily_secret(space, day)) == digits


def test_the_rules_change_the_secret_and_the_text_is_documented() -> None:
    day = date(2026, 1, 1)
    assert seed_text(CodeSpace(6, 4), day) == "mastermind-daily:2026-01-01:6x4:repeats"
    no_repeats = CodeSpace(10, 4, repeats=False)
    secret = no_repeats.to_digits(daily_secret(no_repeats, day))
    assert len(set(secret)) == 4


def test_dates_bad_future_and_earlier() -> None:
    today = date(2026, 11, 26)
    assert read_date(None, today) == (today, True)
    assert read_date("2026-01-01", today) == (date(2026, 1, 1), False)
    with pytest.raises(MastermindError, match="YYYY-MM-DD"):
        read_date("2026-13-01", today)
    with pytest.raises(MastermindError, match="not out yet"):
        read_date("2026-11-27", today)
    args = build_parser().parse_args(["daily", "--date", "tomorrow"])
    with pytest.raises(MastermindError, match="YYYY-MM-DD"):
        opening(args, given(args), {})


def test_par_is_the_optimum_s_and_the_share_block_has_no_code() -> None:
    space = CodeSpace(6, 4)
    found = par(space, daily_secret(space, date(2026, 1, 1)))
    assert found.by == "the optimum" and found.guesses == 4
    assert round(found.average, 4) == 4.3403
    answers = [Answer(1, 1), Answer(2, 0), Answer(4, 0)]
    block = share_block(space, date(2026, 1, 1), answers, True, found)
    assert block.splitlines() == [
        "Mastermind daily 2026-01-01 6x4: 3 guesses, par 4",
        "●○··",
        "●●··",
        "●●●●",
    ]


def daily_app(path: Path | None = None) -> MastermindApp:
    args = build_parser().parse_args(["daily", "--date", DAY])
    return MastermindApp(opening(args, given(args), {}), records=path)


async def solve(pilot: Pilot[Any], app: MastermindApp) -> None:
    screen = app.screen
    assert isinstance(screen, DailyScreen)
    await until(pilot, lambda: screen.par is not None)
    await enter(pilot, "RRGG")
    await enter(pilot, game_session(app).secret_text)
    await until(pilot, lambda: isinstance(app.screen, ShareScreen))


async def test_a_daily_game_ends_with_the_share_block_and_is_practice(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    app = daily_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await solve(pilot, app)
        block = str(app.screen.query_one("#share-block", Static).render())
        lines = block.splitlines()
        assert lines[:2] == [
            f"Mastermind daily {DAY} 6x4: 2 guesses, par 4",
            "practice (an earlier day)",
        ]
        assert lines[2:] == ["○○··", "●●●●"]  # the pegs: no colour, no code
        await pilot.press("c")
        assert app.clipboard == block  # what is copied is what the box shows
        assert "Copied" in str(app.screen.query_one("#share-note", Static).render())
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, DailyScreen))
        await enter(pilot, "")  # no play again: one puzzle a day
        assert len(game_session(app).rows()) == 2
        await until(pilot, lambda: path.exists() and Records(path).games())
    (kept,) = Records(path).games()
    assert kept.mode == "daily" and kept.practice and kept.won


def test_a_daily_game_s_end(snap_compare: Callable[..., bool], monkeypatch: Any) -> None:
    """The share block over a finished daily game at 80x24 (its time held at 0:00)."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    monkeypatch.setattr("mastermind_tui.game.clock.monotonic", lambda: 0.0)
    app = daily_app()

    async def run(pilot: Pilot[Any]) -> None:
        await solve(pilot, app)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


def test_the_share_block_marks_help_practice_hard_mode_and_rules_not_the_day_s() -> None:
    space = CodeSpace(6, 4)
    day = date(2026, 11, 29)
    found = par(space, daily_secret(space, day))
    marks = Marks("UNDO used", assisted=True, hard=True, differs=differing(Rules(max_moves=2)))
    block = share_block(space, day, [Answer(1, 1), Answer(0, 0)], False, found, marks)
    assert block.splitlines() == [
        "Mastermind daily 2026-11-29 6x4: not solved in 2 guesses, par 4",
        "practice (UNDO used) · assisted · hard mode · not the day's rules: a 2-move limit",
        "●○··",
        "····",
    ]
    assert differing(Rules()) == ()  # the day's: nothing to mark
    honest = share_block(space, day, [Answer(4, 0)], True, None)
    assert honest.splitlines() == ["Mastermind daily 2026-11-29 6x4: 1 guess", "●●●●"]


async def test_help_taken_is_in_the_share_text_and_the_box_says_how_to_copy_by_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A HINT that names a guess marks the shared text itself (not only a note under it);
    inside tmux, which drops a copy on its way to the clipboard, the box says so."""
    monkeypatch.setenv("TMUX", "/tmp/tmux-0/default,1,0")
    app = daily_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, DailyScreen)
        await until(pilot, lambda: screen.par is not None)
        await enter(pilot, "RRGG")
        await enter(pilot, "HINT")
        await enter(pilot, "HINT")
        await until(pilot, lambda: game_session(app).assisted)
        await enter(pilot, game_session(app).secret_text)
        await until(pilot, lambda: isinstance(app.screen, ShareScreen))
        block = str(app.screen.query_one("#share-block", Static).render())
        assert block.splitlines()[1] == "practice (an earlier day) · assisted"
        note = str(app.screen.query_one("#share-note", Static).render())
        assert "tmux does not pass a copy on to the clipboard" in note
        assert "Shift+drag" in note
        await pilot.press("c")
        assert app.clipboard == block
        assert "Copied" not in str(app.screen.query_one("#share-note", Static).render())
