"""A strategy of your own in a file (``engine.strategies.own``): the worked example plays
the 1978 listings' search (7,471 guesses over every 6x4 secret), worker processes and a
cluster's workers play it without reading the file, a random one is seeded, its reasons
show in solve and watch, and a file that cannot be used is one line naming it (exit 2)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from app_helpers import until
from textual.widgets import Static

from engine import CodeSpace
from engine.feedback import answers
from engine.run import Run
from engine.strategies import make_strategy
from engine.strategies.own import split_sizes, split_table
from engine.walks import parallel
from engine.walks.parallel import in_processes
from engine.walks.stats import run_stats
from mastermind_tui.game import preferences
from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.watch import WatchScreen

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "first_possible.py"
MASTERMIND = [sys.executable, "-m", "mastermind_tui"]
RANDOM = '''
from engine.strategies.own import Choice, Position, Strategy


class AnyPossible(Strategy):
    """Any code still possible, drawn at random."""

    name = "any-possible"
    deterministic = False

    def choose(self, position: Position) -> Choice:
        guess = int(position.rng.choice(position.candidates))
        return Choice(guess, consistent=True, why="{guess} was drawn from the codes left.")
'''


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*MASTERMIND, *args], capture_output=True, text=True, cwd=cwd)


def test_the_example_plays_the_sequential_search() -> None:
    done = run("stats", "--all", "--json", "--strategy", "docs/examples/first_possible.py")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["total_guesses"] == 7471 and result["worst"] == 9
    sequential = run("stats", "--all", "--json", "--strategy", "sequential")
    assert json.loads(sequential.stdout)["distribution"] == result["distribution"]


def test_the_step_by_step_example_totals_what_the_docs_say() -> None:
    done = run("stats", "--all", "--json", "--strategy", "docs/examples/smallest_largest.py")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert (result["total_guesses"], result["worst"]) == (5828, 6)
    assert "5,828 guesses (worst case 6)" in (ROOT / "docs" / "own-strategy.md").read_text()


def test_solve_shows_the_files_reasons() -> None:
    done = run("solve", "RGBY", "--strategy", "docs/examples/first_possible.py")
    assert done.returncode == 0, done.stderr
    assert "BBBB is the first code still possible." in done.stdout
    assert "6. RGBY   4,0" in done.stdout


def copied(tmp_path: Path, text: str | None = None) -> str:
    path = tmp_path / "mine.py"
    if text is None:
        shutil.copyfile(EXAMPLE, path)
    else:
        path.write_text(text)
    return str(path)


def test_worker_processes_play_a_file_they_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = copied(tmp_path)
    space = CodeSpace(6, 4)
    make_strategy(name)  # read here, once
    Path(name).unlink()  # the workers could not read it now
    spread_over: list[int] = []

    def counted(task: Any, parts: list[Any], jobs: int, stop: Any = None) -> Any:
        spread_over.append(len(parts))
        return in_processes(task, parts, jobs, stop)

    monkeypatch.setattr(parallel, "in_processes", counted)
    spread = run_stats(space, name, space.allowed, run=Run(jobs=2), parallel_after=0)
    assert spread_over and spread_over[0] > 1  # the work did go to other processes
    assert spread.total_guesses == 7471


@pytest.mark.slow
def test_a_clusters_workers_play_a_file_they_never_saw(cluster: Any, tmp_path: Path) -> None:
    name = copied(tmp_path)
    space = CodeSpace(5, 4)
    alone = run_stats(space, name, space.allowed)
    Path(name).unlink()
    spread = run_stats(space, name, space.allowed, run=Run(runner=cluster, jobs=2))
    assert spread.total_guesses == alone.total_guesses
    assert spread.distribution == alone.distribution


def test_a_random_strategy_file_is_seeded(tmp_path: Path) -> None:
    name = copied(tmp_path, RANDOM)
    first = run("stats", "--games", "200", "--seed", "5", "--json", "--strategy", name)
    again = run("stats", "--games", "200", "--seed", "5", "--json", "--strategy", name)
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["distribution"] == json.loads(again.stdout)["distribution"]
    solved = run("solve", "RGBY", "--seed", "3", "--strategy", name)
    assert "was drawn from the codes left." in solved.stdout


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("def f(:\n", "SyntaxError"),
        ("x = 1\n", "defines no subclass of Strategy"),
        ("raise RuntimeError('no network here')\n", "RuntimeError: no network here"),
        (
            "from engine.strategies.own import Choice, Strategy\n"
            "class X(Strategy):\n"
            "    name = 'x'\n"
            "    def choose(self, position):\n"
            "        return Choice(5000, consistent=False)\n",
            "chose 5000, which is no code of 6 colours x 4 positions",
        ),
        (
            "from engine.strategies.own import Strategy\n"
            "class X(Strategy):\n"
            "    name = 'x'\n"
            "    def choose(self, position):\n"
            "        return 'RGBY'\n",
            "choose must return a Choice, not str",
        ),
    ],
)
def test_a_file_that_cannot_play_is_one_line_naming_it(
    tmp_path: Path, text: str, said: str
) -> None:
    copied(tmp_path, text)
    done = run("solve", "RGBY", "--strategy", "mine.py", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "mine.py" in done.stderr and said in done.stderr
    assert "Traceback" not in done.stderr


def test_a_missing_file_is_one_line() -> None:
    done = run("stats", "--all", "--strategy", "no/such/mine.py")
    assert done.returncode == 2
    assert done.stderr == (
        "mastermind: strategy file no/such/mine.py: cannot read it: No such file or directory\n"
    )


def test_the_bulk_helpers_count_what_scoring_one_by_one_counts() -> None:
    space = CodeSpace(4, 3)
    codes = space.allowed[::3]
    guesses = np.array([0, 5, 17, 63])
    table = split_table(space, guesses, codes)
    for row, guess in zip(table, guesses, strict=True):
        assert np.array_equal(row, split_sizes(space, int(guess), codes))
        assert row.sum() == len(codes)
        assert row[int(answers(space, int(guess), codes)[0])] >= 1


async def test_watch_shows_the_files_reasons() -> None:
    settings = Settings.build(mode=WATCH, strategy=str(EXAMPLE), seed=1)
    app = MastermindApp(Start(settings, settings.notation.parse(settings.space, "RGOY")))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, WatchScreen))
        advice = app.screen.query_one("#trace-advice", Static)
        await until(pilot, lambda: "first code still possible" in str(advice.render()))


def test_saved_preferences_never_name_a_strategy_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(preferences.ENVIRONMENT, str(tmp_path))
    saved = {"settings": {"mode": "watch", "strategy": str(EXAMPLE)}}
    (tmp_path / "preferences.json").write_text(json.dumps(saved))
    loaded = preferences.load()
    assert loaded.settings == {}
    assert "a strategy file is given on the command line only" in loaded.problem
