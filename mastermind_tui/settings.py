"""Game settings: the defaults and their validation, in the one place that the command line,
the home screen and the statistics screen all read, so the three cannot disagree."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeVar, cast

from engine import CodeSpace, MastermindError, Notation, Rules, get_notation, make_strategy
from engine.strategies import DEFAULT_STRATEGY

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
    "repeats": True,
    "notation": "letters",
    "strategy": DEFAULT_STRATEGY,
    "seed": None,
    "spoiler_free": False,
}
#: The well-known editions by name: the settings each one fixes. A setting given
#: explicitly beside a preset wins; one neither gives is the default.
PRESETS: Final[dict[str, dict[str, object]]] = {
    "original": {"colours": 6, "positions": 4, "moves": 10, "repeats": True, "notation": "letters"},
    "mini": {"colours": 6, "positions": 4, "moves": 6, "repeats": True, "notation": "letters"},
    "super": {"colours": 8, "positions": 5, "moves": 12, "repeats": True, "notation": "letters"},
    "bulls-and-cows": {
        "colours": 10,
        "positions": 4,
        "moves": 10,
        "repeats": False,
        "notation": "digits",
    },
}
PRESET_TITLES: Final[dict[str, str]] = {
    "original": "Mastermind: 6 colours, 4 positions, 10 moves",
    "mini": "Mini: 6 colours, 4 positions, 6 moves",
    "super": "Super Mastermind: 8 colours, 5 positions, 12 moves",
    "bulls-and-cows": "Bulls and Cows: 10 digits, 4 positions, no repeats",
}
#: The settings a preset may fix: ``Settings.build`` takes None for them as "unsaid".
PRESET_FIELDS: Final = ("colours", "positions", "moves", "repeats", "notation")

_T = TypeVar("_T")


def preset_values(name: str | None) -> dict[str, object]:
    """The settings the preset ``name`` fixes (none for None), or MastermindError."""
    if name is None:
        return {}
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise MastermindError(
            f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}"
        ) from None


def _resolve(given: _T | None, preset: dict[str, object], name: str) -> _T:
    """A setting given explicitly, else the preset's, else the default."""
    return given if given is not None else cast(_T, preset.get(name, DEFAULTS[name]))


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
        colours: int | None = None,
        positions: int | None = None,
        rounds: int = 1,
        moves: int | None = None,
        notation: str | None = None,
        strategy: str = DEFAULT_STRATEGY,
        seed: int | None = None,
        spoiler_free: bool = False,
        repeats: bool | None = None,
        preset: str | None = None,
    ) -> Settings:
        """Check every value and say which one is wrong in one line (MastermindError).
        Settings left None come from ``preset``, then from DEFAULTS."""
        fixed = preset_values(preset)
        colours = _resolve(colours, fixed, "colours")
        positions = _resolve(positions, fixed, "positions")
        moves = _resolve(moves, fixed, "moves")
        repeats = _resolve(repeats, fixed, "repeats")
        notation = _resolve(notation, fixed, "notation")
        if mode not in MODE_TITLES:
            raise MastermindError(f"unknown mode {mode!r}; choose one of {', '.join(MODE_TITLES)}")
        if seed is not None and seed < 0:
            raise MastermindError(f"the seed must be 0 or more (got {seed})")
        rules = Rules(colours, positions, rounds, moves, repeats)
        chosen = get_notation(notation)
        chosen.check(colours)
        # Refused here, in one line, rather than by a game screen as it starts (optimal
        # past its size limit).
        make_strategy(strategy).check(rules.space)
        return cls(mode, rules, chosen, strategy.lower(), seed, spoiler_free)

    @property
    def space(self) -> CodeSpace:
        return self.rules.space

    @property
    def roles(self) -> tuple[str, ...]:
        """Who breaks the code in each game of a round ("person", "computer")."""
        return MODES.get(self.mode, ("computer",))
