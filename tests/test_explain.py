"""The words that explain a decision: one sentence per step in the strategy's own terms,
the tie rule named, and what ``mastermind solve`` prints."""

from __future__ import annotations

import numpy as np
import pytest

from engine import Alternative, CodeSpace, Decision, get_notation, make_strategy, play, score
from engine.explain.decisions import (
    alternatives_text,
    class_codes,
    code_text,
    ruled_out,
    runner_up,
    sentence,
    tie_text,
)
from engine.feedback import Answer, answers, partition
from mastermind_tui.modes.main import main

SPACE = CodeSpace(6, 4)
LETTERS = get_notation("letters")


def fmt(code: int) -> str:
    return LETTERS.format(SPACE, code)


def code(text: str) -> int:
    return LETTERS.parse(SPACE, text)


def knuth(
    score: float, rival: float, consistent: bool = True, rival_consistent: bool = True
) -> Decision:
    return Decision(
        guess=code("RRGG"),
        consistent=consistent,
        score=score,
        score_label="largest class",
        alternatives=(Alternative(code("RGGR"), rival, rival_consistent),),
    )


def test_the_tie_sentence_names_the_rule() -> None:
    assert sentence(knuth(44, 44, True, False), fmt) == (
        "RRGG and RGGR both leave at most 44 codes; RRGG could be the secret, RGGR could not."
    )
    assert sentence(knuth(44, 44, True, True), fmt) == (
        "RRGG and RGGR both leave at most 44 codes; both could be the secret, "
        "and RRGG comes first as written."
    )
    assert sentence(knuth(44, 44, False, False), fmt) == (
        "RRGG and RGGR both leave at most 44 codes; neither could be the secret, "
        "and RRGG comes first as written."
    )


def test_without_a_tie_the_next_best_is_named() -> None:
    assert tie_text(knuth(44, 46), fmt) == ""
    assert sentence(knuth(44, 46), fmt) == (
        "RRGG leaves at most 44 codes, whatever the answer; the next best, RGGR, leaves at most 46."
    )
    assert sentence(knuth(1, 1), fmt).startswith("RRGG and RGGR both leave at most 1 code;")


@pytest.mark.parametrize(
    ("strategy", "words"),
    [
        ("knuth", "BBWW and 89 others (the codes with its pattern of colours) leave at most 256"),
        ("expected-size", "BBWR and 719 others (the codes with its pattern of colours) leave"),
        ("entropy", "BWRG and 359 others (the codes with its pattern of colours) tell 3.057 bits"),
        ("most-parts", "BBWR and 1,079 others (the codes with its pattern of colours) split"),
        ("sequential", "BBBB is the first code still possible in index order."),
        ("random", "was drawn at random from the 1,296 codes still possible."),
        ("classic", "is the first code still possible scanning forward from a random start"),
    ],
)
def test_each_strategy_speaks_its_own_terms(strategy: str, words: str) -> None:
    first = play(SPACE, make_strategy(strategy), code("RGOY"), seed=1)[0]
    assert words in sentence(first.decision, fmt)


def test_a_persons_guess_says_whether_it_could_be_the_secret() -> None:
    decision = Decision(guess=code("RRGG"), consistent=False, note="chosen by the player")
    assert sentence(decision, fmt) == "RRGG could not be the secret (chosen by the player)."


def test_estimates_are_marked() -> None:
    decision = Decision(
        guess=0,
        consistent=True,
        score=2_112_251,
        score_label="largest class",
        note="partitions estimated on 10,000 of 16,777,216 possible codes",
        estimated=True,
    )
    assert sentence(decision, fmt) == "BBBB leaves at most ≈2,112,251 codes, whatever the answer."


def test_next_best_marks_estimates_and_says_what_the_star_means() -> None:
    """Sampled scores carry ≈ and a star is explained where it shows."""
    sampled = Decision(
        guess=0,
        consistent=True,
        score=2_112_251,
        score_label="largest class",
        alternatives=(Alternative(code("BBBW"), 2_186_071, False),),
        note="partitions estimated on 10,000 of 16,777,216 possible codes",
        estimated=True,
    )
    assert alternatives_text(sampled, fmt) == (
        "next best: BBBW ≈2,186,071* (* cannot be the secret)"
    )
    exact = knuth(256, 276)
    assert "≈" not in alternatives_text(exact, fmt) and "*" not in alternatives_text(exact, fmt)


def test_runner_up_split_and_class_codes_match_a_brute_force_count() -> None:
    decision = play(SPACE, make_strategy("knuth"), code("RGOY"))[0].decision
    everything = SPACE.all_indices()
    rival, split = runner_up(SPACE, decision, everything) or (0, {})
    assert fmt(rival) == "BBWR"
    assert max(split.values()) == 276 and sum(split.values()) == 1296
    assert split == partition(answers(SPACE, rival, everything), SPACE)
    worst = class_codes(SPACE, code("BBWW"), everything, Answer(0, 1))
    digits = [SPACE.to_digits(int(c)) for c in worst]
    bbww = SPACE.to_digits(code("BBWW"))
    assert len(worst) == 256
    assert all(score(d, bbww) == Answer(0, 1) for d in digits)
    assert np.all(np.diff(worst) > 0)


def test_solve_prints_the_sentence_for_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "RGBY"]) == 0
    out = capsys.readouterr().out
    assert "      BBWW and 89 others (the codes with its pattern of colours) leave at most" in out
    assert "      WRGG and 47 others (4 weighed, each standing for the codes alike but for " in out
    assert "all 48 could be the secret, and WRGG comes first as written." in out
    assert "next best: WRRG 51" in out and "next best: RWGG" not in out


def test_a_code_is_ruled_out_by_the_first_answer_it_contradicts() -> None:
    moves = [(code("BBWW"), Answer(0, 0)), (code("RRGO"), Answer(1, 2))]
    assert ruled_out(SPACE, code("RGOY"), moves) is None
    assert ruled_out(SPACE, code("WWBB"), moves) == (1, Answer(0, 4))
    assert ruled_out(SPACE, code("RRGO"), moves) == (2, Answer(4, 0))
    assert code_text(SPACE, code("RRGO"), moves, fmt) == (
        "RRGO is ruled out by move 2: had it been the secret, RRGO would have got 4,0, not 1,2."
    )
    assert code_text(SPACE, code("RGOY"), moves, fmt) == (
        "RGOY is still possible: it fits every answer so far."
    )
    assert code_text(SPACE, 0, [], fmt) == "BBBB is possible: no guess has been answered yet."


def test_without_repeats_a_repeated_colour_is_not_a_code_of_the_game() -> None:
    space = CodeSpace(6, 4, repeats=False)
    letters = get_notation("letters")

    def name(c: int) -> str:
        return letters.format(space, c)

    assert code_text(space, space.from_digits([0, 0, 1, 2]), [], name) == (
        "BBWR is not a code of this game: no colour may repeat."
    )
    assert code_text(space, space.from_digits([0, 1, 2, 3]), [], name) == (
        "BWRG is possible: no guess has been answered yet."
    )
