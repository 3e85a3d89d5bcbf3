"""Knuth's and mikemag's codes type as printed: numbers counted from 1, one digit a peg
where there are 9 colours or fewer; a code of digits 1-9 read in digits from 0 is said so
in one line; titles show an opening in the notation it was typed in."""

import subprocess
import sys

import pytest
from app_helpers import until
from hypothesis import given
from hypothesis import strategies as st
from textual.widgets import Static

from engine import CodeSpace, get_notation
from engine.errors import CodeError
from engine.notation import digits_note, written_in
from engine.strategies import shown_name, strategy_class
from engine.strategies.rule_card import rule_card
from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start

SPACE = CodeSpace(6, 4)
LETTERS, DIGITS, NUMBERS = (get_notation(n) for n in ("letters", "digits", "numbers"))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mastermind_tui", *args], capture_output=True, text=True, timeout=120
    )


def test_numbers_read_a_run_of_digits_one_peg_a_digit_up_to_9_colours() -> None:
    assert LETTERS.format(SPACE, NUMBERS.parse(SPACE, "1122")) == "BBWW"  # Knuth's opening
    big = CodeSpace(8, 5)
    assert LETTERS.format(big, NUMBERS.parse(big, "11223")) == "BBWWR"  # mikemag's
    assert NUMBERS.parse(big, "11223") == NUMBERS.parse(big, "1 1 2 2 3")
    assert NUMBERS.count("1122334") == 7
    # Past 9 colours a number may have two digits: only separators part the pegs.
    ten = CodeSpace(10, 4)
    assert NUMBERS.parse(ten, "10 1 2 2") == ten.from_digits((9, 0, 1, 1))
    with pytest.raises(CodeError, match="'1122' is not a colour here"):
        NUMBERS.parse(ten, "1122")
    with pytest.raises(CodeError, match="'0011' is not a colour here"):
        NUMBERS.parse(SPACE, "0011")  # 0 is no colour counted from 1


@given(st.lists(st.integers(0, 8), min_size=1, max_size=7))
def test_a_compact_code_in_numbers_is_the_spaced_one(digits: list[int]) -> None:
    space = CodeSpace(9, len(digits))
    spaced = " ".join(str(d + 1) for d in digits)
    assert NUMBERS.parse(space, spaced.replace(" ", "")) == NUMBERS.parse(space, spaced)


def test_a_code_of_digits_1_to_9_read_in_digits_says_so_in_one_line() -> None:
    assert written_in(SPACE, "1122", LETTERS) is DIGITS
    assert digits_note(SPACE, "1122", LETTERS) == (
        "1122 is read in digits counted from 0 (WWRR); for the literature's numbering "
        "from 1 (BBWW), add --notation numbers"
    )
    # A 0, letters, numbers chosen or digits chosen: read one way only, nothing said.
    for text, notation in (("0011", LETTERS), ("RRGG", LETTERS), ("1122", NUMBERS)):
        assert digits_note(SPACE, text, notation) == ""
    assert digits_note(SPACE, "1122", DIGITS) == ""
    # 6666 is no code in digits from 0 on 6 colours: numbers read it.
    assert written_in(SPACE, "6666", LETTERS) is NUMBERS
    assert digits_note(SPACE, "6666", LETTERS) == ""


def test_solve_says_how_to_read_knuths_1122_and_reads_it_with_numbers() -> None:
    read = run("solve", "1122")
    assert read.returncode == 0
    assert read.stderr == (
        "mastermind: 1122 is read in digits counted from 0 (WWRR); for the literature's "
        "numbering from 1 (BBWW), add --notation numbers\n"
    )
    knuth = run("solve", "1122", "--notation", "numbers")
    assert knuth.returncode == 0 and knuth.stderr == ""
    assert "  1. 1 1 2 2   4,0 " in knuth.stdout  # Knuth's opening is the secret: one guess
    assert run("solve", "6666").returncode == 0


def test_a_title_shows_the_opening_as_typed_and_the_name_stays() -> None:
    assert shown_name("knuth-from3344", SPACE, LETTERS) == "knuth-fromRRGG"
    assert shown_name("knuth-from3344", SPACE, DIGITS) == "knuth-from2233"
    assert shown_name("knuth-from3344", SPACE, NUMBERS) == "knuth-from3344"
    assert shown_name("knuth", SPACE, LETTERS) == "knuth"
    settings = Settings.build(mode=WATCH, strategy="knuth-from3344")
    assert settings.strategy == "knuth-from3344"  # what records and caches keep
    assert settings.strategy_shown == "knuth-fromRRGG"


def test_the_rule_card_says_which_notation_its_code_is_in() -> None:
    opening = rule_card(strategy_class("knuth")).opening
    assert "BBWW in letters, 1122 in numbers" in opening
    assert "BBWWR in letters, 11223 in numbers" in rule_card(strategy_class("best-8x5")).opening


async def test_the_watch_is_titled_with_the_opening_as_typed() -> None:
    """``watch --opening RRGG``: knuth-fromRRGG on the status line and in the caption."""
    settings = Settings.build(mode=WATCH, strategy="knuth-from3344", seed=1)
    app = MastermindApp(Start(settings, settings.notation.parse(settings.space, "RGOY")))
    async with app.run_test(size=(120, 36)) as pilot:

        def line(selector: str) -> str:
            return str(app.screen.query_one(selector, Static).render())

        await until(pilot, lambda: "Watching knuth-fromRRGG break RGOY" in line("#status"))
        await until(pilot, lambda: "knuth-fromRRGG plays RRGG" in line("#caption"))
