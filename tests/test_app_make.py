"""The computer breaks your code: answers, the hidden secret, and inconsistent answers
caught and corrected without losing the game."""

from __future__ import annotations

import re
import threading
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import pytest
from app_helpers import enter, game_session, message, ready, until
from textual.widgets import Input, Static

from engine import InconsistentAnswersError, score
from engine.explain.slips import Fix
from mastermind_tui.game.kinds import MAKE
from mastermind_tui.game.session import GameSession
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.make import MakeScreen

SECRET = "RGOY"


def make_app(**kwargs: Any) -> MastermindApp:
    return MastermindApp(Start(Settings.build(mode=MAKE, seed=5, **kwargs)))


def truth(session: GameSession) -> str:
    """The right answer to the pending guess for SECRET, as a person would type it."""
    space = session.space
    pending = session.pending
    assert pending is not None
    answer = score(space.to_digits(session.parse(SECRET)), space.to_digits(pending.guess))
    return f"{answer.black},{answer.white}"


async def test_answering_until_solved() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        await until(pilot, lambda: "my guess is" in message(pilot))
        screen = app.screen
        assert isinstance(screen, MakeScreen)
        assert "my guess is" in message(pilot)
        for _ in range(10):
            if screen.session.over:
                break
            await enter(pilot, truth(screen.session).replace(",", " "))
        assert "I GOT IT IN" in message(pilot)
        assert screen.session.secret_text == ""
        assert screen.session.rows()[-1].answer.black == 4
        assert "solved in" in str(screen.query_one("#status", Static).render())


async def test_bad_answers_explain() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        await enter(pilot, "lots")
        assert "not an answer" in message(pilot)
        await enter(pilot, "3,1")
        assert "impossible" in message(pilot)
        await enter(pilot, "5 0")
        assert "only 4 positions" in message(pilot)
        assert game_session(app).rows() == []


async def test_inconsistent_answers_are_caught_and_fixed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The likely slips are looked for off the interface thread (they took 5.2 s
    on 8x8 with 8 moves on the interface thread)."""
    from engine.explain.slips import find_slips as find
    from mastermind_tui.screens import make

    on_main: list[bool] = []

    def watched(*args: Any) -> list[Fix]:
        on_main.append(threading.current_thread() is threading.main_thread())
        return find(*args)

    monkeypatch.setattr(make, "find_slips", watched)
    app = make_app(moves=20)
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        await until(pilot, lambda: game_session(app).pending is not None)
        session = game_session(app)
        right = truth(session)
        first = session.pending
        assert first is not None
        slip = next(
            f"{a.black},{a.white}" for a in first.partition if f"{a.black},{a.white}" != right
        )
        await enter(pilot, slip)
        for _ in range(20):
            moves = len(session.rows())
            await enter(pilot, truth(session))
            if "INCONSISTENT" in message(pilot):
                break
            assert len(session.rows()) == moves + 1
        text = message(pilot)
        assert "INCONSISTENT: no code fits every answer" in text
        assert on_main == [False]
        assert re.search(r"Likely slip: move \d+ \([A-Z]{4}\) \d,\d \(\d+ codes?\)", text)
        assert session.answering.conflict is not None
        moves = len(session.rows())
        assert "FIX" in text
        await enter(pilot, f"FIX 1 {right}")
        assert "Move 1 now reads" in message(pilot)
        assert session.answering.conflict is None
        assert len(session.rows()) == moves + 1  # the refused answer was replayed
        assert str(session.rows()[0].answer) != slip
        for _ in range(20):
            if session.over:
                break
            await enter(pilot, truth(session))
        assert "I GOT IT" in message(pilot)


async def test_fix_that_still_fits_nothing_changes_nothing() -> None:
    session = GameSession(Settings.build(mode=MAKE, seed=5))
    space = session.space
    first = session.answering.decide().guess
    session.answer(0, 0)
    second = session.answering.decide().guess
    # If move 1 had been 4 blacks, move 2 could only have got this answer:
    forced = score(space.to_digits(first), space.to_digits(second))
    assert session.pending is not None
    other = next(a for a in session.pending.partition if a != forced)
    session.answer(*other)
    before = session.rows()
    with pytest.raises(InconsistentAnswersError, match="still fit no code"):
        session.fix(1, 4, 0)
    assert session.rows() == before


async def test_secret_is_hidden_and_answers_for_you() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        await enter(pilot, "secret")
        assert app.screen.query_one("#command", Input).password
        await enter(pilot, SECRET.lower())
        assert not app.screen.query_one("#command", Input).password
        assert "Secret kept" in message(pilot)
        for _ in range(10):
            if game_session(app).over:
                break
            await enter(pilot, "")
        assert "I GOT IT IN" in message(pilot)


async def test_a_refused_secret_says_it_is_still_asking() -> None:
    """A secret refused while the hidden prompt waits left the prompt asking without a
    word, so the answer typed next was read as a secret."""
    app = make_app(repeats=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        await enter(pilot, "SECRET")
        await enter(pilot, "RRGB")
        assert message(pilot) == (
            "R appears twice: this game has no repeated colours. "
            "Type your secret again, or Enter alone to answer yourself."
        )
        assert app.screen.query_one("#command", Input).password  # still the secret's prompt
        await enter(pilot, "")
        assert not app.screen.query_one("#command", Input).password
        assert message(pilot) == "No secret given: answer with blacks,whites."


async def test_undo_takes_back_an_answer() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        await enter(pilot, "0,0")
        assert len(game_session(app).rows()) == 1
        await enter(pilot, "undo")
        assert game_session(app).rows() == []
        assert "Took back move 1" in message(pilot)
        await pilot.app.workers.wait_for_complete()
        assert game_session(app).pending is not None


async def test_quit_ends_the_game() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        await enter(pilot, "0 0")
        await enter(pilot, "quit")
        assert game_session(app).over
        assert "scores the 1 move it used" in message(pilot)
        assert "scores the 1 move used" in str(app.screen.query_one("#status", Static).render())


async def test_the_computers_split_is_drawn_beside_its_runner_up() -> None:
    """After each answer the trace shows the computer's guess's split and, under it, the
    runner-up's on the same codes (those possible before the guess), as in watch mode."""
    from engine.explain.decisions import runner_up
    from mastermind_tui.widgets.bars import PartitionBars

    app = make_app(strategy="knuth")
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await app.workers.wait_for_complete()
        await until(pilot, lambda: game_session(app).pending is not None)
        session = game_session(app)

        def split_drawn(moves: int) -> bool:
            """The trace shows the split of the last guess answered, with its runner-up's."""
            if len(session.rows()) < moves or session.computer is None:
                return False
            guess = session.format(session.computer.solver.steps[-1].guess)
            split = str(app.screen.query_one("#trace-split", Static).render())
            return split.startswith(f"How {guess} split") and "; runner-up " in split

        for moves in (1, 2):
            await enter(pilot, truth(session))
            await app.workers.wait_for_complete()
            await until(pilot, partial(split_drawn, moves))
            assert session.computer is not None
            solver = session.computer.solver
            last = solver.steps[-1]
            before = solver.candidates_before(last.number)
            assert len(before) == last.decision.candidates_before
            rival, split = runner_up(session.space, last.decision, before) or (0, {})
            lines = str(app.screen.query_one("#trace-split", Static).render()).splitlines()
            guess = session.format(last.guess)
            assert lines[0] == f"How {guess} split the {len(before):,} codes, answer by answer:"
            # Both in knuth's measure: the largest class, the runner-up's as knuth weighed it.
            assert lines[1] == (
                f"{guess}: largest class {max(last.decision.partition.values())}; "
                f"runner-up {session.format(rival)}: {max(split.values())}"
            )
            bars = app.screen.query_one(PartitionBars)
            assert bars.rival == (session.format(rival), split, "runner-up")


