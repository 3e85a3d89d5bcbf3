"""``mastermind play``: the person breaks the computer's code."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..cli import options
from ..game.kinds import PLAY, Palette
from .base import Mode
from .challenge_option import challenge_given

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..game.challenge import Challenge
    from ..navigation import Recorder, Start


def game_options(parser: argparse.ArgumentParser) -> None:
    """What a game of the full-screen app takes, with the laboratory view and hard mode."""
    options.game(parser)
    options.spoiler_free(parser)
    options.lab(parser)
    options.hard(parser)
    options.timed(parser)
    options.no_record(parser)


def match_screen(start: Start, recorder: Recorder) -> Screen[None]:
    """A match of games (one or two a round): the screen of its first game's role."""
    from ..game.session import GameSession
    from ..screens.opening import session_screen

    return session_screen(GameSession(start.settings, recorder=recorder))


class Play(Mode):
    name = "play"
    summary = "break the computer's code, full-screen"
    kind = PLAY
    palette = Palette("Play: new game, you break the code", "A secret to break", 1)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        game_options(parser)
        options.challenge(parser)

    def remembers(self, args: argparse.Namespace) -> bool:
        """A challenge's size and rules are its own: nothing remembered is said of it."""
        return args.challenge is None

    def options(self, args: argparse.Namespace) -> Challenge | None:
        """The challenge ``--challenge`` names, read before the app starts (a mistyped
        code, or an option it sets itself given beside it: one line, exit 2). An
        adversary's code plays the adversary, whose advice is Knuth's rule: no
        ``--strategy`` beside it."""
        challenge = challenge_given(args)
        if challenge is None or not challenge.adversary:
            return challenge
        from engine import MastermindError

        for name in ("strategy", "max_guesses"):
            if getattr(args, name, None) is not None:
                flag = "--" + name.replace("_", "-")
                raise MastermindError(
                    f"--challenge {args.challenge.strip()!r} plays the adversary, advised by "
                    f"Knuth's rule: leave out {flag}"
                )
        return challenge

    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        """A match of the settings, or the one game of a challenge (its secret, or the
        adversary, with its size and rules, on the player's notation and view)."""
        from ..game.challenge import Challenge

        if not isinstance(start.options, Challenge):
            return match_screen(start, recorder)
        challenge = start.options
        if challenge.adversary:
            from .adversary import adversary_screen

            return adversary_screen(start.settings, recorder, challenge)
        from ..game.session import GameSession
        from ..screens.play import PlayScreen

        session = GameSession(challenge.settings(start.settings), challenge.secret, recorder)
        session.challenge = challenge
        session.named("Challenge")
        return PlayScreen(session)
