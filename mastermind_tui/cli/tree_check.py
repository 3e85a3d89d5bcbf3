"""``mastermind tree --check FILE``: whether a decision tree from this program or a peer
finds every secret, and in how many guesses (no Textual)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine import MastermindError
from engine.storage import files
from engine.trees import shipped
from engine.trees.check import Checked, check_tree
from engine.trees.formats import NAMES, read_tree
from engine.trees.read import Size, TreeFileError, unpacked

from ..ending import ending_at_once
from .launch import build_settings
from .parser import Failed

#: Exit code of a tree that misses a secret (as ``cmp`` or ``test``: the answer is no).
NOT_FOUND = 1
BAR_WIDTH = 40
#: The largest tree file read (the largest tree the search makes is a few MB).
LIMIT = 32 * 1024 * 1024


def check(args: argparse.Namespace) -> int:
    for given, option in (
        (args.depth, "--depth"),
        (args.strategy, "--strategy"),
        (args.opening, "--opening"),
    ):
        if given is not None:
            raise MastermindError(f"{option} does nothing with --check: the file is the tree")
    if args.format in ("dot", "challenge"):
        what = "DOT" if args.format == "dot" else "the challenge's grammar"
        raise MastermindError(f"--check reports in text or JSON, not {what}")
    settings = build_settings(args)
    preset = args.preset is not None
    # A shipped tree by name (best-8x5, optimal-6x4), where no file has that name.
    where = Path(args.check)
    if not where.exists():
        where = shipped.path_of(args.check) or where
    said = args.colours is not None or args.positions is not None or preset
    named = None if said else shipped.space_in(where.name)  # optimal-6x4.json.gz
    size = Size(
        args.colours if args.colours is not None or not preset else settings.space.colours,
        args.positions if args.positions is not None or not preset else settings.space.positions,
        args.repeats if args.repeats is not None or not preset else settings.space.repeats,
        settings.notation,
        named or settings.space,
        settings.space.answers if args.answers is not None else None,
    )
    try:
        # Bounded, and only a file: /dev/urandom or a pipe is refused, not read for ever.
        text = unpacked(files.read_bounded(where, LIMIT), LIMIT).decode("utf-8")
    except TreeFileError as error:
        raise Failed(f"{files.shown(args.check)}: {error}") from None
    except UnicodeDecodeError:
        raise Failed(f"{files.shown(args.check)}: not a text file") from None
    except files.Refused as error:
        raise Failed(files.shown(str(error), 200)) from None
    except OSError as error:
        raise Failed(f"cannot read {files.shown(args.check)}: {error.strerror or error}") from None
    form = None if args.tree_format == "auto" else args.tree_format
    try:
        with ending_at_once():  # seconds in json.loads: SIGTERM must not wait for it
            read = read_tree(text, size, form)
    except RecursionError:
        raise Failed(f"{args.check}: the tree is nested too deeply to read") from None
    except MastermindError as error:  # the reader's reason, with the file it was about
        raise MastermindError(f"{args.check}: {error}") from None
    result = check_tree(read.space, read.root, read.write)
    if args.format == "json":
        import json

        print(json.dumps(as_json(result, read.format)))
    else:
        print(report(result, NAMES[read.format], args.check))
    return 0 if result.found else NOT_FOUND


def as_json(result: Checked, form: str) -> dict[str, Any]:
    """The fields ``stats --json`` has, where a tree has them, with the verdict."""
    space = result.space
    out: dict[str, Any] = {
        "format": form,
        "colours": space.colours,
        "positions": space.positions,
        "repeats": space.repeats,
        "found": result.found,
        "failure": result.failure,
        "faults": result.faults,
        "total_guessed_in_turn": result.in_turn,
    }
    if result.found:
        out |= {
            "games": space.count,
            "total_guesses": result.total,
            "average": round(result.average, 6),
            "worst": result.worst,
            "distribution": {str(k): v for k, v in sorted(result.distribution.items())},
        }
    return out


def report(result: Checked, form: str, name: str) -> str:
    space = result.space
    head = f"{name}: {form}, {space.rules_text()} ({space.count:,} codes)"
    if not result.found:
        lines = [f"{head}\ndoes not find every secret: {result.failure}"]
        if result.faults > 1:
            lines.append(f"{result.faults} places fail in all (the first above)")
        if result.in_turn is not None:
            lines.append(
                "with the codes left there guessed in turn, it would take "
                f"{result.in_turn:,} guesses over every secret (worst case {result.worst})"
            )
        return "\n".join(lines)
    lines = [
        f"{head}\nfinds every secret",
        f"total guesses  {result.total:,}",
        f"average        {result.average:.4f}",
        f"worst case     {result.worst}",
        "",
        "guesses  secrets",
    ]
    top = max(result.distribution.values(), default=1)
    for guesses, count in sorted(result.distribution.items()):
        lines.append(f"{guesses:>7}  {count:>7}  {'#' * max(1, round(BAR_WIDTH * count / top))}")
    return "\n".join(lines)
