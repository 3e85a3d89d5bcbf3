"""From command-line arguments to a running app: everything is checked before Textual is
imported, so a bad argument costs one line on stderr, never a half-drawn screen."""

from __future__ import annotations

import argparse

from engine import parse_any

from .state import Settings


def settings_from(args: argparse.Namespace) -> tuple[Settings | None, int | None]:
    """Checked settings (None for the home screen) and, for ``watch``, the secret."""
    if args.command is None:
        return None, None
    mode = "watch" if args.command == "watch" else "play"
    settings = Settings.build(
        mode=mode,
        colours=args.colours,
        positions=args.positions,
        rounds=getattr(args, "rounds", 1),
        moves=getattr(args, "moves", 10),
        notation=args.notation,
        strategy=args.strategy,
        seed=args.seed,
    )
    if args.command == "watch":
        return settings, parse_any(settings.space, args.secret, settings.notation)
    return settings, None


def launch(args: argparse.Namespace) -> int:
    settings, secret = settings_from(args)
    from .app import MastermindApp

    MastermindApp(settings, secret).run()
    return 0
