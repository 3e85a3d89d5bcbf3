"""The tests wait for what they read: no assert straight after Pilot's bare
``pause()``, which waits for the process to use little CPU, as it does early on a busy
machine (``'10' == '8'`` in test_variants once); no polling loop of fixed sleeps outside
``waiting.wait_until``. Read from the tests' source, so that the rule stays true."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

TESTS = Path(__file__).parent


def statement_lists(tree: ast.AST) -> Iterator[list[ast.stmt]]:
    """Every block of statements: a body, an else, a finally, a handler's or a case's."""
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield block


def is_bare_pause(statement: ast.stmt) -> bool:
    """``await <anything>.pause()``, with no delay given."""
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Await)):
        return False
    call = statement.value.value
    return (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "pause"
        and not call.args
        and not call.keywords
    )


def asserts_after_a_bare_pause(source: str) -> list[int]:
    """The lines of the bare pauses whose next statement, in the same block, asserts."""
    return [
        pause.lineno
        for block in statement_lists(ast.parse(source))
        for pause, after in itertools.pairwise(block)
        if is_bare_pause(pause) and isinstance(after, ast.Assert)
    ]


def is_sleep(call: ast.Call) -> bool:
    """A call of ``time.sleep`` or of a ``sleep`` imported bare."""
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr == "sleep" and isinstance(func.value, ast.Name) and func.value.id == "time"
    return isinstance(func, ast.Name) and func.id == "sleep"


def sleeps_in_loops(source: str) -> list[int]:
    """The lines of the fixed sleeps inside a loop: a hand-written poll."""
    return [
        node.lineno
        for loop in ast.walk(ast.parse(source))
        if isinstance(loop, ast.For | ast.While | ast.AsyncFor)
        for statement in loop.body + loop.orelse
        for node in ast.walk(statement)
        if isinstance(node, ast.Call) and is_sleep(node)
    ]


SOURCES = sorted(TESTS.glob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.name)
def test_no_assert_right_after_a_bare_pause(path: Path) -> None:
    found = asserts_after_a_bare_pause(path.read_text())
    assert found == [], (
        f"{path.name}, lines {found}: wait for what the assert reads "
        "(app_helpers.until, idle or handled), not pilot.pause()"
    )


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.name)
def test_no_polling_loop_of_fixed_sleeps(path: Path) -> None:
    if path.name == "waiting.py":  # the one poll, with its deadline
        return
    found = sleeps_in_loops(path.read_text())
    assert found == [], f"{path.name}, lines {found}: use waiting.wait_until"


def test_the_checks_find_what_they_look_for() -> None:
    flawed = (
        "async def test(pilot):\n"
        "    await pilot.press('n')\n"
        "    await pilot.pause()\n"
        "    # a comment and a blank line are no statements\n"
        "\n"
        "    assert pilot.app.screen\n"
        "    if True:\n"
        "        await app.pause()\n"
        "        assert True\n"
        "    await pilot.pause(0.1)  # a delay given: a wait of its own\n"
        "    assert True\n"
        "    await pilot.pause()\n"
        "    await pilot.press('y')\n"
        "    assert True\n"
    )
    assert asserts_after_a_bare_pause(flawed) == [3, 8]
    polling = (
        "import time\n"
        "from time import sleep\n"
        "while not done():\n"
        "    time.sleep(0.1)\n"
        "for _ in range(9):\n"
        "    if ready():\n"
        "        break\n"
        "    sleep(0.2)\n"
        "time.sleep(1)\n"
    )
    assert sleeps_in_loops(polling) == [4, 8]
