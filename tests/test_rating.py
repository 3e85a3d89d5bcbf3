"""Rating a person's guesses (engine.rating.guesses): against the exact optimum where it is within
reach, checked by plain recursion on 3 colours x 3 positions; elsewhere by the chosen
strategy's own score, checked by counting each split by hand."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from brute_force import answer, brute_force

from engine import CodeSpace, MastermindError, get_notation, make_strategy, score
from engine.feedback import Answer
from engine.play.solver import Solver
from engine.rating import process as rating_module
from engine.rating.guesses import OPTIMAL, MoveRating, Rater, rate_moves, summary
from engine.rating.process import rate_moves_apart

Code = tuple[int, ...]


# Every test here: the optimal trees searched afresh in an empty cache (conftest).
pytestmark = pytest.mark.usefixtures("cache_dir")


def moves_for(space: CodeSpace, secret: Code, guesses: Sequence[Code]) -> list[tuple[int, Answer]]:
    return [(space.from_digits(list(g)), score(secret, g)) for g in guesses]


GAMES_3X3 = [
    ((2, 1, 0), [(0, 0, 0), (1, 1, 2), (2, 1, 0)]),  # odd opening, then feeling about
    ((0, 1, 1), [(0, 0, 1), (0, 1, 1)]),  # the optimal opening
    ((1, 2, 2), [(2, 2, 2), (0, 0, 0), (1, 1, 1), (1, 2, 2)]),  # one colour at a time
    ((0, 2, 1), [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1)]),  # wasted guesses
]


@pytest.mark.slow
@pytest.mark.parametrize(("secret", "guesses"), GAMES_3X3)
def test_optimal_ratings_match_brute_force(secret: Code, guesses: list[Code]) -> None:
    space = CodeSpace(3, 3)
    codes, cost, after = brute_force(3, 3)
    ratings = rate_moves(space, "knuth", moves_for(space, secret, guesses))
    left = tuple(codes)
    assert [r.move for r in ratings] == list(range(1, len(guesses) + 1))
    for rating, guess in zip(ratings, guesses, strict=True):
        n = len(left)
        best_total = cost(left)
        assert rating.rule == OPTIMAL
        assert rating.value == pytest.approx(after(left, guess) / n - 1)
        assert rating.best_value == pytest.approx(best_total / n - 1)
        assert after(left, tuple(space.to_digits(rating.best_guess))) == best_total
        assert rating.loss == pytest.approx((after(left, guess) - best_total) / n)
        left = tuple(c for c in left if answer(c, guess) == answer(secret, guess))


@pytest.mark.slow
def test_optimal_ratings_without_repeats_match_brute_force() -> None:
    """Bulls and Cows rules: codes and guesses without a repeated colour (4 x 3)."""
    space = CodeSpace(4, 3, repeats=False)
    codes, cost, after = brute_force(4, 3, repeats=False)
    secret, guesses = (2, 0, 3), [(0, 1, 2), (1, 0, 3), (2, 0, 3)]
    left = tuple(codes)
    for rating, guess in zip(
        rate_moves(space, "knuth", moves_for(space, secret, guesses)), guesses, strict=True
    ):
        assert rating.value == pytest.approx(after(left, guess) / len(left) - 1)
        assert rating.best_value == pytest.approx(cost(left) / len(left) - 1)
        left = tuple(c for c in left if answer(c, guess) == answer(secret, guess))


def test_optimal_losses_add_up_in_the_summary() -> None:
    space = CodeSpace(3, 3)
    fmt = get_notation("letters").format
    ratings = rate_moves(space, "entropy", moves_for(space, *GAMES_3X3[0]))
    total = sum(r.loss for r in ratings)
    assert total > 0
    worst = max(ratings, key=lambda r: r.loss)
    text = summary(ratings, lambda c: fmt(space, c))
    assert text.startswith(f"Your 3 guesses cost {total:.2f} guesses more than the best play")
    assert f"move {worst.move} ({fmt(space, worst.guess)}) was the costliest" in text


def test_the_optimal_opening_is_rated_best() -> None:
    space = CodeSpace(3, 3)
    (rating, last) = rate_moves(space, "knuth", moves_for(space, *GAMES_3X3[1]))
    assert rating.best and rating.cost() == "best"
    assert rating.value == pytest.approx(73 / 27 - 1)
    assert last.best and last.guess == last.best_guess
    assert summary([rating, last], str) == "All your 2 guesses were as good as the best."


def hand_scores(space: CodeSpace, left: list[Code], guess: Code) -> dict[str, float]:
    """Every partition strategy's score of ``guess``, counted by hand."""
    sizes = list(Counter(answer(c, guess) for c in left).values())
    n = len(left)
    return {
        "knuth": max(sizes),
        "expected-size": sum(s * s for s in sizes) / n,
        "entropy": -sum(s / n * math.log2(s / n) for s in sizes),
        "most-parts": len(sizes),
    }