async def test_a_first_guess_that_is_right_is_one_move() -> None:
    """The computer said 'I GOT IT IN 1 MOVES!'."""
    app = make_app(colours=2, positions=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        await enter(pilot, "1,0")
        assert "I GOT IT IN 1 MOVE!" in message(pilot)


@pytest.mark.slow
async def test_keys_reach_the_command_line_after_board_f2_a_click_and_tab() -> None:
    """On the computer-breaks screen: BOARD, F2, a click on History or the
    Solver trace, or Tab never take the keys away from the command line."""
    app = make_app(moves=20)
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        session = game_session(app)
        steps: tuple[Callable[[], Awaitable[object]], ...] = (
            lambda: enter(pilot, "BOARD"),
            lambda: pilot.press("f2"),
            lambda: pilot.click("#history"),
            lambda: pilot.click("#trace"),
            lambda: pilot.press("tab"),
        )

        def moves_made(count: int) -> bool:
            return len(session.rows()) == count

        for number, step in enumerate(steps, start=1):
            await step()
            pending = session.pending
            assert pending is not None
            # The answer that leaves the most codes: the game goes on.
            answer = max(pending.partition, key=lambda a: pending.partition[a])
            await pilot.press(*f"{answer.black},{answer.white}", "enter")
            await pilot.app.workers.wait_for_complete()
            await until(pilot, partial(moves_made, number))
            assert len(session.rows()) == number
        assert app.focused is app.screen.query_one("#command", Input)


async def test_the_first_guess_s_split_shows_before_any_answer() -> None:
    """Before the first answer, "No guess yet." sat under "knuth plays: BBWW"; the first guess's
    split as it would be is drawn instead."""
    from mastermind_tui.widgets.bars import PartitionBars

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await until(pilot, lambda: "my guess is" in message(pilot))
        session = game_session(app)
        pending = session.pending
        assert pending is not None
        guess = session.format(pending.guess)

        def drawn() -> bool:
            split = str(app.screen.query_one("#trace-split", Static).render())
            return f"How {guess} would split the 1,296 codes" in split

        await until(pilot, drawn)
        bars = app.screen.query_one(PartitionBars)
        assert bars.partition == pending.partition
        assert "No guess yet." not in str(bars.render())
