"""Ties told as they are, the gaps closed: with one or two codes left
every code is counted; a sample of guesses says its ties are the sample's; the exact
optimum carries tie counts and twins; the guesses expected say the guess is counted."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import numpy as np
import pytest
from numpy.typing import NDArray

from engine import CodeSpace, Solver, get_notation, make_strategy
from engine.explain.decisions import score_text, sentence, tie_text, twins_text
from engine.feedback import answers
from engine.strategies.heuristics import Knuth
from engine.strategies.partition_pool import Limits
from engine.trace import Decision
from mastermind_tui.modes.main import main

Codes = NDArray[np.int32]
SPACE = CodeSpace(6, 4)
LETTERS = get_notation("letters")
fmt = partial(LETTERS.format, SPACE)


def decisions(strategy: str | Knuth, secret: str) -> list[tuple[Codes, Decision]]:
    """Each decision of a game against ``secret`` with the codes it was made on."""
    solver = Solver(SPACE, make_strategy(strategy) if isinstance(strategy, str) else strategy)
    target = LETTERS.parse(SPACE, secret)
    out = []
    while not solver.solved:
        out.append((solver.candidates.copy(), solver.decide()))
        solver.answer_for(target)
    return out


def test_one_or_two_codes_left_count_every_code() -> None:
    """RGOY's last knuth move, with its codes left: every code that tells them apart ties
    (one left: every code), not only the codes left."""
    found = False
    for secret in ("RGOY", "YOBR", "OYRG", "BBBB", "WRGO"):
        for before, decision in decisions("knuth", secret):
            if len(before) > 2:
                continue
            found = True
            hists = [
                np.bincount(answers(SPACE, int(g), before), minlength=25) for g in SPACE.allowed
            ]
            apart = sum(1 for h in hists if h.max() == 1)
            assert decision.ties == apart and decision.ties_possible == len(before)
            if len(before) == 1:
                assert decision.ties == SPACE.count
    assert found


def test_a_sample_of_guesses_says_its_ties_are_the_sample_s() -> None:
    """Past the exact limit the guesses weighed are drawn at random: the sentence says the
    ties (and the next best) are among that sample."""
    knuth = Knuth(Limits(exact=100, sampled_guesses=300))
    said = [
        (decision, sentence(decision, fmt))
        for before, decision in decisions(knuth, "RGOY")
        if len(before) > 2 and "random sample" in decision.note
    ]
    assert said
    for decision, text in said:
        assert decision.ties_among == decision.pool_size
        assert text.startswith(f"Of {decision.pool_size:,} guesses drawn at random, ")


def test_the_exact_optimum_counts_its_ties_and_twins(cache_dir: Path) -> None:
    """optimal on RGOY: BBWR's pattern ties whole at the opening (720 codes, its 719 others
    its twins); later every tie is counted too (``test_optimal_ties``): WGGO's class by
    the position's symmetry, 24 codes, all twins, said without "at least"."""
    (_, first), (before, second), *_ = decisions("optimal", "RGOY")
    assert (first.ties, first.ties_possible, first.twins, first.ties_known) == (720, 720, 719, True)
    assert tie_text(first, fmt).startswith(
        "BBWR and 719 others (the codes with its pattern of colours) need 4.340 guesses on "
        "average, each counting itself; all 720 could be the secret"
    )
    assert second.ties_known and (second.ties, second.twins) == (24, 23)
    assert tie_text(second, fmt).startswith("WGGO and 23 others")
    assert "all 24 could be the secret" in tie_text(second, fmt)
    own = np.bincount(answers(SPACE, second.guess, before), minlength=25)
    for twin in ("WGGY", "WOOG", "WOOY", "WYYG", "WYYO"):  # G, O, Y not played yet
        split = np.bincount(answers(SPACE, LETTERS.parse(SPACE, twin), before), minlength=25)
        assert np.array_equal(split, own)
    assert second.twins >= 5 and twins_text(second, fmt).startswith(f"{second.twins} guesses")


def test_guesses_expected_say_the_guess_is_counted(
    cache_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """solve's "why:" line and compare's columns (score_text) say the convention."""
    (_, first), *_ = decisions("optimal", "RGOY")
    assert score_text(first) == "expected guesses: 4.340, this one counted"
    assert main(["solve", "RGOY", "--strategy", "optimal"]) == 0
    out = capsys.readouterr().out
    assert "why: expected guesses: 4.340, this one counted" in out
    assert main(["solve", "RGOY", "--strategy", "optimal", "--json"]) == 0
    moves = json.loads(capsys.readouterr().out)["guesses"]
    assert moves[0]["reasoning"]["ties"] == 720 and moves[0]["reasoning"]["ties_all_counted"]
