"""A code given on the command line sets the positions when --positions is
not given, whatever the home screen last remembered: after a 5x5 game, `watch RGBY
--strategy optimal`, `compare RGBY ...` and `watch --opening RRGG` failed with "'RGBY' has
4 pegs; a code here has 5 positions (remembered from last time ...)". The remembered
colours stay where the code fits them; the help says the defaults may be remembered."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from mastermind_tui.cli.launch import fitted, given, opening
from mastermind_tui.game import preferences
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.main import build_parser, main

FIVE_BY_FIVE = {"mode": "play", "colours": 5, "positions": 5}


@pytest.fixture
def remembered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A preferences file after a 5x5 game started from Home."""
    monkeypatch.setenv(preferences.ENVIRONMENT, str(tmp_path))
    where = tmp_path / "preferences.json"
    where.write_text(json.dumps({"theme": None, "settings": FIVE_BY_FIVE}))
    return where


def started(*argv: str) -> tuple[Settings, str]:
    """The settings ``mastermind ARGV`` starts with, and the note on what it remembered,
    as ``launch.game`` works them out."""
    args = build_parser().parse_args(list(argv))
    kept = preferences.load()
    saved: Mapping[str, object] = {k: v for k, v in kept.settings.items() if k != "mode"}
    chosen, saved = fitted(args, given(args), saved)
    note = preferences.remembered(preferences.Preferences(kept.theme, dict(saved)), chosen)
    return opening(args, chosen, saved).settings, note


def size(settings: Settings) -> tuple[int, int]:
    return settings.rules.colours, settings.rules.positions


@pytest.mark.usefixtures("remembered")
@pytest.mark.parametrize(
    ("argv", "expected", "note"),
    [
        # Y is not among 5 colours: the default 6.
        (["watch", "RGBY", "--strategy", "optimal"], (6, 4), ""),
        (["compare", "RGBY", "knuth", "entropy"], (6, 4), ""),
        # RRGG fits the remembered 5 colours: kept, and said.
        (["watch", "--opening", "RRGG"], (5, 4), "Remembered from last time: colours 5"),
        (["watch", "RRGGB"], (5, 5), "Remembered from last time: colours 5"),
        (["watch", "RGBYO"], (6, 5), ""),
        (["watch", "1 2 3 4 5 6", "--notation", "numbers"], (6, 6), ""),
        # No code: the remembered size as before.
        (["watch"], (5, 5), "Remembered from last time: colours 5, positions 5"),
        (
            ["compare", "knuth", "entropy"],
            (5, 5),
            "Remembered from last time: colours 5, positions 5",
        ),
    ],
)
def test_a_code_given_sets_the_positions(
    argv: list[str], expected: tuple[int, int], note: str
) -> None:
    settings, said = started(*argv)
    assert size(settings) == expected
    assert said == note


@pytest.mark.usefixtures("remembered")
def test_watch_optimal_keeps_its_strategy_and_secret() -> None:
    args = build_parser().parse_args(["watch", "RGBY", "--strategy", "optimal"])
    start = opening(args, given(args), dict(FIVE_BY_FIVE))
    assert start.settings.strategy == "optimal" and start.secret is not None
    assert start.settings.notation.format(start.settings.space, start.secret) == "RGBY"


@pytest.mark.usefixtures("remembered")
def test_positions_given_still_refuse_a_code_of_another_length() -> None:
    args = build_parser().parse_args(["watch", "RRGG", "--positions", "5"])
    chosen, saved = fitted(args, given(args), dict(FIVE_BY_FIVE))
    with pytest.raises(Exception, match="'RRGG' has 4 pegs; a code here has 5 positions"):
        opening(args, chosen, saved)


@pytest.mark.usefixtures("remembered")
def test_a_code_no_colours_read_names_the_colour_not_the_pegs() -> None:
    with pytest.raises(Exception, match="'X' is not a colour here"):
        started("watch", "XYZQ")


@pytest.mark.usefixtures("remembered")
def test_the_command_line_gets_past_the_settings(capsys: pytest.CaptureFixture[str]) -> None:
    """Without a terminal the command stops at the screen check, after the settings: no
    word about pegs (it said "'RGBY' has 4 pegs; a code here has 5 positions")."""
    for argv in (["watch", "RGBY", "--strategy", "optimal"], ["watch", "--opening", "RRGG"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "pegs" not in err and "terminal" in err


def test_the_help_says_defaults_may_be_remembered(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "from the game last started from the home screen (remembered)" in text
    assert "sets the positions when --positions is left out" in text
