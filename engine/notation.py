"""How codes are written and read: classic letters, digits from 0, or numbers from 1.

Reading is forgiving about case, spaces and commas, and precise in its errors: a wrong
length says how many pegs were read and how many are needed; an unknown colour is named.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .codes import CodeSpace
from .errors import CodeError, ConfigError

#: The 1978 listing's colours, in its order.
COLOUR_NAMES = ("black", "white", "red", "green", "orange", "yellow", "purple", "tan")
LETTERS = "BWRGOYPT"

_SEPARATORS = re.compile(r"[\s,;]+")


@dataclass(frozen=True)
class Notation:
    """One way of writing codes; ``max_colours`` is how many colours it can name."""

    name: str
    max_colours: int
    separator: str

    def symbol(self, colour: int) -> str:
        if self.name == "letters":
            return LETTERS[colour]
        if self.name == "digits":
            return str(colour)
        return str(colour + 1)

    def symbols(self, colours: int) -> list[str]:
        return [self.symbol(c) for c in range(colours)]

    def check(self, colours: int) -> None:
        if colours > self.max_colours:
            raise ConfigError(
                f"{self.name} notation can show at most {self.max_colours} colours "
                f"(asked for {colours}); choose "
                + ("digits or numbers" if self.name == "letters" else "numbers")
                + " notation for more"
            )

    def format(self, space: CodeSpace, index: int) -> str:
        return self.separator.join(self.symbol(d) for d in space.to_digits(index))

    def parse(self, space: CodeSpace, text: str) -> int:
        """Read one code; raise CodeError naming what is wrong."""
        self.check(space.colours)
        return space.from_digits(self.read_digits(space.colours, space.positions, text))

    def read_digits(self, colours: int, positions: int, text: str) -> list[int]:
        tokens = self._tokens(text)
        if not tokens:
            raise CodeError(
                f"enter a code of {positions} pegs, e.g. {self.example(colours, positions)}"
            )
        if len(tokens) != positions:
            raise CodeError(
                f"{text.strip()!r} has {len(tokens)} peg{'s' * (len(tokens) != 1)}; "
                f"a code here has {positions} positions"
            )
        names = self.symbols(colours)
        lookup = {s.upper(): i for i, s in enumerate(names)}
        digits = []
        for token in tokens:
            if token.upper() not in lookup:
                raise CodeError(
                    f"{token!r} is not a colour here; use {' '.join(names)}"
                    + (f" ({', '.join(COLOUR_NAMES[:colours])})" if self.name == "letters" else "")
                )
            digits.append(lookup[token.upper()])
        return digits

    def _tokens(self, text: str) -> list[str]:
        if self.name == "numbers":
            return [t for t in _SEPARATORS.split(text.strip()) if t]
        return [ch for ch in _SEPARATORS.sub("", text)]

    def example(self, colours: int, positions: int) -> str:
        """A code written in this notation, to show in prompts."""
        return self.separator.join(self.symbol(i % colours) for i in range(positions))


NOTATIONS: dict[str, Notation] = {
    "letters": Notation("letters", len(LETTERS), ""),
    "digits": Notation("digits", 10, ""),
    "numbers": Notation("numbers", 99, " "),
}


def get_notation(name: str) -> Notation:
    try:
        return NOTATIONS[name.lower()]
    except KeyError:
        raise ConfigError(
            f"unknown notation {name!r}; choose one of {', '.join(NOTATIONS)}"
        ) from None


def parse_any(space: CodeSpace, text: str, preferred: Notation) -> int:
    """Read a code in the preferred notation or, failing that, as letters (``rrgg``) or
    as numbers from 1 with separators (``1 1 2 2``); the preferred notation's error wins.
    Bare digits are read only in digits notation, where ``1122`` means the same thing."""
    fallbacks = [NOTATIONS["letters"]]
    if _SEPARATORS.search(text.strip()):
        fallbacks.append(NOTATIONS["numbers"])
    try:
        return preferred.parse(space, text)
    except (CodeError, ConfigError) as first:
        for other in fallbacks:
            if other is preferred or other.max_colours < space.colours:
                continue
            try:
                return other.parse(space, text)
            except (CodeError, ConfigError):
                pass
        raise first
