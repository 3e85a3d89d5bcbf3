"""Hard mode. A guess that contradicts an answer is refused in one line
naming the move (and costs no move), HINT suggests only codes that fit, par and ratings
are the exact optimum among such codes (optimal-fit), and the records know the game was
hard."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from app_helpers import enter, game_session, message, until
from textual.pilot import Pilot
from textual.widgets import Input

from engine import CodeSpace, MastermindError, get_notation
from engine.notation import parse_in_game
from mastermind_tui.cli.launch import given, opening
from mastermind_tui.game.daily import daily_secret, par
from mastermind_tui.game.hard import FIT, contradiction, fitting, hard_best, rule_strategy
from mastermind_tui.game.kinds import PLAY
from mastermind_tui.game.session import GameSession
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser
from mastermind_tui.records.schema import MIGRATIONS
from mastermind_tui.records.store import Records

SIZE = (80, 24)
#: RGBY as the secret: RRGG gets 1,1 from it.
RGBY = parse_in_game(CodeSpace(6, 4), "RGBY", get_notation("letters"))


def hard_session(secret: int = RGBY, hard: bool = True) -> GameSession:
    return GameSession(Settings.build(mode=PLAY, hard=hard, seed=1), secret)


def test_a_guess_that_contradicts_an_answer_is_refused_naming_the_move() -> None:
    session = hard_session()
    session.guess("RRGG")  # 1,1 from RGBY
    session.guess("RGBB")  # 3,0
    with pytest.raises(MastermindError) as refused:
        session.guess("BBWW")
    assert str(refused.value) == (
        "Hard mode: move 1 (RRGG) answered 1,1 but BBWW would have got 0,0."
    )
    assert len(session.moves()) == 2  # no move spent, the game goes on
    with pytest.raises(MastermindError, match="move 2 \\(RGBB\\) answered 3,0"):
        session.guess("GRYB")  # fits move 1 (1,1) but not move 2
    session.guess("RGBY")
    assert session.over and session.finished is not None and session.finished.hard


def test_without_hard_mode_any_guess_goes() -> None:
    session = hard_session(hard=False)
    session.guess("RRGG")
    session.guess("BBWW")
    assert len(session.moves()) == 2 and "hard" not in session.status()


def test_contradiction_is_none_for_every_code_that_fits() -> None:
    space = CodeSpace(6, 4)
    session = hard_session()
    session.guess("RRGG")
    moves = session.moves()
    fits = set(fitting(space, moves).tolist())
    for code in range(0, space.count, 7):
        said = contradiction(space, moves, code, session.format)
        assert (said is None) == (code in fits)


def test_hint_suggests_a_code_that_fits_the_exact_rule_on_6x4() -> None:
    session = hard_session()
    session.guess("RRGG")
    session.guessing.hints = 2
    assert rule_strategy(session.space, "knuth", True) == FIT
    work = session.guessing.best_work()
    assert work is not None
    choice = work()
    assert choice.consistent
    assert contradiction(session.space, session.moves(), choice.guess, session.format) is None
    assert session.guessing.take_best(session.generation, choice)
    said = session.guessing.suggestion()
    assert "the best code that fits" in said and "guesses expected" in said


def test_beyond_the_optimum_hint_takes_the_stated_heuristic() -> None:
    space = CodeSpace(8, 6)
    assert rule_strategy(space, "knuth", True) == "knuth"  # optimal-fit out of reach
    moves = [(space.from_digits((0, 0, 1, 1, 2, 2)), (1, 2))]
    from engine import Answer

    played = [(g, Answer(*a)) for g, a in moves]
    choice = hard_best(space, played)
    assert choice.consistent
    assert contradiction(space, played, choice.guess, str) is None


def test_hard_daily_par_is_the_optimum_among_codes_that_fit() -> None:
    space = CodeSpace(6, 4)
    found = par(space, daily_secret(space, date(2026, 1, 1)), hard=True)
    assert found.by == "the optimum among codes that fit"
    plain = par(space, daily_secret(space, date(2026, 1, 1)))
    assert found.average > plain.average  # fitting costs guesses on average


@pytest.mark.parametrize("command", ["play", "match", "daily"])
def test_hard_is_an_option_of_play_match_and_daily(command: str) -> None:
    args = build_parser().parse_args([command, "--hard"])
    assert opening(args, given(args), {}).settings.hard
    args = build_parser().parse_args([command])
    assert not opening(args, given(args), {}).settings.hard


def test_a_version_4_file_gains_hard_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "v4.sqlite3"
    with closing(sqlite3.connect(path)) as db, db:
        for migration in MIGRATIONS[:4]:
            db.executescript(migration)
        db.execute("PRAGMA user_version = 4")
        db.execute(
            "INSERT INTO games (id, finished_at, colours, positions, repeats, max_moves, mode,"
            " breaker, outcome, moves, strategy, practice, secret, key, notation, assisted,"
            " abandoned) VALUES (1, '2026-01-01T00:00:00+00:00', 6, 4, 1, 10, 'play',"
            " 'person', 'solved', 0, 'knuth', 0, '2 3 4 5', 'k1', 'letters', 0, 0)"
        )
    (old,) = Records(path).games()
    assert not old.hard and old.key == "k1"


def hard_app(path: Path | None = None) -> MastermindApp:
    args = build_parser().parse_args(["play", "--hard", "--seed", "7"])
    return MastermindApp(opening(args, given(args), {}), records=path)


async def refuse(pilot: Pilot[Any], app: MastermindApp) -> str:
    """Play a guess, then one that contradicts its answer; the refusal."""
    session = game_session(app)
    await enter(pilot, "RRGG")
    moves = session.moves()
    space = session.space
    wrong = next(
        code
        for code in range(space.count)
        if contradiction(space, moves, code, session.format) is not None
    )
    await enter(pilot, session.format(wrong))
    return contradiction(space, moves, wrong, session.format) or ""


@pytest.mark.slow
async def test_the_play_screen_refuses_and_records_a_hard_game(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    app = hard_app(path)
    async with app.run_test(size=SIZE) as pilot:
        refusal = await refuse(pilot, app)
        assert message(pilot) == refusal and refusal.startswith("Hard mode: move 1 (RRGG)")
        session = game_session(app)
        assert len(session.rows()) == 1 and "hard mode" in session.status()
        await enter(pilot, session.secret_text)
        await until(pilot, lambda: path.exists() and Records(path).games())
    (kept,) = Records(path).games()
    assert kept.hard and kept.won and len(kept.moves) == 2


@pytest.mark.slow
def test_hard_mode_s_refusal(snap_compare: Callable[..., bool], monkeypatch: Any) -> None:
    """The refusal at 80x24: one line naming the move it contradicts."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    app = hard_app()

    async def run(pilot: Pilot[Any]) -> None:
        await refuse(pilot, app)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


def test_a_hard_daily_share_block_says_hard_mode() -> None:
    from engine import Answer
    from mastermind_tui.game.daily import Marks, share_block

    space = CodeSpace(6, 4)
    marks = Marks(hard=True)
    block = share_block(space, date(2026, 1, 1), [Answer(4, 0)], True, None, marks)
    assert block.splitlines()[:2] == ["Mastermind daily 2026-01-01 6x4: 1 guess", "hard mode"]
