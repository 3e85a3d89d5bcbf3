"""From command-line arguments to a running app: everything is checked before Textual is
imported, so a bad argument costs one line on stderr, never a half-drawn screen."""

from __future__ import annotations

import argparse

from engine import parse_any

from .settings import Settings

#: The app's mode for each full-screen command; no command opens the home screen.
MODE_OF_COMMAND = {"play": "play", "make": "make", "match": "match", "watch": "watch"}


def settings_from(args: argparse.Namespace) -> tuple[Settings | None, int | None]:
    """Checked settings (None for the home screen) and, for ``watch``, the secret."""
    if args.command is None:
        return None, None
    # watch has no rounds or move limit (and make no spoilers to hide): Settings.build's
    # defaults stand for them.
    game = {
        name: getattr(args, name)
        for name in ("rounds", "moves", "spoiler_free")
        if hasattr(args, name)
    }
    settings = Settings.build(
        mode=MODE_OF_COMMAND[args.command],
        colours=args.colours,
        positions=args.positions,
        notation=args.notation,
        strategy=args.strategy,
        seed=args.seed,
        **game,
    )
    if args.command == "watch":
        return settings, parse_any(settings.space, args.secret, settings.notation)
    return settings, None


def launch(settings: Settings | None, secret: int | None) -> int:
    """Run the full-screen app on checked settings (Textual is imported only here)."""
    from .app import MastermindApp

    MastermindApp(settings, secret).run()
    return 0
