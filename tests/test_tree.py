"""The decision-tree walk: the same guesses and depths as playing every game, the
published totals, and the tree's own shape."""

from __future__ import annotations

import time
from collections import Counter

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine import STRATEGIES, CodeSpace, get_notation, make_strategy, play, score
from engine.feedback import against, encode
from engine.run import Run, Stopped
from engine.strategies import Position, partition_bound
from engine.trees.strategy_tree import Node, build_tree, walk

DETERMINISTIC = [
    n for n, cls in STRATEGIES.items() if cls.deterministic and n != "optimal" and not cls.sizes
]
SPACE = CodeSpace(6, 4)


@pytest.mark.slow
@settings(max_examples=25)
@given(
    name=st.sampled_from(DETERMINISTIC),
    colours=st.integers(2, 5),
    positions=st.integers(1, 4),
)
def test_walk_and_game_by_game_play_agree_on_every_secret(
    name: str, colours: int, positions: int
) -> None:
    """Every game played through the solver (its traced ``choose``) follows the tree the
    walk built (with the untraced ``guess`` and its shortcuts), guess for guess. Up to 256
    codes: 5x4's 625 games, drawn or not, made the test's time vary from 6 to 16 s."""
    assume(colours**positions <= 256)
    space = CodeSpace(colours, positions)
    result = walk(space, make_strategy(name), keep=True)
    assert result.root is not None
    win = encode(positions, 0, positions)
    for secret in range(space.size):
        steps = play(space, make_strategy(name), secret)
        assert result.depths[secret] == len(steps)
        node: Node | None = result.root
        for step in steps:
            assert node is not None and node.guess == step.guess
            answer = encode(*step.answer, positions)
            node = node.children.get(answer) if answer != win else None
        assert node is None


@pytest.mark.parametrize("space", [CodeSpace(4, 4), CodeSpace(5, 4, repeats=False)])
@pytest.mark.parametrize("first_scan", [partition_bound.FIRST_SCAN, 5])
@pytest.mark.parametrize("name", DETERMINISTIC)
def test_guess_is_the_traced_choice_at_every_node(
    name: str, first_scan: int, space: CodeSpace, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The shortcuts of ``guess`` (one or two candidates, the lower bound reached by a
    candidate or by the first guess as written, ties only among the tied, guesses that
    differ only in colours no candidate has weighed once) pick exactly what the full
    ``choose`` picks; with blocks of 5 guesses the search for one reaching the bound goes
    on over several blocks, as on big spaces."""
    monkeypatch.setattr(partition_bound, "FIRST_SCAN", first_scan)
    strategy = make_strategy(name)
    rng = np.random.default_rng(0)
    root = build_tree(space, strategy)
    stack: list[tuple[Node, np.ndarray, tuple[tuple[int, int], ...]]] = [(root, space.allowed, ())]
    checked = 0
    while stack:
        node, cands, history = stack.pop()
        position = Position(space, cands, history, rng)
        assert strategy.guess(position) == strategy.choose(position).guess == node.guess
        checked += 1
        for answer, child in node.children.items():
            left = cands[against(space, node.guess, cands) == answer]
            assert len(left) == child.candidates
            stack.append((child, left, (*history, (node.guess, answer))))
    assert checked > 50


PUBLISHED = {
    "knuth": (5801, {1: 1, 2: 6, 3: 62, 4: 533, 5: 694}),
    "expected-size": (5696, None),
    "entropy": (5722, None),
    "most-parts": (5668, None),
    "sequential": (7471, None),
}


@pytest.mark.parametrize("name", PUBLISHED)
def test_the_walk_gives_the_published_totals(name: str) -> None:
    total, distribution = PUBLISHED[name]
    depths = walk(SPACE, make_strategy(name)).depths
    assert int(depths.sum()) == total
    assert depths.min() >= 1
    if distribution:
        assert dict(Counter(depths.tolist())) == distribution


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "answer", "total", "distribution"),
    [
        ("knuth", (1, 3), 3375, {3: 7, 4: 74, 5: 368, 6: 203}),
        ("entropy", (1, 3), 3226, {3: 7, 4: 98, 5: 469, 6: 78}),
        ("expected-size", (0, 4), 2059, {3: 6, 4: 91, 5: 315, 6: 17}),
        ("most-parts", (0, 4), 2169, {2: 1, 3: 7, 4: 60, 5: 260, 6: 101}),
    ],
)
def test_subtrees_of_8x5_are_what_weighing_every_guess_found(
    name: str, answer: tuple[int, int], total: int, distribution: dict[int, int]
) -> None:
    """8x5 has no answer table: guesses are weighed by matrix products, in blocks, as
    written until one reaches the bound, and guesses differing only in colours no
    candidate has are weighed once. The secrets answering 1 black 3 white (652) or 0 black
    4 white (429) to Knuth's opening 11234 take the guesses the engine found when it
    weighed every guess at every position (the whole 8x5 tree is benchmarks/ work)."""
    space = CodeSpace(8, 5)
    opening = space.from_digits([0, 0, 1, 2, 3])
    answer_class = encode(*answer, 5)
    cands = np.flatnonzero(against(space, opening) == answer_class).astype(np.int32)
    history = ((opening, answer_class),)
    depths = walk(space, make_strategy(name), cands, history).depths[cands]
    assert int(depths.sum()) == total
    assert dict(Counter(depths.tolist())) == distribution


def test_knuths_tree_opens_with_1122_and_is_five_deep() -> None:
    root = build_tree(SPACE, make_strategy("knuth"))
    assert get_notation("numbers").format(SPACE, root.guess) == "1 1 2 2"
    assert root.candidates == 1296 and root.height == 5
    sizes = sorted((child.candidates for child in root.children.values()), reverse=True)
    assert sizes[:4] == [256, 256, 256, 208]
    assert sum(sizes) == 1295  # all but the secret 1122 itself


def test_a_walk_from_a_position_counts_the_moves_already_made() -> None:
    space = SPACE
    steps = play(space, make_strategy("knuth"), 1000)
    first = steps[0]
    history = ((first.guess, encode(*first.answer, 4)),)
    cands = np.array(
        [
            c
            for c in range(space.size)
            if score(space.to_digits(c), space.to_digits(first.guess)) == first.answer
        ],
        dtype=np.int32,
    )
    result = walk(space, make_strategy("knuth"), cands, history)
    assert result.depths[1000] == len(steps)
    assert set(result.reached().tolist()) == set(cands.tolist())


def test_random_strategies_have_no_single_tree() -> None:
    with pytest.raises(ValueError, match="at random"):
        walk(SPACE, make_strategy("random"))


def test_a_tree_build_stops_within_a_second_of_its_runs_stop() -> None:
    """``tree``'s walk takes the run context: its stop (Ctrl+C on the command line) ends a
    7x5 build (seconds of work) at the next check, raising ``Stopped``."""
    started = time.monotonic()
    asked = started + 0.3
    with pytest.raises(Stopped):
        build_tree(
            CodeSpace(7, 5), make_strategy("knuth"), Run(stop=lambda: time.monotonic() > asked)
        )
    assert time.monotonic() - asked < 30  # generous: a busy machine; typically 0.1 s
