"""``mastermind daily``: one secret a UTC day, the same for everyone, par from the
optimum (``game.daily``)."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..cli import options
from ..game.daily import DAY_MOVES
from ..game.kinds import DAILY, Palette
from .base import Mode

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..navigation import Recorder, Start


@dataclass(frozen=True)
class DailyOptions:
    """The daily's own options (none from the home screen: today's puzzle)."""

    #: An earlier UTC date to replay as practice, as typed (checked: ``read_date``).
    date: str | None = None
    #: Copy the share block to the clipboard at the end.
    copy: bool = False


#: The options of a game the daily takes no part of: its rules are the day's, the same for
#: every player (the size is the player's: each has its own puzzle).
REFUSED: Final = (
    options.Refusal(
        "--moves",
        "N",
        f"the move limit is the day's ({DAY_MOVES}); `mastermind play --moves N` plays with yours",
    ),
    options.Refusal("--rounds", "N", "the daily puzzle is one game a day"),
    options.Refusal("--seed", "N", "the day's secret comes from its date, not a seed"),
    options.Refusal("--strategy", "NAME", "HINT's advice and par are the same for every player"),
    options.Refusal("--max-guesses", "N", "par is the optimum's, with no cap on guesses"),
    options.Refusal(
        "--preset",
        "NAME",
        "a preset sets a move limit; give the size with --colours, --positions, --no-repeats",
    ),
    options.Refusal(
        "--answers",
        "RULE",
        "the daily puzzle is answered as everyone's is, with black and white pegs; "
        "`mastermind play --answers black` plays black pegs only",
    ),
)


class Daily(Mode):
    name = "daily"
    summary = "today's puzzle: one secret for everyone each UTC day, par from the optimum"
    kind = DAILY
    palette = Palette("Daily puzzle: today's game", "One secret a day, with par", 1)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.puzzle_size(parser)
        options.hard(parser)
        options.timed(parser)
        options.no_record(parser)
        parser.add_argument(
            "--date",
            default=None,
            help="replay an earlier UTC date's puzzle, YYYY-MM-DD, as practice",
        )
        parser.add_argument(
            "--copy",
            action="store_true",
            help="copy the share block to the clipboard at the end",
        )

        options.refused(
            parser, "refused (the puzzle's rules are the day's, the same for everyone)", REFUSED
        )

    def epilog(self) -> str:
        return (
            "The size and notation left out are those of the game last started from the "
            "home screen (remembered), else the defaults shown; nothing remembered sets "
            "the puzzle's rules."
        )

    def options(self, args: argparse.Namespace) -> DailyOptions:
        from ..game.daily import read_date

        if args.date is not None:
            read_date(args.date)  # a bad or future date: one line, before the app starts
        return DailyOptions(args.date, args.copy)

    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        """The day's puzzle: its secret, one game; an earlier date's replay (``--date``)
        is a practice game, kept apart from the figures."""
        from ..game.daily import daily_secret, day_settings, read_date
        from ..game.session import GameSession
        from ..screens.daily import DailyScreen

        chosen = start.options if isinstance(start.options, DailyOptions) else DailyOptions()
        day, counted = read_date(chosen.date)
        settings = day_settings(start.settings)
        session = GameSession(settings, daily_secret(settings.space, day), recorder)
        # The title is short: with "practice (UNDO used), assisted", one line.
        session.named(f"Daily {day}", None if counted else "an earlier day")
        session.day = day.isoformat()  # the game counts for the day it was opened on
        return DailyScreen(session, day, copy=chosen.copy)
