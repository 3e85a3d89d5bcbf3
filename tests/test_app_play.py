"""You break the computer's code: Pilot tests on the real screen."""

from __future__ import annotations

from typing import Any

import pytest
from app_helpers import enter, entered, game_session, message, ready, screen_text, until
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from mastermind_tui.game.kinds import MATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.widgets.board import Board


def app_for(**kwargs: Any) -> MastermindApp:
    return MastermindApp(Start(Settings.build(seed=3, lab=True, **kwargs)))


def wrong_guess(secret: str) -> str:
    return "BBBB" if secret != "BBBB" else "WWWW"


async def test_win_shows_secret_and_score() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        secret = screen.session.secret_text
        await enter(pilot, wrong_guess(secret).lower())
        await enter(pilot, " ".join(secret))
        assert "YOU GUESSED IT IN 2 MOVES" in message(pilot)
        assert "solved in 2 moves" in str(screen.query_one("#status", Static).render())
        board = str(screen.query_one(Board).render())
        assert "Secret" in board
        assert screen.query_one(DataTable).row_count == 2


async def test_loss_after_move_limit() -> None:
    app = app_for(moves=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        secret = game_session(app).secret_text
        await enter(pilot, wrong_guess(secret))
        await enter(pilot, wrong_guess(secret))
        assert "RAN OUT OF MOVES" in message(pilot)
        assert secret in message(pilot)
        status = str(app.screen.query_one("#status", Static).render())
        assert "not solved: scores 3, the move limit plus one" in status
        # Never "the code is known" while codes are still possible.
        person = game_session(app).person
        assert person is not None
        left = len(person.knowledge.candidates)
        assert left > 1
        advice = str(app.screen.query_one("#trace-advice", Static).render())
        assert f"Out of moves with {left:,} codes still possible." in advice
        await enter(pilot, "RRGG")
        assert "over" in message(pilot)


async def test_bad_guesses_cost_no_move() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await enter(pilot, "RRG")
        assert "has 3 pegs" in message(pilot)
        await enter(pilot, "RRGX")
        assert "'X' is not a colour" in message(pilot)
        await enter(pilot, "[red]oops")
        assert "'[' is not a colour" in message(pilot)  # shown as typed, not markup
        assert game_session(app).rows() == []


async def test_board_highlights_history_and_keeps_typing() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await enter(pilot, "RRGG")
        await enter(pilot, "board")
        table = app.screen.query_one(DataTable)
        assert app.focused is app.screen.query_one("#command")
        assert app.screen.query_one("#history-pane").has_class("-highlight")
        assert table.get_row_at(0) == ["1", "RRGG", *table.get_row_at(0)[2:]]
        assert "History (highlighted) is up to date: 1 move played." in message(pilot)


@pytest.mark.slow
async def test_quit_reveals_combination_and_next_round() -> None:
    app = app_for(rounds=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        secret = game_session(app).secret_text
        await enter(pilot, "QUIT")
        assert f"MY COMBINATION WAS: {secret}" in message(pilot)
        assert "Enter for the next game" in message(pilot)
        await enter(pilot, "")
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        assert screen.session.round == 2
        assert "Round 2/2" in str(screen.query_one("#status", Static).render())
        assert "score: 11" in str(screen.query_one("#status", Static).render())


async def test_trace_follows_guesses() -> None:
    app = app_for()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await enter(pilot, "RRGG")
        summary = str(app.screen.query_one("#trace-summary", Static).render())
        left = game_session(app).guessing.trace().candidates
        assert f"{left:,} of 1,296 codes" in summary
        advice = str(app.screen.query_one("#trace-advice", Static).render())
        assert "knuth would play next" in advice
        # The tie sentence, every code counted (families of unused colours expanded).
        assert "BBWG and 47 others (4 weighed, each standing for the codes alike" in advice


@pytest.mark.slow
async def test_help_opens_and_closes() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await enter(pilot, "help")
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        assert isinstance(app.screen, PlayScreen)


async def test_help_writes_its_examples_in_the_games_notation() -> None:
    """A game in digits is helped with digits: `0011` and `WHATIF 0011`, not RRGG."""
    from textual.widgets import Markdown

    app = app_for(notation="digits")
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await enter(pilot, "help")
        page = str(app.screen.query(Markdown).first().source)
        assert "(`0011`, `0 0 1 1` or `0,0,1,1` in digits)" in page
        assert "`WHATIF 0011`" in page and "RRGG" not in page


async def test_match_alternates_roles_and_keeps_both_scores() -> None:
    from mastermind_tui.screens.make import MakeScreen

    app = app_for(mode=MATCH)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        secret = game_session(app).secret_text
        await enter(pilot, secret)
        assert "YOU GUESSED IT IN 1 MOVE!" in message(pilot)
        await enter(pilot, "")
        assert isinstance(app.screen, MakeScreen)
        await ready(pilot)
        await enter(pilot, "quit")
        assert app.screen.session.match_over
        assert message(pilot).startswith("QUIT: game over; the computer scores the 0 moves")
        assert "The computer wins, 0 to your 1 (you played 1 move" in message(pilot)


async def type_keys(pilot: Pilot[Any], text: str) -> None:
    """Type as a person would: key by key into whatever has focus, then Enter, and wait for
    the screen to take the line."""
    lines = entered(pilot)
    await pilot.press(*text, "enter")
    await until(pilot, lambda: lines)


async def test_lines_typed_in_one_burst_are_entered_in_order() -> None:
    """Keys that reach the app together (typed ahead while it is busy, as on 8x8): Enter's
    binding ran after the keys behind it were in the field, so "BOARD", Enter, "GGBB",
    Enter entered "BOARDGGBB" and then an empty line."""
    from textual import events

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await app.workers.wait_for_complete()
        lines = entered(pilot)
        for line in ("RRGG", "BOARD", "GGBB"):
            for key in line:
                app.post_message(events.Key(key.lower(), key))
            app.post_message(events.Key("enter", "\r"))
        await until(pilot, lambda: len(lines) == 3)  # three Enters, three lines taken
        await app.workers.wait_for_complete()
        await until(pilot, lambda: message(pilot).startswith("Move 2: "))
        session = game_session(app)
        assert [
            session.format(session.space.from_digits(list(r.digits))) for r in session.rows()
        ] == [
            "RRGG",
            "GGBB",
        ]
        assert message(pilot).startswith("Move 2: GGBB gets ")


@pytest.mark.slow
async def test_typing_after_board_f2_click_and_tab_reaches_the_command_line() -> None:
    app = app_for()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        secret = game_session(app).secret_text
        guess = wrong_guess(secret)
        await type_keys(pilot, guess)
        await type_keys(pilot, "BOARD")
        assert app.screen.query_one("#history-pane").has_class("-highlight")
        await type_keys(pilot, guess)
        await pilot.press("f2")
        await type_keys(pilot, guess)
        await pilot.click("#history")
        await type_keys(pilot, guess)
        await pilot.click("#trace")
        await type_keys(pilot, guess)
        await pilot.press("tab", "shift+tab")
        await type_keys(pilot, guess)
        assert len(game_session(app).rows()) == 6
        assert app.focused is app.screen.query_one("#command")
        assert not app.screen.query_one("#history-pane").has_class("-highlight")


@pytest.mark.slow
async def test_panes_scroll_from_the_keyboard_without_leaving_the_command_line() -> None:
    app = app_for(moves=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        secret = game_session(app).secret_text
        for _ in range(14):
            await enter(pilot, wrong_guess(secret))
        history = app.screen.query_one("#history")
        bottom = history.scroll_y
        assert bottom > 0
        await pilot.press("pageup")
        await until(pilot, lambda: history.scroll_y < bottom)
        assert history.scroll_y < bottom
        trace = app.screen.query_one("#trace")
        await pilot.press("ctrl+pagedown")
        await until(pilot, lambda: trace.scroll_y > 0)
        assert trace.scroll_y > 0
        assert app.focused is app.screen.query_one("#command")


async def test_what_a_guess_ruled_out_shows_before_the_advice_comes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The advice may take a minute (the optimum of 8x4 searched first): the codes left,
    in the lab view and for HINT, come as soon as the guess is observed, not with it."""
    import threading

    from engine import Solver

    release = threading.Event()
    decide = Solver.decide

    def slow_decide(self: Solver) -> object:
        if self.steps:  # the opening's advice comes at once; later ones wait
            assert release.wait(60)  # a safety bound only
        return decide(self)

    monkeypatch.setattr(Solver, "decide", slow_decide)
    app = app_for()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        session = game_session(app)
        guess = wrong_guess(session.secret_text)
        field = pilot.app.screen.query_one("#command", Input)
        field.value = guess
        await pilot.press("enter")
        left = len(Solver(session.space, session.guessing.person.known.strategy).candidates)
        await until(pilot, lambda: len(session.guessing.person.known.steps) == 1)
        count = len(session.guessing.person.known.candidates)
        assert count < left
        await until(pilot, lambda: f"{count:,} of 1,296 codes still possible" in screen_text(pilot))
        assert session.guessing.advice is None or session.guessing.advice.candidates_before == left
        release.set()
        await pilot.app.workers.wait_for_complete()
