"""Irving's (1979) listing of a decision tree, as fancidev/mastermind writes it (see
``engine.tree_formats`` for its grammar)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from .feedback import encode
from .tree_check import Plan
from .tree_read import ReadTree, Size, TreeFileError, digit_reader, digit_space, digit_writer

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Z])|([():,;=*x]))")


def _tokens(text: str) -> Iterator[tuple[str, str, int]]:
    """(kind, text, offset): kind "n" a number, "L" a letter, "p" punctuation."""
    at = 0
    while True:
        match = _TOKEN.match(text, at)
        if match is None:
            if text[at:].strip():
                raise TreeFileError(f"character {at + 1}: unexpected {text[at:].strip()[:10]!r}")
            return
        at = match.end()
        kind = "n" if match.group(1) else "L" if match.group(2) else "p"
        yield kind, match.group(match.lastindex or 0), match.start(match.lastindex or 0)


class _Irving:
    def __init__(self, text: str, size: Size) -> None:
        self.tokens = list(_tokens(text))
        self.at = 0
        codes = [
            value
            for (kind, value, _), before in zip(
                self.tokens, [("p", "", 0), *self.tokens], strict=False
            )
            if kind == "n" and before[1] == "("
        ]
        self.base = 0 if any("0" in c for c in codes) else 1
        self.space = digit_space(codes, size, self.base)
        self.code = digit_reader(self.space, self.base)
        self.letters: dict[str, Plan] = {}
        p = self.space.positions
        self.order = [
            (black, white)
            for black in range(p + 1)
            for white in range(p - black, -1, -1)
            if (black, white) != (p - 1, 1)
        ]

    def take(self, kind: str, value: str | None = None) -> str:
        if self.at >= len(self.tokens):
            raise TreeFileError(f"the listing ends early: expected {value or 'more'}")
        got_kind, got, offset = self.tokens[self.at]
        if got_kind != kind or (value is not None and got != value):
            want = value or {"n": "a number", "L": "a letter", "p": "punctuation"}[kind]
            raise TreeFileError(f"character {offset + 1}: expected {want!r}, got {got!r}")
        self.at += 1
        return got

    def peek(self) -> str | None:
        return self.tokens[self.at][1] if self.at < len(self.tokens) else None

    def read(self) -> Plan:
        count = int(self.take("n"))
        root = self.situation(count)
        while self.at < len(self.tokens):
            letter = self.take("L")
            self.take("p", "=")
            stub = self.letters.get(letter)
            if stub is None or stub.children != {} or stub.guess is not None:
                raise TreeFileError(f"{letter} is defined but never used, or defined twice")
            body = self.body(stub.claimed)
            stub.guess, stub.children, stub.spread = body.guess, body.children, body.spread
        for letter, stub in self.letters.items():
            if stub.guess is None:
                raise TreeFileError(f"{letter} is used and never defined")
        return root

    def situation(self, count: int) -> Plan:
        nxt = self.peek()
        if nxt is not None and len(nxt) == 1 and nxt.isupper():
            letter = self.take("L")
            if letter in self.letters:
                raise TreeFileError(f"{letter} is used twice")
            self.letters[letter] = stub = Plan(None, {}, count)
            return stub
        if nxt == "(":
            return self.body(count)
        return Plan(None, {}, count)

    def body(self, count: int | None) -> Plan:
        self.take("p", "(")
        guess = self.code(self.take("n"))
        spread = 1
        if self.peek() in ("*", "x"):
            spread = 2 if self.take("p") == "x" else 1
        if self.peek() == ")":
            self.take("p", ")")
            return Plan(guess, None, count, spread)
        self.take("p", ":")
        kids: dict[int, Plan] = {}
        p = self.space.positions
        for black, white in self.order:
            n = int(self.take("n"))
            if black == p:  # 1 when the guess itself may be the secret
                self.take("p", ")")
                if n not in (0, 1):
                    raise TreeFileError(f"{n} codes cannot all be the guess")
                break
            sub = self.situation(n)
            if n:
                kids[encode(black, white, p)] = sub
            self.take("p", "," if white else ";")
        return Plan(guess, kids, count)


def read_irving(text: str, size: Size) -> ReadTree:
    reader = _Irving(text, size)
    return ReadTree("irving", reader.space, reader.read(), digit_writer(reader.space, reader.base))
