"""``mastermind solve SECRET --html FILE``: one standalone HTML file, no
script and nothing fetched, each move's two beats with the guesses weighed and the split
as the app draws them, the sentences, the rule card and the path; ``-`` to standard output,
an existing file replaced, a folder or an unwritable place refused in one line (exit 1).
Opened in headless Chromium under the browser tests' rule (``test_serve_browser``)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from test_serve_browser import FLAGS, chromium  # noqa: F401 (the fixture, by its rule)

from engine import CodeSpace, Solver, make_strategy
from engine.explain.decisions import sentence
from engine.notation import get_notation
from engine.strategies import STRATEGIES
from engine.strategies.rule_card import rule_card
from mastermind_tui.modes.main import main

#: What would fetch something: a src, href or url() pointing at the network.
FETCHES = re.compile(
    r"""(?:src|href)\s*=\s*['"]?\s*(?:https?:)?//|url\(\s*['"]?\s*(?:https?:)?//"""
)


def knuth_yobr() -> tuple[Solver, list[str]]:
    space, notation = CodeSpace(6, 4), get_notation("letters")
    solver = Solver(space, make_strategy("knuth"))
    while not solver.solved:
        solver.answer_for(notation.parse(space, "YOBR"))
    return solver, [sentence(s.decision, lambda c: notation.format(space, c)) for s in solver.steps]


def test_the_handout_holds_every_move_and_fetches_nothing(tmp_path: Path) -> None:
    target = tmp_path / "yobr.html"
    assert main(["solve", "YOBR", "--html", str(target)]) == 0
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "<script" not in page.lower()
    assert not FETCHES.search(page), FETCHES.search(page)
    assert "<link" not in page.lower() and "@import" not in page
    solver, sentences = knuth_yobr()
    for step in solver.steps:
        assert f"Move {step.number}, before its answer" in page
        assert f"Move {step.number}, answered" in page
    from html import escape

    for said in sentences:  # the sentences, as the app writes them
        assert escape(said) in page
    card = rule_card(STRATEGIES["knuth"])
    assert "The rule of knuth" in page and escape(card.measures) in page
    assert "The path played" in page and page.count("class='chart'") == len(solver.steps)
    assert "BBWR (runner-up)" in page  # move 1's split beside its runner-up's
    assert "⋮" in page  # move 4: ROYB, the best code that could be the secret, drawn


def test_a_class_gets_a_legend_each_split_once_and_questions_with_a_key(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """What a black and a white peg mean; each move's split drawn once (the answer given
    marked ◀); a question per move with a choice, answered in the key, which starts a
    new printed page; the leaf of the path says found."""
    assert main(["solve", "YOBR", "--html", "-"]) == 0
    page = capsys.readouterr().out
    solver, _ = knuth_yobr()
    assert "a black peg for each right colour in the right place" in page
    assert "a white peg for each other right colour in a wrong place" in page
    assert main(["solve", "YOBR", "--html", "-", "--answers", "black"]) == 0
    black = capsys.readouterr().out
    assert "(black pegs only): an answer is the number of black pegs" in black
    assert "white peg" not in black
    assert page.count("<table class='split'>") == len(solver.steps)
    assert page.count(" ◀</span>") == len(solver.steps)  # each split marks its answer
    questions = page[page.index("<h2>Questions</h2>") : page.index("<h2>Answer key</h2>")]
    key = page[page.index("<h2>Answer key</h2>") :]
    asked = [s for s in solver.steps if s.decision.candidates_before > 1]
    assert questions.count("<li>") == key.count("<li>") == len(asked) == 4
    assert "(b) Why did knuth not play BBWR?" in questions
    assert "BBWW: largest class 256; runner-up BBWR: 276 (less is better)" in key
    assert "(a) 0,0 or 0,1 or 1,0, 256 of 1,296 codes each (20%); it got 0,1." in key
    assert ".key { break-before: page; page-break-before: always; }" in page
    assert "answered <b>4,0</b>: 1 → found" in page


def test_dash_writes_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "RGBY", "--strategy", "entropy", "--html", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("<!DOCTYPE html>") and "entropy breaks RGBY" in out


def test_an_existing_file_is_replaced(tmp_path: Path) -> None:
    target = tmp_path / "old.html"
    target.write_text("old " * 10_000)
    assert main(["solve", "RGBY", "--html", str(target)]) == 0
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir()] == ["old.html"]  # no part file left


def test_a_folder_or_an_unwritable_place_gets_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "RGBY", "--html", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a folder" in err
    missing = tmp_path / "no" / "such" / "folder" / "x.html"
    assert main(["solve", "RGBY", "--html", str(missing)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write the handout" in err and "Traceback" not in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder_gets_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tmp_path.chmod(0o500)
    try:
        assert main(["solve", "RGBY", "--html", str(tmp_path / "x.html")]) == 1
    finally:
        tmp_path.chmod(0o700)
    assert capsys.readouterr().err.count("\n") == 1


@pytest.fixture
def page_browser(chromium: tuple[str, str]) -> Iterator[webdriver.Chrome]:  # noqa: F811
    binary, driver_path = chromium
    options = Options()
    options.binary_location = binary
    for flag in FLAGS:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    yield driver
    driver.quit()


@pytest.mark.slow
def test_the_handout_opens_in_chromium(tmp_path: Path, page_browser: webdriver.Chrome) -> None:
    """Chromium draws it: a section per move, bars with a width, and the only request
    the page made is the file itself."""
    target = tmp_path / "yobr.html"
    assert main(["solve", "YOBR", "--html", str(target)]) == 0
    page_browser.get(target.as_uri())
    assert page_browser.title == "knuth breaks YOBR"
    moves = page_browser.find_elements(By.CSS_SELECTOR, "section.move")
    assert len(moves) == 5
    bars = page_browser.find_elements(By.CSS_SELECTOR, ".bar")
    assert bars and all(bar.size["width"] > 0 for bar in bars[:20])
    pegs = page_browser.find_elements(By.CSS_SELECTOR, ".peg")
    assert pegs and pegs[0].value_of_css_property("background-color") != "rgba(0, 0, 0, 0)"
    assert all(peg.text.strip() for peg in pegs[:20])  # a letter on each: greyscale reads
    key = page_browser.find_element(By.CSS_SELECTOR, "section.key")
    assert key.value_of_css_property("break-before") == "page"  # printed on its own page
    import json

    requests = [
        json.loads(e["message"])["message"]["params"].get("request", {}).get("url", "")
        for e in page_browser.get_log("performance")
        if json.loads(e["message"])["message"]["method"] == "Network.requestWillBeSent"
    ]
    assert all(url.startswith("file://") for url in requests), requests


def test_json_beside_html_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "RGBY", "--json", "--html", "-"]) == 2
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1 and "--json does nothing with --html" in err
