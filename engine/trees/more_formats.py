"""Two more ways of writing a decision tree, read into ``engine.trees.check.Plan``:

- ``text``: ``mastermind tree``'s own indented listing, read back. Its first line says
  the size (``knuth on 6 colours x 4 positions, no repeats: ...``); each line below is
  ``[black,white -> ]guess  (N codes)`` or ``(the secret)``, two spaces deeper per level;
  a ``... N answers below`` line (a ``--depth`` cut) leaves that node's answers unsaid.
- ``challenge``: the grammar of the 2014 Code Golf challenge for an MM(5,8) strategy
  (codegolf.stackexchange.com question 31926): ``{AB:{10:{AC:{10:AA,01:CB,00:BB}},
  02:BA,01:{BC:{01:CA}},00:CC}}``: a node is ``{guess:{reply:strategy,...}}``, a leaf a
  bare guess (the secret, guessed next), a reply black then white as two digits, the
  all-black reply implied; colours are letters from A (``mastermind tree --format
  challenge`` writes it: ``mastermind_tui.cli.tree.as_challenge``).
"""

from __future__ import annotations

import re
import string

from ..answers import BLACK, CLASSIC
from ..codes import MAX_CODES, MAX_COLOURS, CodeSpace
from ..errors import MastermindError
from ..feedback import check_answer, encode
from ..notation import parse_any
from .check import Plan
from .read import ReadTree, Size, TreeFileError

#: The challenge's colours: A for the first.
LETTERS = string.ascii_uppercase
_HEAD = re.compile(
    r"\S+ on (\d+) colours x (\d+) positions?(, no repeats)?(, black pegs only)?[:\s]"
)
#: ``2,1 -> GUESS  (N codes)``; with black pegs only the answer is one number.
_LINE = re.compile(r"( *)(?:(\d+)(?:,(\d+))? -> )?(.+?)  \((the secret|[\d,]+ codes?)\)")
_CUT = re.compile(r" *\.\.\. [\d,]+ answers? below")


def is_text(text: str) -> bool:
    return _HEAD.match(text.lstrip()) is not None


def is_challenge(text: str) -> bool:
    """A challenge tree: ``{CODE:`` or a bare code (a tree of one guess); a bare word with a
    letter past the most colours (``junk``), or whose size would have more codes than any
    game (``garbage``: 18 colours x 7 positions), is no code, so no tree."""
    word = re.fullmatch(r"\s*([A-Za-z]+)\s*", text)
    if word is not None:
        letters = word[1].upper()
        if not set(letters) <= set(LETTERS[:MAX_COLOURS]):
            return False
        colours = max(LETTERS.index(letter) for letter in letters) + 1
        return bool(colours ** len(letters) <= MAX_CODES)
    return re.match(r"\s*\{\s*[A-Za-z]+\s*:", text) is not None


# --- this program's text -----------------------------------------------------------------


def read_text(text: str, size: Size) -> ReadTree:
    lines = text.splitlines()
    head = _HEAD.match(lines[0].lstrip()) if lines else None
    if head is None:
        raise TreeFileError("line 1: expected `NAME on C colours x P positions: ...`")
    try:
        rule = size.answers or (BLACK if head[4] else CLASSIC)
        space = CodeSpace(int(head[1]), int(head[2]), head[3] is None, rule)
    except MastermindError as error:
        raise TreeFileError(f"line 1: {error}") from None
    # (indent, node) of the open nodes, deepest last.
    stack: list[tuple[int, Plan]] = []
    root: Plan | None = None
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        if _CUT.fullmatch(line):
            if not stack:
                raise TreeFileError(f"line {number}: answers below no guess")
            stack[-1][1].children = None  # its answers are not listed
            continue
        match = _LINE.fullmatch(line)
        if match is None:
            raise TreeFileError(f"line {number}: expected `[B,W -> ]GUESS  (N codes)`")
        indent = len(match[1])
        try:
            guess = parse_any(space, match[4], size.notation)
        except MastermindError as error:
            raise TreeFileError(f"line {number}: {error}") from None
        codes = 1 if match[5] == "the secret" else int(match[5].split()[0].replace(",", ""))
        node = Plan(guess, {}, codes)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if match[2] is None:
            if root is not None or indent:
                raise TreeFileError(f"line {number}: a second root, or a node with no answer")
            root = node
        else:
            if not stack or stack[-1][1].children is None:
                raise TreeFileError(f"line {number}: an answer below no guess")
            answer = _answer(int(match[2]), int(match[3] or 0), space, number)
            stack[-1][1].children[answer] = node
        stack.append((indent, node))
    if root is None:
        raise TreeFileError("the listing has no guess")
    return ReadTree("text", space, root, lambda i: size.notation.format(space, i))


def _answer(black: int, white: int, space: CodeSpace, number: int) -> int:
    """An answer below a guess, by the tree's rule (an all-black answer ends a branch)."""
    try:
        answer = check_answer(black, white, space)
    except MastermindError:
        answer = None
    if answer is None or black >= space.positions:
        raise TreeFileError(f"line {number}: {black},{white} is not an answer here")
    return encode(black, white, space.positions)


# --- the 2014 challenge --------------------------------------------------------------------


def read_challenge(text: str, size: Size) -> ReadTree:
    tokens: list[str] = re.findall(r"[A-Za-z]+|\d+|[{}:,]|\S", text)
    codes = [t.upper() for t in tokens if t.isalpha()]
    if not codes:
        raise TreeFileError("the tree names no code")
    positions = size.positions or len(codes[0])
    top = max(LETTERS.index(ch) for code in codes for ch in code if ch in LETTERS)
    repeats = size.repeats
    if repeats is None:
        repeats = any(len(set(c)) < len(c) for c in codes)
    try:
        space = CodeSpace(size.colours or top + 1, positions, repeats, size.answers or CLASSIC)
    except MastermindError as error:
        raise TreeFileError(f"the tree's size: {error}") from None
    at = 0

    def take(want: str | None = None) -> str:
        nonlocal at
        if at >= len(tokens):
            raise TreeFileError(f"the tree ends early: expected {want or 'more'!r}")
        got = tokens[at]
        if want is not None and got != want:
            raise TreeFileError(f"token {at + 1}: expected {want!r}, got {got!r}")
        at += 1
        return got

    def code(word: str) -> int:
        word = word.upper()
        digits = [LETTERS.index(ch) for ch in word if ch in LETTERS]
        if len(word) != space.positions or any(d >= space.colours for d in digits):
            raise TreeFileError(f"{word!r} is not a code of {space.rules_text()}")
        return space.from_digits(digits)

    def strategy() -> Plan:
        if tokens[at : at + 1] != ["{"]:
            return Plan(code(take()), {})
        take("{")
        guess = code(take())
        take(":")
        take("{")
        kids: dict[int, Plan] = {}
        while True:
            reply = take()
            if not (reply.isdigit() and len(reply) == 2):
                raise TreeFileError(f"token {at}: {reply!r} is not a reply such as 10")
            take(":")
            kids[_answer(int(reply[0]), int(reply[1]), space, at)] = strategy()
            if take() == "}":
                break
            if tokens[at - 1] != ",":
                raise TreeFileError(f"token {at}: expected ',' or '}}'")
        take("}")
        return Plan(guess, kids)

    root = strategy()
    if at != len(tokens):
        raise TreeFileError(f"token {at + 1}: {tokens[at]!r} after the end of the tree")
    return ReadTree("challenge", space, root, lambda i: challenge_code(space, i))


def challenge_code(space: CodeSpace, code: int) -> str:
    return "".join(LETTERS[d] for d in space.to_digits(code))
