"""``mastermind watch``: a strategy breaks a secret, one step at a time."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cli import options
from ..game.kinds import WATCH, Palette
from .base import Mode

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..navigation import Recorder, Start


@dataclass(frozen=True)
class WatchOptions:
    """The watch's own options (none from the home screen)."""

    #: The secret kept off the screen until it is found, so that a class predicts each
    #: answer (s shows or hides it meanwhile).
    hide_secret: bool = False


class Watch(Mode):
    name = "watch"
    summary = "watch a strategy break SECRET, one step at a time, full-screen"
    kind = WATCH
    palette = Palette("Watch", "Watch a strategy break a code step by step", 1)
    takes_opening = True

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        options.secret_to_watch(parser)
        options.size(parser)
        options.opening(parser)
        parser.add_argument(
            "--hide-secret",
            action="store_true",
            help="keep the secret off the screen until it is found, so that a class "
            "predicts each answer (s shows or hides it)",
        )

    def options(self, args: argparse.Namespace) -> WatchOptions:
        return WatchOptions(args.hide_secret)

    def open(self, start: Start, recorder: Recorder) -> Screen[None]:
        """A strategy breaking the start's secret, step by step (nothing to record)."""
        from ..game.watch_session import WatchSession
        from ..screens.watch import WatchScreen

        assert start.secret is not None, "a watch starts with its secret drawn or given"
        hidden = isinstance(start.options, WatchOptions) and start.options.hide_secret
        return WatchScreen(WatchSession(start.settings, start.secret), hide_secret=hidden)
