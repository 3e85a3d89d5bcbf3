"""``mastermind adversary``: break a code the computer never chose; each answer keeps as
many codes possible as it can (``engine.play.adversary``), par the worst-case optimum. A
friend's challenge code of the adversary (``game.challenge``) sets the size and rules."""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import TYPE_CHECKING

from ..cli import options
from ..game.kinds import ADVERSARY, Palette
from .base import Mode
from .challenge_option import challenge_given

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..game.challenge import Challenge
    from ..game.settings import Settings
    from ..navigation import Recorder, Start


def adversary_screen(
    settings: Settings, recorder: Recorder, challenge: Challenge | None = None
) -> Screen[None]:
    """One game at a time, advised and rated by Knuth's rule (``game.adversary``), on the
    size and rules of ``settings``, or of a friend's ``challenge`` when given."""
    from ..game.adversary import ADVICE
    from ..game.session import GameSession
    from ..screens.adversary import AdversaryScreen

    if challenge is not None:
        settings = challenge.settings(settings)
    rules = replace(settings.rules, rounds=1)
    settings = replace(settings, rules=rules, strategy=ADVICE, seed=None, hard=False)
    session = GameSession(settings, recorder=recorder)
    if challenge is not None:
        session.challenge = challenge
        session.named("Challenge")
    return AdversaryScreen(session)


class Adversary(Mode):
    name = "adversary"
    summary = "break a code the computer never chose: each answer keeps the most codes"
    kind = ADVERSARY
    palette = Palette("Adversary: no secret, worst-case answers", "Par: the worst case", 1)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.size(parser, seed=False, strategy=False)
        options.moves(parser)
        options.lab(parser)
        options.no_record(parser)
        options.challenge(parser, adversary=True)

    def remembers(self, args: argparse.Namespace) -> bool:
        """A challenge's size and rules are its own: nothing remembered is said of it."""
        return args.challenge is None

    def options(self, args: argparse.Namespace) -> Challenge | None:
        """The adversary's challenge ``--challenge`` names (``challenge_option.challenge_given``); a
        secret's code is refused in one line, naming the command that plays it, and so is
        a strategy (the advice is always Knuth's rule, the adversary's own measure)."""
        from engine import MastermindError

        for flag in ("strategy", "max_guesses"):
            if getattr(args, flag, None) is not None:
                raise MastermindError(
                    f"the adversary's advice is Knuth's rule, which it is built against: "
                    f"leave out --{flag.replace('_', '-')}"
                )

        challenge = challenge_given(args)
        if challenge is not None and not challenge.adversary:
            code = args.challenge.strip()
            raise MastermindError(
                f"--challenge {code!r} is a secret's code, not the adversary's: "
                f"`mastermind play --challenge {code}` plays it"
            )
        return challenge

    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        from ..game.challenge import Challenge

        challenge = start.options if isinstance(start.options, Challenge) else None
        return adversary_screen(start.settings, recorder, challenge)
