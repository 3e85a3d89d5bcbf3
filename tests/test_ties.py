"""Ties told as they are: the counts a partition strategy's trace carries are those of
every code, weighed one by one here (no symmetry), and the words never call a tied guess
"next best" nor say "both" of more than two."""

from __future__ import annotations

import json
from functools import partial

import numpy as np
import pytest

from engine import CodeSpace, get_notation, make_strategy, play
from engine.explain.decisions import alternatives_text, runner_up, sentence, twins_text
from engine.feedback import answers
from engine.play.solver import Solver
from mastermind_tui.modes.main import main

SPACE = CodeSpace(6, 4)
LETTERS = get_notation("letters")
fmt = partial(LETTERS.format, SPACE)


def brute(candidates: np.ndarray, guess: int) -> tuple[int, int, int]:
    """Every code's largest class: (codes tying the best, of those possible, twins of
    ``guess``), with no symmetry and no shortcut."""
    hists = np.array(
        [np.bincount(answers(SPACE, int(g), candidates), minlength=25) for g in SPACE.allowed]
    )
    largest = hists.max(axis=1)
    tied = np.flatnonzero(largest == largest.min())
    own = hists[guess]
    twins = sum(1 for g in tied if g != guess and np.array_equal(hists[g], own))
    return len(tied), int(np.isin(tied, candidates).sum()), twins


@pytest.mark.parametrize("secret", ["OYRG", "YOBR", "RGBY"])
def test_knuths_ties_are_every_code_counted(secret: str) -> None:
    solver = Solver(SPACE, make_strategy("knuth"))
    target = LETTERS.parse(SPACE, secret)
    while not solver.solved:
        before = solver.candidates.copy()
        decision = solver.decide()
        expected = brute(before, decision.guess)  # one or two left: every code counted too
        assert (decision.ties, decision.ties_possible, decision.twins) == expected
        solver.answer_for(target)


def test_oyrg_move_2_tells_its_144_ties_and_draws_a_runner_up_that_differs() -> None:
    steps = play(SPACE, make_strategy("knuth"), LETTERS.parse(SPACE, "OYRG"))
    second = steps[1].decision
    said = sentence(second, fmt)
    assert said.startswith("RRGO and 143 others (6 weighed, each standing for the codes alike")
    assert "all 144 could be the secret, and RRGO comes first as written." in said
    assert "both" not in said
    # The next best scores worse; the tied ones are said as tied.
    assert alternatives_text(second, fmt).startswith("tied at 46: RGRO, RGGO, RGOR and 140 more")
    assert "next best: RRRG 51" in alternatives_text(second, fmt)
    assert twins_text(second, fmt).startswith("143 guesses split the codes exactly as RRGO does")
    before = Solver(SPACE, make_strategy("knuth"))
    before.answer_for(LETTERS.parse(SPACE, "OYRG"))
    rival = runner_up(SPACE, second, before.candidates)
    assert rival is not None and fmt(rival[0]) == "RRRG"
    assert rival[1] != second.partition


def test_yobr_move_4_says_none_of_the_ties_could_be_the_secret() -> None:
    steps = play(SPACE, make_strategy("knuth"), LETTERS.parse(SPACE, "YOBR"))
    fourth = steps[3].decision
    assert (fourth.ties, fourth.ties_possible) == (228, 0)
    assert "none could be the secret, and BBBR comes first as written" in sentence(fourth, fmt)


def test_solve_json_carries_the_reasoning(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "OYRG", "--json"]) == 0
    move = json.loads(capsys.readouterr().out)["guesses"][1]
    why = move["reasoning"]
    assert why["measure"] == "largest class" and why["value"] == 46
    assert (why["ties"], why["ties_could_be_secret"], why["twins"]) == (144, 144, 143)
    assert why["next_best"]["guess"] == "RRRG" and why["runner_up"]["guess"] == "RRRG"
    assert sum(why["runner_up"]["split"].values()) == move["candidates_before"] == 256
    assert why["split"] != why["runner_up"]["split"]


def test_solve_text_never_calls_a_tie_next_best(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "RGBY"]) == 0
    out = capsys.readouterr().out
    assert "next best: RWGG" not in out and "tied at 44: RWGG" in out
    assert "runner-up WRRG would split:" in out