@pytest.mark.parametrize("strategy", ["knuth", "expected-size", "entropy", "most-parts"])
def test_out_of_reach_sizes_are_rated_by_the_strategys_own_score(strategy: str) -> None:
    """11 colours x 2 positions is beyond the exact search (it takes 10 colours at most):
    every guess is rated by the strategy's score, and the best is the best of all codes."""
    space = CodeSpace(11, 2)
    assert Rater(space, strategy).rule == strategy
    codes = list(itertools.product(range(11), repeat=2))
    secret = (3, 5)
    guesses = [(0, 0), (0, 1), (5, 3), (3, 5)]
    ratings = rate_moves(space, strategy, moves_for(space, secret, guesses))
    left = codes
    for rating, guess in zip(ratings, guesses, strict=True):
        mine = hand_scores(space, left, guess)[strategy]
        every = [hand_scores(space, left, g)[strategy] for g in codes]
        best = max(every) if strategy in ("entropy", "most-parts") else min(every)
        assert rating.value == pytest.approx(mine)
        assert rating.best_value == pytest.approx(best)
        assert rating.loss == pytest.approx(abs(best - mine))
        left = [c for c in left if answer(c, guess) == answer(secret, guess)]


@pytest.mark.parametrize("strategy", ["knuth", "expected-size", "entropy", "most-parts"])
def test_a_best_guess_scored_on_a_sample_is_rated_on_every_code(strategy: str) -> None:
    """On big spaces the best guess is scored on a sample and the person's
    guess on every code, so an equally good guess showed a cost (8x8: RRGGBBWW +28,365
    against knuth's BBWWRRGG, which splits the codes the same way). Small limits force the
    sample on 11x2; the strategy's own guess played is then rated exactly its equal."""
    from engine.explain.decisions import estimated
    from engine.strategies.partition_pool import Limits
    from engine.strategies.partitioning import PartitionStrategy

    space = CodeSpace(11, 2)
    rater = Rater(space, strategy)
    assert isinstance(rater.scorer, PartitionStrategy)
    rater.scorer.limits = Limits(exact=10, sampled_candidates=20, sampled_guesses=30)
    solver = Solver(space, make_strategy(strategy), seed=1)
    best = rater.best(solver)
    assert estimated(best)
    rating = rater.rate(solver, best.guess, score((3, 5), space.to_digits(best.guess)), best)
    assert rating.best and rating.value == pytest.approx(rating.best_value)
    codes = list(itertools.product(range(11), repeat=2))
    exact = hand_scores(space, codes, space.to_digits(best.guess))[strategy]
    assert rating.best_value == pytest.approx(exact)


@pytest.mark.parametrize("strategy", ["sequential", "classic", "random"])
def test_strategies_without_a_score_are_rated_by_expected_size(strategy: str) -> None:
    space = CodeSpace(11, 2)
    assert Rater(space, strategy).rule == "expected-size"
    (rating,) = rate_moves(space, strategy, moves_for(space, (1, 2), [(1, 1)]))
    codes = list(itertools.product(range(11), repeat=2))
    assert rating.value == pytest.approx(hand_scores(space, codes, (1, 1))["expected-size"])


def test_rating_later_moves_only_and_taking_advice_agree_with_a_full_rating() -> None:
    space = CodeSpace(11, 2)
    moves = moves_for(space, (4, 7), [(0, 1), (2, 3), (4, 5), (4, 7)])
    full = rate_moves(space, "knuth", moves)
    assert rate_moves(space, "knuth", moves, start=2) == full[2:]
    # The strategy's own advice before move 2, as a screen would have kept it.
    solver = Solver(space, make_strategy("knuth"))
    guess, got = moves[0]
    solver.observe(guess, *got)
    advice = {2: solver.decide()}
    assert rate_moves(space, "knuth", moves, advice=advice) == full


def test_sentences_say_the_guess_the_best_and_the_unit() -> None:
    fmt = {0: "RRGG", 1: "BBWR"}.__getitem__
    worse = MoveRating(2, 0, 3.48, 1, 3.41, OPTIMAL)
    assert worse.sentence(fmt) == (
        "RRGG: 4.48 guesses expected, this one counted; the exact optimum's guess at move 2, "
        "BBWR, 4.41"
    )
    assert worse.cost() == "+0.07"
    same = MoveRating(1, 1, 3.41, 1, 3.41, OPTIMAL)
    assert same.sentence(fmt) == (
        "BBWR: 4.41 guesses expected, this one counted, the exact optimum's guess at move 1"
    )
    tied = MoveRating(1, 0, 256, 1, 256, "knuth")
    assert tied.sentence(fmt) == (
        "RRGG: largest class 256, as good as knuth's choice at move 1 (BBWR)"
    )
    bits = MoveRating(1, 0, 1.5, 1, 2.0, "entropy", higher_is_better=True)
    assert bits.loss == pytest.approx(0.5) and bits.cost() == "+0.50"
    assert bits.sentence(fmt) == (
        "RRGG: 1.500 bits of information; entropy's choice at move 1, BBWR, 2"
    )


