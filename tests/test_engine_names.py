"""Every ``engine.…`` name the code writes as a string (a ``-m`` subprocess call, a
monkeypatch target, a backend's module, a module or function named in a docstring) names
something that exists: a move of a module breaks this test, not a run."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("engine", "mastermind_tui", "tests", "benchmarks")
NAME = re.compile(r"\bengine(?:\.[A-Za-z_]\w*)+")
#: Names that are not meant to be imported: the interpreted kernel's module object is
#: made from the compiled kernel's source (``engine.backends.interpreted``) and given a
#: name of its own so that it is never taken for the compiled one.
MADE = {"engine.backends.numba_search_interpreted"}
#: Prefixes that stand for several modules (tests/test_layering.py: every numba module of
#: the backends), not names of their own.
PREFIXES = {"engine.backends.numba"}


def _written() -> dict[str, str]:
    """Each name, with the first file writing it."""
    found: dict[str, str] = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    for name in NAME.findall(node.value):
                        found.setdefault(name, str(path.relative_to(ROOT)))
    return found


def _resolves(name: str) -> bool:
    """Import the longest prefix that is a module, then find the rest as attributes."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(target, attribute):
                return False
            target = getattr(target, attribute)
        return True
    return False


WRITTEN = _written()


def test_names_are_found() -> None:
    assert "engine.walks.worker" in WRITTEN  # the -m call of stats --jobs
    assert "engine.optimal.warmup" in WRITTEN  # the background compile's -m call
    assert len(WRITTEN) > 50


@pytest.mark.parametrize("name", sorted(set(WRITTEN) - MADE - PREFIXES))
def test_every_written_engine_name_resolves(name: str) -> None:
    assert _resolves(name), f"{name} (written in {WRITTEN[name]}) names nothing"
