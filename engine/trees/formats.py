"""Decision trees as others write them, read into ``engine.trees.check.Plan``.

- ``json``: this program's ``mastermind tree --format json``.
- ``punch-card`` and ``yaml``: arfst23/Mastermind's solution files. Codes are digits from
  0; answers are written ``XXO-`` (an X per black, an O per white). A punch card row is
  ``row guess-number guess`` and one entry per answer of the header: ``>row`` (the row
  that goes on), ``----`` (no secret gives it) or a code (the only one left, guessed
  next). The YAML is ``[guess, {answer: code or [guess, {...}]}]``.
- ``irving``: the listing of Irving (1979) that fancidev/mastermind writes:
  ``1296 (1123: 2 (2311), 44A, ...; ...)`` with parts in the order 0B4W, 0B3W, ..., 4B0W
  (3B1W left out), a part as its count, then nothing (0 or 1 code), ``(guess)`` or
  ``(guess*)`` (each code left alone), ``(guess x)`` (at most two), ``(guess: parts)`` or
  a letter defined below as ``A = (guess: parts)``. Codes are digits, from 1 unless a 0
  appears.

- ``knuth``: Knuth's own notation (1976), as fancidev/mastermind's p4c6r-knuth.txt has
  it: Irving's with all 15 answers (the impossible 3B1W written 0) and a bare ``2`` for a
  part of two codes, guessed in turn. The same reader reads both, told apart by that
  answer.
- ``text`` (``mastermind tree``'s own listing) and ``challenge`` (the 2014 Code Golf
  challenge's grammar): ``engine.trees.more_formats``.

Sizes come from the file where it says them (code length, the highest digit, whether a
code repeats a colour) unless the caller gives them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from math import perm
from typing import Any

from ..answers import CLASSIC, RULES
from ..codes import MAX_COLOURS, MIN_COLOURS, CodeSpace
from ..errors import MastermindError
from ..feedback import encode
from ..notation import NOTATIONS, parse_any
from .check import Plan
from .irving import read_irving
from .more_formats import is_challenge, is_text, read_challenge, read_text
from .read import ReadTree, Size, TreeFileError, digit_reader, digit_space, digit_writer

FORMATS = ("text", "json", "challenge", "punch-card", "yaml", "irving", "knuth")
NAMES = {
    "text": "this program's text",
    "challenge": "the 2014 challenge's grammar",
    "json": "this program's JSON",
    "punch-card": "arfst23 punch card",
    "yaml": "arfst23 YAML",
    "irving": "Irving-style listing",
    "knuth": "Knuth's notation (1976)",
}


def detect(text: str) -> str:
    """The format a tree file is in, from its first characters."""
    head = text.lstrip()
    if is_text(head):
        return "text"
    if is_challenge(head):
        return "challenge"
    if head.startswith(("{", "[")):
        return "json"
    first = text.strip("\n").split("\n", 1)[0]
    if re.fullmatch(r"\s*[-XO]+( +[-XO]+)+\s*", first) or re.match(r"\d{3} \d+ ", head):
        return "punch-card"
    if head.startswith(("---", "- ")):
        return "yaml"
    if re.match(r"\d+\s*(\(|$)", head):
        return "irving"
    raise TreeFileError(
        "not a decision tree in any format this reads; give --tree-format "
        + "|".join(FORMATS)
        + " to read it as one"
    )


def read_tree(text: str, size: Size, form: str | None = None) -> ReadTree:
    form = form or detect(text)
    reader = {
        "json": _json,
        "punch-card": _punch_card,
        "yaml": _yaml,
        "irving": read_irving,
        "knuth": read_irving,
        "text": read_text,
        "challenge": read_challenge,
    }[form]
    return reader(text, size)


def _xo_answer(text: str, positions: int, where: str) -> int:
    """``XXO-``: two blacks and a white."""
    if len(text) != positions or set(text) - set("XO-"):
        raise TreeFileError(f"{where}: {text!r} is not an answer like {'XO'.ljust(positions, '-')}")
    return encode(text.count("X"), text.count("O"), positions)


# --- this program's JSON ----------------------------------------------------------------


def _json(text: str, size: Size) -> ReadTree:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise TreeFileError(f"not JSON: {error.msg} at line {error.lineno}") from None
    if isinstance(data, dict) and "tree_format" in data:
        return _stored(data, size)
    space = size.fallback
    if size.colours is None and size.positions is None and isinstance(data, dict):
        space = _sized(data, size) or space
    said = data.get("answers", CLASSIC.name) if isinstance(data, dict) else CLASSIC.name
    if size.answers is None and not (isinstance(said, str) and said in RULES):
        shown = said if isinstance(said, str) else type(said).__name__
        raise TreeFileError(f'"answers" is {shown!r}: no answer rule ({", ".join(RULES)})')
    space = replace(space, answers=size.answers or RULES[said])

    def node(item: Any, where: str) -> Plan:
        if not isinstance(item, dict) or not isinstance(item.get("guess"), str):
            raise TreeFileError(f'{where}: a node needs a "guess"')
        try:
            guess = parse_any(space, item["guess"], size.notation)
        except MastermindError as error:
            raise TreeFileError(f"{where}: {error}") from None
        claimed = item.get("codes")
        kids: dict[int, Plan] = {}
        for child in item.get("children", []):
            try:
                answer = encode(int(child["black"]), int(child["white"]), space.positions)
                kids[answer] = node(child["node"], f"{where} > {item['guess']}")
            except (KeyError, TypeError, ValueError):
                raise TreeFileError(f"{where}: a child needs black, white and node") from None
        return Plan(guess, kids, claimed if isinstance(claimed, int) else None)

    root = node(data, "the root")
    return ReadTree("json", space, root, _writer(size, space))


def _writer(size: Size, space: CodeSpace) -> Callable[[int], str]:
    """Codes written in the command line's notation, or in one that has enough symbols
    for the tree's colours (letters stop at 8: digits, then numbers)."""
    notation = next(
        (n for n in (size.notation, NOTATIONS["digits"]) if space.colours <= n.max_colours),
        NOTATIONS["numbers"],
    )
    return lambda index: notation.format(space, index)


