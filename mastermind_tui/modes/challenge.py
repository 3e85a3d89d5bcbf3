"""``mastermind challenge``: a code that carries a secret (or the adversary), its size and
its rules, for a friend to play the same game (``mastermind play --challenge CODE``;
``game.challenge``)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..cli import command, options
from .base import Command


class Challenge(Command):
    name = "challenge"
    summary = "print a challenge code: a secret and its rules for a friend to play"

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.secret_to_watch(parser)
        options.size(parser, strategy=False)
        options.moves(parser)
        options.hard(parser)
        parser.add_argument(
            "--adversary",
            action="store_true",
            help="the adversary, who keeps no secret, in place of a secret (`mastermind "
            "adversary`): no SECRET, no --hard",
        )

    def epilog(self) -> str:
        return (
            "The code is 15 characters, safe to copy and to read aloud; the secret cannot "
            "be read off it. A friend plays it with `mastermind play --challenge CODE` or "
            "the home screen's Challenge field."
        )

    def run(self, args: argparse.Namespace, commands: Sequence[command.Command]) -> int:
        import numpy as np

        from engine import MastermindError, parse_any
        from engine.words import plural

        from ..cli.launch import build_settings
        from ..game.challenge import challenge_of, encode

        settings = build_settings(args)
        space = settings.space
        secret: int | None = None
        if args.adversary:
            if args.secret is not None or settings.hard:
                what = "SECRET" if args.secret is not None else "--hard"
                raise MastermindError(
                    f"the adversary keeps no secret and has no hard mode: leave out {what}"
                )
        elif args.secret is None:
            secret = space.random_code(np.random.default_rng(settings.seed))
        else:
            secret = parse_any(space, args.secret, settings.notation)
        code = encode(challenge_of(settings, secret))
        hard = ", hard mode" if settings.hard else ""
        against = ", against the adversary" if args.adversary else ""
        command = "adversary" if args.adversary else "play"
        print(code)
        print(
            f"{space.rules_text()}, {plural(settings.rules.max_moves, 'move')} at most{hard}"
            f"{against}: `mastermind {command} --challenge {code}` plays it."
        )
        return 0
