"""A code named as tied really ties: where exactly two codes tie and the other is a member of
the chosen guess's family (alike but for colours not played yet, left out of the guesses
weighed), the words name that member, never the next best (RPGOT on 8x5
once named YGYWB, 189, as tied with RPYYB at 187)."""

from __future__ import annotations

import re
from functools import partial

import numpy as np
import pytest

from engine import CodeSpace, get_notation, make_strategy
from engine.explain.decisions import sentence, tie_count, tie_rule, tied, tied_other, twins_text
from engine.feedback import answers, partition
from engine.play.solver import Solver
from engine.strategies.partitioning import PartitionStrategy

LETTERS = get_notation("letters")


def brute_score(
    space: CodeSpace, strategy: PartitionStrategy, guess: int, cands: np.ndarray
) -> float:
    """The guess's score as the trace shows it, worked out from its split alone."""
    return strategy.split_value(partition(answers(space, guess, cands), space))


def named_as_tied(space: CodeSpace, said: str, twins: str) -> list[int]:
    """The codes the words name as scoring as the choice: the second of ``X and Y ... both``
    and the twins listed in brackets."""
    out = []
    pair = re.match(r"^\S+ and ([A-Z]+) ", said)
    if pair:
        out.append(LETTERS.parse(space, pair.group(1)))
    listed = re.search(r"\(([A-Z, …]+)\)$", twins)
    if listed:
        out += [LETTERS.parse(space, c) for c in listed.group(1).split(", ") if c != "…"]
    return out


def check_game(space: CodeSpace, name: str, secret: int) -> int:
    """Plays one game, checking every code named as tied; returns how many named twins of a
    pair (the case the bug hit) it met."""
    strategy = make_strategy(name)
    assert isinstance(strategy, PartitionStrategy)
    solver, pairs = Solver(space, strategy), 0
    fmt = partial(LETTERS.format, space)
    while not solver.solved:
        cands = solver.candidates.copy()
        decision = solver.decide()
        if decision.score is not None and len(cands) > 2:
            own = brute_score(space, strategy, decision.guess, cands)
            assert tied(decision, own)
            for code in named_as_tied(space, sentence(decision, fmt), twins_text(decision, fmt)):
                assert code != decision.guess
                assert tied(decision, brute_score(space, strategy, code, cands)), (
                    fmt(decision.guess),
                    fmt(code),
                    sentence(decision, fmt),
                )
            other = tied_other(decision)
            if tie_count(decision) == 2 and decision.ties_known:
                assert other is not None, sentence(decision, fmt)
                could = bool(np.isin(other[0], cands))
                assert other[1] == could
                pairs += not tied(decision, decision.alternatives[0].score)
        solver.answer_for(secret)
    return pairs


#: Sizes, strategies and secrets: a sweep of secrets, led by one (where given) whose game
#: meets a pair whose other code is a family member left out of the guesses weighed.
GAMES = [
    (6, 4, "knuth", [384, *range(0, 1296, 97)]),
    (6, 4, "entropy", range(5, 1296, 131)),
    (6, 4, "expected-size", range(7, 1296, 131)),
    (6, 4, "most-parts", range(11, 1296, 131)),
    (5, 4, "knuth", range(3, 625, 61)),
    (4, 5, "entropy", range(3, 1024, 101)),
    (5, 5, "most-parts", range(3, 3125, 301)),
    (7, 4, "knuth", [660]),
    (7, 4, "expected-size", [660]),
    (8, 4, "entropy", [306]),
    (8, 4, "most-parts", [3468]),
    (6, 5, "knuth", [3492]),
    (6, 5, "expected-size", [2328]),
]


@pytest.mark.parametrize(("colours", "positions", "name", "secrets"), GAMES)
def test_a_code_named_as_tied_scores_as_the_choice(
    colours: int, positions: int, name: str, secrets: list[int] | range
) -> None:
    space = CodeSpace(colours, positions)
    pairs = sum(check_game(space, name, s) for s in secrets)
    if isinstance(secrets, list):  # led by a secret picked for such a pair
        assert pairs >= 1


@pytest.mark.slow
def test_rpgot_on_8x5_names_rtyyb_as_the_twin_of_rpyyb_not_the_next_best() -> None:
    space = CodeSpace(8, 5)
    fmt = partial(LETTERS.format, space)
    solver = Solver(space, make_strategy("knuth"))
    secret = LETTERS.parse(space, "RPGOT")
    for _ in range(2):
        solver.decide()
        solver.answer_for(secret)
    third = solver.decide()
    said = sentence(third, fmt)
    assert said.startswith("RPYYB and RTYYB (the codes alike but for colours not played yet)")
    assert "both leave at most 187 codes; neither could be the secret" in said
    assert "YGYWB" not in said and "YGYWB" not in tie_rule(third, fmt)
    assert twins_text(third, fmt) == "1 guess splits the codes exactly as RPYYB does (RTYYB)"


def test_the_optimums_symmetric_twin_is_one_other_never_the_next_best() -> None:
    """The exact optimum counts a guess's images under the symmetries of the position:
    where one image ties and none is named, the words say "1 other" (they named the next
    best, WBBBB, 2.0 against 1.75) and whether it could be the secret from the count."""
    space = CodeSpace(3, 5)
    fmt = partial(LETTERS.format, space)
    secret = LETTERS.parse(space, "BBRRB")
    solver, seen = Solver(space, make_strategy("optimal")), 0
    while not solver.solved:
        decision = solver.decide()
        if tie_count(decision) == 2 and tied_other(decision) is None:
            said = sentence(decision, fmt)
            assert " and 1 other (the codes that swapping colours and positions" in said
            assert fmt(decision.alternatives[0].guess) not in said
            could = decision.ties_possible == 2
            assert ("both could be the secret" in said) == could, said
            seen += 1
        solver.answer_for(secret)
    assert seen == 1
