"""What the model knows of a mode: the kind of game it starts (who breaks the code, what
the records call its games, what it takes) and how the home screen, its help and the
palette show it. Plain data, no Textual: a mode (``mastermind_tui.modes``) holds one, and
``Settings.mode`` is the kind of the game they describe.

The kinds of the app's own modes are here (``PLAY``: a game that names none); a new mode
may declare its kind in its own module.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from engine.play.match import Role

__all__ = [
    "ADVERSARY",
    "COMPARE",
    "DAILY",
    "DUEL",
    "GAME_FIELDS",
    "MAKE",
    "MATCH",
    "PLAY",
    "WATCH",
    "WATCH_FIELDS",
    "GameKind",
    "Palette",
    "Role",
    "Takes",
]


class Takes(enum.Enum):
    """What a mode takes besides the settings, from the command line or the home form."""

    #: A secret to break (SECRET on the command line; drawn at random when left out).
    SECRET = enum.auto()
    #: The strategies to put side by side.
    STRATEGIES = enum.auto()
    #: Two players' names (a duel).
    PLAYERS = enum.auto()


#: The home form's fields of the game itself, which every mode that plays games shows.
GAME_FIELDS: Final = (
    "strategy",
    "preset",
    "no-repeats",
    "answers",
    "colours",
    "positions",
    "rounds",
    "moves",
    "notation",
    "seed",
)

#: The fields of a game one watches: no rounds, and the strategy only where one plays.
WATCH_FIELDS: Final = tuple(f for f in GAME_FIELDS if f not in ("strategy", "rounds"))


@dataclass(frozen=True)
class GameKind:
    """A kind of game the app starts (the home screen's Mode list): everything the model
    and the screens need to know of it; nothing tests a mode's name."""

    #: Its command's name, and its value in the home form and the preferences.
    name: str
    title: str
    #: Who breaks the code in each game of a round.
    roles: tuple[Role, ...]
    #: What it is for, a sentence: the home screen's help lists the modes with it.
    help: str
    #: The home form's fields that apply to it (the others are hidden).
    fields: tuple[str, ...] = GAME_FIELDS
    #: What the records call its games (``records.types.Game.mode``); "" for none kept.
    record: str = ""
    takes: frozenset[Takes] = frozenset()
    #: The computer answers as the adversary: it commits to no secret, each answer
    #: keeping as many codes possible as it can (``engine.play.adversary``); HINT, the
    #: ratings and par are in worst-case terms.
    adversary: bool = False
    #: The settings its games take from those remembered from the home screen (None:
    #: every one); the daily puzzle's rules are the day's, whatever was remembered.
    remembers: frozenset[str] | None = None
    #: One puzzle a UTC day: the home screen says whether today's is played.
    daily: bool = False

    def remembered(self, saved: Mapping[str, object]) -> dict[str, object]:
        """The remembered settings ``saved`` that its games take."""
        keep = self.remembers
        return {k: v for k, v in saved.items() if keep is None or k in keep}

    @property
    def takes_secret(self) -> bool:
        return Takes.SECRET in self.takes

    @property
    def takes_strategies(self) -> bool:
        return Takes.STRATEGIES in self.takes

    @property
    def takes_players(self) -> bool:
        return Takes.PLAYERS in self.takes


@dataclass(frozen=True)
class Palette:
    """A command's entry in the command palette."""

    title: str
    help: str
    #: Place in the palette (the palette lists the often used first, not in --help order).
    rank: int


PLAY: Final = GameKind(
    "play",
    "You break the computer's code",
    (Role.PERSON,),
    "break the computer's secret code; HINT and the laboratory view help",
    (*GAME_FIELDS, "lab", "hard", "timed", "challenge"),
    record="play",
)
MAKE: Final = GameKind(
    "make",
    "The computer breaks your code",
    (Role.COMPUTER,),
    "think of a code and answer the strategy's guesses; it catches a slip",
    record="make",
)
MATCH: Final = GameKind(
    "match",
    "Both, in turn (the 1978 game)",
    (Role.PERSON, Role.COMPUTER),
    "you and the computer take turns to break each other's code, scored",
    (*GAME_FIELDS, "lab", "hard", "timed"),
    record="match",
)
DAILY: Final = GameKind(
    "daily",
    "Today's daily puzzle",
    (Role.PERSON,),
    "one secret a UTC day, the same for everyone; par from the exact optimum",
    ("no-repeats", "colours", "positions", "notation", "hard", "timed"),
    record="daily",
    remembers=frozenset({"colours", "positions", "repeats", "notation"}),
    daily=True,
)
WATCH: Final = GameKind(
    "watch",
    "Watch a strategy think",
    (Role.COMPUTER,),
    "step through a strategy breaking a secret, its reasoning at every move",
    (*WATCH_FIELDS, "strategy", "secret"),
    takes=frozenset({Takes.SECRET}),
)
COMPARE: Final = GameKind(
    "compare",
    "Compare strategies side by side",
    (Role.COMPUTER,),
    "2 to 4 strategies break the same secret side by side, move by move",
    (*WATCH_FIELDS, "secret", "compare"),
    takes=frozenset({Takes.SECRET, Takes.STRATEGIES}),
)
ADVERSARY: Final = GameKind(
    "adversary",
    "Against the adversary (no secret)",
    (Role.PERSON,),
    "the computer keeps no secret: each answer keeps as many codes as it can; par is the "
    "worst-case optimum",
    ("preset", "no-repeats", "answers", "colours", "positions", "moves", "notation", "lab"),
    record="adversary",
    adversary=True,
)
DUEL: Final = GameKind(
    "duel",
    "Two people, one terminal",
    (Role.PERSON,),
    "two people take turns to type a code nobody sees and break the other's; scored as "
    "the 1978 match",
    (*(f for f in GAME_FIELDS if f not in ("strategy", "seed")), "players"),
    record="duel",
    takes=frozenset({Takes.PLAYERS}),
)
