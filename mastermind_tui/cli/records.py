"""``mastermind records``: the figures of every game kept, as text or JSON (no Textual)."""

from __future__ import annotations

import argparse
import json
import sys

from engine.codes import check_size, rules_text
from engine.errors import ConfigError
from engine.words import plural

from ..game.clock import clock_text
from ..records.faults import RecordsError, exists
from ..records.store import Records, default_path
from ..records.types import Summary

BAR_WIDTH = 30


def parse_size(text: str) -> tuple[int, int]:
    """``6x4`` -> (6, 4): colours by positions."""
    colours, sep, positions = text.lower().partition("x")
    if not (
        sep
        and colours.isascii()
        and colours.isdigit()
        and positions.isascii()
        and positions.isdigit()
    ):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a size; write colours x positions, e.g. 6x4"
        )
    try:  # a size no game can have would only ever show "no games"
        check_size(int(colours), int(positions))
    except ConfigError as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error}") from None
    return int(colours), int(positions)


def records(args: argparse.Namespace) -> int:
    path = default_path()
    if args.where:
        print(path if path is not None else "recording is off (MASTERMIND_RECORDS is empty)")
        return 0
    if path is None:
        raise RecordsError("recording is off (MASTERMIND_RECORDS is empty): no records to show")
    # A RecordsError is the environment's fault: the command line reports it (exit 1).
    try:  # a path that cannot hold records is no "no games yet"
        kept = exists(path)
    except ValueError as error:
        raise RecordsError(f"records at {path}: {error}") from None
    store = Records(path)
    summaries = store.summaries(args.size) if kept else []
    if store.unread:  # the figures of the games that could be read, and one line
        print(f"mastermind: {store.unread_text()}", file=sys.stderr)
    if args.json:
        print(json.dumps({"path": str(path), "sizes": [s.as_json() for s in summaries]}))
    elif not summaries:
        size, command = "", "mastermind play"
        if args.size is not None:  # the command for that size: `mastermind play` is 6x4
            colours, positions = args.size
            size = f" of {colours}x{positions}"
            command += f" --colours {colours} --positions {positions}"
        print(f"No games{size} recorded yet: play one with `{command}`.")
    else:
        print("\n\n".join(format_summary(s) for s in summaries))
    return 0


def format_summary(summary: Summary) -> str:
    hard = ", hard mode" * summary.hard + ", timed" * summary.timed
    lines = [
        f"{rules_text(summary.colours, summary.positions, summary.repeats, summary.answers)}, "
        f"{plural(summary.max_moves, 'move')} at most{hard}",
        f"  played {summary.played}, won {summary.won}, current streak {summary.streak}",
    ]
    lines.append(f"  rating: {summary.rating_words()}")
    if summary.daily_streak:
        days = plural(summary.daily_streak, "day")
        lines.append(f"  daily puzzle: {days} in a row solved unaided")
    if summary.abandoned:
        lines.append(f"  abandoned {summary.abandoned} (counted as played, not won)")
    if summary.assisted:
        lines.append(
            f"  assisted {summary.assisted}, won {summary.assisted_won} (kept apart: "
            "HINT named a code, or the lab view or WHATIF was used)"
        )
    if summary.average is not None:
        lines.append(f"  average {summary.average:.2f} moves, best {summary.best}")
    if summary.average_seconds is not None and summary.best_seconds is not None:
        average, best = clock_text(summary.average_seconds), clock_text(summary.best_seconds)
        lines.append(f"  time to win: average {average}, best {best}")
    top = max(summary.histogram.values(), default=1)
    for moves, games in summary.histogram.items():
        bar = "#" * max(1, round(BAR_WIDTH * games / top))
        unit = "move " if moves == 1 else "moves"
        lines.append(f"  {moves:>3} {unit} {games:>5}  {bar}")
    return "\n".join(lines)
