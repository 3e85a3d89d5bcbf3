"""What the games, retro, records and serve run (their commands are in
``mastermind_tui.modes``); solve, stats and tree run theirs in commands and tree.
Everything is checked before Textual is imported, so a bad argument costs one line on
stderr, never a half-drawn screen."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from engine import MastermindError, parse_any
from engine.strategies import capped_name

from ..ending import Ended, say_last
from ..game import preferences
from ..game.kinds import GameKind
from ..game.preferences import Preferences
from ..game.settings import SETTINGS, SettingError, Settings, preset_values
from .command import command_of
from .parser import EXIT_INTERNAL, EXIT_INTERRUPTED, Failed, one_line

if TYPE_CHECKING:
    from ..navigation import Start

#: Runs the full-screen app on a checked start (None: the home screen), keeping records
#: or not, with the user's preferences and what the first game says it took from them;
#: returns Textual's return code.
Launch = Callable[["Start | None", bool, Preferences, str], int]

#: Plain-text alternatives named when there is no terminal.
NO_TERMINAL_HINT = "use `mastermind retro --plain` or `mastermind solve SECRET` instead"


def given(args: argparse.Namespace) -> dict[str, object]:
    """The settings the user gave on the command line, with the values of the preset
    named filled in under them (read once here); a cap on guesses (``--max-guesses``) is
    part of the strategy's name, optimal by default."""
    chosen = {
        name: getattr(args, name) for name in SETTINGS if getattr(args, name, None) is not None
    }
    cap = getattr(args, "max_guesses", None)
    if cap is not None:
        base = str(chosen.get("strategy", "optimal"))
        try:
            chosen["strategy"] = capped_name(base, cap)
        except MastermindError as error:
            raise SettingError("strategy", f"--max-guesses: {error}") from None
    return {**preset_values(getattr(args, "preset", None)), **chosen}


def build_settings(args: argparse.Namespace) -> Settings:
    """Settings of a command that prints (solve, stats, tree): from the options it has and
    the user gave; anything unsaid comes from the preset, then the defaults (the games'
    settings, which also take the user's preferences, are built by ``opening``). A code
    of digits 1-9 read in digits from 0 is said on stderr (``digits_notes``)."""
    settings = with_opening(args, Settings.of(given(args)))
    for note in digits_notes(args, settings):
        print(f"mastermind: {note}", file=sys.stderr)
    return settings


def digits_notes(args: argparse.Namespace, settings: Settings) -> list[str]:
    """A line for each code the command line gives (the secret, ``--opening``) that is
    read in digits counted from 0 though it has no 0 (``1122``: WWRR), saying how to read
    it as the literature numbers colours, from 1 (BBWW)."""
    from engine.notation import digits_note

    texts = (getattr(args, "secret", None), getattr(args, "opening", None))
    notes = (digits_note(settings.space, str(t), settings.notation) for t in texts if t)
    return [note for note in notes if note]


def with_opening(args: argparse.Namespace, settings: Settings) -> Settings:
    """``settings`` with the strategy opening with ``--opening CODE`` when given (read as
    any code is, in the settings' notation), its name saying so (``knuth-from11223``);
    a code the size or the rules forbid, or a strategy that chooses no opening, is
    refused in one line."""
    text = getattr(args, "opening", None)
    if text is None:
        return settings
    import dataclasses

    from engine.strategies import make_strategy, opened_name

    space = settings.space
    try:
        name = opened_name(settings.strategy, space, parse_any(space, text, settings.notation))
        make_strategy(name).check(space)
    except MastermindError as error:
        raise SettingError("strategy", f"--opening: {error}") from None
    return dataclasses.replace(settings, strategy=name)


def code_given(args: argparse.Namespace) -> str | None:
    """The code the command line gives (the secret, else ``--opening``), whose length says
    the positions; None without one (a strategy's name where the secret goes is none)."""
    mode = command_of(args).kind
    secret = getattr(args, "secret", None)
    if mode is not None and mode.takes_secret and secret and not _names_a_strategy(secret):
        return str(secret)
    opening_code = getattr(args, "opening", None)
    return None if opening_code is None else str(opening_code)


def _kind(args: argparse.Namespace) -> GameKind:
    """The kind of game the command starts (only a mode's command reaches here)."""
    kind = command_of(args).kind
    assert kind is not None, f"{args.command} opens no mode"
    return kind


