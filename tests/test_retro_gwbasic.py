"""GW-BASIC facts: RND, PRINT number formatting, TAB, INPUT parsing, single precision."""

from __future__ import annotations

import pytest

from mastermind_tui.retro.gwbasic import (
    DIVISION_BY_ZERO,
    OVERFLOW,
    SINGLE_MAX,
    BasicError,
    GwBasicRnd,
    Redo,
    cint,
    draw,
    make_rnd,
    number_text,
    parse_numbers,
    parse_string,
    power,
    tab,
)


def test_rnd_first_seeds_from_the_reference() -> None:
    rnd = GwBasicRnd()
    seeds = []
    for _ in range(6):
        rnd()
        seeds.append(rnd.seed)
    assert seeds == [2035917, 10936412, 14577071, 12243382, 13402529, 1236448]


def test_rnd_values_print_like_the_reference() -> None:
    rnd = GwBasicRnd()
    assert [number_text(rnd()) for _ in range(3)] == [" .1213501 ", " .651861 ", " .8688611 "]


def test_first_draw_in_6c4p_is_code_158() -> None:
    assert draw(1296, GwBasicRnd()) == 158


def test_seeded_rnd_is_repeatable() -> None:
    a, b = make_rnd(7), make_rnd(7)
    values = [a() for _ in range(5)]
    assert values == [b() for _ in range(5)]
    assert all(0 <= v < 1 and (v * 2**24).is_integer() for v in values)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1296, " 1296 "),
        (-8, "-8 "),
        (0, " 0 "),
        (0.5, " .5 "),
        (6.25, " 6.25 "),
        (13861.99, " 13861.99 "),
        (8**8, " 1.677722E+07 "),
        (2**24, " 1.677722E+07 "),
        (7**8, " 5764801 "),
        (5**10, " 9765625 "),
        (6**9, " 1.00777E+07 "),
        (3**15, " 1.434891E+07 "),
        (8**9, " 1.342177E+08 "),
        (8.0**20, " 1.152922E+18 "),
        (6.0**45, " 1.039456E+35 "),
        (SINGLE_MAX, " 1.701412E+38 "),
        (10_000_000, " 1E+07 "),
        (0.05, " .05 "),
        (1.5e-9, " 1.5E-09 "),
    ],
)
def test_print_number_format(value: float, text: str) -> None:
    assert number_text(power(value, 1, 120)[0]) == text


def test_power_warnings_and_errors() -> None:
    assert power(8, 50, 120) == (SINGLE_MAX, OVERFLOW)
    assert power(0, -1, 120) == (SINGLE_MAX, DIVISION_BY_ZERO)
    assert power(0, 0, 120) == (1.0, None)
    assert power(-2, 3, 120) == (-8.0, None)
    assert power(2, -1, 120) == (0.5, None)
    with pytest.raises(BasicError, match=r"^Illegal function call in 120$"):
        power(-2, 0.5, 120)


def test_cint_rounds_and_overflows() -> None:
    assert cint(13861.99, 150) == 13862
    assert cint(2.5, 150) == 3
    assert cint(-0.4, 150) == 0
    with pytest.raises(BasicError, match=r"^Overflow in 150$"):
        cint(32768, 150)


@pytest.mark.parametrize(
    ("line", "value"),
    [("4 5", 45), (" 4 ", 4), ("+6", 6), ("1e0", 1), ("", 0), ("   ", 0), ("-3", -3), (".5", 0.5)],
)
def test_number_input_accepted(line: str, value: float) -> None:
    assert parse_numbers(line, 1) == [value]


@pytest.mark.parametrize("line", ["abc", "3x", "6x", "1,2", "1e99", '"5"'])
def test_number_input_redo(line: str) -> None:
    with pytest.raises(Redo):
        parse_numbers(line, 1)


def test_two_numbers() -> None:
    assert parse_numbers("1,0", 2) == [1, 0]
    assert parse_numbers(" 2 , 1 ", 2) == [2, 1]
    for line in ["", "1", "1,2,3", "x,y"]:
        with pytest.raises(Redo):
            parse_numbers(line, 2)


@pytest.mark.parametrize(
    ("line", "value"),
    [('"BOARD"', "BOARD"), ("  QUIT", "QUIT"), (" rgby ", "rgby"), ("", ""), ('"A,B"', "A,B")],
)
def test_string_input_accepted(line: str, value: str) -> None:
    assert parse_string(line) == value


@pytest.mark.parametrize("line", ["RG,BY", '"AB"C', ","])
def test_string_input_redo(line: str) -> None:
    with pytest.raises(Redo):
        parse_string(line)


def test_tab_pads_or_starts_a_new_line() -> None:
    assert tab(" 1 ", 9) == " " * 5
    assert tab("BLACK", 13) == " " * 7
    assert tab("X" * 30, 25) == "\n" + " " * 24


@pytest.mark.parametrize("line", ["\uff16", "\u0661\u0662", "6\u0660", "\u0966", "1e\uff12"])
def test_number_input_takes_ascii_digits_only(line: str) -> None:
    """GW-BASIC's INPUT reads ASCII digits; a full-width or Arabic-Indic digit is a Redo."""
    with pytest.raises(Redo):
        parse_numbers(line, 1)
