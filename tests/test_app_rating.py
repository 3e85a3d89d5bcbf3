"""Rating a person's play in the app: the spoiler-free setting from the command line and
the home screen, a rated guess, HINT and F3, the end summary, and UNDO marking practice."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from app_helpers import (
    enter,
    entered,
    game_session,
    idle,
    message,
    ready,
    screen_text,
    settings_from,
    until,
)
from textual.pilot import Pilot
from textual.widgets import Checkbox, Select, Static

from engine.rating.guesses import MoveRating, rate_moves, summary
from mastermind_tui.game import rating_book as session_module
from mastermind_tui.game.kinds import MAKE
from mastermind_tui.game.session import GameSession
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser, main
from mastermind_tui.navigation import Start
from mastermind_tui.records.types import Game, code_text
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.widgets.history import History
from mastermind_tui.widgets.trace import TracePane


@pytest.mark.parametrize("command", ["play", "match"])
def test_spoiler_free_flag_is_still_accepted_and_the_lab_is_off(command: str) -> None:
    settings, _ = settings_from(build_parser().parse_args([command, "--spoiler-free"]))
    assert settings is not None and not settings.lab
    settings, _ = settings_from(build_parser().parse_args([command]))
    assert settings is not None and not settings.lab


def test_spoiler_free_is_refused_where_the_computer_breaks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["make", "--spoiler-free"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--spoiler-free" in err


@pytest.mark.slow
async def test_home_checkbox_starts_a_game_in_the_lab_view() -> None:
    app = MastermindApp()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        app.screen.query_one("#lab", Checkbox).value = True
        app.screen.query_one("#mode", Select).value = "play"
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert isinstance(app.screen, PlayScreen)
        assert app.screen.session.settings.lab and app.screen.session.lab


# ----- a game on 4 colours x 3 positions: the optimum is searched in milliseconds -----


# Every test here: the optimal trees searched afresh in an empty cache (conftest).
pytestmark = pytest.mark.usefixtures("cache_dir")


def small(**kwargs: Any) -> MastermindApp:
    kwargs.setdefault("lab", not kwargs.pop("spoiler_free", False))  # ratings as they come
    return MastermindApp(Start(Settings.build(colours=4, positions=3, seed=5, **kwargs)))


def rating_line(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#rating", Static).render())


def costs(pilot: Pilot[Any]) -> list[str] | None:
    """The History's Cost column, or None when it is not shown."""
    table = pilot.app.screen.query_one(History)
    if "cost" not in table.columns:
        return None
    return [str(c) for c in table.get_column("cost")]


def wrong(session: GameSession, n: int) -> str:
    """The n-th code (in index order) that is not the secret."""
    codes = [c for c in range(session.space.size) if c != session.game.secret]
    return session.format(codes[n])


@pytest.mark.slow
async def test_a_guess_is_rated_against_the_best() -> None:
    app = small()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        session = game_session(app)
        await enter(pilot, "RRR")
        await enter(pilot, "BWB")
        space = session.space
        assert session.person is not None
        expected = rate_moves(space, "knuth", session.person.moves)
        assert session.rating.ratings == expected
        assert rating_line(pilot) == expected[1].sentence(session.format)
        assert "guesses expected, this one counted" in rating_line(pilot)
        assert costs(pilot) == [r.cost() for r in expected]
        assert expected[0].cost() != "best"  # RRR is a poor opening on 4x3
        text = screen_text(pilot)
        assert "Cost" in text and expected[0].cost() in text
        await pilot.resize_terminal(80, 24)  # narrow: History keeps the board's width
        await until(pilot, lambda: costs(pilot) is None)
        assert costs(pilot) is None
        assert rating_line(pilot) == expected[1].sentence(session.format)