def test_candidates_followed_are_the_codes_that_fit() -> None:
    """The rater follows a game with the engine's solver: after each move the codes it
    weighs are exactly those that fit every answer (checked by hand)."""
    space = CodeSpace(11, 2)
    secret = (6, 2)
    moves = moves_for(space, secret, [(0, 2), (6, 1)])
    rater = Rater(space, "knuth")
    solver = Solver(space, rater.scorer)
    for guess, got in moves:
        rater.rate(solver, guess, got, rater.best(solver))
    fits = [
        space.from_digits(list(c))
        for c in itertools.product(range(11), repeat=2)
        if all(answer(c, tuple(space.to_digits(g))) == tuple(a) for g, a in moves)
    ]
    assert np.array_equal(solver.candidates, sorted(fits))


def test_first_guesses_are_kept_on_disk_by_orbit(cache_dir: Path) -> None:
    """The total after a first guess is stored once per orbit (RRG and GGB are the same
    opening) and read back; a damaged file is recomputed and rewritten, never trusted."""
    space = CodeSpace(3, 3)
    codes, _, after = brute_force(3, 3)
    moves = moves_for(space, (0, 1, 2), [(1, 1, 0)])
    (fresh,) = rate_moves(space, "knuth", moves)
    assert fresh.value == pytest.approx(after(tuple(codes), (1, 1, 0)) / 27 - 1)
    path = cache_dir / "openings-3x3.json"
    stored = json.loads(path.read_text())["payload"]
    assert list(stored.values()) == [after(tuple(codes), (1, 1, 0))]
    (same_orbit,) = rate_moves(space, "knuth", moves_for(space, (0, 1, 2), [(2, 2, 0)]))
    assert same_orbit.value == fresh.value
    assert json.loads(path.read_text())["payload"] == stored
    path.write_text(path.read_text().replace('"payload":{"', '"payload":{"9'))
    assert rate_moves(space, "knuth", moves) == [fresh]
    assert json.loads(path.read_text())["payload"] == stored


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        ({"ORBIT": 60}, "the total after code ORBIT, 60, is none it can have"),
        ({"ORBIT": 10**6}, "the total after code ORBIT, 1000000, is none it can have"),
        ({"ORBIT": "82"}, "the total after code ORBIT, '82', is none it can have"),
        ({"ORBIT": True}, "the total after code ORBIT, True, is none it can have"),
        ({"ORBIT": 82.0}, "the total after code ORBIT, 82.0, is none it can have"),
        ({"27": 80}, "'27' is no code of the size"),
        ({"01": 80}, "'01' is no code of the size"),
        ({"BEST": 80}, "the best first guess's total is 80, not 73"),
        ([82], "not a table of totals"),
    ],
)
def test_totals_after_a_first_guess_are_read_as_a_strangers_file(
    cache_dir: Path, payload: object, why: str
) -> None:
    """A file of totals whose digest was recomputed over changed values (or another
    program's): each entry must be a code of the size and a total it can have, the best
    opening's its own. One that is not is named in one line, moved aside, and the guess
    rated as if it were not there."""
    from engine.rating import openings
    from engine.storage import cache

    space = CodeSpace(3, 3)
    codes, _, after = brute_force(3, 3)
    moves = moves_for(space, (0, 1, 2), [(1, 1, 0)])
    (fresh,) = rate_moves(space, "knuth", moves)
    path = cache_dir / "openings-3x3.json"
    (orbit,) = json.loads(path.read_text())["payload"]
    best = rate_moves(space, "knuth", moves_for(space, (0, 1, 2), [(0, 0, 1)]))[0].best_guess
    text = json.dumps(payload).replace("ORBIT", orbit).replace("BEST", str(best))
    name, key = openings.openings_file(space, "optimal")
    assert cache.save(name, key, json.loads(text)) == path
    openings.take_said()
    assert rate_moves(space, "knuth", moves) == [fresh]
    assert fresh.value == pytest.approx(after(tuple(codes), (1, 1, 0)) / 27 - 1)
    assert openings.take_said() == [
        f"totals after a first guess: {path} holds no sound totals of the size "
        f"({why.replace('ORBIT', orbit)}); moved aside as {path}.bad; searching them again"
    ]
    assert path.with_name(path.name + ".bad").exists()
    assert json.loads(path.read_text())["payload"] == {orbit: after(tuple(codes), (1, 1, 0))}


