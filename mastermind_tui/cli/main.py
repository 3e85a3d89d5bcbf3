"""The ``mastermind`` command line: run the command the arguments name, of those it is
handed (``mastermind_tui.modes``).

Every failure a user can cause ends in one line on stderr and a non-zero exit, never a
traceback. Textual is imported only by the subcommands that open a screen: what a command
runs is imported only when it runs.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Sequence

from engine import MastermindError
from engine.errors import Unavailable
from engine.storage.files import shown

from ..ending import Ended, end_on_signals
from .command import Command, command_of
from .parser import (
    EXIT_CODES,
    EXIT_FAILED,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    Failed,
    build_parser,
    one_line,
)

__all__ = ["EXIT_CODES", "EXIT_USAGE", "main"]

_ERRNO_OUTPUT = {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EPIPE}


def _command_in(argv: Sequence[str] | None) -> str | None:
    """The command ``argv`` starts with, if it starts with one (a word that is no command
    is left to the parser, which lists the commands there are); "" for none at all (the
    home screen, ``--help``: no command's options are built, a part of the first frame's
    time)."""
    words = sys.argv[1:] if argv is None else list(argv)
    if not any(not word.startswith("-") for word in words):
        return ""
    return words[0] if not words[0].startswith("-") else None


def main(commands: Sequence[Command], argv: Sequence[str] | None = None) -> int:
    """Run one of ``commands``; every way it can end is one of the documented exit codes."""
    if sys.stdin is None:  # closed (<&-): no input, as from /dev/null
        sys.stdin = open(os.devnull)  # noqa: SIM115 (read until the process ends)
    if sys.stdout is None:  # closed (>&-): nothing can be written, not even --help
        return _fail("cannot write the output: standard output is closed", EXIT_FAILED)
    try:
        try:
            args = build_parser(commands, _command_in(argv)).parse_args(argv)
            status = _dispatch(commands, args)
        except SystemExit as done:  # argparse: --help, --version or a usage error
            status = done.code if isinstance(done.code, int) else EXIT_USAGE
        sys.stdout.flush()  # a full disk is said here, even for --help
        return status
    except MastermindError as error:
        return _fail(str(error), EXIT_USAGE)
    except (Failed, Unavailable) as error:  # the environment: a file, a GPU
        return _fail(str(error), EXIT_FAILED)
    except KeyboardInterrupt:
        return _fail("interrupted", EXIT_INTERRUPTED)
    except Ended as ended:
        return _fail(f"ended by {ended.name}", ended.exit_code)
    except OSError as error:
        return _os_error(error)
    except MemoryError:
        return _fail("out of memory: try fewer colours or positions", EXIT_FAILED)
    except Exception as error:  # a bug: still one line, never a traceback
        return _fail(f"internal error: {error!r}; please report it", EXIT_INTERNAL)


def _fail(message: str, status: int) -> int:
    print(f"mastermind: {one_line(message)}", file=sys.stderr)
    return status


def _os_error(error: OSError) -> int:
    """The user's environment refused something: say what, and drop any output still
    buffered so that Python does not fail again writing it at exit."""
    output = error.filename is None and error.errno in _ERRNO_OUTPUT
    if output:
        _drop_stdout()
    if isinstance(error, BrokenPipeError):  # the reader left (`| head`): nothing to say
        return 0
    reason = error.strerror or str(error)
    if output:
        return _fail(f"cannot write the output: {reason}", EXIT_FAILED)
    where = f": {error.filename}" if error.filename is not None else ""
    return _fail(f"{reason}{where}", EXIT_FAILED)


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the unwritable buffer is not flushed again at exit."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError):  # not a real file (captured by a test): nothing to flush
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _check_environment() -> None:
    """Settings of the environment that would fail deep in a run, said first in one line:
    numba refuses a thread count that is not a whole number above 0 (ValueError, or a
    warning with a traceback in it)."""
    threads = os.environ.get("NUMBA_NUM_THREADS")
    if threads is not None and not (
        threads.strip().isascii() and threads.strip().isdigit() and int(threads) > 0
    ):
        raise Failed(
            f"NUMBA_NUM_THREADS={shown(threads, 20)}: give a whole number of threads, "
            "1 or more, or leave it unset"
        )


def _dispatch(commands: Sequence[Command], args: argparse.Namespace) -> int:
    """Run the command; its return is the exit code."""
    command = command_of(args)
    _check_environment()
    if not command.screen or getattr(args, "plain", False):
        end_on_signals()  # the full screen's apps stop on these signals themselves
    if args.no_record and not command.records:
        games = ", ".join(str(c.name) for c in commands if c.records and c.name)
        raise MastermindError(
            f"--no-record does nothing with `mastermind {args.command}`: it is for the games "
            f"({games} or no command)"
        )
    return command.run(args, commands)
