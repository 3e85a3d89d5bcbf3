"""The handlers (``modes.COMMANDS``) of the games, retro, records and serve; solve, stats
and tree have theirs in commands and tree_command. Everything is checked before Textual
is imported, so a bad argument costs one line on stderr, never a half-drawn screen."""

from __future__ import annotations

import argparse
import os
import sys

from engine import MastermindError, parse_any
from engine.strategies import capped_name

from ..ending import Ended
from ..game import preferences
from ..game.modes import BY_NAME
from ..game.preferences import Preferences
from ..game.settings import SETTINGS, SettingError, Settings, preset_values
from .parser import EXIT_INTERNAL, EXIT_INTERRUPTED, Failed, one_line

#: Plain-text alternatives named when there is no terminal.
NO_TERMINAL_HINT = "use `mastermind retro --plain` or `mastermind solve SECRET` instead"


def given(args: argparse.Namespace) -> dict[str, object]:
    """The settings the user gave on the command line (and the preset named); a cap on
    guesses (``--max-guesses``) is part of the strategy's name, optimal by default."""
    chosen = {
        name: getattr(args, name)
        for name in ("preset", *SETTINGS)
        if getattr(args, name, None) is not None
    }
    cap = getattr(args, "max_guesses", None)
    if cap is not None:
        base = str(chosen.get("strategy", "optimal"))
        try:
            chosen["strategy"] = capped_name(base, cap)
        except MastermindError as error:
            raise SettingError("strategy", f"--max-guesses: {error}") from None
    return chosen


def build_settings(
    args: argparse.Namespace, mode: str | None = None, saved: dict[str, object] | None = None
) -> Settings:
    """Settings from the options a command has and the user gave; anything unsaid (None,
    or an option the command lacks) comes from the preset, then ``saved`` (the user's
    preferences, for the full-screen games), then the defaults."""
    chosen = given(args)
    if mode is None:
        return Settings.build(**chosen, saved=saved)  # type: ignore[arg-type]
    return Settings.build(**chosen, mode=mode, saved=saved)  # type: ignore[arg-type]


def settings_from(
    args: argparse.Namespace, saved: dict[str, object] | None = None
) -> tuple[Settings | None, int | None]:
    """Checked settings (None for the home screen) and, for ``watch`` and ``compare``, the
    secret; what the command line leaves unsaid comes from a preset, then ``saved``."""
    if args.command is None:
        return None, None
    # a game's command is its mode
    settings = build_settings(args, args.command, saved)
    if args.command in ("watch", "compare"):
        if args.secret is None:  # as the home screen does: drawn at random (``--seed``)
            import numpy as np

            return settings, settings.space.random_code(np.random.default_rng(settings.seed))
        return settings, parse_any(settings.space, args.secret, settings.notation)
    return settings, None


def launch(
    settings: Settings | None,
    secret: int | None,
    record: bool = True,
    preferences: Preferences | None = None,
    note: str = "",
    compare: tuple[str, ...] = (),
) -> int:
    """Run the full-screen app on checked settings (Textual is imported only here), with
    the user's records (``default_path``: off when MASTERMIND_RECORDS is empty); with
    ``record`` False its games are not added to them; ``preferences`` the user's, kept up
    to date, and ``note`` what the first game says it took from them. Returns Textual's
    return code: 1 when an exception ended the app."""
    from ..app.shell import MastermindApp
    from ..records.store import default_path

    app = MastermindApp(
        settings,
        secret,
        records=default_path(),
        record=record,
        preferences=preferences,
        note=note,
        compare=compare,
    )
    app.run()
    return app.return_code or 0


def game(args: argparse.Namespace) -> int:
    """No command (the home screen), or a game or a watch given on the command line, with
    what it leaves unsaid from the user's preferences (and said so)."""
    kept = preferences.load()
    saved = {k: v for k, v in kept.settings.items() if k != "mode"}
    settings, secret = settings_from(args, saved)
    compare: tuple[str, ...] = ()
    if settings is not None and args.command == "compare":
        from ..game.compare_session import read_strategies

        if getattr(args, "strategy", None) is not None:
            raise MastermindError(
                "compare takes its strategies after the secret "
                "(mastermind compare RGBY knuth entropy), not --strategy"
            )
        compare = read_strategies(args.strategies, settings)
    check_screen(args)
    chosen = given(args)
    chosen.update(preset_values(args.preset) if getattr(args, "preset", None) else {})
    note = "" if args.command is None else preferences.remembered(kept, chosen)
    return app_ended(launch(settings, secret, not args.no_record, kept, note, compare))


def retro(args: argparse.Namespace) -> int:
    """The 1978 game: on plain stdin/stdout, or on its own full screen."""
    check_screen(args)
    from ..records.store import default_path

    kept_in = None if args.no_record else default_path()
    if args.plain:
        from ..retro.plain import run_plain

        return run_plain(args.seed, args.gwbasic_rnd, args.crlf, kept_in)
    from ..app.retro import RetroApp

    app = RetroApp(args.seed, args.gwbasic_rnd, args.amber, kept_in)
    app.run()
    return app_ended(app.return_code)


def records(args: argparse.Namespace) -> int:
    from ..records.faults import RecordsError
    from .records import records as run

    try:
        return run(args)
    except RecordsError as error:
        raise Failed(str(error)) from None


def serve(args: argparse.Namespace) -> int:
    from .serve import serve

    return serve(args.host, args.port)


def check_screen(args: argparse.Namespace) -> None:
    """Refuse what would open the full screen without a terminal, or options that would
    silently do nothing, before anything is drawn."""
    if args.command == "retro":
        if args.plain and args.amber:
            raise MastermindError("--amber colours the full screen; it does nothing with --plain")
        if args.crlf and not args.plain:
            raise MastermindError("--crlf is for --plain output; add --plain or leave it out")
        if args.plain:
            return
    if not BY_NAME[args.command].screen:
        return
    if os.environ.get("TEXTUAL_DRIVER"):
        return  # another driver draws the screen (mastermind serve runs the app on pipes)
    name = "mastermind" + ("" if args.command is None else f" {args.command}")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise MastermindError(
            f"{name} draws a full screen and needs a terminal on stdin and stdout; "
            + NO_TERMINAL_HINT
        )
    if os.environ.get("TERM", "") == "dumb":
        raise MastermindError(
            f"{name} draws a full screen, which TERM=dumb cannot show; "
            "set TERM (e.g. TERM=xterm-256color) or " + NO_TERMINAL_HINT
        )


def app_ended(return_code: int | None) -> int:
    """Textual ends the app with code 1 on an exception it has already shown: a bug. A
    signal closes it with 128 + its number (``RecordingApp``)."""
    if return_code == EXIT_INTERRUPTED:
        print("mastermind: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if return_code is not None and return_code > 128:
        print(f"mastermind: ended by {Ended(return_code - 128).name}", file=sys.stderr)
        return return_code
    if return_code:
        message = "internal error in the full-screen app (above); please report it"
        print(f"mastermind: {one_line(message)}", file=sys.stderr)
        return EXIT_INTERNAL
    return 0
