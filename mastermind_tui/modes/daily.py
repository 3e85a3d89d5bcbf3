"""``mastermind daily``: one secret a UTC day, the same for everyone, par from the
optimum (``game.daily``)."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.answers import CLASSIC

from ..cli import options
from ..game.kinds import DAILY, Palette
from ..game.settings import SettingError
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


class Daily(Mode):
    name = "daily"
    summary = "today's puzzle: one secret for everyone each UTC day, par from the optimum"
    kind = DAILY
    palette = Palette("Daily puzzle: today's game", "One secret a day, with par", 1)

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.game(parser)
        options.hard(parser)
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

    def options(self, args: argparse.Namespace) -> DailyOptions:
        from ..game.daily import read_date

        if args.answers is not None:
            raise SettingError(
                "answers",
                "--answers: the daily puzzle is answered as everyone's is, with black and "
                "white pegs; play --answers black for a game of black pegs only",
            )
        if args.date is not None:
            read_date(args.date)  # a bad or future date: one line, before the app starts
        return DailyOptions(args.date, args.copy)

    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        """The day's puzzle: its secret, one game; an earlier date's replay (``--date``)
        is a practice game, kept apart from the figures."""
        from ..game.daily import daily_secret, read_date
        from ..game.session import GameSession
        from ..screens.daily import DailyScreen

        chosen = start.options if isinstance(start.options, DailyOptions) else DailyOptions()
        day, counted = read_date(chosen.date)
        # Everyone's puzzle: one round, answered classically whatever home remembers.
        rules = replace(start.settings.rules, rounds=1, answers=CLASSIC)
        settings = replace(start.settings, rules=rules)
        session = GameSession(settings, daily_secret(settings.space, day), recorder)
        # The title is short: with "practice (UNDO used), assisted", one line.
        session.named(f"Daily {day}", None if counted else "an earlier day")
        session.day = day.isoformat()  # the game counts for the day it was opened on
        return DailyScreen(session, day, copy=chosen.copy)
