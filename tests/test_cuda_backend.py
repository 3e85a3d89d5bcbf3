"""The CUDA backend (``engine.backends.cuda``): its kernels run in numba-cuda's
simulator in a process of their own (``cuda_sim.py``; numba reads NUMBA_ENABLE_CUDASIM
when imported, so this process keeps the real numba) and give every count, every largest
class and every tree the numba kernel gives. Without a GPU and without the simulator,
``--backend cuda`` is one line and exit 1; ``auto`` is numba."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numba.cuda")

ROOT = Path(__file__).resolve().parent.parent


def _env(simulated: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_ENABLE_CUDASIM"}
    if simulated:
        env["NUMBA_ENABLE_CUDASIM"] = "1"
    return env


def _python(code: str, simulated: bool) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=_env(simulated)
    )


@pytest.fixture(scope="module")
def simulated() -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "cuda_sim.py")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env(True),
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, Any] = json.loads(done.stdout)
    return found


@pytest.mark.slow
def test_the_gpu_kernels_count_every_partition_as_numba_does(simulated: dict[str, Any]) -> None:
    """3x3, 4x3, 3x4 and 2x6, and 4x3 with black pegs only (the rule is in the tables):
    every guess against every code; Knuth's keys with and without a stop; and many
    positions in one launch, pools of none to 12 guesses."""
    assert simulated["counts"] == 5 and simulated["largest"] == 10 and simulated["many"] == 25


@pytest.mark.slow
def test_a_walk_level_by_level_on_the_gpu_grows_numbas_tree(simulated: dict[str, Any]) -> None:
    """Four strategies on 4x3 and 3x4, the answer table set aside: the same tree, node
    for node (``engine.trees.levels`` weighs each level in one launch)."""
    walks = {(name, c, p): total for name, c, p, total in simulated["walks"]}
    assert len(walks) == 8 and walks[("knuth", 4, 3)] == 216


@pytest.mark.slow
def test_auto_picks_the_gpu_where_one_is_here(simulated: dict[str, Any]) -> None:
    assert simulated["auto"] == "cuda"


@pytest.mark.slow
@pytest.mark.skipif(
    _python("from numba import cuda; print(cuda.is_available())", False).stdout.strip() == "True",
    reason="a GPU is here",
)
def test_without_a_gpu_cuda_is_one_line_and_auto_is_numba() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mastermind_tui", "stats", "--backend", "cuda"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env(False),
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("mastermind: no CUDA GPU here") and done.stderr.count("\n") == 1
    auto = _python("from engine.backends import resolve; print(resolve('auto'))", False)
    assert auto.stdout.strip() == "numba"


def test_without_numba_cuda_it_says_to_install_the_gpu_extra() -> None:
    """Numba 0.68 still ships a ``numba.cuda`` of its own, which finds no GPU;
    without numba-cuda the line said "no CUDA GPU here (numba-cuda found no driver or
    device)". It now says numba-cuda is missing and how README installs it."""
    code = (
        "import sys; sys.modules['numba_cuda'] = None\n"
        "from mastermind_tui.modes.entry import main; sys.exit(main())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "stats", "--backend", "cuda"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env(False),
        timeout=120,
    )
    assert done.returncode == 1 and done.stdout == "" and done.stderr.count("\n") == 1
    assert done.stderr.startswith("mastermind: the cuda backend needs numba-cuda, the gpu extra")
    assert "pip install '.[gpu]'" in done.stderr and "no CUDA GPU" not in done.stderr


def test_numba_cudas_row_stack_is_shimmed_where_numpy_dropped_it() -> None:
    """numpy 2.5 removed np.row_stack, which numba-cuda 0.30 registers when its CUDA target
    loads (``numba.cuda.np.arrayobj``): the backend puts it back before importing it."""
    code = (
        "import numpy as np\n"
        "np.__dict__.pop('row_stack', None)\n"
        "from engine.backends import cuda\n"
        "assert np.row_stack is np.vstack\n"
        "import numba.cuda.np.arrayobj\n"
        "print(cuda.shim_row_stack())\n"
    )
    done = _python(code, True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "False"  # already there: put once


def test_the_backend_option_is_on_stats_solve_and_tree() -> None:
    from mastermind_tui.modes.main import build_parser

    for command in ("stats", "solve", "tree"):
        words = [command, "1234"] if command == "solve" else [command]
        args = build_parser(command).parse_args([*words, "--backend", "auto"])
        assert args.backend == "auto"


def test_solve_with_auto_runs_on_numba_without_a_gpu() -> None:
    from mastermind_tui.modes.main import main

    assert main(["solve", "1234", "--backend", "numba", "--json"]) == 0


def test_low_occupancy_warnings_stay_off_stderr() -> None:
    """On an H200 numba-cuda warned of low occupancy (four lines on stderr) at each small
    launch of a walk's deep levels; the backend silences that warning and no other."""
    code = (
        "import warnings\n"
        "from engine.backends import cuda\n"
        "assert cuda.available()\n"
        "from numba.cuda.core import errors\n"
        "warnings.warn(errors.NumbaPerformanceWarning("
        "'Grid size 1 will likely result in GPU under-utilization due to low occupancy.'))\n"
        "warnings.warn(errors.NumbaPerformanceWarning('another warning'))\n"
    )
    done = _python(code, True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "under-utilization" not in done.stderr
    assert "another warning" in done.stderr
