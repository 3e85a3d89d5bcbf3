"""launch(): arguments are checked before Textual is imported; the core never imports it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from app_helpers import settings_from

from engine import MastermindError
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.main import build_parser, main


def imports_textual(statement: str) -> bool:
    code = f"import sys; {statement}; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip() == "True"


@pytest.mark.parametrize(
    "statement",
    [
        "import engine",
        "import mastermind_tui.modes.main",
        "from mastermind_tui.game import session, watch_session, typed",
    ],
)
def test_core_does_not_import_textual(statement: str) -> None:
    assert not imports_textual(statement)


def test_watch_with_a_bad_secret_fails_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "XYZQ"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "'X' is not a colour" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--colours", "9"], "letters notation can show at most 8"),
        (["play", "--strategy", "magic"], "unknown strategy"),
        (["play", "--rounds", "100"], "rounds must be between"),
        (["watch", "RGB", "--positions", "4"], "has 3 pegs"),
    ],
)
def test_bad_arguments_are_explained(argv: list[str], message: str) -> None:
    with pytest.raises(MastermindError, match=message):
        settings_from(build_parser().parse_args(argv))


def test_a_negative_seed_from_the_home_screen_is_explained() -> None:
    with pytest.raises(MastermindError, match="the seed must be 0 or more"):
        Settings.build(seed=-3)


def test_good_arguments() -> None:
    args = build_parser().parse_args(["play", "--colours", "8", "--positions", "5", "--seed", "2"])
    settings, secret = settings_from(args)
    assert settings is not None and secret is None
    assert (settings.rules.colours, settings.rules.positions, settings.seed) == (8, 5, 2)
    settings, secret = settings_from(build_parser().parse_args(["watch", "r g o y"]))
    assert settings is not None and secret is not None
    assert settings.notation.format(settings.space, secret) == "RGOY"
    assert settings_from(build_parser().parse_args([])) == (None, None)
