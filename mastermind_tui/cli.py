"""The ``mastermind`` command line.

Every failure a user can cause ends in one line on stderr and a non-zero exit, never a
traceback. Textual is imported only by the subcommands that open a screen.
"""

from __future__ import annotations

import argparse
import errno
import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import STRATEGIES, MastermindError, __version__
from engine.notation import NOTATIONS, clip

from .ending import Ended, end_on_signals
from .settings import DEFAULTS, PRESET_TITLES, PRESETS

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

EXIT_CODES = f"""\
exit codes: 0 done; {EXIT_USAGE} the command line cannot be used (an unknown command or option,
a bad number, setting or secret, options that do nothing together, or a full-screen command
without a terminal); {EXIT_FAILED} the run failed in your environment (output or records file
could not be written or read, out of memory); {EXIT_INTERRUPTED} interrupted (Ctrl-C);
{EXIT_INTERNAL} an internal error (please report it); 128 + N ended by signal N (143 SIGTERM,
129 SIGHUP)."""

#: Commands that draw the full screen, and so need a terminal on stdin and stdout.
FULL_SCREEN = (None, "play", "make", "match", "watch", "retro")
#: Plain-text alternatives named when there is no terminal.
NO_TERMINAL_HINT = "use `mastermind retro --plain` or `mastermind solve SECRET` instead"

_WORD = re.compile(r"\S{61,}")
_ERRNO_OUTPUT = {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EPIPE}


def one_line(message: str) -> str:
    """The message on one line, every overlong word (a pasted secret) cut short."""
    return _WORD.sub(lambda m: clip(m[0]), " ".join(message.split()))


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"mastermind: {one_line(message)} (see mastermind --help)\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """argparse drops write errors: `--help > /dev/full` said nothing and exited 0.
        Help and version text that cannot be written reach main; stderr stays best effort."""
        if message and file is sys.stdout:
            file.write(message)
        else:
            super()._print_message(message, file)


_ASCII_WHOLE = re.compile(r"[+-]?[0-9]+")


def _whole(text: str) -> int:
    """A whole number in ASCII digits: no other script's digits, no ``6_0``."""
    if not _ASCII_WHOLE.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"{clip(text)!r} is not a whole number")
    return int(text)