def fitted(
    args: argparse.Namespace, chosen: Mapping[str, object], saved: Mapping[str, object]
) -> tuple[Mapping[str, object], Mapping[str, object]]:
    """``chosen`` and ``saved`` (remembered from Home) where the command line gives a code
    (``code_given``) and no ``--positions``: the code's length is then the positions, as
    if given, and the remembered colours are kept if the code fits them, else left to the
    default. Where no colours read it, the first size that can be played (the refusal then
    names the colour); both as they are where none can (it names the pegs)."""
    text = code_given(args)
    if text is None or "positions" in chosen:
        return chosen, saved
    from engine import get_notation

    name = chosen.get("notation", saved.get("notation", SETTINGS["notation"].default))
    readers = (get_notation(str(name)), get_notation("letters"), get_notation("numbers"))
    others = {k: v for k, v in saved.items() if k != "colours"}
    first: tuple[Mapping[str, object], Mapping[str, object]] | None = None
    for positions in dict.fromkeys(reader.count(text) for reader in readers):
        sized = {**chosen, "positions": positions}
        for kept in (saved, others):
            try:
                settings = Settings.of(sized, _kind(args), saved=kept)
            except MastermindError:
                continue
            first = first or (sized, kept)
            try:
                parse_any(settings.space, text, settings.notation)
            except MastermindError:
                continue
            return sized, kept
    return first or (chosen, saved)


def opening(
    args: argparse.Namespace, chosen: Mapping[str, object], saved: Mapping[str, object]
) -> Start:
    """The start of the mode ``args.command`` names, every part of it checked once: the
    settings (``chosen`` from ``given``, the rest from ``saved``), the secret of a mode
    that breaks one (drawn at random when left out, as the home screen does), the
    strategies of one that compares, and the command's own options."""
    from ..navigation import Start

    command = command_of(args)
    mode = _kind(args)
    chosen, saved = fitted(args, chosen, saved)
    settings = Settings.of(chosen, mode, saved=saved)
    settings = with_opening(args, settings)
    secret = None
    if mode.takes_strategies and _names_a_strategy(args.secret):
        # `compare knuth optimal`: no secret given, strategies only (a random secret).
        args.strategies = [args.secret, *args.strategies]
        args.secret = None
    if mode.takes_secret and args.secret is None:
        import numpy as np

        secret = settings.space.random_code(np.random.default_rng(settings.seed))
    elif mode.takes_secret:
        secret = parse_any(settings.space, args.secret, settings.notation)
    strategies: tuple[str, ...] = ()
    if mode.takes_strategies:
        from ..game.rivals import read_strategies

        if getattr(args, "strategy", None) is not None:
            raise MastermindError(
                f"{args.command} takes its strategies after the secret "
                f"(mastermind {args.command} RGBY knuth entropy), not --strategy"
            )
        strategies = read_strategies(args.strategies, settings)
    return Start(settings, secret, strategies, command.options(args))


def _names_a_strategy(text: str | None) -> bool:
    """Whether what stands where a secret goes is a strategy's name rather than a code
    (no strategy's name is a code: each is longer than a code or has letters no colour
    has)."""
    from engine.strategies import make_strategy

    if text is None:
        return False
    try:
        make_strategy(text.lower())
    except MastermindError:
        return False
    return True


def game(args: argparse.Namespace, launch: Launch) -> int:
    """No command (the home screen), or a mode given on the command line, with what it
    leaves unsaid from the user's preferences (and said so), run by ``launch``."""
    kept = preferences.load()
    start, note = None, ""
    if args.command is not None:
        remembered = {k: v for k, v in kept.settings.items() if k != "mode"}
        taken = command_of(args).remembers(args)
        saved: Mapping[str, object] = _kind(args).remembered(remembered) if taken else {}
        chosen, saved = fitted(args, given(args), saved)
        note = preferences.remembered(Preferences(kept.theme, dict(saved)), chosen)
        try:
            start = opening(args, chosen, saved)
        except MastermindError as error:
            if not note:
                raise
            # A refusal of what the command line never said: say where it came from.
            raise MastermindError(
                f"{error} ({note[0].lower()}{note[1:]}; give the option to choose otherwise)"
            ) from None
        note = ". ".join([*digits_notes(args, start.settings), *([note] if note else [])])
    check_screen(args)
    return app_ended(launch(start, not args.no_record, kept, note))


def retro(args: argparse.Namespace) -> int:
    """The 1978 game: on plain stdin/stdout, or on its own full screen."""
    if args.plain and args.amber:
        raise MastermindError("--amber colours the full screen; it does nothing with --plain")
    if args.crlf and not args.plain:
        raise MastermindError("--crlf is for --plain output; add --plain or leave it out")
    if not args.plain:
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
    """Refuse what would open the full screen without a terminal, before anything is
    drawn."""
    if not command_of(args).screen:
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
    signal closes it with 128 + its number (``BaseApp``)."""
    if return_code == EXIT_INTERRUPTED:
        print("mastermind: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if return_code is not None and return_code > 128:  # the terminal may be gone
        say_last(f"mastermind: ended by {Ended(return_code - 128).name}")
        return return_code
    if return_code:
        message = "internal error in the full-screen app (above); please report it"
        print(f"mastermind: {one_line(message)}", file=sys.stderr)
        return EXIT_INTERNAL
    return 0
