"""A cached tree edited and its digest computed again is sound by its digest, its sums
and its shape: it is played against every code before use, so that a leaf naming a code
it does not find, or a guess that does not split its codes as its children say, is one
line naming the file, moved aside, and the tree searched again answers right."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from engine import CodeSpace, Solver
from engine.optimal.criterion import Criterion, cache_key
from engine.optimal.solutions import solution
from engine.optimal.tree import tree_from_json, vouch
from engine.storage import cache
from engine.strategies import make_strategy

SPACE = CodeSpace(3, 3)
TOTAL = 73  # the optimum of 3x3


def nodes(data: list[Any]) -> list[list[Any]]:
    """Every node of a stored tree, root first."""
    found = [data]
    for _, child in data[3]:
        found += nodes(child)
    return found


def edit(data: list[Any], how: str) -> None:
    """Change a stored tree so that its sums still add up."""
    every = nodes(data)
    if how == "leaf":  # a leaf names another code
        leaf = next(n for n in every if n[1] == 1 and not n[3])
        leaf[0] = (leaf[0] + 1) % SPACE.size
    elif how == "answers":  # two answers' subtrees swapped
        node = next(n for n in every if len(n[3]) >= 2 and n[3][0][1][1] == n[3][1][1][1])
        node[3][0][0], node[3][1][0] = node[3][1][0], node[3][0][0]
    elif how == "guess":  # the root guesses another code with the same children
        data[0] = (data[0] + 1) % SPACE.size


@pytest.mark.parametrize("how", ["leaf", "answers", "guess"])
def test_an_edited_tree_with_its_digest_recomputed_is_not_used(cache_dir: Path, how: str) -> None:
    solution(3, 3)
    solution.cache_clear()
    criterion = Criterion()
    name, key = criterion.file(SPACE), cache_key(SPACE, criterion)
    stored = cache.load(name, key)
    assert isinstance(stored, list)
    edit(stored, how)
    tree_from_json(stored, SPACE)  # its sums and shape are sound
    cache.save(name, key, stored)  # and so is its digest
    found = solution(3, 3)
    notice = found.tell()
    path = cache_dir / name
    assert str(path) in notice and "moved aside as" in notice and "\n" not in notice
    assert Path(f"{path}.bad").exists()
    assert found.tree.total == TOTAL
    strategy = make_strategy("optimal")
    for secret in SPACE.allowed:
        solver = Solver(SPACE, strategy)
        while not solver.solved:
            solver.answer_for(int(secret))
        assert solver.steps[-1].guess == secret


def test_a_sound_tree_is_vouched_for_in_little_time(cache_dir: Path) -> None:
    space = CodeSpace(4, 4)
    tree = solution(4, 4).tree
    vouch(tree, space)
    start = time.perf_counter()
    vouch(tree, space)
    assert time.perf_counter() - start < 2.0  # generous: milliseconds on an idle core
