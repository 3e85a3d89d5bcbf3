"""Every strategy at every size the engine accepts: small sizes exhaustively by
pair, the extremes (2x24, 20x4, 8x8) by a sampled secret, with partition strategies'
sampling thresholds lowered so that their sampled paths run on small sizes too.

Every game must end solved, every move must leave fewer codes possible (so no game takes
more guesses than there are codes), consistent strategies must only guess possible codes,
and every answer and every set of codes left is checked against a plain-Python scorer.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from engine import STRATEGIES, CodeSpace
from engine.codes import MAX_CODES, MAX_COLOURS, MIN_COLOURS
from engine.errors import ConfigError
from engine.feedback import against, encode
from engine.play.solver import Solver
from engine.strategies import Strategy
from engine.strategies.optimal import Optimal
from engine.strategies.partition_pool import Limits
from engine.strategies.partitioning import PartitionStrategy
from engine.trace import Step

#: Sizes up to this many codes are swept pair by pair, and their codes left checked whole.
SWEEP_CODES = 400
#: Small enough that a 400-code game uses tables, full weighing, sampled guesses, sampled
#: candidates and the pair budget's reduced pool, each on some move.
LOW = Limits(
    table=64,
    exact=128,
    pair_budget=600,
    sampled_guesses=40,
    sampled_candidates=30,
    block_entries=500,
    product_entries=500,
)
EXTREMES = [(2, 24), (20, 4), (8, 8)]
#: Sizes played without repeated colours (up to 1,296 indices, 360 codes).
NO_REPEATS = [(2, 2), (3, 3), (5, 2), (5, 3), (6, 4), (7, 3), (9, 2)]
#: The exact optimal search is slow to start: swept on the smaller sizes only.
OPTIMAL_CODES = 100
#: The exact searches (the optimum, and the optimum guessing possible codes only).
EXACT = {name for name, cls in STRATEGIES.items() if issubclass(cls, Optimal)}
#: The strategies that play any size (not a tree kept for one size, as best-8x5).
ANY_SIZE = [name for name, cls in STRATEGIES.items() if not cls.sizes]
#: What a partition strategy's trace says on each of its sampled paths.
SAMPLED_PATHS = ("a random sample", "partitions estimated on", "guesses weighed, drawn at random")


def plain_score(secret: tuple[int, ...], guess: tuple[int, ...]) -> tuple[int, int]:
    """Blacks and whites the slow, obvious way: written independently of the engine."""
    black = sum(a == b for a, b in zip(secret, guess, strict=True))
    common = sum((Counter(secret) & Counter(guess)).values())
    return black, common - black


def make(name: str) -> Strategy:
    cls = STRATEGIES[name]
    return cls(LOW) if issubclass(cls, PartitionStrategy) else cls()


def sizes() -> list[tuple[int, int]]:
    out = []
    for colours in range(MIN_COLOURS, MAX_COLOURS + 1):
        positions = 1
        while colours**positions <= SWEEP_CODES:
            out.append((colours, positions))
            positions += 1
    return out


def play_checked(space: CodeSpace, name: str, secret: int, check_all: bool) -> list[Step]:
    strategy = make(name)
    try:
        strategy.check(space)
    except ConfigError:
        return []  # a strategy may refuse a size, before any game starts (optimal does)
    solver = Solver(space, strategy, seed=secret)
    secret_digits = space.to_digits(secret)
    left = space.count
    while not solver.solved:
        decision = solver.decide()
        guess_digits = space.to_digits(decision.guess)
        assert space.repeats or len(set(guess_digits)) == space.positions, (name, space)
        if not strategy_may_guess_impossible(name):
            assert decision.consistent, (name, space, decision)
        step = solver.answer_for(secret)
        assert tuple(step.answer) == plain_score(secret_digits, guess_digits)
        cands = solver.candidates
        assert step.candidates_after == len(cands) < left or step.answer.black == space.positions
        left = len(cands)
        assert secret in cands
        history = [
            (space.to_digits(s.guess), (s.answer.black, s.answer.white)) for s in solver.steps
        ]
        if check_all:
            want = [
                code
                for code in range(space.size)
                if (space.repeats or len(set(space.to_digits(code))) == space.positions)
                and all(plain_score(space.to_digits(code), g) == a for g, a in history)
            ]
            assert cands.tolist() == want
        else:
            rng = np.random.default_rng(secret)
            for code in rng.choice(cands, min(len(cands), 20), replace=False):
                digits = space.to_digits(int(code))
                assert all(plain_score(digits, g) == a for g, a in history)
        assert len(solver.steps) <= space.count
    return solver.steps


def strategy_may_guess_impossible(name: str) -> bool:
    cls = STRATEGIES[name]
    exact = issubclass(cls, Optimal) and not cls.only_possible  # optimal, optimal-worst
    return issubclass(cls, PartitionStrategy) or exact


@pytest.mark.slow
@pytest.mark.parametrize("name", ANY_SIZE)
def test_every_small_size(name: str, cache_dir: Path) -> None:
    played = 0
    notes: set[str] = set()
    for colours, positions in sizes():
        space = CodeSpace(colours, positions)
        if name in EXACT and space.size > OPTIMAL_CODES:
            continue
        rng = np.random.default_rng(colours * 100 + positions)
        picks = {0, space.size - 1, int(rng.integers(space.size))}
        for secret in sorted(picks):
            steps = play_checked(space, name, secret, check_all=True)
            played += bool(steps)
            notes.update(s.decision.note for s in steps)
    assert played > 40
    if issubclass(STRATEGIES[name], PartitionStrategy):
        for path in SAMPLED_PATHS:
            assert any(path in note for note in notes), path


@pytest.mark.parametrize("name", ANY_SIZE)
def test_small_sizes_without_repeats(name: str, cache_dir: Path) -> None:
    """The same checks on games without repeated colours (every guess allowed too), the
    partition strategies' sampled paths included."""
    notes: set[str] = set()
    for colours, positions in NO_REPEATS:
        space = CodeSpace(colours, positions, repeats=False)
        if name in EXACT and space.count > OPTIMAL_CODES:
            continue
        allowed = space.allowed
        rng = np.random.default_rng(colours * 100 + positions)
        for secret in {int(allowed[0]), int(allowed[-1]), int(rng.choice(allowed))}:
            steps = play_checked(space, name, secret, check_all=True)
            assert steps or name in EXACT
            notes.update(s.decision.note for s in steps)
    if issubclass(STRATEGIES[name], PartitionStrategy):
        for path in SAMPLED_PATHS:
            assert any(path in note for note in notes), path


@pytest.mark.slow
@pytest.mark.parametrize(("colours", "positions"), EXTREMES)
@pytest.mark.parametrize("name", [n for n in ANY_SIZE if n not in EXACT])
def test_the_extremes(name: str, colours: int, positions: int) -> None:
    space = CodeSpace(colours, positions)
    assert space.size <= MAX_CODES
    secret = int(np.random.default_rng(positions).integers(space.size))
    assert play_checked(space, name, secret, check_all=False)


def test_answers_past_fifteen_positions_match_the_plain_scorer() -> None:
    space = CodeSpace(2, 24)
    rng = np.random.default_rng(24)
    guess = int(rng.integers(space.size))
    codes = np.unique(rng.integers(space.size, size=2000)).astype(np.int32)
    g = space.to_digits(guess)
    want = [encode(*plain_score(space.to_digits(int(c)), g), 24) for c in codes]
    assert against(space, guess, codes).tolist() == want