def test_a_plausible_total_the_shipped_data_contradicts_is_not_trusted(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A total within every bound (one guess more than the truth) where the package ships
    the size's totals: the shipped one stands, the file is named and moved aside."""
    from engine.optimal.shipped import openings as shipped
    from engine.rating import openings
    from engine.storage import cache

    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    space = CodeSpace(3, 3)
    codes, _, after = brute_force(3, 3)
    moves = moves_for(space, (0, 1, 2), [(1, 1, 0)])
    truth = after(tuple(codes), (1, 1, 0))
    (orbit,) = [code for code, total in shipped("optimal-3x3.json").items() if total == truth]
    name, key = openings.openings_file(space, "optimal")
    path = cache.save(name, key, {orbit: truth + 1})
    openings.take_said()
    (rating,) = rate_moves(space, "knuth", moves)
    assert rating.value == pytest.approx(truth / 27 - 1)
    assert openings.take_said() == [
        f"totals after a first guess: {path} holds no sound totals of the size (the total "
        f"after code {orbit} is {truth + 1}, the shipped data's {truth}); moved aside as "
        f"{path}.bad; searching them again"
    ]


def test_a_damaged_file_of_totals_is_said_where_the_person_reads(cache_dir: Path) -> None:
    """Rated in the helper process, as the app rates: its line comes back once."""
    space = CodeSpace(3, 3)
    moves = moves_for(space, (0, 1, 2), [(1, 1, 0)])
    expected = rate_moves(space, "knuth", moves)
    path = cache_dir / "openings-3x3.json"
    path.write_text(path.read_text().replace('"payload":{"', '"payload":{"9'))
    rating_module.take_notices()
    assert rate_moves_apart(space, "knuth", moves) == expected
    assert rating_module.take_notices() == [
        f"totals after a first guess: {path} is damaged or was written for something else; "
        f"moved aside as {path}.bad; searching them again"
    ]


def test_ratings_worked_out_apart_are_the_same_and_outlive_a_dead_helper(cache_dir: Path) -> None:
    """The exact rule runs in a helper process (the search would hold the interpreter
    lock against the interface); its answers are those worked out here, its failures
    come back in one line, and a helper that died is replaced."""
    space = CodeSpace(3, 3)
    moves = moves_for(space, *GAMES_3X3[0])
    expected = rate_moves(space, "knuth", moves)
    assert rate_moves_apart(space, "knuth", moves) == expected
    helper = rating_module._helper[0]
    helper.kill()
    helper.wait()
    assert rate_moves_apart(space, "knuth", moves, start=1) == expected[1:]
    assert rating_module._helper[0] is not helper
    with pytest.raises(MastermindError, match="code index 999 is outside"):
        rate_moves_apart(space, "knuth", [(999, moves[0][1])])
    # The other rule is numpy's work, done here.
    wide = CodeSpace(11, 2)
    wide_moves = moves_for(wide, (4, 7), [(0, 1), (4, 7)])
    assert rate_moves_apart(wide, "entropy", wide_moves) == rate_moves(wide, "entropy", wide_moves)


def test_a_one_guess_game_is_summed_up_by_its_rating() -> None:
    fmt = {0: "RRGG", 1: "BBWR"}.__getitem__
    worse = MoveRating(1, 0, 3.48, 1, 3.41, OPTIMAL)
    assert summary([worse], fmt) == (
        "Your guess: RRGG: 4.48 guesses expected, this one counted; the exact optimum's guess "
        "at move 1, BBWR, 4.41."
    )
    assert summary([MoveRating(1, 1, 3.41, 1, 3.41, OPTIMAL)], fmt) == "Your guess was best."


def test_a_rating_under_way_is_stopped_at_once(cache_dir: Path) -> None:
    """A program that quits ends the helper's search (a first 6x4 rating searches the
    whole optimal tree, seconds of work) instead of waiting for it; the caller gets one
    line, and the next rating starts a new helper."""
    import threading

    for helper in rating_module._helper:  # a warm helper may know the 6x4 tree already
        helper.kill()
    rating_module._helper.clear()
    space = CodeSpace(6, 4)
    outcome: list[BaseException] = []

    def rate() -> None:
        try:
            rate_moves_apart(space, "knuth", moves_for(space, (0, 1, 2, 3), [(0, 0, 0, 0)]))
        except MastermindError as error:
            outcome.append(error)

    worker = threading.Thread(target=rate)
    worker.start()
    while not (rating_module._helper_lock.locked() and rating_module._helper):
        worker.join(0.01)
    rating_module.stop_rating()
    worker.join(5)  # a safety bound: the search alone takes seconds
    assert not worker.is_alive()
    assert [str(error) for error in outcome] == ["the rating process ended unexpectedly"]
    small = CodeSpace(3, 3)
    moves = moves_for(small, *GAMES_3X3[0])
    assert rate_moves_apart(small, "knuth", moves) == rate_moves(small, "knuth", moves)
