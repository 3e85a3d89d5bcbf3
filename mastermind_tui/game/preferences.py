"""The user's preferences: the theme, and the mode, size, rules and strategy last started
from the home screen, kept in the user's config directory so that the next launch starts
where this one left off.

Precedence (``Settings.build``): the command line, then a preset, then these, then the
defaults. A file that cannot be read or holds nonsense is reported in one line and
ignored; it is never a reason not to start. ``$MASTERMIND_CONFIG_DIR`` names another
directory; set empty, nothing is read or written (the tests run so).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import platformdirs

from engine import MastermindError
from engine.storage import files, output
from engine.strategies import without_opening
from engine.strategies.own import is_file_name

from .settings import SETTINGS, Settings

ENVIRONMENT: Final = "MASTERMIND_CONFIG_DIR"
#: The settings kept: the home screen's choices a person would not retype each time
#: (not the seed, nor the secret to watch).
#: The most a preferences file is read (a few hundred bytes when written here).
LIMIT: Final = 64 * 1024
#: The longest theme name taken (the app's are a word or two).
NAME_LIMIT: Final = 80
KEPT: Final = (
    "mode",
    "strategy",
    "colours",
    "positions",
    "rounds",
    "moves",
    "repeats",
    "answers",
    "notation",
)


@dataclass
class Preferences:
    """What the file holds (checked), and the one line saying why it was ignored."""

    theme: str | None = None
    settings: dict[str, object] = field(default_factory=dict)
    problem: str = ""


def path() -> Path | None:
    """The preferences file; None when ``$MASTERMIND_CONFIG_DIR`` is set empty (off)."""
    chosen = os.environ.get(ENVIRONMENT)
    if chosen is not None:  # blank, spaces too: off (never a folder named "   ")
        return Path(chosen) / "preferences.json" if chosen.strip() else None
    return Path(platformdirs.user_config_dir("mastermind-tui")) / "preferences.json"


def load() -> Preferences:
    """The saved preferences; none (with ``problem`` said) when the file is bad."""
    where = path()
    if where is None:
        return Preferences()
    try:
        text = files.read_bounded(where, LIMIT)
    except FileNotFoundError:
        return Preferences()
    except files.Refused as error:  # a pipe, a device, a folder, a huge file: not read
        aside = f"; {files.aside_words(where)}" if error.oversize else ""
        return Preferences(problem=f"Preferences ignored: {error}{aside}")
    except OSError as error:
        return Preferences(problem=f"Preferences in {where} ignored: {error.strerror or error}")
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        theme = data.get("theme")
        if theme is not None and not isinstance(theme, str):  # the app knows the names
            raise ValueError("theme should be a name")
        if theme is not None and (len(theme) > NAME_LIMIT or not theme.isprintable()):
            raise ValueError("theme is no theme's name")
        saved = data.get("settings", {})
        if not isinstance(saved, dict) or not set(saved) <= set(KEPT):
            raise ValueError("unknown settings")
        if is_file_name(str(saved.get("strategy", ""))):  # never run from a saved file
            raise ValueError("a strategy file is given on the command line only")
        for name, value in saved.items():
            default = SETTINGS[name].default if name in SETTINGS else ""  # the mode's name
            if type(value) is not type(default):
                raise ValueError(f"{name} should be like {default!r}")
        # Every value checked as the command line would (the mode by the home screen,
        # which opens on its first where it has none of that name).
        Settings.of(saved)
    except (ValueError, RecursionError, MastermindError) as error:
        reason = "nested too deeply" if isinstance(error, RecursionError) else str(error)
        aside = files.aside_words(where)
        return Preferences(
            problem=f"Preferences in {where} ignored: {files.shown(reason)}; {aside}"
        )
    return Preferences(theme, dict(saved))


def kept(settings: Settings) -> dict[str, object]:
    """The settings of ``settings`` that are saved."""
    rules = settings.rules
    return {
        "mode": settings.mode.name,
        # An opening (--opening) fits one size: the strategy alone is kept.
        "strategy": without_opening(settings.strategy),
        "colours": rules.colours,
        "positions": rules.positions,
        "rounds": rules.rounds,
        "moves": rules.max_moves,
        "repeats": rules.repeats,
        "answers": rules.answers.name,
        "notation": settings.notation.name,
    }


def save(preferences: Preferences) -> str:
    """Write the preferences; "" when done, else one line saying why not (the game goes
    on either way)."""
    where = path()
    if where is None:
        return ""
    data = {"theme": preferences.theme, "settings": preferences.settings}
    text = json.dumps(data, indent=2) + "\n"
    try:
        output.write(where, text.encode("utf-8"), own=True)
    except output.NotWritten as error:  # a full disk keeps no half-written file
        return f"Preferences not saved in {where}: {error}"
    return ""


def remembered(preferences: Preferences, given: Mapping[str, object]) -> str:
    """What a game started with no such options takes from the preferences, as a person
    reads it ("" when nothing): the size and rules, saying so on the status line."""
    used = {
        name: value
        for name, value in preferences.settings.items()
        if name != "mode" and name not in given and value != SETTINGS[name].default
    }
    if not used:
        return ""
    return "Remembered from last time: " + ", ".join(f"{n} {v}" for n, v in used.items())
