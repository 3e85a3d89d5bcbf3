"""Every strategy against the seeds' games and the published figures."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine import STRATEGIES, CodeSpace, get_notation, make_strategy, play
from engine.feedback import against
from engine.strategies.consistent import Classic
from engine.strategies.guess_pools import (
    canonical_codes,
    distinct_guesses,
    opening_patterns,
    written_order,
)
from engine.walks.stats import choose_secrets, run_stats

SPACE = CodeSpace(6, 4)
DIGITS = get_notation("digits")
NUMBERS = get_notation("numbers")
#: The strategies that play any size (not a tree kept for one size, as best-8x5).
ANY_SIZE = [name for name, cls in STRATEGIES.items() if not cls.sizes]


def test_sequential_reproduces_seed_000_sample_game() -> None:
    steps = play(SPACE, make_strategy("sequential"), DIGITS.parse(SPACE, "4204"))
    rows = [(DIGITS.format(SPACE, s.guess), s.answer.white, s.answer.black) for s in steps]
    # Seed 000 prints "Guess  W B".
    assert rows == [("0000", 0, 1), ("1110", 1, 0), ("2202", 0, 2), ("3302", 1, 1), ("4204", 0, 4)]
    assert [s.decision.details["skipped"] for s in steps] == [0, 42, 402, 6, 426]


# Published totals over all 1296 secrets (shared/reference/solvers.md).
PUBLISHED = {
    "knuth": (5801, 5, "1 1 2 2"),
    "expected-size": (5696, 6, "1 1 2 3"),
    "entropy": (5722, 6, "1 2 3 4"),
    "most-parts": (5668, 6, "1 1 2 3"),
    "sequential": (7471, 9, "1 1 1 1"),
}


@pytest.mark.parametrize("name", PUBLISHED)
def test_published_totals_over_every_secret(name: str) -> None:
    total, worst, opening = PUBLISHED[name]
    result = run_stats(SPACE, name, choose_secrets(SPACE, None, None))
    assert (result.total_guesses, result.worst) == (total, worst)
    assert result.games == 1296
    assert sum(result.distribution.values()) == 1296
    first = play(SPACE, make_strategy(name), 0)[0]
    assert NUMBERS.format(SPACE, first.guess) == opening


def test_knuth_distribution_and_first_partition() -> None:
    result = run_stats(SPACE, "knuth", choose_secrets(SPACE, None, None))
    assert result.distribution == {1: 1, 2: 6, 3: 62, 4: 533, 5: 694}
    step = play(SPACE, make_strategy("knuth"), 1000)[0]
    assert step.decision.score == 256
    assert step.decision.score_label == "largest class"
    assert max(step.decision.partition.values()) == 256
    assert [a.score for a in step.decision.alternatives[:2]] == [276, 312]


def test_random_average_is_in_published_range() -> None:
    result = run_stats(SPACE, "random", choose_secrets(SPACE, 1000, 7), seed=7)
    assert 4.55 < result.average < 4.75
    assert result.worst <= 8


def test_classic_scan_wraps_and_reports_the_start() -> None:
    class Draw:
        def __call__(self, n: int) -> int:
            return n - 1  # always start at the last index: forces the wrap

    steps = play(SPACE, Classic(draw=Draw()), 700)
    assert steps[0].guess == SPACE.size - 1
    assert all(s.decision.details["scan_start"] == SPACE.size - 1 for s in steps)
    assert "wrapped round to 0" in steps[1].decision.note


def test_opening_patterns_are_written_as_the_literature_does() -> None:
    assert sorted(NUMBERS.format(SPACE, c) for c in opening_patterns(SPACE)) == [
        "1 1 1 1",
        "1 1 1 2",
        "1 1 2 2",
        "1 1 2 3",
        "1 2 3 4",
    ]


def test_canonical_codes_keep_one_code_per_symmetry_class() -> None:
    space = CodeSpace(4, 3)
    kept = canonical_codes(space, (1, 2, 3))
    # Patterns over colour 0 and interchangeable colours 1..3, first as written.
    letters = get_notation("letters")
    written = {letters.format(space, c) for c in kept}
    assert "BWR" in written and "BRW" not in written and "WBW" in written
    assert len(kept) == 15


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.data())
def test_guesses_differing_only_in_dead_colours_are_weighed_once(data: st.DataObject) -> None:
    """Of the canonical guesses, those that hold colours no candidate has are kept only
    where no earlier guess as written differs from them just in those colours; every
    guess dropped splits the candidates exactly as an earlier kept one does."""
    space = CodeSpace(5, 3, repeats=data.draw(st.booleans()))
    dead = tuple(sorted(data.draw(st.sets(st.integers(0, 4), min_size=2, max_size=3))))
    live = space.allowed[~np.isin(space.digits[:, space.allowed], dead).any(axis=0)]
    assume(len(live))  # three colours dead leave no code of three different ones
    drawn = data.draw(st.sets(st.sampled_from(live.tolist()), min_size=1))
    cands = np.array(sorted(drawn), dtype=np.int32)
    unused = data.draw(st.sampled_from([(), (3, 4), (2, 3, 4)]))
    kept = distinct_guesses(space, unused, dead)
    assert (np.diff(written_order(space, kept)) > 0).all()
    splits = {int(g): tuple(against(space, int(g), cands)) for g in kept}
    rank = dict(zip(kept.tolist(), written_order(space, kept).tolist(), strict=True))
    for guess in canonical_codes(space, unused).tolist():
        if guess in splits:
            continue
        split = tuple(against(space, guess, cands))
        own = int(written_order(space, np.array([guess]))[0])
        assert any(s == split and rank[k] < own for k, s in splits.items())
    assert set(cands.tolist()) & set(canonical_codes(space, unused).tolist()) <= set(splits)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(sorted(ANY_SIZE)),
    st.integers(2, 5),
    st.integers(1, 4),
    st.data(),
)
def test_every_strategy_finds_every_secret(
    name: str, colours: int, positions: int, data: st.DataObject
) -> None:
    space = CodeSpace(colours, positions)
    secret = data.draw(st.integers(0, space.size - 1))
    seed = data.draw(st.integers(0, 2**32))
    steps = play(space, make_strategy(name), secret, seed=seed)
    assert steps[-1].guess == secret
    assert steps[-1].answer.black == positions
    for step in steps:
        d = step.decision
        assert sum(d.partition.values()) == d.candidates_before
        if step is not steps[-1]:
            assert step.candidates_after == d.partition[step.answer]
    if name in ("sequential", "classic", "random"):
        assert all(s.decision.consistent for s in steps)


@pytest.mark.parametrize("name", sorted(ANY_SIZE))
def test_every_strategy_solves_every_secret_of_a_small_game(name: str) -> None:
    space = CodeSpace(4, 3)
    result = run_stats(space, name, choose_secrets(space, None, None), seed=3)
    assert result.games == 64 and result.worst <= 8


@pytest.mark.slow
def test_big_space_plays_in_bounded_memory_with_consistent_strategies() -> None:
    space = CodeSpace(8, 8)
    secret = 12_345_678
    for name in ("sequential", "classic", "random"):
        steps = play(space, make_strategy(name), secret, seed=1)
        assert steps[-1].guess == secret


@pytest.mark.slow
def test_big_space_minimax_samples_and_says_so() -> None:
    space = CodeSpace(8, 7)
    steps = play(space, make_strategy("knuth"), 1_234_567)
    assert steps[-1].guess == 1_234_567
    assert any("sample" in s.decision.note for s in steps[1:])


def test_unknown_strategy() -> None:
    with pytest.raises(ValueError, match="unknown strategy 'magic'"):
        make_strategy("magic")


def test_partition_strategies_are_deterministic() -> None:
    a = [s.guess for s in play(SPACE, make_strategy("entropy"), 999)]
    b = [s.guess for s in play(SPACE, make_strategy("entropy"), 999)]
    assert a == b
    assert np.all(
        np.diff([s.candidates_after for s in play(SPACE, make_strategy("knuth"), 5)]) <= 0
    )


def test_a_candidate_that_tells_every_code_apart_ends_the_search() -> None:
    letters = get_notation("letters")
    steps = play(SPACE, make_strategy("knuth"), letters.parse(SPACE, "RGBY"))
    last = steps[-1].decision
    assert last.candidates_before == 6 and last.score == 1
    assert last.note == "a possible code splits the rest into single codes"
    # Every guess is still weighed, so that the ties told are all of them: 11 codes that
    # cannot be the secret split the 6 apart as well.
    assert last.pool_size == 1296 and (last.ties, last.ties_possible) == (12, 1)


def test_no_draws_refuses_a_draw_and_copies_like_any_object() -> None:
    """What deterministic strategies get in trees and statistics instead of a generator
    (making one imports numpy.random): a draw is a bug; copying it is not."""
    import copy

    from engine.strategies import NO_DRAWS

    with pytest.raises(AssertionError, match="drew from its generator"):
        NO_DRAWS.integers(3)
    assert copy.deepcopy(NO_DRAWS) is not None and not hasattr(NO_DRAWS, "__len__")