def _sized(root: dict[str, Any], size: Size) -> CodeSpace | None:
    """The size a complete tree says itself: the one whose count of codes is the root's
    and in which the root's guess reads as a code (None: no such size, or the file does
    not say the root's count)."""
    guess, codes = root.get("guess"), root.get("codes")
    if not isinstance(guess, str) or not isinstance(codes, int) or isinstance(codes, bool):
        return None
    for repeats in (True, False) if size.repeats is None else (size.repeats,):
        for colours in range(MIN_COLOURS, MAX_COLOURS + 1):
            for positions in range(1, 11):
                if (colours**positions if repeats else perm(colours, positions)) != codes:
                    continue
                try:
                    space = CodeSpace(colours, positions, repeats, size.answers or CLASSIC)
                    parse_any(space, guess, size.notation)
                except MastermindError:
                    continue
                return space
    return None


def _stored(data: dict[str, Any], size: Size) -> ReadTree:
    """An optimal tree as this program caches and ships it: ``[guess, codes, total,
    [[answer, child], ...], others]``, codes and answers as integers; the size is the
    command line's, or the one the file's name says (``optimal-6x4.json.gz``)."""
    space = size.fallback
    write = _writer(size, space)

    def node(item: Any, where: str) -> Plan:
        if not (isinstance(item, list) and len(item) == 5 and isinstance(item[3], list)):
            raise TreeFileError(f"{where}: a node is [guess, codes, total, children, others]")
        guess, codes = item[0], item[1]
        if not isinstance(guess, int) or not 0 <= guess < space.size:
            raise TreeFileError(f"{where}: {guess!r} is no code of {space.rules_text()}")
        kids: dict[int, Plan] = {}
        for child in item[3]:
            if not (isinstance(child, list) and len(child) == 2 and isinstance(child[0], int)):
                raise TreeFileError(f"{where}: a child is [answer, node]")
            kids[child[0]] = node(child[1], f"{where} > {write(guess)}")
        return Plan(guess, kids, codes if isinstance(codes, int) else None)

    root = node(data.get("tree"), "the root")
    return ReadTree("json", space, root, write)