def _count(text: str) -> int:
    """A whole number of 0 or more."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{clip(text)} is negative; give 0 or more")
    return value


def _size_args(p: argparse.ArgumentParser, strategy: bool = True, seed: bool = True) -> None:
    """Preset, size, notation, strategy and seed, with the defaults the home screen also
    uses. Options default to None ("unsaid"): Settings.build takes those from the preset,
    then from its defaults, so an option given beside a preset wins. A command whose
    result no seed changes (tree: deterministic strategies only) has no --seed."""
    p.add_argument(
        "--preset",
        choices=list(PRESETS),
        default=None,
        help="a well-known edition: "
        + "; ".join(f"{name} ({PRESET_TITLES[name]})" for name in PRESETS)
        + ". Options given beside it override its values",
    )
    p.add_argument(
        "--colours",
        "--colors",
        type=_count,
        default=None,
        help=f"colours (default {DEFAULTS['colours']})",
    )
    p.add_argument(
        "--positions",
        type=_count,
        default=None,
        help=f"positions (default {DEFAULTS['positions']})",
    )
    p.add_argument(
        "--repeats",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="whether a colour may appear more than once in a code; --no-repeats: every "
        "colour at most once, as in Bulls and Cows (default: repeats allowed)",
    )
    if strategy:
        p.add_argument(
            "--strategy",
            default=None,
            help=f"code-breaking strategy: {', '.join(STRATEGIES)} "
            f"(default {DEFAULTS['strategy']})",
        )
    p.add_argument(
        "--notation",
        default=None,
        help=f"how codes are written: {', '.join(NOTATIONS)} (default {DEFAULTS['notation']})",
    )
    if seed:
        p.add_argument("--seed", type=_count, default=None, help="random seed, for repeatable runs")


def _game_args(p: argparse.ArgumentParser) -> None:
    """What a game of the full-screen app takes: size and the rest, rounds and move limit."""
    _size_args(p)
    p.add_argument(
        "--rounds",
        type=_count,
        default=DEFAULTS["rounds"],
        help=f"rounds (default {DEFAULTS['rounds']})",
    )
    p.add_argument(
        "--moves",
        type=_count,
        default=None,
        help=f"move limit per game (default {DEFAULTS['moves']})",
    )


def _spoiler_free(p: argparse.ArgumentParser) -> None:
    """Where a person breaks the code: advice and ratings kept back until asked for."""
    p.add_argument(
        "--spoiler-free",
        action="store_true",
        help="hide the solver's advice and the ratings of your guesses while you play "
        "(type HINT or press F3 to see them; the summary comes at the end)",
    )


def _no_record(p: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
    """Keep no records of this run's games. Given before the command (``mastermind
    --no-record``, the home screen) or after it; a command's own default is SUPPRESS, so
    that it does not undo the option given before the command."""
    p.add_argument(
        "--no-record",
        action="store_true",
        default=default,
        help="keep no record of this run's games (so does MASTERMIND_RECORDS set to empty; "
        "`mastermind records --where` shows where records are kept)",
    )


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``only``, every command is still listed (help, errors
    and choices stay the same) but only that one gets its options: building all of them
    is 20 ms of a 0.35 s ``stats`` run."""
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
    _no_record(parser, default=False)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    def command(name: str, summary: str) -> argparse.ArgumentParser | None:
        """A subcommand whose help page starts with the line the command list shows; None
        when its options are not wanted."""
        p = sub.add_parser(name, help=summary, description=summary[0].upper() + summary[1:])
        return p if only in (None, name) else None

    if p := command("solve", "let a strategy break SECRET and print its reasoning"):
        p.add_argument(
            "secret",
            help="the code to break, e.g. RGBY, 4204 (all digits: read as digits) or '1 2 3 4'",
        )
        _size_args(p)
        p.add_argument("--json", action="store_true", help="print one JSON object")

    if p := command("stats", "play every secret (or a sample) and summarise"):
        _size_args(p)
        group = p.add_mutually_exclusive_group(required=True)
        group.add_argument("--all", action="store_true", help="play every possible secret")
        group.add_argument("--games", type=_count, help="play N random secrets")
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.add_argument(
            "--jobs",
            type=_count,
            default=None,
            help="processes to share a long run (default: one per core; same results with 1)",
        )

    if p := command("play", "break the computer's code, full-screen"):
        _game_args(p)
        _spoiler_free(p)
        _no_record(p)
    if p := command("make", "the computer breaks your code, full-screen"):
        _game_args(p)
        _no_record(p)
    if p := command("match", "you and the computer take turns to break codes, full-screen"):
        _game_args(p)
        _spoiler_free(p)
        _no_record(p)

    if p := command("watch", "watch a strategy break SECRET, one step at a time, full-screen"):
        p.add_argument("secret", help="the code to break")
        _size_args(p)

    if p := command("retro", "the 1978 Creative Computing MASTERMIND, exactly"):
        p.add_argument("--plain", action="store_true", help="plain stdin/stdout, no full screen")
        p.add_argument("--seed", type=_count, default=None, help="random seed, for repeatable runs")
        p.add_argument(
            "--gwbasic-rnd",
            action="store_true",
            help="use GW-BASIC's own RND sequence: the original's very secrets and guesses",
        )
        p.add_argument(
            "--crlf",
            action="store_true",
            help="end lines in CR LF like the original (--plain only)",
        )
        p.add_argument(
            "--amber", action="store_true", help="amber instead of green (full screen only)"
        )
        _no_record(p)

    if p := command("tree", "a deterministic strategy's whole decision tree"):
        _size_args(p, seed=False)
        p.add_argument(
            "--depth", type=_positive, default=None, help="levels to print (default all)"
        )
        p.add_argument(
            "--format",
            choices=("text", "json", "dot"),
            default="text",
            help="indented text, JSON for programs, or DOT for Graphviz (default text)",
        )

    if p := command("records", "your games: played, won, average, streak, histogram"):
        p.add_argument(
            "--size", type=_size, help="only this size, as colours x positions (e.g. 6x4)"
        )
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.add_argument("--where", action="store_true", help="print where the records are kept")

    if p := command("serve", "serve the full-screen app to a web browser"):
        p.add_argument(
            "--host",
            default="127.0.0.1",
            help="address to listen on (default 127.0.0.1: this machine)",
        )
        p.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    return parser


def _command_in(argv: Sequence[str] | None) -> str | None:
    """The command ``argv`` starts with, if it starts with one (a word that is no command
    is left to the parser, which lists the commands there are)."""
    words = sys.argv[1:] if argv is None else list(argv)
    return words[0] if words and not words[0].startswith("-") else None


