"""What one entry of the table of commands and modes (``modes.COMMANDS``) holds: the
command, the mode it opens, its palette entry and its own options. Plain named tuples:
nothing here imports Textual or the engine (the command line reads them first)."""

from __future__ import annotations

from typing import Final, NamedTuple


class Option(NamedTuple):
    """An option a command has of its own, written here rather than as an option group:
    the parser adds it, and its value reaches the screen the mode opens (``Start``)."""

    #: The flag (``--daily``); the value's name is the flag without dashes, "-" as "_".
    flag: str
    help: str
    #: Whether it is an on/off switch (else it takes a value, read as text).
    switch: bool = True
    #: ``module:function`` in ``mastermind_tui`` that checks a value given, before the app
    #: starts (a MastermindError: one line, exit 2); "" for none.
    check: str = ""
    #: What its value is called in the help (``FILE``); "" for the flag's own name.
    metavar: str = ""

    @property
    def dest(self) -> str:
        return self.flag.lstrip("-").replace("-", "_")


#: The home form's fields of the game itself, which every mode that plays games shows.
GAME_FIELDS: Final = (
    "strategy",
    "preset",
    "no-repeats",
    "colours",
    "positions",
    "rounds",
    "moves",
    "notation",
    "seed",
)

#: The fields of a game one watches: no rounds, and the strategy only where one plays.
WATCH_FIELDS: Final = tuple(f for f in GAME_FIELDS if f not in ("strategy", "rounds"))


class Mode(NamedTuple):
    """A kind of game the app starts (the home screen's Mode list), with everything the
    app needs to know to start it: nothing outside this table tests a mode's name."""

    title: str
    #: Who breaks the code in each game of a round ("person", "computer").
    roles: tuple[str, ...]
    #: ``module:function`` in ``mastermind_tui.screens`` that opens its screen on a start
    #: (``screens.opening``), imported only when it opens.
    screen: str
    #: What it is for, a sentence: the home screen's help lists the modes with it.
    help: str
    #: The home form's fields that apply to it (the others are hidden): "secret" means it
    #: breaks a secret given (SECRET on the command line), "compare" strategies given.
    fields: tuple[str, ...] = GAME_FIELDS
    #: What the records call its games (``records.types.Game.mode``); "" for none kept.
    record: str = ""

    @property
    def takes_secret(self) -> bool:
        return "secret" in self.fields

    @property
    def takes_strategies(self) -> bool:
        return "compare" in self.fields


#: A palette entry's action that opens the home screen with its command's mode chosen.
CHOOSE: Final = "choose"


class Palette(NamedTuple):
    """The command palette's entry for a command: title, help, and the app's action
    (``CHOOSE``: the home screen, its mode chosen)."""

    title: str
    help: str
    action: str
    #: Place in the palette (the palette lists the often used first, not in --help order).
    rank: int


class Command(NamedTuple):
    """One ``mastermind`` command (``name`` None: no command, the home screen)."""

    name: str | None
    #: The line the command list shows; the command's own help page starts with it.
    summary: str
    #: ``module:function`` (in mastermind_tui) that runs it on the parsed arguments,
    #: imported only when the command runs.
    handler: str
    #: Option groups its parser takes, in the order its help lists them (see ``options``).
    options: tuple[str, ...] = ()
    #: Draws the full screen, so needs a terminal on stdin and stdout.
    screen: bool = False
    #: Can finish a game, so ``mastermind --no-record`` means something with it.
    records: bool = False
    mode: Mode | None = None
    palette: Palette | None = None
    #: Options of its own (beside its option groups), for the mode it opens.
    own: tuple[Option, ...] = ()
