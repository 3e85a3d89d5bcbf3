"""Once a game ends, one key plays again with the same settings and a
new secret (Enter, or N on an empty command line); a match goes on round by round with
Enter, and N after its last round starts a new match with the scores reset."""

from __future__ import annotations

from typing import Any

import pytest
from app_helpers import enter, game_session, message, ready, until
from textual.widgets import Input

from mastermind_tui.game.kinds import MAKE, MATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.make import MakeScreen
from mastermind_tui.screens.play import PlayScreen

SIZE = (80, 24)


def app_for(**kwargs: Any) -> MastermindApp:
    return MastermindApp(Start(Settings.build(**kwargs)))


@pytest.mark.slow
async def test_enter_after_a_game_plays_again_with_a_new_secret() -> None:
    app = app_for(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        first = game_session(app).secret_text
        await enter(pilot, "QUIT")
        assert "Enter (or N) plays again." in message(pilot)
        await enter(pilot, "")
        await until(pilot, lambda: not game_session(app).over)
        session = game_session(app)
        assert not session.rows() and session.settings.seed == 3
        secrets = {first, session.secret_text}
        for _ in range(4):  # a new draw each time: not the same secret over and over
            await enter(pilot, "QUIT")
            await enter(pilot, "")
            await until(pilot, lambda: not game_session(app).over)
            secrets.add(game_session(app).secret_text)
        assert len(secrets) > 1


async def test_n_on_an_empty_line_plays_again() -> None:
    app = app_for(seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "QUIT")
        app.screen.query_one("#command", Input).focus()
        await pilot.press("n")
        await until(pilot, lambda: not game_session(app).over)
        assert not game_session(app).rows()
        assert app.screen.query_one("#command", Input).value == ""


@pytest.mark.slow
async def test_make_plays_again_and_asks_for_a_code_in_mind() -> None:
    app = app_for(mode=MAKE, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await until(pilot, lambda: game_session(app).pending is not None)
        await enter(pilot, "QUIT")
        assert "Enter (or N) plays again." in message(pilot)
        await enter(pilot, "")
        await until(pilot, lambda: isinstance(app.screen, MakeScreen))
        await until(pilot, lambda: "Think of a code" in message(pilot))
        assert not game_session(app).over and not game_session(app).rows()


@pytest.mark.slow
async def test_a_match_goes_on_with_enter_and_n_starts_a_new_one() -> None:
    app = app_for(mode=MATCH, rounds=1, seed=6)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "QUIT")  # the person's game of round 1
        assert "Press Enter for the next game." in message(pilot)
        await enter(pilot, "")
        await until(pilot, lambda: isinstance(app.screen, MakeScreen))
        await ready(pilot)
        await until(pilot, lambda: game_session(app).pending is not None)
        await enter(pilot, "QUIT")
        session = game_session(app)
        assert session.match_over and any(session.scores.values())
        assert "N starts a new match." in message(pilot)
        await enter(pilot, "")  # Enter keeps the verdict on show
        assert "The match is over." in message(pilot) and isinstance(app.screen, MakeScreen)
        await enter(pilot, "n")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        session = game_session(app)
        assert session.round == 1 and not any(session.scores.values()) and not session.over
