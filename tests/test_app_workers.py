"""The one worker pattern on the game screens: typing while the computer thinks, leaving a
screen mid-computation, stale and failed results, tiny games and big ones.

``gate`` holds every solver decision made off the interface thread until the test opens
it, so "while a worker is still running" is certain, not a race the test hopes to win.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any, NoReturn

import pytest
from app_helpers import MODES, entered, game_session, idle, message, ready, until
from textual.pilot import Pilot
from textual.widgets import Input, Static

from engine import Decision, Solver, Step
from mastermind_tui.game.kinds import MAKE
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.play import PlayScreen


class Gate:
    def __init__(self) -> None:
        self.open_event = threading.Event()
        self.waiting = threading.Event()
        self.calls_on_main = 0

    def open(self) -> None:
        self.open_event.set()


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    gate = Gate()
    decide = Solver.decide

    def held(self: Solver) -> Decision:
        if threading.current_thread() is not threading.main_thread():
            gate.waiting.set()
            gate.open_event.wait(20)
        return decide(self)

    monkeypatch.setattr(Solver, "decide", held)
    yield gate
    gate.open()


async def type_line(pilot: Pilot[Any], text: str) -> None:
    """Type key by key and press Enter, and wait for the screen to take the line (without
    waiting for any worker)."""
    lines = entered(pilot)
    await pilot.press(*text, "enter")
    await until(pilot, lambda: lines)


def advice(app: MastermindApp) -> str:
    return str(app.screen.query_one("#trace-advice", Static).render())


async def settle(pilot: Pilot[Any]) -> None:
    """The workers done and what they sent back handled."""
    await pilot.app.workers.wait_for_complete()
    await idle(pilot)


@pytest.mark.slow
async def test_guesses_typed_while_the_advice_is_worked_out_all_count(gate: Gate) -> None:
    app = MastermindApp(Start(Settings.build(seed=3, lab=True)))
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        assert "thinking…" in advice(app)
        for guess in ("RRGG", "BBYY", "OOWW"):
            await type_line(pilot, guess)
        assert [
            screen.session.format(screen.session.space.from_digits(r.digits))
            for r in screen.session.rows()
        ] == ["RRGG", "BBYY", "OOWW"]
        assert "thinking…" in advice(app)
        gate.open()
        await settle(pilot)
        summary = str(screen.query_one("#trace-summary", Static).render())
        assert screen.session.person is not None
        left = len(screen.session.person.knowledge.candidates)
        assert f"{left:,} of 1,296" in summary
        assert "knuth would play next" in advice(app) and "thinking" not in advice(app)


@pytest.mark.slow
async def test_undo_and_fix_while_the_computer_thinks_leave_no_stale_guess(gate: Gate) -> None:
    gate.open()
    app = MastermindApp(Start(Settings.build(mode=MAKE, seed=5)))
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot)
        await settle(pilot)
        session = game_session(app)
        assert session.pending is not None
        first = session.pending.guess
        gate.open_event.clear()
        await type_line(pilot, "0,0")
        assert session.pending is None  # the second guess is being worked out
        await type_line(pilot, "1,0")
        assert "still thinking" in message(pilot)
        await type_line(pilot, "UNDO")
        assert "Took back move 1" in message(pilot) and "dropped" in message(pilot)
        gate.open()
        await settle(pilot)
        assert session.pending is not None and session.pending.guess == first
        assert len(session.rows()) == 0
        await type_line(pilot, "1,0")
        await settle(pilot)
        assert len(session.rows()) == 1 and session.pending is not None
        gate.open_event.clear()
        await type_line(pilot, "0,1")
        await type_line(pilot, "FIX 1 0,0")
        assert "Move 1 now reads 0,0" in message(pilot)
        gate.open()
        await settle(pilot)
        assert [str(r.answer) for r in session.rows()] == ["0B 0W", "0B 1W"]
        assert session.pending is not None
        assert session.pending.candidates_before == len(session.computer.solver.candidates)
        possible = next(iter(session.pending.partition))
        # Answers the guess on the board (no IndexError from a stale pending guess):
        await type_line(pilot, f"{possible.black},{possible.white}")
        await settle(pilot)
        assert len(session.rows()) == 3


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["make", "watch", "play"])
async def test_leaving_a_screen_mid_computation_keeps_the_app(gate: Gate, mode: str) -> None:
    settings = Settings.build(mode=MODES[mode], seed=2)
    secret = settings.notation.parse(settings.space, "RGBY") if mode == "watch" else None
    app = MastermindApp(Start(settings, secret))
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot)
        await until(pilot, gate.waiting.is_set)  # the computation under way, held
        left = app.screen
        assert gate.waiting.wait(5)
        await pilot.press("f5")
        await until(pilot, lambda: app.screen is not left)
        assert app.screen is not left
        gate.open()
        await settle(pilot)
        assert app.is_running and app.return_code is None
        assert left not in app.screen_stack


@pytest.mark.slow
async def test_a_failing_strategy_is_reported_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(self: Solver) -> NoReturn:
        raise ValueError("Cannot take a larger sample than population")

    monkeypatch.setattr(Solver, "decide", broken)
    app = MastermindApp(Start(Settings.build(mode=MAKE, seed=1)))
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot)
        await settle(pilot)
        assert app.is_running
        assert "failed (internal error: ValueError: Cannot take" in message(pilot)
        assert "the game goes on" in message(pilot)
        await type_line(pilot, "HELP")
        assert app.is_running


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "colours", "positions"),
    [("play", 2, 1), ("play", 3, 1), ("play", 2, 2), ("make", 2, 1)],
)
async def test_tiny_games_never_stick_on_thinking(mode: str, colours: int, positions: int) -> None:
    """Advice worked out before the screen was mounted was thrown away;
    at these sizes it always comes that fast. Two seeds a size."""
    for seed in range(2):
        settings = Settings.build(mode=MODES[mode], colours=colours, positions=positions, seed=seed)
        app = MastermindApp(Start(settings))
        async with app.run_test(size=(100, 30)) as pilot:
            await ready(pilot)
            await settle(pilot)
            assert "thinking" not in advice(app), advice(app)
            if mode == "make":
                assert game_session(app).pending is not None
                assert "my guess is" in message(pilot)


@pytest.mark.slow
async def test_8x8_guess_scans_the_code_space_only_off_the_interface_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    threads: list[bool] = []
    observe = Solver.observe

    def watched(self: Solver, *args: Any, **kwargs: Any) -> Step:
        threads.append(threading.current_thread() is threading.main_thread())
        return observe(self, *args, **kwargs)

    monkeypatch.setattr(Solver, "observe", watched)
    app = MastermindApp(Start(Settings.build(colours=8, positions=8, seed=1)))
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot)
        await type_line(pilot, "RRGGBBWW")
        assert len(game_session(app).rows()) == 1
        await settle(pilot)
        assert threads and not any(threads)


@pytest.mark.slow
async def test_the_guess_waiting_for_an_answer_is_on_the_board() -> None:
    app = MastermindApp(Start(Settings.build(mode=MAKE, seed=5)))
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot)
        await settle(pilot)
        board = str(app.screen.query_one("#board", Static).render())
        pending = game_session(app).pending
        assert pending is not None
        guess = pending.guess
        symbols = game_session(app).format(guess)
        first_row = board.splitlines()[0]
        assert first_row.startswith(" 1") and "?" in first_row
        assert [c for c in first_row if c.isalpha()] == list(symbols)


async def test_after_the_last_game_moves_and_enter_say_the_match_is_over() -> None:
    app = MastermindApp(Start(Settings.build(seed=3, lab=True)))
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot)
        await type_line(pilot, "QUIT")
        await type_line(pilot, "RRGG")
        # A one-game "match" is a game.
        assert "This game is over" in message(pilot) and "F5" in message(pilot)
        # Enter plays again (tests/test_app_play_again.py): not typed here.
        await settle(pilot)
        text = advice(app)
        assert "the code is known" not in text
        person = game_session(app).person
        assert person is not None
        left = len(person.knowledge.candidates)
        assert f"given up with {left:,} codes still possible" in text
        assert app.focused is app.screen.query_one("#command", Input)
