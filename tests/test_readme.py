"""README as a newcomer reads it (issue 10 items 12-14): how to leave beside the first
command, how to reach the installed command, how long the tests take, and every timing
reproducible by a command that exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text()
#: A measured time: "8.4 s", "0.67 ms", "2 min 40 s", "1.0-3.5" in a "(s)" column.
TIME = re.compile(r"\d(?:[\d.,-]*\d)? ?(?:s|ms|min)\b|\((?:s|ms)\)|\bms\b|\bseconds\b \|")
COMMAND = re.compile(r"python (benchmarks/\w+\.py)((?: --[\w-]+(?: [\w-]+)?)*)")


def sections() -> list[str]:
    return re.split(r"\n(?=#{1,3} )", README)


def paragraphs(text: str) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", text) if p.strip()]


def test_how_to_leave_comes_before_the_first_command() -> None:
    intro = README.split("```", 1)[0]
    assert "Ctrl+Q" in intro
    assert "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/mastermind" in README


def test_how_to_reach_the_installed_command() -> None:
    intro = " ".join(sections()[0].split())
    assert "`.venv/bin/mastermind ...`" in intro
    assert "`source .venv/bin/activate`" in intro
    assert "`pipx install .`" in intro


def test_the_test_command_says_how_long_it_takes() -> None:
    before, command, _ = sections()[0].partition(".venv/bin/python -m pytest")
    assert command
    said = paragraphs(before.rsplit("```", 1)[0])[-1]
    assert TIME.search(said), said


def test_every_timing_has_a_command_before_it_in_its_section() -> None:
    """A paragraph or table with a measured time is preceded, in its section (or inside
    itself), by the command that measures it: a benchmark, or the test command."""
    missing = []
    for section in sections():
        seen = False
        for block in paragraphs(section):
            seen = seen or bool(COMMAND.search(block)) or "python -m pytest" in block
            if TIME.search(block) and not seen and "python -m pytest" not in section:
                missing.append(block.strip()[:80])
    assert missing == []


def test_every_benchmark_command_in_the_readme_runs_as_written() -> None:
    """Each named script exists and takes the options written (checked on its source, so
    nothing is measured here); every script in benchmarks/ is named."""
    named = set()
    for script, options in COMMAND.findall(README):
        source = (ROOT / script).read_text()
        named.add(script)
        words = options.split()
        for i, word in enumerate(words):
            if word.startswith("--"):
                assert f'"{word}"' in source, (script, word)
            elif words[i - 1] == "--runs":
                assert word.isdigit(), (script, word)
            elif words[i - 1] != "--before":  # a folder of the user's choosing
                assert words[i - 1] == "--only" and f'"{word}":' in source, (script, word)
    assert named == {f"benchmarks/{p.name}" for p in (ROOT / "benchmarks").glob("*.py")}
