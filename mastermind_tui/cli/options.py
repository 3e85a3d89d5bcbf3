"""Each command's options, one builder a group: a command adds the groups it takes
(``Command.arguments``), so a setting's flag, help and check are written once, beside the
settings they fill."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import NamedTuple

from engine.answers import RULES

from ..game.settings import PRESET_TITLES, PRESETS, SETTINGS
from .values import number, port, size_of


def _setting(p: argparse.ArgumentParser, name: str, *flags: str) -> None:
    """The option of the setting ``name``, None when unsaid (``Settings.build`` then takes
    the preset's value, then the default), so an option given beside a preset wins."""
    setting = SETTINGS[name]
    if isinstance(setting.default, bool):
        action: str | type[argparse.Action] = "store_true"
        if name == "repeats":  # true by default: --no-repeats says otherwise
            action = argparse.BooleanOptionalAction
        p.add_argument(*flags, action=action, default=None, help=setting.help)
    elif setting.minimum is None:
        p.add_argument(*flags, default=None, help=setting.help)
    else:
        p.add_argument(*flags, type=number(setting.minimum), default=None, help=setting.help)


def size(p: argparse.ArgumentParser, seed: bool = True, strategy: bool = True) -> None:
    """Preset, size, notation, strategy and seed. A command whose result no seed changes
    (tree: deterministic strategies only) has no --seed; one that names its strategies
    after the secret (compare) lists no --strategy nor --max-guesses in its help (both are
    still read, so that ``opening`` refuses them in a line saying where strategies go)."""
    p.add_argument(
        "--preset",
        choices=list(PRESETS),
        default=None,
        help="a well-known edition: "
        + "; ".join(f"{name} ({PRESET_TITLES[name]})" for name in PRESETS)
        + ". Options given beside it override its values",
    )
    _setting(p, "colours", "--colours", "--colors")
    _setting(p, "positions", "--positions")
    _setting(p, "repeats", "--repeats")
    p.add_argument("--answers", choices=list(RULES), default=None, help=SETTINGS["answers"].help)
    if strategy:
        _setting(p, "strategy", "--strategy")
    else:
        p.add_argument("--strategy", default=None, help=argparse.SUPPRESS)
    p.add_argument(
        "--max-guesses",
        type=number(1),
        default=None,
        metavar="N",
        help="with optimal or optimal-fit (the default then: optimal): the fewest guesses "
        "on average among strategies never needing more than N (also written "
        "--strategy optimal-maxN)"
        if strategy
        else argparse.SUPPRESS,
    )
    _setting(p, "notation", "--notation")
    if seed:
        _setting(p, "seed", "--seed")


def game(p: argparse.ArgumentParser) -> None:
    """What a game of the full-screen app takes: size and the rest, rounds and move limit."""
    size(p)
    rounds(p)
    moves(p)


def rounds(p: argparse.ArgumentParser) -> None:
    _setting(p, "rounds", "--rounds")


def moves(p: argparse.ArgumentParser) -> None:
    _setting(p, "moves", "--moves")


def no_record(p: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
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


def json_output(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print one JSON object")


def secret(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "secret",
        help="the code to break, e.g. RGBY, 4204 (all digits: read as digits) or '1 2 3 4'",
    )


def secret_to_watch(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "secret",
        nargs="?",
        help="the code to break (left out: one drawn at random, as --seed says)",
    )


def secret_and_strategies(p: argparse.ArgumentParser) -> None:
    secret_to_watch(p)
    p.add_argument(
        "strategies",
        nargs="*",
        help="2 to 4 strategies to put side by side (left out: knuth, expected-size, entropy)",
    )


def sample(p: argparse.ArgumentParser) -> None:
    group = p.add_mutually_exclusive_group()
    group.add_argument(
        "--all",
        action="store_true",
        help="play every possible secret (the default up to 1,296 codes, e.g. 6x4)",
    )
    group.add_argument("--games", type=number(1), help="play N random secrets")


def criteria(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--criteria",
        action="store_true",
        help="the exact optima side by side: optimal, optimal-fit (only possible codes "
        "guessed), optimal-worst (fewest guesses in the worst case first) and, with "
        "--max-guesses N, optimal-maxN",
    )


def jobs(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--jobs",
        type=number(1),
        default=None,
        help="processes to share a long run (default: one per core; same results with 1)",
    )
    p.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        default=None,
        help="run on the Dask distributed cluster this scheduler leads (needs the extra "
        "'cluster'); same results as one process",
    )
    p.add_argument(
        "--exact",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="weigh every guess even on spaces over 131,072 codes, where a sample is weighed "
        "otherwise (default: on with --scheduler, off without)",
    )


def backend(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--backend",
        choices=("auto", "numba", "cuda"),
        default=None,
        help="what weighs the guesses on spaces past the answer table (e.g. 8x5): numba on "
        "the CPU, cuda on an NVIDIA GPU (the extra 'gpu'), or auto (cuda where a GPU is "
        "here); default: numba for stats, none for solve and tree",
    )


def retro(p: argparse.ArgumentParser) -> None:
    p.add_argument("--plain", action="store_true", help="plain stdin/stdout, no full screen")
    _setting(p, "seed", "--seed")
    p.add_argument(
        "--gwbasic-rnd",
        action="store_true",
        help="use GW-BASIC's own RND sequence: the original's very secrets and guesses",
    )
    p.add_argument(
        "--crlf", action="store_true", help="end lines in CR LF like the original (--plain only)"
    )
    p.add_argument("--amber", action="store_true", help="amber instead of green (full screen only)")


def tree(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--depth",
        type=number(1),
        default=None,
        help="levels to build and print (default all): the levels below are not worked out",
    )
    p.add_argument(
        "--format",
        choices=("text", "json", "dot", "challenge"),
        default="text",
        help="indented text, JSON for programs, DOT for Graphviz, or the 2014 Code Golf "
        "challenge's grammar ({AB:{10:...}}, colours A, B...) (default text); with --check, "
        "text or JSON",
    )
    p.add_argument(
        "--check",
        metavar="FILE",
        help="check a decision tree written by this program (text, JSON, challenge) or a peer "
        "(arfst23's punch card or YAML, an Irving-style listing, Knuth's 1976 notation, the "
        "2014 challenge's grammar), gzip-compressed or not, or a tree shipped with the "
        "program by name (best-8x5, optimal-6x4...): does it find every secret, in how many "
        "guesses",
    )
    p.add_argument(
        "--tree-format",
        choices=("auto", "text", "json", "challenge", "punch-card", "yaml", "irving", "knuth"),
        default="auto",
        help="the format of the --check file (default: told from its first lines)",
    )


def opening(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--opening",
        metavar="CODE",
        default=None,
        help="open with CODE (read as any code is: BBWW, 0011 in digits; Knuth's 1122 as "
        "printed with --notation numbers, colours counted from 1) rather than the "
        "strategy's own first guess, then play as it does: the partition strategies (knuth, "
        "expected-size, entropy, most-parts); the strategy is then named with its opening "
        "counted from 1, e.g. knuth-from1122",
    )


def records(p: argparse.ArgumentParser) -> None:
    p.add_argument("--size", type=size_of, help="only this size, as colours x positions (e.g. 6x4)")
    json_output(p)
    p.add_argument("--where", action="store_true", help="print where the records are kept")


def spoiler_free(p: argparse.ArgumentParser) -> None:
    """Kept so that older scripts still run: every game is spoiler-free now."""
    p.add_argument(
        "--spoiler-free",
        action="store_true",
        help="accepted for older scripts, and changes nothing: games are spoiler-free unless --lab",
    )


def serve(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine)"
    )
    p.add_argument("--port", type=port, default=8000, help="port to listen on (default 8000)")


def size_without_seed(p: argparse.ArgumentParser) -> None:
    """Size and the rest of a command whose result no seed changes (``size``)."""
    size(p, seed=False)


def size_without_strategy(p: argparse.ArgumentParser) -> None:
    """Size and the rest of a command that names its strategies after the secret."""
    size(p, strategy=False)


def lab(p: argparse.ArgumentParser) -> None:
    _setting(p, "lab", "--lab")


def hard(p: argparse.ArgumentParser) -> None:
    _setting(p, "hard", "--hard")


def timed(p: argparse.ArgumentParser) -> None:
    _setting(p, "timed", "--timed")


def puzzle_size(p: argparse.ArgumentParser) -> None:
    """A puzzle's size, which picks its secret, and how its codes are written: no rule of
    play (the daily's rules are the day's)."""
    _setting(p, "colours", "--colours", "--colors")
    _setting(p, "positions", "--positions")
    _setting(p, "repeats", "--repeats")
    _setting(p, "notation", "--notation")


class Refusal(NamedTuple):
    """An option a command lists in its help only to refuse it."""

    flag: str
    metavar: str
    #: Why, in a line: its help and its refusal alike.
    why: str


class _Refused(argparse.Action):
    """Refuse the option given, in one line naming it (exit 2), before anything runs."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        parser.error(f"`{parser.prog}` takes no {option_string}: {self.help}")


def refused(p: argparse.ArgumentParser, title: str, refusals: Sequence[Refusal]) -> None:
    """The options ``refusals`` listed in the command's help under ``title``, each refused
    when given, saying why."""
    group = p.add_argument_group(title)
    for flag, metavar, why in refusals:
        group.add_argument(flag, action=_Refused, metavar=metavar, default=None, help=why)


def challenge(p: argparse.ArgumentParser, adversary: bool = False) -> None:
    """``--challenge CODE``: any code (play), or only the adversary's (``adversary``)."""
    sent = (
        "the adversary a friend sent as a code (the end of their game against it, or "
        "`mastermind challenge --adversary`): its size and rules come with it"
        if adversary
        else "the game a friend sent as a code (`mastermind challenge`, or the end of their "
        "game): its secret, or the adversary, with its size and rules"
    )
    p.add_argument("--challenge", default=None, metavar="CODE", help=f"play {sent}")
