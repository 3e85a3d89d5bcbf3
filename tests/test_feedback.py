"""Scoring: the seeds' worked examples, invariants, and the vectorised paths agreeing."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Answer, CodeSpace, score
from engine.errors import AnswerError
from engine.feedback import (
    against,
    answer_count,
    check_answer,
    class_dtype,
    classes,
    cross,
    decode,
    encode,
    table,
)

# Seed 002's and 003's colours, as digits.
YELLOW, RED, GREEN, BLACK, BLUE = 0, 1, 2, 3, 4


def test_seed_002_yellow_red_red_green() -> None:
    code = [YELLOW, RED, RED, GREEN]
    guess = [RED, RED, YELLOW, BLACK]
    assert score(code, guess) == Answer(black=1, white=2)


def test_seed_003_rules_example() -> None:
    assert score([RED, RED, YELLOW, BLUE], [RED, BLUE, YELLOW, BLACK]) == Answer(2, 1)


def test_seed_003_elimination_examples() -> None:
    guess = [RED, BLUE, YELLOW, BLACK]
    assert score([RED, RED, RED, RED], guess) == Answer(1, 0)  # removed
    assert score([RED, RED, YELLOW, BLUE], guess) == Answer(2, 1)  # kept
    # The seed prints 3/1 here, an arithmetic slip: Red Blue Yellow share three colours
    # with the guess, all in place, and the second Blue has no partner. Removed either way.
    assert score([RED, BLUE, YELLOW, BLUE], guess) == Answer(3, 0)


def test_seed_001_four_moves() -> None:
    secret = [2, 1, 6, 2]
    moves = {(1, 1, 2, 2): (2, 1), (4, 4, 6, 6): (1, 0), (1, 4, 1, 2): (1, 1), (2, 1, 6, 2): (4, 0)}
    for guess, answer in moves.items():
        assert score(secret, guess) == Answer(*answer)


def test_seed_000_sample_scores() -> None:
    secret = [4, 2, 0, 4]
    rows = {"0000": (1, 0), "1110": (0, 1), "2202": (2, 0), "3302": (1, 1), "4204": (4, 0)}
    for guess, answer in rows.items():
        assert score(secret, [int(c) for c in guess]) == Answer(*answer)


codes4 = st.lists(st.integers(0, 5), min_size=4, max_size=4)


@given(codes4, codes4)
def test_symmetric_and_bounded(a: list[int], b: list[int]) -> None:
    ab = score(a, b)
    assert ab == score(b, a)
    assert ab.black >= 0 and ab.white >= 0 and ab.black + ab.white <= 4
    assert ab != (3, 1)


@given(codes4)
def test_code_against_itself_is_all_black(a: list[int]) -> None:
    assert score(a, a) == Answer(4, 0)


@given(st.integers(0, 4), st.integers(0, 4))
def test_encode_decode_round_trip(black: int, white: int) -> None:
    if black + white <= 4:
        assert decode(encode(black, white, 4), CodeSpace(6, 4)) == Answer(black, white)
        assert encode(black, white, 4) < classes(4)


def test_check_answer_explains() -> None:
    assert check_answer(2, 1, CodeSpace(6, 4)) == Answer(2, 1)
    for bad in [(3, 1), (3, 2), (-1, 0), (5, 0)]:
        try:
            check_answer(*bad, CodeSpace(6, 4))
        except AnswerError as error:
            assert str(error)
        else:
            raise AssertionError(f"{bad} accepted")


def test_refused_answers_count_in_words() -> None:
    """Never '1 blacks and 1 whites make 2 pegs, but a code has only 1
    positions' on 2x1."""
    for answer, positions, text in (
        ((1, 1), 1, "1 black and 1 white make 2 pegs, but a code has only 1 position"),
        ((2, 3), 4, "2 blacks and 3 whites make 5 pegs, but a code has only 4 positions"),
        ((1, 1), 2, "1 black and 1 white is impossible: if 1 peg is right, the last one"),
    ):
        with pytest.raises(AnswerError) as refused:
            check_answer(*answer, CodeSpace(6, positions))
        assert str(refused.value).startswith(text)


def test_table_cross_and_against_agree_with_pairwise() -> None:
    space = CodeSpace(4, 3)
    full = table(space)
    for g in range(space.size):
        assert np.array_equal(against(space, g), full[g])
        for c in range(0, space.size, 7):
            expected = score(space.to_digits(c), space.to_digits(g))
            assert decode(full[g, c], space) == expected


@given(st.integers(2, 8), st.integers(1, 5), st.data())
def test_vectorised_matches_pairwise_on_any_size(
    colours: int, positions: int, data: st.DataObject
) -> None:
    space = CodeSpace(colours, positions)
    guesses = np.array(data.draw(st.lists(st.integers(0, space.size - 1), min_size=1, max_size=5)))
    codes = np.array(data.draw(st.lists(st.integers(0, space.size - 1), min_size=1, max_size=20)))
    got = cross(space, guesses.astype(np.int32), codes.astype(np.int32))
    for i, g in enumerate(guesses):
        row = against(space, int(g), codes.astype(np.int32))
        assert np.array_equal(row, got[i])
        for j, c in enumerate(codes):
            answer = score(space.to_digits(int(c)), space.to_digits(int(g)))
            assert decode(got[i, j], space) == answer


@pytest.mark.parametrize(("colours", "positions"), [(2, 15), (2, 16), (2, 20), (2, 24), (3, 15)])
def test_classes_hold_every_answer_past_fifteen_positions(colours: int, positions: int) -> None:
    """Classes grow as positions squared: 16 positions and more need 16 bits."""
    space = CodeSpace(colours, positions)
    rng = np.random.default_rng(positions)
    guess = int(rng.integers(space.size))
    codes = np.unique(np.concatenate([[guess], rng.integers(space.size, size=300)]))
    codes = codes.astype(np.int32)
    got = against(space, guess, codes)
    want = [
        encode(*score(space.to_digits(int(c)), space.to_digits(guess)), positions) for c in codes
    ]
    assert got.tolist() == want
    assert max(want) == positions * (positions + 2)  # the guess itself: all black
    assert cross(space, np.array([guess], dtype=np.int32), codes)[0].tolist() == want
    assert got.dtype == class_dtype(positions)


@pytest.mark.parametrize(("colours", "positions"), [(2, 1), (3, 2), (4, 3), (6, 4), (5, 5)])
def test_answer_count_is_every_answer_a_guess_can_get(colours: int, positions: int) -> None:
    """One function says how many answers there are (the partition strategies' bound and
    the exact search's branching both read it): every answer the full table holds."""
    space = CodeSpace(colours, positions)
    assert len(np.unique(table(space))) == answer_count(space)
