"""The best 8x5 tree known here: the search mixing the heuristics'
trees subtree by subtree (``engine.tools.improve_tree``) beats each of them, and the 8x5 tree it
made, shipped with the engine, finds every secret in fewer guesses than the best
published total (179,751), as ``tree --check`` counts them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import CodeSpace, make_strategy
from engine.strategies.shipped_tree import SHIPPED, shipped_text
from engine.tools.improve_tree import PUBLISHED_8X5, search
from engine.trees.strategy_tree import walk
from mastermind_tui.modes.main import main


def test_the_mix_beats_every_heuristic_on_4x4() -> None:
    space = CodeSpace(4, 4)
    alone = min(int(walk(space, make_strategy(n)).depths.sum()) for n in ("entropy", "knuth"))
    openings = [space.from_digits([0, 0, 1, 1]), space.from_digits([0, 0, 1, 2])]
    steered, total = search(space, openings, lambda _: None)
    assert total == int(walk(space, steered).depths.sum()) < alone  # type: ignore[arg-type]


@pytest.mark.slow
def test_the_shipped_8x5_tree_beats_the_best_published_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert SHIPPED.is_file()
    unpacked = tmp_path / "best-8x5.json"
    unpacked.write_text(shipped_text(), encoding="utf-8")
    argv = ["tree", "--check", str(unpacked), "--colours", "8", "--positions", "5"]
    assert main([*argv, "--format", "json"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert checked["found"] is True and checked["total_guesses"] < PUBLISHED_8X5
