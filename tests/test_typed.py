"""Typed commands are read without an app."""

import pytest

from engine import AnswerError
from mastermind_tui.game.typed import Kind, parse_answer, read_line


@pytest.mark.parametrize("text", ["2,1", "2 1", "21", " 2 , 1 ", "2b1w", "2B 1W", "2;1"])
def test_answer_forms(text: str) -> None:
    assert parse_answer(text) == (2, 1)


@pytest.mark.parametrize("text", ["", "x", "2", "123", "2,1,0", "b,w"])
def test_bad_answers_explain(text: str) -> None:
    with pytest.raises(AnswerError, match="not an answer"):
        parse_answer(text)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("BOARD", Kind.BOARD),
        ("board", Kind.BOARD),
        ("Quit", Kind.QUIT),
        ("help", Kind.HELP),
        ("?", Kind.HELP),
        ("  ", Kind.EMPTY),
        ("secret", Kind.SECRET),
        ("undo", Kind.UNDO),
        ("Hint", Kind.HINT),
        ("h", Kind.HINT),  # no notation has a colour H: a line of just H is the hint
    ],
)
def test_words_in_any_case(text: str, kind: Kind) -> None:
    assert read_line(text).kind is kind
    assert read_line(text, "answer").kind is kind


def test_guess_and_answer_lines() -> None:
    assert read_line("r r g g") == read_line("r r g g", "guess")
    assert read_line("r r g g").kind is Kind.GUESS
    assert read_line("r r g g").text == "r r g g"
    typed = read_line("3 0", "answer")
    assert (typed.kind, typed.black, typed.white) == (Kind.ANSWER, 3, 0)


def test_secret_keeps_its_code() -> None:
    assert read_line("SECRET rgby").text == "rgby"


def test_fix() -> None:
    typed = read_line("fix 3 2,1", "answer")
    assert (typed.kind, typed.move, typed.black, typed.white) == (Kind.FIX, 3, 2, 1)
    with pytest.raises(AnswerError, match="FIX 3 2,1"):
        read_line("fix", "answer")
    with pytest.raises(AnswerError):
        read_line("fix x 2,1")
