"""Settings: one set of defaults, checked in one place."""

import inspect
from typing import Any

import pytest
from app_helpers import MODES

from engine import MastermindError
from mastermind_tui.game.kinds import PLAY
from mastermind_tui.game.settings import DEFAULTS, PRESET_FIELDS, Settings


def test_build_defaults_are_the_published_defaults() -> None:
    params = inspect.signature(Settings.build).parameters
    # What a preset or the saved preferences may fix is None ("unsaid") in the signature
    # and resolved to DEFAULTS.
    unsaid = {*PRESET_FIELDS, "rounds", "strategy", "answers"}
    want = {name: None if name in unsaid else v for name, v in DEFAULTS.items()}
    assert {name: p.default for name, p in params.items()} == {
        "mode": PLAY,
        **want,
        "preset": None,
        "saved": None,
    }
    built = Settings.build()
    assert (built.mode.name, built.rules.colours, built.rules.positions) == ("play", 6, 4)
    assert (built.rules.max_moves, built.rules.repeats, built.notation.name) == (
        10,
        True,
        "letters",
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": -1}, "seed must be 0 or more"),
        ({"rounds": 0}, "rounds must be between"),
        ({"notation": "digits", "colours": 11}, "digits"),
    ],
)
def test_bad_settings_say_what_is_wrong(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(MastermindError, match=message):
        Settings.build(**kwargs)


def test_every_mode_has_roles() -> None:
    assert {name: Settings.build(mode=m).roles for name, m in MODES.items()} == {
        "play": ("person",),
        "make": ("computer",),
        "match": ("person", "computer"),
        "daily": ("person",),
        "watch": ("computer",),
        "compare": ("computer",),
    }
