"""Code indices (first position fastest), size limits and the three notations."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import CodeError, CodeSpace, ConfigError, get_notation, parse_any
from engine.codes import MAX_CODES
from engine.notation import clip, written_in


def test_index_zero_is_all_first_colour_and_first_position_changes_fastest() -> None:
    space = CodeSpace(6, 4)
    letters = get_notation("letters")
    assert letters.format(space, 0) == "BBBB"
    assert letters.format(space, 1) == "WBBB"
    assert letters.format(space, 6) == "BWBB"  # the listing's code 7
    assert letters.format(space, 157) == "WROB"  # the listing's code 158


def test_digits_table_matches_arithmetic() -> None:
    space = CodeSpace(5, 3)
    idx = space.all_indices()
    assert np.array_equal(space.digits.T, space.digits_of(idx))
    assert all(space.from_digits(space.to_digits(i)) == i for i in range(space.size))
    assert space.counts.sum(axis=0).tolist() == [3] * space.size


@pytest.mark.parametrize(
    ("colours", "positions", "fragment"),
    [
        (1, 4, "at least 2"),
        (21, 4, "at most 20"),
        (6, 0, "at least 1"),
        (8, 9, "the limit is 16,777,216"),
        (2, 25, "the limit"),
    ],
)
def test_limits_are_enforced_with_reasons(colours: int, positions: int, fragment: str) -> None:
    with pytest.raises(ConfigError, match=fragment):
        CodeSpace(colours, positions)


def test_biggest_space_allowed() -> None:
    assert CodeSpace(8, 8).size == MAX_CODES


@pytest.mark.parametrize(
    ("notation", "text", "digits"),
    [
        ("letters", "RRGG", (2, 2, 3, 3)),
        ("letters", "r r, g g", (2, 2, 3, 3)),
        ("digits", "4204", (4, 2, 0, 4)),
        ("digits", "4 2,0 4", (4, 2, 0, 4)),
        ("numbers", "1 1 2 2", (0, 0, 1, 1)),
        ("numbers", "1,1,2,2", (0, 0, 1, 1)),
    ],
)
def test_parsing_is_forgiving(notation: str, text: str, digits: tuple[int, ...]) -> None:
    space = CodeSpace(6, 4)
    n = get_notation(notation)
    code = n.parse(space, text)
    assert space.to_digits(code) == digits
    assert n.parse(space, n.format(space, code)) == code


def test_wrong_length_names_both_lengths() -> None:
    with pytest.raises(CodeError, match="has 3 pegs; a code here has 4 positions"):
        get_notation("letters").parse(CodeSpace(6, 4), "RGB")


def test_unknown_colour_is_named() -> None:
    with pytest.raises(CodeError, match="'P' is not a colour here"):
        get_notation("letters").parse(CodeSpace(6, 4), "BWPT")
    with pytest.raises(CodeError, match="'7' is not a colour"):
        get_notation("numbers").parse(CodeSpace(6, 4), "1 2 3 7")


def test_letters_refuse_more_than_eight_colours() -> None:
    with pytest.raises(ConfigError, match="at most 8 colours"):
        get_notation("letters").parse(CodeSpace(9, 4), "BBBB")


def test_parse_any_reads_every_style() -> None:
    space = CodeSpace(6, 4)
    letters = get_notation("letters")
    expected = letters.parse(space, "RRGG")
    for text in ["RRGG", "rrgg", "r r g g", "3 3 4 4"]:
        assert parse_any(space, text, letters) == expected
    with pytest.raises(CodeError, match="'X' is not a colour"):
        parse_any(space, "RRGX", letters)


def test_unknown_notation() -> None:
    with pytest.raises(ConfigError, match="choose one of letters, digits, numbers"):
        get_notation("roman")


@given(
    st.sampled_from(["letters", "digits", "numbers"]),
    st.integers(2, 8),
    st.integers(1, 6),
    st.data(),
)
def test_every_code_reads_back_in_every_notation(
    name: str, colours: int, positions: int, data: st.DataObject
) -> None:
    space = CodeSpace(colours, positions)
    notation = get_notation(name)
    index = data.draw(st.integers(0, space.size - 1))
    written = notation.format(space, index)
    assert notation.parse(space, written) == index
    assert notation.parse(space, written.lower() + "  ") == index
    assert parse_any(space, written, notation) == index


@given(st.integers(2, 8), st.integers(1, 6), st.data())
def test_an_all_digit_code_is_read_as_digits_where_letters_are_preferred(
    colours: int, positions: int, data: st.DataObject
) -> None:
    """`mastermind solve 4204` means digits: letters notation never writes a digit."""
    space = CodeSpace(colours, positions)
    index = data.draw(st.integers(0, space.size - 1))
    written = get_notation("digits").format(space, index)
    letters = get_notation("letters")
    assert parse_any(space, written, letters) == index
    assert written_in(space, written, letters).name == "digits"
    assert written_in(space, letters.format(space, index), letters) is letters


def test_digits_beyond_the_colours_get_the_digits_error() -> None:
    with pytest.raises(CodeError, match=r"'7' is not a colour here; use 0 1 2 3 4 5$"):
        parse_any(CodeSpace(6, 4), "4207", get_notation("letters"))


@pytest.mark.parametrize(
    "text", ["\uff16\uff16\uff16\uff16", "\u0661\u0662\u0661\u0662", "1\uff122"]
)
def test_only_ascii_digits_are_digits(text: str) -> None:
    with pytest.raises(CodeError):
        parse_any(CodeSpace(6, 4), text, get_notation("letters"))
    with pytest.raises(CodeError):
        get_notation("numbers").parse(CodeSpace(6, 4), " ".join(text))


def test_long_input_is_cut_in_messages() -> None:
    with pytest.raises(CodeError) as error:
        parse_any(CodeSpace(6, 4), "R" * 100_000, get_notation("letters"))
    message = str(error.value)
    assert len(message) < 120
    assert "is too long; a code here has 4 positions" in message and "…" in message
    assert clip("x" * 10) == "x" * 10 and clip("x" * 100) == "x" * 39 + "…"


def test_one_peg_is_written_in_the_singular() -> None:
    """Never "1 pegs" nor "1 positions"."""
    with pytest.raises(CodeError, match=r"enter a code of 1 peg, e\.g\."):
        get_notation("letters").parse(CodeSpace(2, 1), " ")
    with pytest.raises(CodeError, match=r"has 2 pegs; a code here has 1 position$"):
        get_notation("letters").parse(CodeSpace(2, 1), "BW")
    assert CodeSpace(2, 1).rules_text() == "2 colours x 1 position"
    with pytest.raises(ConfigError, match=r"^a code has 1 position, not 2$"):
        CodeSpace(2, 1).from_digits((0, 1))


def test_a_game_reads_only_its_own_notation_and_says_what_another_would_read() -> None:
    """``1122`` and ``1 1 2 2`` were two different codes in a letters
    game (digits from 0, numbers from 1); spacing alone must never change the code within
    a notation."""
    from engine.notation import parse_in_game

    space = CodeSpace(6, 4)
    letters = get_notation("letters")
    for text in ("RRGG", "rrgg", "r r g g", "R,R,G,G"):
        assert letters.format(space, parse_in_game(space, text, letters)) == "RRGG"
    with pytest.raises(CodeError) as refused:
        parse_in_game(space, "1122", letters)
    assert str(refused.value) == (
        "this game uses letters (like BWRG); 1122 would be WWRR in digits, BBWW in numbers; "
        "to type codes that way, start a game with --notation digits or numbers (Notation "
        "on the home screen)"
    )
    with pytest.raises(CodeError) as refused:
        parse_in_game(space, "1 1 2 2", letters)
    assert "1 1 2 2 would be WWRR in digits, BBWW in numbers;" in str(refused.value)
    assert "--notation digits or numbers" in str(refused.value)
    digits = get_notation("digits")
    assert parse_in_game(space, "1 1 2 2", digits) == parse_in_game(space, "1122", digits)
    with pytest.raises(CodeError, match="not a colour"):
        parse_in_game(space, "XYZQ", letters)
    numbers = get_notation("numbers")
    # Knuth's 1122 types as printed in numbers: one peg a digit where colours are 9 or fewer.
    assert parse_in_game(space, "1122", numbers) == parse_in_game(space, "1 1 2 2", numbers)
    with pytest.raises(CodeError) as refused:  # which text is typed and which is the code
        parse_in_game(space, "0011", numbers)
    assert "; 0011 read in digits is 1 1 2 2 here;" in str(refused.value)
