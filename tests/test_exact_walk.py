"""A run of every secret that ``stats`` calls exact weighs every guess: the pair
budget, which keeps one move in play quick, never samples the guesses of a walk below the
sampling limit (it did on 4x8 and 5x7, Knuth 350,748 from 11111234 where every guess
weighed gives 350,750)."""

from __future__ import annotations

import pytest

from engine import CodeSpace
from engine.strategies import make_strategy, partitioning
from engine.strategies.partition_pool import Limits
from engine.trees.strategy_tree import Node, walk
from engine.walks.games import walk_depths
from engine.walks.stats import run_stats


def _small_budget() -> Limits:
    return Limits(pair_budget=2_000)


def test_a_walk_weighs_every_guess_past_the_pair_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    space = CodeSpace(6, 4)
    monkeypatch.setattr(partitioning, "Limits", _small_budget)
    sampled = walk(space, make_strategy("knuth")).depths
    assert int(sampled.sum()) != 5801  # the budget bites: a move weighs a sample
    assert int(walk_depths(space, "knuth").sum()) == 5801
    result = run_stats(space, "knuth", space.allowed)
    assert result.total_guesses == 5801 and result.exact


def test_a_few_games_weigh_every_guess_too(monkeypatch: pytest.MonkeyPatch) -> None:
    space = CodeSpace(6, 4)
    everything = walk_depths(space, "most-parts")
    monkeypatch.setattr(partitioning, "Limits", _small_budget)
    secrets = space.allowed[:40]
    result = run_stats(space, "most-parts", secrets, parallel_after=1e9)
    assert result.exact
    assert result.total_guesses == int(everything[secrets].sum())


def _guesses(node: Node) -> int:
    """Guesses over every secret: each secret below a node is guessed at once there."""
    return node.candidates + sum(_guesses(child) for child in node.children.values())


def test_the_tree_command_weighs_every_guess_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from mastermind_tui.cli.tree import build

    space = CodeSpace(6, 4)
    monkeypatch.setattr(partitioning, "Limits", _small_budget)
    root = build(space, make_strategy("knuth"))
    assert _guesses(root) == 5801 and root.height == 5
