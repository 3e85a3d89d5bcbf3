"""The shipped 8x5 tree as a strategy: ``--strategy best-8x5`` plays
engine/data/best-8x5.json.gz move by move, on 8x5 with repeats only, and every command
that takes a strategy reads the same 179,568 guesses from it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_helpers import until
from textual.widgets import Static

from engine import CodeSpace, make_strategy, play
from engine.feedback import answers, encode
from engine.strategies import NO_DRAWS, STRATEGIES, Position
from engine.strategies.shipped_tree import moves, shipped_total
from engine.tools.improve_tree import PUBLISHED_8X5
from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import main
from mastermind_tui.navigation import Start
from mastermind_tui.screens.watch import WatchScreen

NAME = "best-8x5"
SPACE = CodeSpace(8, 5)
SUPER = ["--colours", "8", "--positions", "5"]
#: The tree's total, counted from its file.
TOTAL = 179_568


def test_it_is_registered_and_says_which_size_it_plays() -> None:
    cls = STRATEGIES[NAME]
    assert cls.sizes == ((8, 5, True),) and cls.deterministic
    assert "8x5" in cls.summary and "179,568" in cls.summary


def test_the_file_counts_fewer_guesses_than_the_best_published() -> None:
    assert shipped_total() == TOTAL < PUBLISHED_8X5


@pytest.mark.slow
def test_it_opens_with_11223() -> None:
    first = make_strategy(NAME).guess(Position(SPACE, SPACE.allowed, (), NO_DRAWS))
    assert first == SPACE.from_digits([0, 0, 1, 1, 2])


@pytest.mark.parametrize("secret", [0, 1234, 20_000, SPACE.size - 1])
def test_a_game_follows_the_tree_to_the_secret(secret: int) -> None:
    steps = play(SPACE, make_strategy(NAME), secret)
    assert steps[-1].guess == secret and len(steps) <= 7
    history: tuple[tuple[int, int], ...] = ()
    for step in steps:
        assert moves()[history] == step.guess
        assert "shipped 8x5 tree" in step.decision.why
        history = (*history, (step.guess, encode(*step.answer, 5)))


def test_off_the_tree_it_plays_entropy_and_says_so() -> None:
    guess = SPACE.from_digits([0, 1, 2, 3, 4])  # not the tree's opening
    split = answers(SPACE, guess, SPACE.allowed)
    cls = encode(3, 2, 5)  # two of its pegs swapped: ten codes
    position = Position(SPACE, SPACE.allowed[split == cls], ((guess, cls),), NO_DRAWS)
    choice = make_strategy(NAME).choose(position)
    assert choice.guess == make_strategy("entropy").guess(position)
    assert "off the shipped tree" in choice.note and "entropy" in choice.why


@pytest.mark.parametrize(
    "argv",
    [
        ["stats", "--all", "--strategy", NAME],  # 6x4
        ["solve", "--strategy", NAME, *SUPER, "--no-repeats", "12345"],
        ["tree", "--strategy", NAME, "--colours", "7", "--positions", "5"],
    ],
)
def test_any_other_size_is_refused_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "plays only 8 colours and 5 positions with repeats" in err


def test_stats_over_every_secret_totals_the_tree(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--all", *SUPER, "--strategy", NAME, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["games"], result["total_guesses"], result["worst"]) == (32_768, TOTAL, 7)


@pytest.mark.slow
def test_its_exported_tree_passes_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tree", "--strategy", NAME, *SUPER, "--format", "json"]) == 0
    exported = tmp_path / "best.json"
    exported.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["tree", "--check", str(exported), *SUPER, "--format", "json"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert checked["found"] is True and checked["total_guesses"] == TOTAL


def test_solve_says_it_follows_the_tree(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--strategy", NAME, *SUPER, "--notation", "numbers", "1 2 3 4 5"]) == 0
    out = capsys.readouterr().out
    assert f"with {NAME}" in out and "1 1 2 2 3 is the shipped 8x5 tree's guess here" in out
    assert "Solved in" in out


@pytest.mark.slow
async def test_watch_plays_it() -> None:
    settings = Settings.build(mode=WATCH, strategy=NAME, colours=8, positions=5, seed=1)
    secret = SPACE.from_digits([1, 2, 3, 4, 5])
    app = MastermindApp(Start(settings, secret))
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, WatchScreen))
        await app.workers.wait_for_complete()
        await pilot.press("n")
        advice = app.screen.query_one("#trace-advice", Static)
        await until(pilot, lambda: "shipped 8x5 tree" in str(advice.render()))
        await pilot.press("end")
        caption = app.screen.query_one("#caption", Static)
        await until(pilot, lambda: "Solved in" in str(caption.render()))
