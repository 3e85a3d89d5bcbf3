"""The match rules: rounds, roles, scores and the verdict."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import MastermindError, Rules
from engine.play.match import COMPUTER, PERSON, Match
from engine.words import plural


def test_verdict_says_whose_moves_are_whose() -> None:
    match = Match(Rules(rounds=1), (PERSON, COMPUTER))
    match.count(10)
    match.advance()
    match.count(9)
    whose = " (you played 10 moves; the computer played 9 moves)"
    assert match.verdict() == "The computer wins, 9 to your 10" + whose
    match.scores[PERSON] = 8
    assert match.verdict().startswith("You win, 8 to the computer's 9 (")
    match.scores[PERSON] = 9
    assert match.verdict().startswith("A draw, 9 each (")


def test_totals_count_only_moves_played() -> None:
    """A game lost in 3 and one quit at once score 4 each, but only 3
    moves were played; the verdict says both, and the rule is said once."""
    match = Match(Rules(rounds=2, max_moves=3), (PERSON,))
    match.count(4, 3)
    match.advance()
    match.count(4, 0)
    assert (
        match.verdict() == "Final score: 8 (you played 3 moves, 2 games not solved scoring 4 each)"
    )
    line = match.status(0, (False, 4))
    assert line.count(" 4") == 1 and "move limit plus one" in line


def test_one_role_status_shows_moves_left_and_no_computer_score() -> None:
    match = Match(Rules(max_moves=10), (PERSON,))
    line = match.status(moves_used=3)
    assert line == "Round 1/1: you break · move 4 of 10 (7 left)"
    assert match.status(10, (False, 11)).endswith("not solved: scores 11, the move limit plus one")
    assert match.status(1, (True, 1)).endswith("solved in 1 move")
    both = Match(Rules(max_moves=10), (PERSON, COMPUTER))
    assert both.status(0).endswith("score you 0, computer 0 (lower wins)")
    assert match.verdict() == "Final score: 0 (you played 0 moves)"


def test_last_game_refuses_to_advance() -> None:
    match = Match(Rules(rounds=2), (PERSON, COMPUTER))
    for _ in range(3):
        match.advance()
    assert (match.round, match.role) == (2, COMPUTER) and match.last_game
    with pytest.raises(MastermindError, match="match is over"):
        match.advance()


@given(st.integers(0, 10_000))
def test_plural_agrees_with_count(n: int) -> None:
    text = plural(n, "code")
    assert text.endswith("code" if n == 1 else "codes")
    assert text.replace(",", "").startswith(str(n))
