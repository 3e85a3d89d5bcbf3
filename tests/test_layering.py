"""The layering, checked where it matters: in the modules a process really loads.

`lint-imports` (configured in pyproject.toml, run by .ci/run) checks the same rule statically;
these tests also catch an import made at run time, inside a function.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

INTERFACE = ("textual", "rich", "mastermind_tui")


def modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running ``code``."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    return set(json.loads(result.stdout.splitlines()[-1]))


def loaded_after(code: str) -> set[str]:
    """The top-level packages a fresh interpreter has loaded after running ``code``."""
    return {name.split(".")[0] for name in modules_after(code)}


@pytest.mark.parametrize(
    "argv",
    [[], ["--help"], ["play"], ["daily", "--date", "2026-01-01"], ["watch"], ["solve", "RGBY"]],
)
def test_reading_the_command_line_loads_no_textual_numba_or_exact_search(
    argv: list[str],
) -> None:
    """Every command is a class of ``mastermind_tui.modes``: building the parser with all
    of them and reading a command line imports none of what opens a screen or searches,
    ``engine.optimal`` included."""
    code = (
        "import contextlib, io\n"
        "from mastermind_tui.modes.main import COMMANDS, build_parser\n"
        "from mastermind_tui.cli.main import _command_in\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        f"    args = build_parser(_command_in({argv!r})).parse_args({argv!r})\n"
        "    args.run.options(args)\n"
        "build_parser().format_help()\n"
    )
    loaded = modules_after(code)
    heavy = {
        name
        for name in loaded
        if name.split(".")[0] in ("textual", "rich", "numba", "mastermind_search_aot")
        or name == "engine.optimal"
        or name.startswith("engine.optimal.")
        or name.startswith("engine.backends.numba")
    }
    assert "mastermind_tui.modes.daily" in loaded and not heavy


def test_the_engine_loads_no_interface() -> None:
    code = (
        "import engine, engine.optimal, engine.trees.strategy_tree, engine.walks.stats\n"
        "from engine import CodeSpace, Solver, make_strategy\n"
        "solver = Solver(CodeSpace(6, 4), make_strategy('knuth'))\n"
        "while not solver.solved: solver.answer_for(1234)"
    )
    assert not loaded_after(code) & set(INTERFACE)


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "RGBY", "--json"],
        ["solve", "4204", "--strategy", "entropy"],
        ["stats", "--games", "20", "--jobs", "1"],
        ["stats", "--all", "--colours", "3", "--positions", "2", "--json", "--jobs", "1"],
    ],
)
def test_solve_and_stats_load_no_textual(argv: list[str]) -> None:
    code = (
        "import contextlib, io\n"
        "from mastermind_tui.modes.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main({argv!r}) == 0\n"
    )
    assert not loaded_after(code) & {"textual", "rich"}


@pytest.mark.parametrize(
    "code",
    [
        "import mastermind_tui.app.shell, mastermind_tui.modes.main, engine.strategies.optimal",
        "from mastermind_tui.modes.main import main\n"
        "main(['solve', 'RGBY', '--strategy', 'knuth'])",
    ],
)
def test_only_the_search_loads_the_compiled_kernel(code: str) -> None:
    """numba costs about 0.25 s of start-up (its import and its first call): the app,
    `play` and the heuristics never pay it."""
    assert "numba" not in loaded_after(f"import contextlib, io\n{code}")


def import_cycles(package: str) -> list[list[str]]:
    """The groups of modules of ``package`` that import one another in a ring (strongly
    connected components of the import graph), imports under ``TYPE_CHECKING`` included."""
    import grimp

    graph = grimp.build_graph(package, exclude_type_checking_imports=False)
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    rings: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in order:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], order[imported])
        if low[module] == order[module]:
            ring = [stack.pop()]
            while ring[-1] != module:
                ring.append(stack.pop())
            if len(ring) > 1:
                rings.append(sorted(ring))

    for module in sorted(graph.modules):
        if module not in order:
            visit(module)
    return rings


@pytest.mark.parametrize("package", ["engine", "mastermind_tui"])
def test_no_import_cycle(package: str) -> None:
    assert import_cycles(package) == []


def test_a_ring_of_imports_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a cycle through a TYPE_CHECKING import is one."""
    ring = tmp_path / "ring"
    ring.mkdir()
    (ring / "__init__.py").write_text("")
    (ring / "a.py").write_text("from . import b\n")
    (ring / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_cycles("ring") == [["ring.a", "ring.b"]]
