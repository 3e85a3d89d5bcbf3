"""Messages that say what is really wrong."""

from __future__ import annotations

import re

import pytest

from engine import CodeSpace, get_notation
from engine.errors import CodeError
from engine.notation import parse_in_game
from mastermind_tui.game.rivals import read_strategies
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.main import main


@pytest.mark.parametrize(
    ("names", "said"),
    [
        (["knuth", "knuth"], "knuth was named twice: name 2 to 4 different strategies"),
        (["knuth", "KNUTH", "knuth"], "knuth was named 3 times: name 2 to 4 different"),
        (["knuth"], "name 2 to 4 different strategies to compare (got 1)"),
    ],
)
def test_a_strategy_named_twice_is_said(names: list[str], said: str) -> None:
    with pytest.raises(Exception, match=re.escape(said)):
        read_strategies(names, Settings.build())


def test_compare_knuth_knuth_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "RGBY", "knuth", "knuth"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "knuth was named twice" in err


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        # What no colour is, named before the pegs are counted.
        ("rgby!", "'!' is not a colour here; use B W R G O Y"),
        ("RGBYO", "'RGBYO' has 5 pegs; a code here has 4 positions"),
        # The app's command line keeps 300 characters of 400 typed: never "has 300 pegs".
        ("R" * 300, "is too long; a code here has 4 positions"),
        ("RG BY" * 60, "is too long; a code here has 4 positions"),
    ],
    ids=["strange", "five", "cut", "cut-spaced"],
)
def test_a_code_says_what_is_wrong_with_it(typed: str, said: str) -> None:
    space, letters = CodeSpace(6, 4), get_notation("letters")
    with pytest.raises(CodeError, match=re.escape(said)) as caught:
        letters.parse(space, typed)
    assert "pegs" not in str(caught.value) or len(typed) < 40
    with pytest.raises(CodeError, match=re.escape(said)):
        parse_in_game(space, typed, letters)


def test_tree_depth_1_is_its_first_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tree", "--depth", "1"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("its first level (the rest not worked out)")


def test_the_opening_help_gives_codes_of_the_default_size(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Its examples were 5-peg codes (BBWWR) against the 6x4 default; Knuth's 1122 is
    typed as printed, in numbers."""
    assert main(["solve", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "BBWW, 0011 in digits; Knuth's 1122 as printed with --notation numbers" in text
    assert "knuth-from1122," not in text
    space = CodeSpace(6, 4)
    codes = {
        get_notation(name).parse(space, code)
        for name, code in (("letters", "BBWW"), ("digits", "0011"), ("numbers", "1122"))
    }
    assert len(codes) == 1
    assert "e.g. knuth-from1122" in text
