"""The ``mastermind`` command line.

Every failure a user can cause ends in one line on stderr and a non-zero exit, never a
traceback. Textual is imported only by the subcommands that open a screen.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine import STRATEGIES, MastermindError, __version__
from engine.notation import NOTATIONS

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"mastermind: {message} (see mastermind --help)\n")


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is negative; give 0 or more")
    return value


def _size_args(p: argparse.ArgumentParser, strategy: bool = True) -> None:
    p.add_argument("--colours", "--colors", type=_count, default=6, help="colours (default 6)")
    p.add_argument("--positions", type=_count, default=4, help="positions (default 4)")
    if strategy:
        p.add_argument(
            "--strategy",
            default="knuth",
            help=f"code-breaking strategy: {', '.join(STRATEGIES)} (default knuth)",
        )
    p.add_argument(
        "--notation",
        default="letters",
        help=f"how codes are written: {', '.join(NOTATIONS)} (default letters)",
    )
    p.add_argument("--seed", type=_count, default=None, help="random seed, for repeatable runs")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="mastermind",
        description="Mastermind: play in the terminal, watch solvers think, replay the 1978 "
        "BASIC game. With no command, opens the full-screen game's home screen.",
    )
    parser.add_argument("--version", action="version", version=f"mastermind {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("solve", help="let a strategy break SECRET and print its reasoning")
    p.add_argument("secret", help="the code to break, e.g. RGBY, 4204 or '1 2 3 4'")
    _size_args(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("stats", help="play every secret (or a sample) and summarise")
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

    p = sub.add_parser("play", help="break the computer's code, full-screen")
    _size_args(p)
    p.add_argument("--rounds", type=_count, default=1, help="rounds (default 1)")
    p.add_argument("--moves", type=_count, default=10, help="move limit per round (default 10)")

    p = sub.add_parser("watch", help="watch a strategy break SECRET, one step at a time")
    p.add_argument("secret", help="the code to break")
    _size_args(p)

    p = sub.add_parser("retro", help="the 1978 Creative Computing MASTERMIND, exactly")
    p.add_argument("--plain", action="store_true", help="plain stdin/stdout, no full screen")
    p.add_argument("--seed", type=_count, default=None, help="random seed, for repeatable runs")
    p.add_argument(
        "--gwbasic-rnd",
        action="store_true",
        help="use GW-BASIC's own RND sequence: the original's very secrets and guesses",
    )
    p.add_argument(
        "--crlf", action="store_true", help="end lines in CR LF like the original (--plain)"
    )
    p.add_argument("--amber", action="store_true", help="amber instead of green (full screen only)")

    p = sub.add_parser("tree", help="a deterministic strategy's whole decision tree")
    _size_args(p)
    p.add_argument("--depth", type=_positive, default=None, help="levels to print (default all)")
    p.add_argument(
        "--format",
        choices=("text", "json", "dot"),
        default="text",
        help="indented text, JSON for programs, or DOT for Graphviz (default text)",
    )

    p = sub.add_parser("records", help="your games: played, won, average, streak, histogram")
    p.add_argument("--size", type=_size, help="only this size, as colours x positions (e.g. 6x4)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--where", action="store_true", help="print where the records are kept")

    p = sub.add_parser("serve", help="serve the full-screen app to a web browser")
    p.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine)"
    )
    p.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    return parser


def _positive(text: str) -> int:
    value = _count(text)
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
    args = build_parser().parse_args(argv)
    try:
        return _dispatch(args)
    except MastermindError as error:
        print(f"mastermind: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("mastermind: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except MemoryError:
        print("mastermind: out of memory: try fewer colours or positions", file=sys.stderr)
        return 1
    except Exception as error:  # a bug: still one line, never a traceback
        print(f"mastermind: internal error: {error!r}; please report it", file=sys.stderr)
        return 70


def _dispatch(args: argparse.Namespace) -> int:
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
        from .records_command import records

        return records(args)
    if args.command == "serve":
        from .serve import serve

        return serve(args.host, args.port)
    if args.command == "retro":
        if args.plain:
            from .retro.plain import run_plain

            return run_plain(seed=args.seed, gwbasic_rnd=args.gwbasic_rnd, crlf=args.crlf)
        from .retro.app import RetroApp

        RetroApp(seed=args.seed, gwbasic_rnd=args.gwbasic_rnd, amber=args.amber).run()
        return 0
    from .launch import launch

    return launch(args)
