"""``--challenge CODE`` read back, for the modes that play a friend's code (play, and the
adversary): a module of its own so that neither mode imports the other to read it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ..game.challenge import Challenge


#: The options a challenge code sets itself (its size and rules), refused beside it.
CARRIED: Final = (
    "preset",
    "colours",
    "positions",
    "repeats",
    "answers",
    "moves",
    "rounds",
    "hard",
    "seed",
)


def challenge_given(args: argparse.Namespace) -> Challenge | None:
    """The challenge ``--challenge`` names, or None; a mistyped code, or an option it sets
    itself given beside it, refused in one line."""
    if args.challenge is None:
        return None
    from engine import MastermindError

    from ..game.challenge import decode

    given = [name for name in CARRIED if getattr(args, name, None) not in (None, False)]
    if given:
        flag = "--" + given[0].replace("_", "-")
        raise MastermindError(f"--challenge carries its size and rules: leave out {flag}")
    try:
        return decode(args.challenge)
    except MastermindError as error:
        raise MastermindError(f"--challenge {error}") from None
