"""`mastermind serve`'s libraries are the `[web]` extra. Without them, or
with only part of them, `serve` says in one line how to install them and exits 1 (the
environment lacks something), never a traceback; the other commands do not need them."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from mastermind_tui.cli.parser import EXIT_FAILED, EXIT_INTERNAL

ROOT = Path(__file__).resolve().parent.parent
INSTALL = "pip install '.[web]' in your clone of mastermind-tui (README: Optional extras)"


def run_without(modules: list[str], *argv: str) -> subprocess.CompletedProcess[str]:
    """`mastermind ARGV` in a fresh interpreter where importing each of ``modules`` fails,
    as it does when the package is not installed (``None`` in ``sys.modules``)."""
    hide = "".join(f"sys.modules[{name!r}] = None; " for name in modules)
    code = f"import sys; {hide}from mastermind_tui.modes.entry import main; sys.exit(main())"
    return subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )


@pytest.mark.parametrize(
    ("hidden", "named"),
    [
        (["textual_serve"], "textual_serve"),  # the extra not installed
        (["aiohttp"], "aiohttp"),  # half installed: textual-serve there, aiohttp not
        (["jinja2"], "jinja2"),  # a part textual-serve needs is missing
        (["textual_serve", "aiohttp", "aiohttp_jinja2", "jinja2"], "aiohttp"),
    ],
)
def test_serve_without_the_web_extra_says_how_to_install_it(hidden: list[str], named: str) -> None:
    done = run_without(hidden, "serve", "--port", "1")
    assert done.returncode == EXIT_FAILED, done.stderr
    assert done.stdout == ""
    assert done.stderr == (
        f"mastermind: serve needs the web extra ({named} is missing): {INSTALL}\n"
    )


def test_the_missing_extra_is_the_only_line_even_off_loopback() -> None:
    """The warning about serving beyond loopback is not printed for a server that cannot
    start."""
    done = run_without(["textual_serve"], "serve", "--host", "0.0.0.0", "--port", "1")
    assert done.returncode == EXIT_FAILED
    assert done.stderr.count("\n") == 1 and INSTALL in done.stderr
    assert "warning" not in done.stderr


def test_a_library_without_what_serve_uses_is_said_as_a_wrong_version() -> None:
    """A textual-serve too old or too new to have what serve_guard imports: the same line."""
    code = (
        "import sys; "
        "import textual_serve.server as server; del server.to_int; "
        "from mastermind_tui.modes.entry import main; sys.exit(main())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "serve", "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == EXIT_FAILED, done.stderr
    assert done.stderr == (
        f"mastermind: serve needs the web extra (textual_serve is not a version it can use): "
        f"{INSTALL}\n"
    )


def test_a_failing_import_of_our_own_is_a_bug_not_a_missing_extra() -> None:
    done = run_without(["mastermind_tui.cli.serve_guard"], "serve", "--port", "1")
    assert done.returncode == EXIT_INTERNAL
    assert done.stderr.startswith("mastermind: internal error:")
    assert done.stderr.count("\n") == 1 and "web extra" not in done.stderr


def test_the_other_commands_need_no_web_library() -> None:
    hidden = ["textual_serve", "aiohttp", "aiohttp_jinja2", "jinja2"]
    done = run_without(hidden, "solve", "RGBY")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_the_web_libraries_are_an_extra_that_the_tests_install() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = [line.split(">")[0].split("=")[0].strip() for line in project["dependencies"]]
    assert not {"textual-serve", "aiohttp", "jinja2"} & set(names)
    assert any(line.startswith("textual-serve") for line in project["optional-dependencies"]["web"])
    assert any("web" in line for line in project["optional-dependencies"]["test"])