@pytest.mark.slow
async def test_typing_goes_on_while_a_rating_is_worked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rating is held in its worker: the line says so, guesses keep counting, and
    the held rating is kept (it is not stale: the moves it rated still stand)."""
    gate = threading.Event()

    def held(*args: Any, **kwargs: Any) -> list[MoveRating]:
        gate.wait(20)
        return rate_moves(*args, **kwargs)

    monkeypatch.setattr(session_module, "rate_moves_apart", held)
    app = small()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        session = game_session(app)
        lines = entered(pilot)
        for guess in ("RRR", "BWB"):
            await pilot.press(*guess, "enter")
        await until(pilot, lambda: len(lines) == 2)  # both guesses taken
        assert len(session.rows()) == 2 and session.rating.ratings == []
        assert rating_line(pilot) == "Rating RRR…"
        assert costs(pilot) == ["", ""]
        gate.set()
        # RRR's rating, then BWB's (started once the first came back)
        await until(pilot, lambda: len(session.rating.ratings) == 2)
        await until(pilot, lambda: rating_line(pilot).startswith("BWB: "))
        assert [r.move for r in session.rating.ratings] == [1, 2]
        assert rating_line(pilot).startswith("BWB: ")


@pytest.mark.slow
async def test_spoiler_free_stays_hidden_after_a_hint() -> None:
    """HINT in two steps, as promised: how many codes are left, then one guess; the trace
    pane (the codes still possible, the advice) and the ratings stay hidden after both."""
    app = small(spoiler_free=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        await enter(pilot, "RRR")
        trace = screen.query_one(TracePane)
        assert not trace.display and screen.query_one("#spoiler-note").display
        assert rating_line(pilot).startswith("Spoiler-free: ratings come at the end")
        assert costs(pilot) is None
        assert "would play next" not in screen_text(pilot)
        assert "guesses expected" not in screen_text(pilot)
        await enter(pilot, "hint")
        assert not trace.display and "still possible" in message(pilot)  # graduated
        assert not screen.session.assisted  # a count names no code
        await enter(pilot, "hint")
        await until(pilot, lambda: message(pilot).startswith("HINT: try "))
        best = screen.session.guessing.best
        assert best is not None
        assert message(pilot).startswith(f"HINT: try {screen.session.format(best.guess)}, ")
        assert screen.session.assisted
        assert not trace.display and screen.query_one("#spoiler-note").display
        assert "would play next" not in screen_text(pilot)
        assert "codes still possible" not in screen_text(pilot)
        assert rating_line(pilot).startswith("Spoiler-free: ratings come at the end")
        assert costs(pilot) is None
        await enter(pilot, "BWB")
        await pilot.press("f3", "f3")
        await until(pilot, lambda: message(pilot).startswith("HINT: try "))
        assert not trace.display and costs(pilot) is None
        await enter(pilot, wrong(screen.session, 7))
        await pilot.press("h", "enter", "h", "enter")  # H, the hint key: a line of its own
        await until(pilot, lambda: message(pilot).startswith("HINT: try "))
        assert not trace.display
        assert len(screen.session.rows()) == 3  # not read as a guess
        await pilot.press("f9")  # the laboratory view shows them, as it always did
        await until(pilot, lambda: trace.display and "would play next" in screen_text(pilot))
        assert costs(pilot) is not None


@pytest.mark.slow
async def test_the_tree_is_advice_in_a_spoiler_free_game() -> None:
    app = small(spoiler_free=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await pilot.press("f4")
        await until(pilot, lambda: message(pilot).startswith("Spoiler-free: the tree is advice"))
        assert isinstance(app.screen, PlayScreen)
        assert message(pilot) == (
            "Spoiler-free: the tree is advice; F9 (the laboratory view) shows it."
        )


@pytest.mark.slow
@pytest.mark.parametrize("spoiler_free", [False, True])
async def test_the_summary_comes_at_the_end(spoiler_free: bool) -> None:
    app = small(spoiler_free=spoiler_free)
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        session = game_session(app)
        await enter(pilot, wrong(session, 0))
        await enter(pilot, wrong(session, 40))
        await enter(pilot, session.secret_text)
        assert session.over and len(session.rating.ratings) == 3
        assert rating_line(pilot) == summary(session.rating.ratings, session.format)
        assert costs(pilot) == [r.cost() for r in session.rating.ratings]
        assert app.screen.query_one(TracePane).display


@pytest.mark.slow
async def test_undo_takes_back_a_guess_and_marks_practice() -> None:
    app = small()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        session = game_session(app)
        await enter(pilot, "UNDO")
        assert message(pilot) == "There is no guess to take back yet."
        await enter(pilot, wrong(session, 0))
        first = session.rows()[0]
        await enter(pilot, wrong(session, 1))
        await enter(pilot, "undo")
        assert message(pilot) == (
            f"Took back move 2 ({wrong(session, 1)}): this is now a practice game."
        )
        assert session.rows() == [first] and len(session.rating.ratings) == 1
        assert session.practice
        assert "practice (UNDO used)" in str(app.screen.query_one("#status", Static).render())
        assert session.person is not None
        assert len(session.person.knowledge.steps) == 1
        assert costs(pilot) == [session.rating.ratings[0].cost()]
        await enter(pilot, session.secret_text)
        assert rating_line(pilot).startswith("Practice game (UNDO used). ")
        await enter(pilot, "UNDO")
        assert "over" in message(pilot) and len(session.rows()) == 2


@pytest.mark.slow
async def test_hint_where_the_computer_breaks_is_explained() -> None:
    app = MastermindApp(Start(Settings.build(mode=MAKE, colours=4, positions=3, seed=5)))
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await enter(pilot, "HINT")
        assert message(pilot).startswith("HINT is for when you break the code")


def test_ratings_of_moves_taken_back_are_dropped() -> None:
    """A rating worked out before an UNDO is kept only for the moves that still stand."""
    session = GameSession(Settings.build(colours=4, positions=3, rounds=2, seed=5))
    session.guess(wrong(session, 0))
    session.guess(wrong(session, 1))
    work = session.rating.work()
    assert work is not None
    session.take_back_guess()
    session.guess(wrong(session, 2))
    assert session.take_ratings(work())
    assert [r.move for r in session.rating.ratings] == [1]
    again = session.rating.work()
    assert again is not None
    session.take_ratings(again())
    assert session.person is not None
    assert [r.guess for r in session.rating.ratings] == [c for c, _ in session.person.moves]
    session.guess(session.secret_text)
    session.next_game()
    assert session.rating.ratings == [] and not session.practice


@pytest.mark.slow
async def test_a_failed_rating_is_said_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Said once, tried again at the next guess, not over and over meanwhile."""
    calls: list[int] = []

    def broken(*args: object, **kwargs: object) -> list[MoveRating]:
        calls.append(1)
        raise MemoryError("no room")

    monkeypatch.setattr(session_module, "rate_moves_apart", broken)
    app = small()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await enter(pilot, "RRR")
        assert (
            message(pilot)
            == "The rating failed (internal error: MemoryError: no room); the game goes on."
        )
        assert rating_line(pilot) == "No rating: internal error: MemoryError: no room"
        await idle(pilot)  # no second try started meanwhile
        assert len(calls) == 1
        await enter(pilot, "BWB")
        assert len(game_session(app).rows()) == 2 and len(calls) == 2


