"""README and the docs site as a newcomer reads them: how to leave beside the first command,
how to reach the installed command, how long the tests take, a README short enough to read
in two minutes, and every timing reproducible by a command that exists, in README.md and in
docs/ alike (a figure keeps its command wherever it now lives)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml

from engine.strategies import make_strategy

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text()
#: README.md and every page of the docs site, by path: the figure checks run over each.
PAGES = {"README.md": README} | {
    f"docs/{page.name}": page.read_text() for page in sorted((ROOT / "docs").glob("*.md"))
}
#: A measured time: "8.4 s", "0.67 ms", "2 min 40 s", "1.0-3.5" in a "(s)" column.
TIME = re.compile(r"\d(?:[\d.,-]*\d)? ?(?:s|ms|min)\b|\((?:s|ms)\)|\bms\b|\bseconds\b \|")
COMMAND = re.compile(r"python (benchmarks/\w+\.py)((?: --[\w-]+(?: [\w-]+)?)*)")
#: A relative Markdown link or image: ``[text](target)`` or ``[text](target#anchor)``.
LINK = re.compile(r"\]\((?!https?://)([^)#\s]+)(?:#([^)\s]*))?\)")


def sections(text: str = README) -> list[str]:
    return re.split(r"\n(?=#{1,3} )", text)


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


def test_the_readme_is_read_in_two_minutes() -> None:
    """Under 250 lines, a picture near the top: the rest lives in docs/."""
    lines = README.splitlines()
    assert len(lines) < 250
    assert any("](screenshots/" in line for line in lines[:20])


def test_the_readme_says_which_extra_each_optional_command_needs() -> None:
    text = " ".join(README.split())
    assert "`[web]` | `.venv/bin/pip install '.[web]'` | `mastermind serve`" in text
    assert (
        "`[cluster]` | `.venv/bin/pip install '.[cluster]'` | `mastermind stats --scheduler`"
        in (text)
    )


@pytest.mark.parametrize("page", PAGES)
def test_every_timing_has_a_command_before_it_in_its_section(page: str) -> None:
    """A paragraph or table with a measured time is preceded, in its section (or inside
    itself), by the command that measures it: a benchmark, or the test command."""
    missing = []
    for section in sections(PAGES[page]):
        seen = False
        for block in paragraphs(section):
            seen = seen or bool(COMMAND.search(block)) or "python -m pytest" in block
            if TIME.search(block) and not seen and "python -m pytest" not in section:
                missing.append(block.strip()[:80])
    assert missing == []


@pytest.mark.parametrize("page", PAGES)
def test_every_benchmark_command_runs_as_written(page: str) -> None:
    """Each named script exists and takes the options written (checked on its source, so
    nothing is measured here)."""
    for script, options in COMMAND.findall(PAGES[page]):
        source = (ROOT / script).read_text()
        words = options.split()
        for i, word in enumerate(words):
            if word.startswith("--"):
                assert f'"{word}"' in source, (script, word)
            elif words[i - 1] in ("--size", "--sizes"):  # colours x positions, e.g. 8x5
                size = r"\d+x\d+(-no-repeats)?(-black)?"
                assert re.fullmatch(rf"{size}(,{size})*", word), (script, word)
            elif words[i - 1].startswith("--") and word.isdigit():  # --runs 5, --budget 1800
                continue
            elif words[i - 1] == "--strategies":  # a strategy's name, as the app takes it
                assert make_strategy(word).name, (script, word)
            elif words[i - 1] == "--start":  # key_storm.py's starts: tests/storm.py's STARTS
                assert f'"{word}":' in (ROOT / "tests" / "storm.py").read_text(), (script, word)
            elif words[i - 1] != "--before":  # a folder of the user's choosing
                assert words[i - 1] == "--only" and f'"{word}":' in source, (script, word)


def test_every_benchmark_is_named_in_the_readme_or_the_docs() -> None:
    named = {script for text in PAGES.values() for script, _ in COMMAND.findall(text)}
    assert named == {f"benchmarks/{p.name}" for p in (ROOT / "benchmarks").glob("*.py")}


@pytest.mark.parametrize("page", PAGES)
def test_every_relative_link_leads_to_a_file(page: str) -> None:
    """README's links into docs/ (and the pages' links, which mkdocs checks too)."""
    here = (ROOT / page).parent
    broken = [t for t, _ in LINK.findall(PAGES[page]) if not (here / t).exists()]
    assert broken == []


def slug(heading: str) -> str:
    """The anchor mkdocs gives a heading (Python-Markdown's toc ``slugify``)."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode()
    return re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", text).strip().lower())


def test_the_readme_links_to_anchors_the_docs_have() -> None:
    for target, anchor in LINK.findall(README):
        if anchor and target.startswith("docs/"):
            headings = re.findall(r"^#+ (.+)$", PAGES[target], re.MULTILINE)
            assert anchor in {slug(h) for h in headings}, (target, anchor)


def test_every_docs_page_is_in_the_site_and_every_page_there_exists() -> None:
    def pages(node: object) -> list[str]:
        if isinstance(node, str):
            return [node]
        if isinstance(node, dict):
            return [p for value in node.values() for p in pages(value)]
        if isinstance(node, list):
            return [p for item in node for p in pages(item)]
        return []

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    assert config["theme"]["name"] == "material"
    assert sorted(pages(config["nav"])) == sorted(
        p.removeprefix("docs/") for p in PAGES if p != "README.md"
    )
