"""Irving's (1979) listing of a decision tree, as fancidev/mastermind writes it (see
``engine.trees.formats`` for its grammar)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..feedback import encode
from .check import Plan
from .read import ReadTree, Size, TreeFileError, digit_reader, digit_space, digit_writer

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
        self.write = digit_writer(self.space, self.base)
        #: Whether the listing writes the impossible answer (Knuth's 15 for 4 positions).
        self.knuth = False

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
        # A bare count: no code, the only one, or (Knuth's bare 2) two guessed in turn.
        return Plan(None, None, count, spread=2 if count == 2 else 1)

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
        for black in range(p + 1):
            entries = [self.entry()]
            while self.peek() == ",":
                self.take("p", ",")
                entries.append(self.entry())
            self.take("p", ";" if black < p else ")")
            whites = list(range(p - black, -1, -1))
            if black == p - 1:
                if len(entries) == 2:  # Knuth writes the impossible (p-1)B1W, as 0
                    if entries[0][0]:
                        raise TreeFileError(
                            f"{entries[0][0]} codes listed for {black}B 1W, which no code gets"
                        )
                    self.knuth = True
                    entries = entries[1:]
                whites = [0]
            if len(entries) != len(whites):
                raise TreeFileError(
                    f"after {self.write(guess)}: {len(entries)} parts for {black} black, "
                    f"expected {len(whites)}"
                )
            if black == p:
                if entries[0][0] not in (0, 1):  # 1 when the guess itself may be the secret
                    raise TreeFileError(f"{entries[0][0]} codes cannot all be the guess")
                break
            for (n, sub), white in zip(entries, whites, strict=True):
                if n:
                    kids[encode(black, white, p)] = sub
        return Plan(guess, kids, count)

    def entry(self) -> tuple[int, Plan]:
        """A part: its count and what follows it."""
        n = int(self.take("n"))
        return n, self.situation(n)


def read_irving(text: str, size: Size) -> ReadTree:
    """Irving's listing, or Knuth's (1976) with its 15 answers (the impossible one written
    0) and a bare 2 for two codes guessed in turn: told apart by that answer."""
    reader = _Irving(text, size)
    root = reader.read()
    form = "knuth" if reader.knuth else "irving"
    return ReadTree(form, reader.space, root, digit_writer(reader.space, reader.base))