# --- arfst23 ----------------------------------------------------------------------------


def _punch_card(text: str, size: Size) -> ReadTree:
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines or not re.fullmatch(r"\s*[-XO]+( +[-XO]+)+\s*", lines[0]):
        raise TreeFileError("line 1: a punch card starts with its answers (---- O--- ...)")
    heads = lines[0].split()
    positions = len(heads[0])
    rows: dict[str, list[str]] = {}
    for number, line in enumerate(lines[1:], 2):
        fields = line.split()
        if re.fullmatch(r"cpu=.*", line.strip()):
            continue
        if len(fields) != 3 + len(heads) or not re.fullmatch(r"\d+", fields[0]):
            raise TreeFileError(
                f"line {number}: expected row, guess number, guess and {len(heads)} entries"
            )
        rows.setdefault(fields[0], fields)
    if not rows:
        raise TreeFileError("the punch card has no rows")
    codes = [f for fs in rows.values() for f in fs[2:] if re.fullmatch(r"\d+", f)]
    space = digit_space(
        codes,
        Size(
            size.colours,
            size.positions or positions,
            size.repeats,
            size.notation,
            size.fallback,
            size.answers,
        ),
        0,
    )
    code = digit_reader(space, 0)
    answers = [_xo_answer(h, space.positions, "line 1") for h in heads]
    first = next(iter(rows))
    seen: set[str] = set()

    def row(name: str) -> Plan:
        if name in seen:
            raise TreeFileError(f"row {name} is reached twice: not a tree")
        seen.add(name)
        fields = rows.get(name)
        if fields is None:
            raise TreeFileError(f"row {name} is referred to and missing")
        kids: dict[int, Plan] = {}
        for answer, entry in zip(answers, fields[3:], strict=True):
            if entry.startswith(">"):
                kids[answer] = row(entry[1:])
            elif entry != "-" * len(entry):
                kids[answer] = Plan(code(entry), {})
        return Plan(code(fields[2]), kids)

    return ReadTree("punch-card", space, row(first), digit_writer(space, 0))


def _yaml(text: str, size: Size) -> ReadTree:
    import yaml  # only this format needs it

    try:
        data = yaml.load(text, Loader=yaml.BaseLoader)  # every scalar a string: 0012 stays
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise TreeFileError(f"not YAML{where}: {problem}") from None
    codes: list[str] = []

    def gather(item: Any) -> None:
        if isinstance(item, str):
            codes.append(item)
        elif isinstance(item, list) and len(item) == 2:
            gather(item[0])
            if isinstance(item[1], dict):
                for value in item[1].values():
                    gather(value)

    gather(data)
    space = digit_space([c for c in codes if c.isdigit()], size, 0)
    code = digit_reader(space, 0)

    def node(item: Any, where: str) -> Plan:
        if isinstance(item, str):
            return Plan(code(item), {})
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
            raise TreeFileError(f"{where}: expected [guess, {{answer: ...}}]")
        if not isinstance(item[1], dict):
            raise TreeFileError(f"{where}: expected answers after the guess {item[0]}")
        kids = {
            _xo_answer(k, space.positions, where): node(v, f"{where} > {item[0]} {k}")
            for k, v in item[1].items()
        }
        return Plan(code(item[0]), kids)

    return ReadTree("yaml", space, node(data, "the root"), digit_writer(space, 0))