async def test_a_rating_that_comes_after_the_next_game_started_completes_its_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The ratings belong to the session: held until the person has won and moved on to
    the next game (a new screen), they still complete the ended game's record, and the
    new game starts with no ratings of its own."""
    gate = threading.Event()

    def held(*args: Any, **kwargs: Any) -> list[MoveRating]:
        gate.wait(20)
        return rate_moves(*args, **kwargs)

    monkeypatch.setattr(session_module, "rate_moves_apart", held)
    app = small(rounds=2)
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        first = app.screen
        session = game_session(app)
        recorded: list[Game] = []
        session.recorder = recorded.append
        assert session.game.secret is not None
        miss, secret = wrong(session, 0), session.format(session.game.secret)
        ended = session.person
        assert ended is not None
        lines = entered(pilot)
        for guess in (miss, secret):
            await pilot.press(*guess, "enter")
        await until(pilot, lambda: len(lines) == 2)  # both guesses taken
        assert session.over and session.rating.ratings == []
        assert [m.value for m in recorded[-1].moves] == [None, None]
        await pilot.press("enter")  # on to the next game, on a new screen
        await until(pilot, lambda: app.screen is not first)
        assert app.screen is not first and isinstance(app.screen, PlayScreen)
        assert session.person is not ended and session.rows() == []
        gate.set()
        # the ended game's ratings come, and its record is written again with them
        await until(pilot, lambda: all(m.value is not None for m in recorded[-1].moves))
        expected = rate_moves(session.space, "knuth", ended.moves)
        assert session.rating.ratings == [] and session.rating.unrated == []
        game = recorded[-1]
        assert game.key == recorded[0].key  # the same game, written again
        assert [m.value for m in game.moves] == [r.value for r in expected]
        assert [m.best_guess for m in game.moves] == [
            code_text(session.space.to_digits(r.best_guess)) for r in expected
        ]


async def test_a_damaged_cache_searched_again_for_a_rating_is_said_once(cache_dir: Path) -> None:
    """The optimal tree the ratings use, found damaged on disk by the rating process, is
    searched again there and said in one line, once; the guesses are rated all the same."""
    from engine.rating import process as rating_module

    for helper in rating_module._helper:  # a fresh helper: nothing searched yet
        helper.kill()
        helper.wait()
    path = cache_dir / "optimal-4x3.json"
    path.write_text("not json")
    app = small()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        session = game_session(app)
        await enter(pilot, "RRR")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: "damaged" in message(pilot) and session.rating.ratings)
        assert message(pilot) == (
            f"optimal strategy cache: {path} is damaged or was written for something else; "
            f"moved aside as {path}.bad; searching again"
        )
        assert rating_line(pilot) == session.rating.ratings[0].sentence(session.format)
        await enter(pilot, "BWB")
        assert "damaged" not in message(pilot) and len(session.rating.ratings) == 2


async def test_quitting_ends_a_rating_under_way(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+Q during a first 6x4 rating (the optimal tree: seconds of search in the
    helper, with an empty cache) took 12 s to exit: the rating thread held the exit.
    Quitting now ends the helper and its search; a helper already idle (the compiled
    search takes a tenth of a second on 6x4) stays, warm, with no job under way."""
    from engine.rating import process as rating_module

    for helper in rating_module._helper:  # a warm helper may know the 6x4 tree already
        helper.kill()
    rating_module._helper.clear()
    stopped: list[bool] = []
    stop = rating_module.stop_rating

    def stop_rating() -> bool:
        stopped.append(stop())
        return stopped[-1]

    # The app imports it when it quits (``services.rating``), so it finds this one.
    monkeypatch.setattr(rating_module, "stop_rating", stop_rating)
    app = MastermindApp(Start(Settings.build(seed=5, lab=True)))
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await pilot.press(*"RGBY", "enter")  # no waiting for the workers, as a person
        await until(pilot, lambda: rating_module._helper)
        (helper,) = rating_module._helper
    assert len(stopped) == 1
    if stopped[0]:  # under way at quit: ended (a safety bound only)
        assert helper.wait(timeout=30) is not None
    else:  # done before quit: no job left under way in it (a safety bound only)
        assert rating_module._helper_lock.acquire(timeout=30)
        rating_module._helper_lock.release()


