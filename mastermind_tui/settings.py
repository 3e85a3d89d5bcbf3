"""Game settings: the defaults and their validation, in the one place that the command line,
the home screen and the statistics screen all read, so the three cannot disagree."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine import CodeSpace, MastermindError, Notation, Rules, get_notation, make_strategy

#: Who breaks the code in each game of a round, by mode.
MODES: Final[dict[str, tuple[str, ...]]] = {
    "play": ("person",),
    "make": ("computer",),
    "match": ("person", "computer"),
}
MODE_TITLES: Final[dict[str, str]] = {
    "play": "You break the computer's code",
    "make": "The computer breaks your code",
    "match": "Both, in turn (the 1978 game)",
    "watch": "Watch a strategy think",
}
#: The value of every setting left unsaid, by its name in ``Settings.build``.
DEFAULTS: Final[dict[str, object]] = {
    "mode": "play",
    "colours": 6,
    "positions": 4,
    "rounds": 1,
    "moves": 10,
    "notation": "letters",
    "strategy": "knuth",
    "seed": None,
    "spoiler_free": False,
}


def whole_number(text: str, name: str) -> int:
    """A setting typed in a form, or MastermindError naming it (the form keeps the text)."""
    stripped = text.strip()
    if not stripped.isascii() or not stripped.isdigit():
        raise MastermindError(f"{name} must be a whole number (got {stripped!r})")
    return int(stripped)


@dataclass(frozen=True)
class Settings:
    """A checked game configuration: built only through ``build``, which explains errors."""

    mode: str
    rules: Rules
    notation: Notation
    strategy: str
    seed: int | None = None
    #: Advice and ratings hidden while a person plays (HINT shows them on demand).
    spoiler_free: bool = False

    @classmethod
    def build(
        cls,
        mode: str = "play",
        colours: int = 6,
        positions: int = 4,
        rounds: int = 1,
        moves: int = 10,
        notation: str = "letters",
        strategy: str = "knuth",
        seed: int | None = None,
        spoiler_free: bool = False,
    ) -> Settings:
        """Check every value and say which one is wrong in one line (MastermindError)."""
        if mode not in MODE_TITLES:
            raise MastermindError(f"unknown mode {mode!r}; choose one of {', '.join(MODE_TITLES)}")
        if seed is not None and seed < 0:
            raise MastermindError(f"the seed must be 0 or more (got {seed})")
        rules = Rules(colours, positions, rounds, moves)
        chosen = get_notation(notation)
        chosen.check(colours)
        make_strategy(strategy)
        return cls(mode, rules, chosen, strategy.lower(), seed, spoiler_free)

    @property
    def space(self) -> CodeSpace:
        return self.rules.space

    @property
    def roles(self) -> tuple[str, ...]:
        """Who breaks the code in each game of a round ("person", "computer")."""
        return MODES.get(self.mode, ("computer",))
