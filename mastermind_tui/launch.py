"""From command-line arguments to a running app: everything is checked before Textual is
imported, so a bad argument costs one line on stderr, never a half-drawn screen."""

from __future__ import annotations

import argparse

from engine import parse_any

from .settings import Settings

#: The app's mode for each full-screen command; no command opens the home screen.
MODE_OF_COMMAND = {"play": "play", "make": "make", "match": "match", "watch": "watch"}


#: Settings a command line may give, by their names in ``Settings.build``.
GIVEN = (
    "preset",
    "colours",
    "positions",
    "repeats",
    "rounds",
    "moves",
    "notation",
    "strategy",
    "seed",
    "spoiler_free",
)


def build_settings(args: argparse.Namespace, mode: str = "play") -> Settings:
    """Settings from the options a command has and the user gave; anything unsaid (None,
    or an option the command lacks) comes from the preset, then the defaults."""
    given = {name: getattr(args, name) for name in GIVEN if getattr(args, name, None) is not None}
    return Settings.build(mode=mode, **given)


def settings_from(args: argparse.Namespace) -> tuple[Settings | None, int | None]:
    """Checked settings (None for the home screen) and, for ``watch``, the secret."""
    if args.command is None:
        return None, None
    settings = build_settings(args, MODE_OF_COMMAND[args.command])
    if args.command == "watch":
        return settings, parse_any(settings.space, args.secret, settings.notation)
    return settings, None


def launch(settings: Settings | None, secret: int | None, record: bool = True) -> int:
    """Run the full-screen app on checked settings (Textual is imported only here), with
    the user's records (``default_path``: off when MASTERMIND_RECORDS is empty); with
    ``record`` False its games are not added to them. Returns Textual's return code: 1
    when an exception ended the app."""
    from .app import MastermindApp
    from .records import default_path

    app = MastermindApp(settings, secret, records=default_path(), record=record)
    app.run()
    return app.return_code or 0
