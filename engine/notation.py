"""How codes are written and read: classic letters, digits from 0, or numbers from 1.

Reading is forgiving about case, spaces and commas, and precise in its errors: a wrong
length says how many pegs were read and how many are needed; an unknown colour is named.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .codes import CodeSpace, repeated_colour
from .errors import CodeError, ConfigError, MastermindError

#: The 1978 listing's colours, in its order.
COLOUR_NAMES = ("black", "white", "red", "green", "orange", "yellow", "purple", "tan")
LETTERS = "BWRGOYPT"

_SEPARATORS = re.compile(r"[\s,;]+")
_ASCII_DIGITS = re.compile(r"[0-9]+")
#: A code in numbers written without separators, one digit a peg (``11223``): read so
#: where there are 9 colours or fewer, the literature's way of printing them.
_COMPACT = re.compile(r"[1-9]{2,}")
_ONE_DIGIT = 9
#: Longest piece of a user's input quoted back in a message.
CLIP = 40


def clip(text: str, limit: int = CLIP) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis, so that a pasted page of input
    is never echoed whole in a one-line message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
        digits = self.read_digits(space.colours, space.positions, text)
        if not space.repeats:
            repeated = repeated_colour(digits)
            if repeated is not None:
                times = digits.count(repeated)
                twice = "twice" if times == 2 else f"{times} times"
                raise CodeError(
                    f"{self.symbol(repeated)} appears {twice}: this game has no repeated colours"
                )
        return space.from_digits(digits)

    def read_digits(self, colours: int, positions: int, text: str) -> list[int]:
        tokens = self._tokens(text) if colours <= _ONE_DIGIT else self._spaced(text)
        if not tokens:
            raise CodeError(
                f"enter a code of {positions} peg{'s' * (positions != 1)}, "
                f"e.g. {self.example(colours, positions)}"
            )
        names = self.symbols(colours)
        lookup = {s.upper(): i for i, s in enumerate(names)}
        # What no game's colour is (``rgby!``) is named before the pegs are counted.
        alphabet = {s.upper() for s in self.symbols(self.max_colours)}
        strange = next((t for t in tokens if t.upper() not in alphabet), None)
        if strange is not None:
            raise self._not_a_colour(strange, names, colours)
        if len(tokens) != positions:
            need = f"a code here has {positions} position{'s' * (positions != 1)}"
            if len(tokens) > positions and len(text.strip()) > CLIP:
                # Long input may have been cut where it was typed: no count is said.
                raise CodeError(f"{clip(text.strip())!r} is too long; {need}")
            raise CodeError(
                f"{clip(text.strip())!r} has {len(tokens):,} peg{'s' * (len(tokens) != 1)}; {need}"
            )
        digits = []
        for token in tokens:
            if token.upper() not in lookup:
                raise self._not_a_colour(token, names, colours)
            digits.append(lookup[token.upper()])
        return digits

    def _not_a_colour(self, token: str, names: list[str], colours: int) -> CodeError:
        return CodeError(
            f"{clip(token)!r} is not a colour here; use {' '.join(names)}"
            + (f" ({', '.join(COLOUR_NAMES[:colours])})" if self.name == "letters" else "")
        )

    def count(self, text: str) -> int:
        """How many pegs ``text`` holds, read in this notation (colours unchecked; in
        numbers, a run of digits 1-9 read one peg a digit, as where there are 9 colours
        or fewer)."""
        return len(self._tokens(text))

    def _spaced(self, text: str) -> list[str]:
        """The tokens where there are more colours than digits 1-9: in numbers, only
        separators part the pegs (``12`` is the twelfth colour)."""
        if self.name == "numbers":
            return [t for t in _SEPARATORS.split(text.strip()) if t]
        return self._tokens(text)

    def _tokens(self, text: str) -> list[str]:
        if self.name == "numbers":
            if _COMPACT.fullmatch(text.strip()):  # 1122: one peg a digit, as Knuth prints it
                return list(text.strip())
            return [t for t in _SEPARATORS.split(text.strip()) if t]
        return [ch for ch in _SEPARATORS.sub("", text)]

    def example(self, colours: int, positions: int) -> str:
        """A code written in this notation, to show in prompts (no colour repeated when
        there are enough colours, so it suits games without repeats too)."""
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
    """Read a code in whichever notation ``written_in`` finds for it."""
    return written_in(space, text, preferred).parse(space, text)


def written_in(space: CodeSpace, text: str, preferred: Notation) -> Notation:
    """The notation a code is written in: the preferred one or, failing that, letters
    (``rrgg``), numbers from 1 with separators (``1 1 2 2``) or, when the preferred notation
    is letters and the code is all ASCII digits (which letters never are), digits from 0
    (``4204``, and ``1122``: ``digits_note`` says so), then numbers from 1 (``6666`` on 6
    colours, which digits from 0 cannot read). When none reads it, the preferred
    notation's error is raised (the digits' error for a code of digits only)."""
    fallbacks = [NOTATIONS["letters"]]
    stripped = text.strip()
    if _SEPARATORS.search(stripped):
        fallbacks.append(NOTATIONS["numbers"])
    digits = NOTATIONS["digits"]
    all_digits = preferred.name == "letters" and _ASCII_DIGITS.fullmatch(
        _SEPARATORS.sub("", stripped)
    )
    if all_digits:
        fallbacks.append(digits)
        if _COMPACT.fullmatch(stripped):  # 6666 on 6 colours: no code in digits from 0
            fallbacks.append(NOTATIONS["numbers"])
    try:
        preferred.parse(space, text)
        return preferred
    except (CodeError, ConfigError) as first:
        errors: dict[str, MastermindError] = {preferred.name: first}
        for other in fallbacks:
            if other is preferred or other.max_colours < space.colours:
                continue
            try:
                other.parse(space, text)
            except (CodeError, ConfigError) as error:
                errors[other.name] = error
                continue
            return other
        # Digits typed where letters are preferred: the digits' error says more.
        raise (errors["digits"] if all_digits and "digits" in errors else first) from None


def digits_note(space: CodeSpace, text: str, preferred: Notation) -> str:
    """One line where ``text``, a code of digits 1-9 only, is read in digits counted from 0
    in place of ``preferred`` (``1122``: WWRR) while numbers counted from 1, as Knuth and
    the published tables write codes, would read it too (BBWW): how to get that reading.
    "" where the code is read otherwise or only one way."""
    stripped = text.strip()
    if preferred.name == "digits" or not _COMPACT.fullmatch(stripped):
        return ""
    if written_in(space, text, preferred).name != "digits":
        return ""
    numbers = NOTATIONS["numbers"]
    try:
        theirs = numbers.parse(space, stripped)
    except (CodeError, ConfigError):
        return ""
    ours = NOTATIONS["digits"].parse(space, stripped)
    shown = preferred if preferred.max_colours >= space.colours else numbers
    return (
        f"{stripped} is read in digits counted from 0 ({shown.format(space, ours)}); "
        f"for the literature's numbering from 1 ({shown.format(space, theirs)}), "
        "add --notation numbers"
    )


def parse_in_game(space: CodeSpace, text: str, notation: Notation) -> int:
    """A code typed during a game: read in the game's own notation only (case, spaces and
    commas forgiven), so that no code changes with the notation guessed for it (``1122``
    is WWRR in digits, BBWW in numbers). Input that reads only in
    another notation is refused with what it would be there and how to play in it."""
    try:
        return notation.parse(space, text)
    except (CodeError, ConfigError):
        readings: list[tuple[str, str]] = []
        for other in NOTATIONS.values():
            if other is notation or other.max_colours < space.colours:
                continue
            try:
                code = other.parse(space, text)
            except (CodeError, ConfigError):
                continue
            readings.append((other.name, notation.format(space, code)))
        if not readings:
            raise
        typed = clip(text.strip())
        if notation.name == "letters":  # "1122 would be WWRR in digits, BBWW in numbers"
            said = ", ".join(f"{code} in {name}" for name, code in readings)
            said = f"{typed} would be {said}"
        else:  # "2 2 3 3 in digits" would read as the digits 2233: say which is which
            said = "; ".join(f"{typed} read in {name} is {code} here" for name, code in readings)
        others = " or ".join(name for name, _ in readings)
        example = notation.example(space.colours, space.positions)
        raise CodeError(
            f"this game uses {notation.name} (like {example}); {said}; to type codes that "
            f"way, start a game with --notation {others} (Notation on the home screen)"
        ) from None
