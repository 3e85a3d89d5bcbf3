"""Every command and mode, once: the table the parser, the dispatcher, the home screen's
Mode list and the command palette all read, so that adding a command is one entry here
(and its handler) rather than four lists kept in step by hand.

Nothing here imports Textual or the engine: the command line reads this table before it
knows whether anything heavy is needed (named tuples, a tenth of a dataclass's start-up).
"""

from __future__ import annotations

from typing import Final, NamedTuple


class Mode(NamedTuple):
    """A kind of game the app starts (the home screen's Mode list)."""

    title: str
    #: Who breaks the code in each game of a round ("person", "computer").
    roles: tuple[str, ...]


class Palette(NamedTuple):
    """The command palette's entry for a command: title, help, and the app's action."""

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


_GAME: Final = ("game", "spoiler-free", "lab", "no-record")

COMMANDS: Final[tuple[Command, ...]] = (
    Command(
        None,
        "",
        "launch:game",
        screen=True,
        records=True,
        palette=Palette("Home", "The home screen: choose a mode and start a game", "new_game", 0),
    ),
    Command(
        "solve",
        "let a strategy break SECRET and print its reasoning",
        "commands:solve",
        ("secret", "size", "json"),
    ),
    Command(
        "stats",
        "play every secret (or a sample) and summarise",
        "commands:stats",
        ("size", "sample", "json", "jobs", "criteria"),
        palette=Palette("Statistics", "Compare strategies over many games", "statistics", 2),
    ),
    Command(
        "play",
        "break the computer's code, full-screen",
        "launch:game",
        _GAME,
        screen=True,
        records=True,
        mode=Mode("You break the computer's code", ("person",)),
    ),
    Command(
        "make",
        "the computer breaks your code, full-screen",
        "launch:game",
        ("game", "no-record"),
        screen=True,
        records=True,
        mode=Mode("The computer breaks your code", ("computer",)),
    ),
    Command(
        "match",
        "you and the computer take turns to break codes, full-screen",
        "launch:game",
        _GAME,
        screen=True,
        records=True,
        mode=Mode("Both, in turn (the 1978 game)", ("person", "computer")),
    ),
    Command(
        "watch",
        "watch a strategy break SECRET, one step at a time, full-screen",
        "launch:game",
        ("secret-to-watch", "size"),
        screen=True,
        records=True,  # it leads to the home screen, where games are played
        mode=Mode("Watch a strategy think", ("computer",)),
        palette=Palette("Watch", "Watch a strategy break a code step by step", "watch", 1),
    ),
    Command(
        "compare",
        "strategies side by side breaking SECRET, move by move, full-screen",
        "launch:game",
        ("secret-and-strategies", "size"),
        screen=True,
        records=True,  # it leads to the home screen, where games are played
        mode=Mode("Compare strategies side by side", ("computer",)),
        palette=Palette("Compare", "Strategies side by side on one secret", "compare", 5),
    ),
    Command(
        "retro",
        "the 1978 Creative Computing MASTERMIND, exactly",
        "launch:retro",
        ("retro", "no-record"),
        screen=True,
        records=True,
        palette=Palette("Retro mode", "The 1978 BASIC MASTERMIND, exactly", "retro", 4),
    ),
    Command(
        "tree",
        "a deterministic strategy's whole decision tree",
        "tree:tree",
        ("size-without-seed", "tree"),
    ),
    Command(
        "records",
        "your games: played, won, average, streak, histogram",
        "launch:records",
        ("records",),
        palette=Palette(
            "Records", "Your games: figures per size, recent games, replays", "records", 3
        ),
    ),
    Command(
        "serve",
        "serve the full-screen app to a web browser",
        "launch:serve",
        ("serve",),
    ),
)

#: Each command by its name (None: no command).
BY_NAME: Final[dict[str | None, Command]] = {c.name: c for c in COMMANDS}
#: The app's modes by name, in the home screen's order; the first is the default.
MODES: Final[dict[str, Mode]] = {c.name: c.mode for c in COMMANDS if c.name and c.mode}
#: What the palette offers, in its order.
PALETTE: Final[tuple[Palette, ...]] = tuple(
    sorted((c.palette for c in COMMANDS if c.palette), key=lambda p: p.rank)
)
#: The commands a game's ``--no-record`` means something with, as a person reads them.
RECORDING_TEXT: Final = ", ".join(str(c.name) for c in COMMANDS if c.records and c.name)
