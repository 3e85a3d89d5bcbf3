"""``mastermind duel``: two people at one terminal take turns to make a code, typed
unseen, and break the other's (``game.duel``), scored as the 1978 match."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..cli import options
from ..game.kinds import DUEL, Palette
from .base import Mode

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..game.duel import Players
    from ..navigation import Recorder, Start


class Duel(Mode):
    name = "duel"
    summary = "two people at one terminal: each makes a code, unseen, the other breaks it"
    kind = DUEL
    palette = Palette("Duel: two people at one keyboard", "Make and break in turn", 1)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.size(parser, seed=False, strategy=False)
        options.rounds(parser)  # each player makes one code a round
        options.moves(parser)
        options.no_record(parser)
        parser.add_argument(
            "--players",
            nargs=2,
            metavar="NAME",
            default=None,
            help="the two players' names, the first making the first code "
            "(default: Player 1, Player 2)",
        )

    def options(self, args: argparse.Namespace) -> Players:
        from ..game.duel import read_players

        return read_players(args.players)  # two names, or one line before the app starts

    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        """The first code's maker, typing it unseen (``screens.duel_secret``), then the
        breaker's game (``screens.duel``)."""
        from ..game.duel import Duel as Match
        from ..game.duel import Players
        from ..screens.duel import game_screen
        from ..screens.duel_secret import SecretScreen

        players = start.options if isinstance(start.options, Players) else Players()
        return SecretScreen(Match(start.settings, players, recorder), game_screen)
