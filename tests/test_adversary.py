"""The adversary: every answer keeps the largest class of the codes still possible (ties:
fewest black, then fewest white), checked against a brute force written apart on small
sizes; par is the worst-case optimum; the game's screen says how many codes remain, what
par the moves made, and where a move limit ends it, which codes were still possible."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from app_helpers import enter, game_session, message, until
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot
from textual.widgets import Input, Static

from engine import CodeSpace, MastermindError, Outcome
from engine.answers import BLACK, CLASSIC, AnswerRule
from engine.play.adversary import AdversaryBreaks, keep_largest
from engine.play.rules import Rules
from mastermind_tui.cli.launch import given as given_settings
from mastermind_tui.cli.launch import opening
from mastermind_tui.game.adversary import Par, against_par, par
from mastermind_tui.game.debrief import Debrief
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser
from mastermind_tui.records.figures import summarise
from mastermind_tui.records.store import Records
from mastermind_tui.screens.adversary import AdversaryScreen

SIZE = (80, 24)


def pegs(secret: tuple[int, ...], guess: tuple[int, ...], whites: bool) -> tuple[int, int]:
    """Black and white pegs (none under black pegs only), counted by hand (no engine
    scoring)."""
    black = sum(a == b for a, b in zip(secret, guess, strict=True))
    common = sum((Counter(secret) & Counter(guess)).values())
    return black, common - black if whites else 0


def brute_force(
    codes: list[tuple[int, ...]], guess: tuple[int, ...], whites: bool
) -> tuple[tuple[int, int], list[tuple[int, ...]]]:
    """The answer that keeps the most codes (fewest black, then fewest white among
    equals) and the codes it keeps, by listing every class."""
    classes: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    for code in codes:
        classes.setdefault(pegs(code, guess, whites), []).append(code)
    answer = sorted(classes, key=lambda a: (-len(classes[a]), a[0], a[1]))[0]
    return answer, classes[answer]


SMALL = [(2, 2, True), (3, 2, True), (3, 3, True), (4, 3, True), (4, 2, False), (5, 3, False)]
RULES = [CLASSIC, BLACK]


@settings(max_examples=60, deadline=None)
@given(
    size=st.sampled_from(SMALL),
    rule=st.sampled_from(RULES),
    picks=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=8),
)
def test_each_answer_keeps_the_largest_class_as_a_brute_force_finds_it(
    size: tuple[int, int, bool], rule: AnswerRule, picks: list[int]
) -> None:
    colours, positions, repeats = size
    rules = Rules(colours, positions, max_moves=20, repeats=repeats, answers=rule)
    game = AdversaryBreaks.start(rules)
    space = game.rules.space
    codes = [
        c
        for c in itertools.product(range(colours), repeat=positions)
        if repeats or len(set(c)) == positions
    ]
    for pick in picks:
        if game.outcome is not Outcome.PLAYING:
            break
        guess = tuple(itertools.product(range(colours), repeat=positions))[
            pick % colours**positions
        ]
        if not repeats and len(set(guess)) < positions:
            continue
        answer, codes = brute_force(codes, guess, rule is CLASSIC)
        got = game.guess(space.from_digits(guess))
        assert (got.black, got.white) == answer
        assert sorted(space.to_digits(int(c)) for c in game.possible) == sorted(codes)
        if got.black == positions:
            assert codes == [guess]  # pinned down only when it was the last code left


def test_rrgg_first_on_6x4_is_answered_0_0_keeping_256() -> None:
    space = CodeSpace(6, 4)
    answer, kept = keep_largest(space, space.from_digits((0, 0, 1, 1)), space.allowed)
    assert (answer.black, answer.white, len(kept)) == (0, 0, 256)
    black = CodeSpace(6, 4, answers=BLACK)  # black pegs only: 0, keeping 5**4
    answer, kept = keep_largest(black, black.from_digits((0, 0, 1, 1)), black.allowed)
    assert (answer.text, len(kept)) == ("0", 625)
    assert par(black) == Par(10, False)  # no worst-first tree shipped: Knuth's bound


def test_ties_go_to_the_fewest_black_then_white_and_undo_gives_back() -> None:
    game = AdversaryBreaks.start(Rules(2, 1))
    space = game.rules.space
    assert game.guess(0) == (0, 0)  # two classes of one: 0,0 before 1,0
    assert game.secret == 1 and len(game.possible) == 1
    game.undo()
    assert len(game.possible) == 2 and not game.moves
    assert game.guess(1) == (0, 0) and game.guess(0) == (1, 0)
    assert game.outcome is Outcome.SOLVED and game.secret == 0
    with pytest.raises(MastermindError):
        keep_largest(space, 0, space.allowed[:0])


def test_par_is_the_worst_case_optimum_and_a_bound_past_it() -> None:
    assert par(CodeSpace(6, 4)) == Par(5, True)
    assert par(CodeSpace(3, 2)) == Par(3, True)
    bound = par(CodeSpace(7, 4))  # past the shipped trees: Knuth's worst case
    assert bound is not None and not bound.exact and bound.guesses >= 5
    assert "bound" in bound.text
    assert against_par(5, Par(5, True)) == "You matched par 5, the worst-case optimum."
    assert against_par(6, Par(5, True)).startswith("Over par 5")
    assert against_par(4, Par(5, True)).startswith("Under par 5")


def adversary_app(*options: str, path: Path | None = None) -> MastermindApp:
    args = build_parser().parse_args(["adversary", *options])
    return MastermindApp(opening(args, given_settings(args), {}), records=path)


def status(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#status", Static).render())


async def test_a_game_against_the_adversary_is_solved_against_par(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    app = adversary_app("--colours", "3", "--positions", "2", path=path)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, AdversaryScreen)
        await until(pilot, lambda: screen.par_known)
        assert "I keep no secret" in message(pilot)
        assert "9 codes possible" in status(pilot)
        await enter(pilot, "BW")
        assert "move 2 of 10" in status(pilot) and "codes possible" in status(pilot)
        session = game_session(app)
        while not session.over:
            adversary = session.adversary
            assert adversary is not None
            await enter(pilot, session.format(int(adversary.possible[0])))
        assert "YOU PINNED IT DOWN" in message(pilot) and "par 3" in message(pilot)
        assert "codes possible" not in status(pilot)
        await until(pilot, lambda: path.exists() and Records(path).games())
        await enter(pilot, "")  # plays again: a fresh adversary
        assert len(game_session(app).rows()) == 0
    (kept,) = Records(path).games()
    assert kept.mode == "adversary" and kept.won and kept.strategy == "knuth"
    assert summarise([kept]) == []  # kept apart from the figures per size
    debrief = Debrief(kept)
    assert "largest class" in debrief.rule_text()
    assert debrief.lines()[0].after == 4  # 9 codes of 3x2: the first answer keeps 4


async def test_a_move_limit_shows_the_codes_still_possible(tmp_path: Path) -> None:
    app = adversary_app("--moves", "1", path=tmp_path / "r.sqlite3")
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "RRGG")
        said = message(pilot)
        assert said.startswith("YOU RAN OUT OF MOVES! I had no secret: 256 codes were")
        assert "… and 244 more" in said
        assert game_session(app).revealed is None  # no secret on the board
    (kept,) = Records(tmp_path / "r.sqlite3").games()
    assert kept.secret is None and kept.outcome == "out of moves"


async def test_hint_and_the_ratings_are_in_worst_case_terms() -> None:
    app = adversary_app(path=None)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "RRRR")
        await enter(pilot, "HINT")
        await enter(pilot, "HINT")
        await until(pilot, lambda: "try" in message(pilot))
        assert "largest class" in message(pilot)
        await enter(pilot, "QUIT")
        assert message(pilot).startswith("QUIT. I had no secret: 625 codes were still possible")
        session = game_session(app)
        await until(pilot, lambda: not session.rating.pending)
        (rating,) = session.rating.ratings
        assert (rating.value, rating.best_value, rating.rule) == (625, 256, "knuth")


def test_the_adversary_at_80x24(snap_compare: Callable[..., bool], monkeypatch: Any) -> None:
    """Two moves against the adversary on 6x4, at 80x24."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    app = adversary_app()

    async def run(pilot: Pilot[Any]) -> None:
        screen = app.screen
        assert isinstance(screen, AdversaryScreen)
        await until(pilot, lambda: screen.par_known)
        await enter(pilot, "RRGG")
        await enter(pilot, "BBWW")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


async def test_the_answer_is_worked_out_apart_and_a_guess_meanwhile_waits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The keys never wait for the answer (a second on 8x8): it comes from a job, and a
    guess typed before it comes is told to wait, costing no move."""
    import threading

    from mastermind_tui.screens import adversary as screen_module

    release = threading.Event()

    def held(space: CodeSpace, guess: int, possible: Any) -> Any:
        release.wait(60)
        return keep_largest(space, guess, possible)

    monkeypatch.setattr(screen_module, "keep_largest", held)
    app = adversary_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, AdversaryScreen)
        field = screen.query_one("#command", Input)
        for line in ("RRGG", "BBWW"):
            field.value = line
            await pilot.press("enter")
        await until(pilot, lambda: "Still answering" in message(pilot))
        assert game_session(app).rows() == []
        release.set()
        await until(pilot, lambda: len(game_session(app).rows()) == 1)
        assert message(pilot) == "Move 1: RRGG gets 0,0."
