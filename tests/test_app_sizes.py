"""The app at the sizes that broke the engine: mid-size games where the
partition strategies sample (4x8 crashed on the second guess in play, watch and make) and
two-colour games past 15 positions (the real secret was refused on 2x16)."""

from __future__ import annotations

from collections import Counter

import pytest
from app_helpers import enter, message, ready, until
from textual.widgets import Static

from mastermind_tui.game.kinds import MAKE, WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.make import MakeScreen
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.screens.watch import WatchScreen


def plain_score(secret: str, guess: str) -> tuple[int, int]:
    """Blacks and whites the obvious way, independently of the engine."""
    black = sum(a == b for a, b in zip(secret, guess, strict=True))
    return black, sum((Counter(secret) & Counter(guess)).values()) - black


@pytest.mark.slow
async def test_play_on_4x8_answers_a_guess_with_its_advice() -> None:
    app = MastermindApp(Start(Settings.build(colours=4, positions=8, seed=3, lab=True)))
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        secret = screen.session.secret_text
        await enter(pilot, "BBBBBWRG")
        row = screen.session.rows()[0]
        assert tuple(row.answer) == plain_score(secret, "BBBBBWRG")
        # The advice for the second guess is where the sampled partition crashed.
        await enter(pilot, "hint")  # the lab view: straight to the suggested guess
        assert message(pilot).startswith("HINT: try "), message(pilot)
        assert "knuth's choice" in message(pilot), message(pilot)
        assert len(screen.session.rows()) == 1


@pytest.mark.slow
async def test_watch_on_4x8_steps_past_the_second_guess() -> None:
    settings = Settings.build(mode=WATCH, strategy="knuth", colours=4, positions=8, seed=1)
    app = MastermindApp(Start(settings, settings.notation.parse(settings.space, "RBBGWRWG")))
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, WatchScreen)
        await pilot.press("n", "n", "n")
        await app.workers.wait_for_complete()
        caption_line = app.screen.query_one("#caption", Static)
        await until(pilot, lambda: str(caption_line.render()).startswith("Move 2, answered: "))
        caption = str(app.screen.query_one("#caption", Static).render())
        assert caption.startswith("Move 2, answered: "), caption


@pytest.mark.slow
async def test_the_computer_breaks_a_4x8_code_after_3_2() -> None:
    app = MastermindApp(Start(Settings.build(mode=MAKE, colours=4, positions=8, seed=5)))
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await app.workers.wait_for_complete()
        await until(pilot, lambda: "my guess is" in message(pilot))
        screen = app.screen
        assert isinstance(screen, MakeScreen)
        await enter(pilot, "3,2")
        assert len(screen.session.rows()) == 1
        assert "my guess is" in message(pilot), message(pilot)
        pending = screen.session.pending
        first = screen.session.rows()[0].digits
        assert pending is not None and screen.session.space.to_digits(pending.guess) != first


async def test_the_real_secret_wins_on_2x16() -> None:
    app = MastermindApp(Start(Settings.build(colours=2, positions=16, seed=3)))
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        secret = screen.session.secret_text
        wrong = "".join("B" if c != "B" else "W" for c in secret)
        await enter(pilot, wrong)
        assert tuple(screen.session.rows()[0].answer) == plain_score(secret, wrong)
        await enter(pilot, secret)
        assert "YOU GUESSED IT IN 2 MOVES" in message(pilot), message(pilot)