async def test_guesses_expected_read_alike_on_one_screen() -> None:
    """HINT, WHATIF and the rating line on one screen, in one convention (engine.expected:
    the guess counted, "here" the position now, an earlier move named), each figure read
    against the exact optimum in the engine."""
    import re

    from engine import Solver
    from engine.expected import counted
    from engine.strategies import make_strategy

    app = MastermindApp(Start(Settings.build(seed=7, lab=True)))
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        session = game_session(app)
        await enter(pilot, "RRGG")
        await enter(pilot, "HINT")
        await enter(pilot, "HINT")
        await until(pilot, lambda: message(pilot).startswith("HINT: try "))
        hint = " ".join(message(pilot).split())
        await enter(pilot, "WHATIF BBWW")
        await until(pilot, lambda: "guesses expected" in message(pilot))
        what_if = " ".join(message(pilot).split())
        await until(pilot, lambda: "at move 1" in rating_line(pilot))
        rated = " ".join(rating_line(pilot).split())
        assert session.person is not None
        solver = Solver(session.space, make_strategy("optimal"))
        opening = solver.decide()
        solver.observe(*session.person.moves[0][:1], *session.person.moves[0][1])
        best = solver.decide()
        assert best.score is not None and opening.score is not None
        here = f"{session.format(best.guess)}, the exact optimum's guess, {best.score:.2f} "
        assert hint.startswith(f"HINT: try {here}guesses expected, this one counted")
        assert f"; the best here, {session.format(best.guess)}, {best.score:.2f}." in what_if
        whatif_value = re.search(r"(\d+\.\d\d) guesses expected, this one counted", what_if)
        assert whatif_value is not None
        first = rate_moves(session.space, "knuth", session.person.moves)[0]
        assert rated == (
            f"RRGG: {counted(first.value):.2f} guesses expected, this one counted; the exact "
            f"optimum's guess at move 1, {session.format(opening.guess)}, {opening.score:.2f}"
        )
        assert "here" not in rated  # "here" is the position now, not move 1's
