"""The ``mastermind`` command line's grammar: the commands it is handed, each adding its
options (the settings' options read from ``settings.SETTINGS``: defaults, help and the
same check of a typed number as the home screen's), and the exit codes."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

from engine import __version__
from engine.notation import clip

from ..game.settings import PRESETS
from .command import Command
from .options import no_record

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


#: The command line asked for something that cannot be done: nothing was run.
EXIT_USAGE = 2
#: The run itself failed in the user's environment (a file, the output, memory).
EXIT_FAILED = 1
#: A bug: please report it.
EXIT_INTERNAL = 70
#: Ctrl-C.
EXIT_INTERRUPTED = 130


class Failed(Exception):
    """The run failed in the user's environment (a records file): one line, EXIT_FAILED."""


EXIT_CODES = f"""\
exit codes: 0 done; {EXIT_USAGE} the command line cannot be used (an unknown command or option,
a bad number, setting or secret, options that do nothing together, or a full-screen command
without a terminal); {EXIT_FAILED} the run failed in your environment (output or records file
could not be written or read, out of memory); {EXIT_INTERRUPTED} interrupted (Ctrl-C);
{EXIT_INTERNAL} an internal error (please report it); 128 + N ended by signal N (143 SIGTERM,
129 SIGHUP)."""

_WORD = re.compile(r"\S{61,}")


def one_line(message: str) -> str:
    """The message on one line, every overlong word (a pasted secret) cut short and what
    a terminal would act on (an escape sequence echoed from the input) written out."""
    text = " ".join(message.split())
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return _WORD.sub(lambda m: clip(m[0]), text)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"mastermind: {one_line(message)} (see mastermind --help)\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """argparse drops write errors: `--help > /dev/full` said nothing and exited 0.
        Help and version text that cannot be written reach main; stderr stays best effort."""
        if message and file is sys.stdout:
            file.write(message)
        else:
            super()._print_message(message, file)


def build_parser(commands: Sequence[Command], only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``only``, every command is still listed (help, errors
    and choices stay the same) but only that one gets its options: building all of them
    is 20 ms of a 0.35 s ``stats`` run. Each parse says its command (``command_of``)."""
    parser = _Parser(
        prog="mastermind",
        description="Mastermind: play in the terminal, watch solvers think, replay the 1978 "
        "BASIC game. With no command, opens the full-screen game's home screen "
        "(leave any screen with Ctrl+Q). Games take --preset NAME ("
        + ", ".join(PRESETS)
        + ") and --no-repeats (every colour at most once in a code).",
        epilog=EXIT_CODES,
    )
    parser.add_argument("--version", action="version", version=f"mastermind {__version__}")
    no_record(parser, default=False)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for command in commands:
        if command.name is None:
            parser.set_defaults(run=command)
            continue
        summary = command.summary
        description = summary[0].upper() + summary[1:]
        p = sub.add_parser(
            command.name, help=summary, description=description, epilog=command.epilog()
        )
        p.set_defaults(run=command)
        if only in (None, command.name):
            command.arguments(p)
    return parser
