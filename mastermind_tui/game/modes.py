"""Every command and mode, once: the table the parser, the dispatcher, the home screen's
Mode list and the command palette all read, so that adding a command is one entry here
(and its handler) rather than four lists kept in step by hand.

Nothing here imports Textual or the engine: the command line reads this table before it
knows whether anything heavy is needed (named tuples, a tenth of a dataclass's start-up).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .mode_entry import (
    CHOOSE,
    GAME_FIELDS,
    WATCH_FIELDS,
    Command,
    Mode,
    Option,
    Palette,
)

__all__ = [
    "BY_NAME",
    "CHOOSE",
    "COMMANDS",
    "GAME_FIELDS",
    "MODES",
    "PALETTE",
    "WATCH_FIELDS",
    "Command",
    "Mode",
    "Option",
    "Palette",
    "add",
    "recording_text",
]


_GAME: Final = ("game", "spoiler-free", "lab", "hard", "no-record")

COMMANDS: Final[list[Command]] = [
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
        ("secret", "size", "opening", "json"),
        own=(
            Option(
                "--html",
                "write the game as one standalone HTML handout to FILE (the rule card, the "
                "path, each move's two beats drawn as in the watch); '-' writes it to "
                "standard output",
                switch=False,
                metavar="FILE",
            ),
        ),
    ),
    Command(
        "stats",
        "play every secret (or a sample) and summarise",
        "commands:stats",
        ("size", "opening", "sample", "json", "jobs", "criteria"),
        palette=Palette("Statistics", "Compare strategies over many games", "statistics", 2),
        own=(
            Option(
                "--fresh",
                "search the optimal tree from nothing: no cached or shipped tree read, "
                "nothing cached written (timing the search)",
            ),
            Option(
                "--openings",
                "play every secret from one opening per colour pattern (11223, 11234...) "
                "and rank them by worst case, then total guesses",
            ),
        ),
    ),
    Command(
        "play",
        "break the computer's code, full-screen",
        "launch:game",
        _GAME,
        screen=True,
        records=True,
        mode=Mode(
            "You break the computer's code",
            ("person",),
            "opening:game",
            "break the computer's secret code; HINT and the laboratory view help",
            (*GAME_FIELDS, "lab", "hard"),
            record="play",
        ),
        palette=Palette("Play: new game, you break the code", "A secret to break", CHOOSE, 1),
    ),
    Command(
        "make",
        "the computer breaks your code, full-screen",
        "launch:game",
        ("game", "no-record"),
        screen=True,
        records=True,
        mode=Mode(
            "The computer breaks your code",
            ("computer",),
            "opening:game",
            "think of a code and answer the strategy's guesses; it catches a slip",
            record="make",
        ),
        palette=Palette(
            "Make: new game, the computer breaks your code", "Answer its guesses", CHOOSE, 1
        ),
    ),
    Command(
        "match",
        "you and the computer take turns to break codes, full-screen",
        "launch:game",
        _GAME,
        screen=True,
        records=True,
        mode=Mode(
            "Both, in turn (the 1978 game)",
            ("person", "computer"),
            "opening:game",
            "you and the computer take turns to break each other's code, scored",
            (*GAME_FIELDS, "lab", "hard"),
            record="match",
        ),
        palette=Palette("Match: new game, both in turn (1978)", "Take turns, scored", CHOOSE, 1),
    ),
    Command(
        "daily",
        "today's puzzle: one secret for everyone each UTC day, par from the optimum",
        "launch:game",
        ("game", "hard", "no-record"),
        screen=True,
        records=True,
        mode=Mode(
            "Today's daily puzzle",
            ("person",),
            "opening:daily",
            "one secret a UTC day, the same for everyone; par from the exact optimum",
            ("no-repeats", "colours", "positions", "moves", "notation", "hard"),
            record="daily",
        ),
        palette=Palette("Daily puzzle: today's game", "One secret a day, with par", CHOOSE, 1),
        own=(
            Option(
                "--date",
                "replay an earlier UTC date's puzzle, YYYY-MM-DD, as practice",
                switch=False,
                check="game.daily:read_date",
            ),
            Option("--copy", "copy the share block to the clipboard at the end"),
        ),
    ),
    Command(
        "watch",
        "watch a strategy break SECRET, one step at a time, full-screen",
        "launch:game",
        ("secret-to-watch", "size", "opening"),
        screen=True,
        records=True,  # it leads to the home screen, where games are played
        mode=Mode(
            "Watch a strategy think",
            ("computer",),
            "opening:watch",
            "step through a strategy breaking a secret, its reasoning at every move",
            (*WATCH_FIELDS, "strategy", "secret"),
        ),
        palette=Palette("Watch", "Watch a strategy break a code step by step", CHOOSE, 1),
    ),
    Command(
        "compare",
        "strategies side by side breaking SECRET, move by move, full-screen",
        "launch:game",
        ("secret-and-strategies", "size-without-strategy"),
        screen=True,
        records=True,  # it leads to the home screen, where games are played
        mode=Mode(
            "Compare strategies side by side",
            ("computer",),
            "opening:compare",
            "2 to 4 strategies break the same secret side by side, move by move",
            (*WATCH_FIELDS, "secret", "compare"),
        ),
        palette=Palette("Compare", "Strategies side by side on one secret", CHOOSE, 5),
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
        ("size-without-seed", "opening", "tree"),
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
]

#: Each command by its name (None: no command).
BY_NAME: Final[dict[str | None, Command]] = {}
#: The app's modes by name, in the home screen's order; the first is the default.
MODES: Final[dict[str, Mode]] = {}
#: What the palette offers, in its order, each with its command's name.
PALETTE: Final[list[tuple[str | None, Palette]]] = []


def _index() -> None:
    """Make the table's views anew: every reader holds these very dicts and lists."""
    BY_NAME.clear()
    BY_NAME.update({c.name: c for c in COMMANDS})
    MODES.clear()
    MODES.update({c.name: c.mode for c in COMMANDS if c.name and c.mode})
    PALETTE[:] = sorted(
        ((c.name, c.palette) for c in COMMANDS if c.palette), key=lambda e: e[1].rank
    )


_index()


def add(command: Command) -> Callable[[], None]:
    """Add a command (and the mode it opens) to the table, as a new mode's module or a
    test does: the parser, the home screen, the palette, help and records all see it.
    Returns what takes it out again."""
    COMMANDS.append(command)
    _index()

    def remove() -> None:
        COMMANDS.remove(command)
        _index()

    return remove


def recording_text() -> str:
    """The commands a game's ``--no-record`` means something with, as a person reads them."""
    return ", ".join(str(c.name) for c in COMMANDS if c.records and c.name)
