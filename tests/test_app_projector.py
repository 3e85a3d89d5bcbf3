"""A projector's 80x24: at every beat of a watched game the sentence, the guesses weighed
and at least the three largest rows of the split (the choice's beside the runner-up's)
are in view without scrolling; the key strip names l, r, x and w; no status line is cut."""

from __future__ import annotations

import re

import pytest
from app_helpers import idle, screen_text, until
from textual.widgets import Static

from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.watch import WatchScreen
from mastermind_tui.widgets.bars import PartitionBars
from mastermind_tui.widgets.trace import TracePane


def watch_app(secret: str, strategy: str, colours: int = 6, positions: int = 4) -> MastermindApp:
    settings = Settings.build(
        mode=WATCH, strategy=strategy, colours=colours, positions=positions, seed=1
    )
    return MastermindApp(Start(settings, settings.notation.parse(settings.space, secret)))


#: A row of two splits side by side: ``1,1 ████  208 │ ███ 230``.
ROW = re.compile(r"\d+,\d+ █+[^│]* │ ")


def split_rows(screen: str) -> int:
    """The split's rows on screen: an answer, its bar, then the runner-up's beside."""
    return sum(1 for line in screen.splitlines() if ROW.search(line))


async def every_beat_fits(app: MastermindApp) -> int:
    """Step through every beat at 80x24, checking each screen; the beats seen."""
    beats = 0
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, WatchScreen)
        session = screen.session
        await until(pilot, lambda: session.solved)
        while True:
            await idle(pilot)
            text = screen_text(pilot)
            lines = text.splitlines()
            assert all(len(line) <= 80 for line in lines)
            status = str(screen.query_one("#status", Static).render())
            assert "\n" not in status and len(status) <= 78, status
            footer = lines[-1]
            for key in ("w What if", "l List", "r Rule", "x Explore"):
                assert key in footer, footer
            decision = session.steps[session.move].decision
            # The sentence and the guesses weighed, whole, in the pane as it opens.
            trace = screen.query_one(TracePane)
            assert trace.scroll_y == 0
            view = trace.content_region
            for part in ("#trace-advice", "#trace-choice"):
                widget = trace.query_one(part)
                assert not widget.display or view.contains_region(widget.region), part
            assert f"{session.settings.strategy} cho" in text  # chooses:, chose:
            assert "Guesses weighed" in text or decision.score is None
            bars = screen.query_one(PartitionBars)
            wanted = min(3, len(decision.partition))
            if bars.rival is not None:
                assert split_rows(text) >= wanted, text
                assert "runner-up" in text or "what if" in text
            beats += 1
            if session.at_end:
                break
            await pilot.press("n")
    return beats


@pytest.mark.slow
@pytest.mark.parametrize("strategy", ["knuth", "entropy", "optimal", "most-parts"])
async def test_every_beat_of_a_6x4_watch_fits_a_projector(strategy: str) -> None:
    assert await every_beat_fits(watch_app("RGOY", strategy)) >= 6


@pytest.mark.slow
async def test_every_beat_of_an_8x5_watch_fits_a_projector() -> None:
    app = watch_app("RRGBO", "knuth", colours=8, positions=5)
    assert await every_beat_fits(app) >= 8


def test_a_match_status_keeps_to_one_line_at_80_columns() -> None:
    """``(lower wins)`` goes first, then "the": History keeps its rows."""
    from mastermind_tui.screens.base import one_line

    long = "Round 2/3: the computer breaks · move 10 of 10 · score you 12, computer 9 (lower wins)"
    assert len(long) > 78
    short = one_line(long, 78)
    assert short == "Round 2/3: the computer breaks · move 10 of 10 · score you 12, computer 9"
    assert len(one_line(long + " · assisted", 78)) <= 78
    assert one_line("Round 1/1: you break", 78) == "Round 1/1: you break"


async def test_a_hidden_secret_a_jump_to_a_move_and_the_projector_theme() -> None:
    """--hide-secret keeps the secret off the status line until it is found (s shows it);
    g then a number goes to that move's first beat; Ctrl+T cycles to the projector's
    theme."""
    from mastermind_tui.app.themes import DARK, LIGHT, PROJECTOR
    from mastermind_tui.modes.watch import WatchOptions

    settings = Settings.build(mode=WATCH, strategy="knuth", seed=1)
    secret = settings.notation.parse(settings.space, "RGOY")
    app = MastermindApp(Start(settings, secret, options=WatchOptions(hide_secret=True)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, WatchScreen)
        await until(pilot, lambda: screen.session.solved)

        def status() -> str:
            return str(screen.query_one("#status", Static).render())

        await until(pilot, lambda: "a hidden secret (s shows it)" in status())
        assert "RGOY" not in screen_text(pilot)
        await pilot.press("s")
        await until(pilot, lambda: "break RGOY" in status())
        await pilot.press("s", "g")
        await until(pilot, lambda: "Go to move" in screen_text(pilot))
        await pilot.press("9", "enter")  # past the last move: said, the line stays
        await until(pilot, lambda: "a move is a number from 1 to 4" in screen_text(pilot))
        await pilot.press("backspace", "3", "enter")
        await until(pilot, lambda: screen.session.beat == 4)
        assert app.screen is screen and "hidden secret" in status()
        await pilot.press("end")
        await until(pilot, lambda: "break RGOY" in status())  # found: no longer hidden
        assert app.theme == DARK.name
        await pilot.press("ctrl+t", "ctrl+t")
        assert app.theme == PROJECTOR.name != LIGHT.name
        await pilot.press("ctrl+t")
        assert app.theme == DARK.name