def _positive(text: str) -> int:
    """A whole number of 1 or more (-1 is too small as well, not told to be 0 or more)."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is too small; give 1 or more")
    return value


def _size(text: str) -> tuple[int, int]:
    from .records_command import parse_size

    return parse_size(text)


def _port(text: str) -> int:
    value = _count(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text} is not a port; give 1 to 65535")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; every way it can end is one of the documented exit codes."""
    if sys.stdin is None:  # closed (<&-): no input, as from /dev/null
        sys.stdin = open(os.devnull)  # noqa: SIM115 (read until the process ends)
    if sys.stdout is None:  # closed (>&-): nothing can be written, not even --help
        return _fail("cannot write the output: standard output is closed", EXIT_FAILED)
    try:
        try:
            status = _dispatch(build_parser(_command_in(argv)).parse_args(argv))
        except SystemExit as done:  # argparse: --help, --version or a usage error
            status = done.code if isinstance(done.code, int) else EXIT_USAGE
        sys.stdout.flush()  # a full disk is said here, even for --help
        return status
    except MastermindError as error:
        return _fail(str(error), EXIT_USAGE)
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


def _check_screen(args: argparse.Namespace) -> None:
    """Refuse what would open the full screen without a terminal, or options that would
    silently do nothing, before anything is drawn."""
    if args.command == "retro":
        if args.plain and args.amber:
            raise MastermindError("--amber colours the full screen; it does nothing with --plain")
        if args.crlf and not args.plain:
            raise MastermindError("--crlf is for --plain output; add --plain or leave it out")
        if args.plain:
            return
    if args.command not in FULL_SCREEN:
        return
    if os.environ.get("TEXTUAL_DRIVER"):
        return  # another driver draws the screen (mastermind serve runs the app on pipes)
    name = "mastermind" + ("" if args.command is None else f" {args.command}")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise MastermindError(
            f"{name} draws a full screen and needs a terminal on stdin and stdout; "
            + NO_TERMINAL_HINT
        )
    if os.environ.get("TERM", "") == "dumb":
        raise MastermindError(
            f"{name} draws a full screen, which TERM=dumb cannot show; "
            "set TERM (e.g. TERM=xterm-256color) or " + NO_TERMINAL_HINT
        )


#: Commands whose app can finish a game (watch leads to the home screen).
RECORDING = (None, "play", "make", "match", "watch", "retro")


def _dispatch(args: argparse.Namespace) -> int:
    if args.command not in FULL_SCREEN or getattr(args, "plain", False):
        end_on_signals()  # the full screen's apps stop on these signals themselves
    if args.no_record and args.command not in RECORDING:
        raise MastermindError(
            f"--no-record does nothing with `mastermind {args.command}`: it is for the games "
            "(play, make, match, watch, retro or no command)"
        )
    if args.command == "solve":
        from .commands import solve

        return solve(args)
    if args.command == "stats":
        from .commands import stats

        return stats(args)
    if args.command == "tree":
        from .tree_command import tree

        return tree(args)
    if args.command == "records":
        from .records import RecordsError
        from .records_command import records

        try:
            return records(args)
        except RecordsError as error:
            return _fail(str(error), EXIT_FAILED)
    if args.command == "serve":
        from .serve import serve

        return serve(args.host, args.port)
    if args.command == "retro":
        _check_screen(args)
        from .records import default_path

        kept_in = None if args.no_record else default_path()
        if args.plain:
            from .retro.plain import run_plain

            return run_plain(args.seed, args.gwbasic_rnd, args.crlf, kept_in)
        from .retro.app import RetroApp

        retro = RetroApp(args.seed, args.gwbasic_rnd, args.amber, kept_in)
        retro.run()
        return _app_ended(retro.return_code)
    from .launch import launch, settings_from

    settings, secret = settings_from(args)
    _check_screen(args)
    return _app_ended(launch(settings, secret, record=not args.no_record))


def _app_ended(return_code: int | None) -> int:
    """Textual ends the app with code 1 on an exception it has already shown: a bug. A
    signal closes it with 128 + its number (``RecordingApp``)."""
    if return_code == EXIT_INTERRUPTED:
        return _fail("interrupted", EXIT_INTERRUPTED)
    if return_code is not None and return_code > 128:
        return _fail(f"ended by {Ended(return_code - 128).name}", return_code)
    if return_code:
        return _fail(
            "internal error in the full-screen app (above); please report it", EXIT_INTERNAL
        )
    return 0
