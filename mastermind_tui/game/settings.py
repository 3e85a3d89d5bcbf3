"""Game settings: the defaults and their validation, in the one place that the command line,
the home screen and the statistics screen all read, so the three cannot disagree."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, NamedTuple, TypeVar

from engine import (
    STRATEGIES,
    CodeSpace,
    MastermindError,
    Notation,
    Rules,
    get_notation,
    make_strategy,
)
from engine.answers import CLASSIC
from engine.answers import named as answer_rule
from engine.codes import MIN_COLOURS, MIN_POSITIONS
from engine.errors import ConfigError, ConfigField
from engine.notation import NOTATIONS, clip
from engine.play.match import Role
from engine.strategies import DEFAULT_STRATEGY, shown_name
from engine.strategies.own import is_file_name

from .kinds import PLAY, GameKind

_ASCII_WHOLE = re.compile(r"[+-]?[0-9]+")


class NumberError(ValueError):
    """Typed text that is not a whole number (``value`` None) or is one below ``minimum``."""

    def __init__(self, text: str, minimum: int, value: int | None = None) -> None:
        self.text, self.minimum, self.value = text, minimum, value
        if value is None:
            message = f"{clip(text)!r} is not a whole number"
        elif minimum == 0:
            message = f"{clip(text)} is negative; give 0 or more"
        else:  # -1 is too small as well, not told to be 0 or more
            message = f"{clip(text)} is too small; give {minimum} or more"
        super().__init__(message)


def whole(text: str, minimum: int = 0) -> int:
    """A whole number of ``minimum`` or more in ASCII digits (no other script's digits, no
    ``6_0``), or NumberError: every number a person types, on the command line or in a form."""
    if not _ASCII_WHOLE.fullmatch(text.strip()):
        raise NumberError(text, minimum)
    value = int(text)
    if value < minimum:
        raise NumberError(text, minimum, value)
    return value


_GAME: Final = Rules()


class SettingError(MastermindError):
    """A MastermindError that names the setting at fault (a key of ``SETTINGS``, or
    "secret"), so that a form shows it beside that field."""

    def __init__(self, setting: str, message: str) -> None:
        super().__init__(message)
        self.setting = setting


#: The setting an engine's refusal of a size or rules is about (``ConfigError.field``).
_BLAMED: Final = {
    ConfigField.COLOURS: "colours",
    ConfigField.POSITIONS: "positions",
    ConfigField.ROUNDS: "rounds",
    ConfigField.MOVES: "moves",
}


def _blamed(error: MastermindError) -> str:
    """The setting a size or rules error from the engine names (the positions where it
    names none: the size as a whole)."""
    field = error.field if isinstance(error, ConfigError) else None
    return "positions" if field is None else _BLAMED[field]


class Setting(NamedTuple):
    """One setting: its default, how a typed value is checked, and its help line."""

    default: object
    #: The command line's help for its option.
    help: str
    #: How an error names it ("the move limit").
    called: str = ""
    #: A whole number of at least this, checked by ``read``; None: not a number.
    minimum: int | None = None

    def read(self, text: str) -> int:
        """The number typed in a form for this setting (see ``whole_number``)."""
        return whole_number(text, self.called, self.minimum or 0)

    def check(self, value: int) -> int:
        """``value``, or MastermindError when it is below this setting's minimum."""
        if self.minimum is not None and value < self.minimum:
            raise MastermindError(f"{self.called} must be {self.minimum} or more (got {value})")
        return value


def whole_number(text: str, called: str, minimum: int = 0) -> int:
    """A number typed in a form, checked as the command line checks it (``whole``), or
    MastermindError naming it as ``called`` (the form keeps the text)."""
    try:
        return whole(text, minimum)
    except NumberError as error:
        if error.value is None:
            raise MastermindError(
                f"{called} must be a whole number (got {text.strip()!r})"
            ) from None
        raise MastermindError(f"{called} must be {minimum} or more (got {error.value})") from None


#: Every setting of a game by its name in ``Settings.build``, with the value it takes
#: when left unsaid: the command line, the home screen and the statistics screen read
#: them here. Sizes, rounds and the move limit default to the engine's ``Rules()``.
SETTINGS: Final[dict[str, Setting]] = {
    # The least each may be: a negative number refused is told the real lower bound.
    "colours": Setting(_GAME.colours, f"colours (default {_GAME.colours})", "colours", MIN_COLOURS),
    "positions": Setting(
        _GAME.positions, f"positions (default {_GAME.positions})", "positions", MIN_POSITIONS
    ),
    "rounds": Setting(_GAME.rounds, f"rounds (default {_GAME.rounds})", "rounds", 1),
    "moves": Setting(
        _GAME.max_moves,
        f"move limit per game (default {_GAME.max_moves})",
        "the move limit",
        1,
    ),
    "repeats": Setting(
        _GAME.repeats,
        "whether a colour may appear more than once in a code; --no-repeats: every "
        "colour at most once, as in Bulls and Cows (default: repeats allowed)",
    ),
    "answers": Setting(
        CLASSIC.name,
        "how a guess is answered: classic (a black peg for each right colour in the right "
        "place, a white for each other right colour) or black (black pegs only: the right "
        "colours in the right place alone) (default classic)",
    ),
    "notation": Setting(
        "letters", f"how codes are written: {', '.join(NOTATIONS)} (default letters)"
    ),
    "strategy": Setting(
        DEFAULT_STRATEGY,
        f"code-breaking strategy: {', '.join(STRATEGIES)} (default {DEFAULT_STRATEGY})",
    ),
    "seed": Setting(None, "random seed, for repeatable runs", "the seed", 0),
    "lab": Setting(
        False,
        "open the game with the laboratory view on: the codes still possible, the "
        "strategy's advice, F4's tree and each guess's rating as it comes (F9 turns it "
        "on or off in a game; a game played with it is recorded as assisted)",
    ),
    "timed": Setting(
        False,
        "timed: a live clock from your first guess to the last answer (paused while a "
        "dialog is open or the program is suspended); the time goes in the daily's share, "
        "and timed games are figures of their own",
    ),
    "hard": Setting(
        False,
        "hard mode: every guess must fit every answer so far (HINT suggests only such "
        "codes; par is the exact optimum among them, the optimal-fit strategy)",
    ),
}
#: The value of every setting left unsaid, by its name in ``Settings.build``.
DEFAULTS: Final[dict[str, object]] = {name: s.default for name, s in SETTINGS.items()}
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


def matching_preset(values: dict[str, object]) -> str | None:
    """The preset whose fields all hold ``values`` (each of ``PRESET_FIELDS``), if one
    does: the home screen names it rather than "custom" (first launch read "custom"
    though every field was the original's)."""
    for name, fixed in PRESETS.items():
        if all(values.get(field) == fixed[field] for field in PRESET_FIELDS):
            return name
    return None


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


def _resolve(
    kind: type[_T],
    given: _T | None,
    preset: Mapping[str, object],
    name: str,
    saved: Mapping[str, object],
) -> _T:
    """A setting given explicitly, else the preset's, else the one saved in the user's
    preferences, else the default; SettingError where that is not a ``kind``."""
    if given is not None:
        return given
    return _typed(kind, name, preset.get(name, saved.get(name, DEFAULTS[name])))


def _typed(kind: type[_T], name: str, value: object) -> _T:
    """``value`` of the setting ``name`` when it is a ``kind`` (a bool is no number)."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SettingError(name, f"{name} should be like {DEFAULTS[name]!r} (got {value!r})")
    return value


def _given(kind: type[_T], values: Mapping[str, object], name: str) -> _T | None:
    """The setting ``name`` of ``values`` (None when absent), checked to be a ``kind``."""
    value = values.get(name)
    return None if value is None else _typed(kind, name, value)


@dataclass(frozen=True)
class Settings:
    """A checked game configuration: built only through ``build``, which explains errors."""

    #: The kind of game these settings are for (who breaks, what the records call it).
    mode: GameKind
    rules: Rules
    notation: Notation
    strategy: str
    seed: int | None = None
    #: The laboratory view from the start: the codes still possible, advice, ratings.
    lab: bool = False
    #: Hard mode: every guess must fit every answer so far (``game.hard``).
    hard: bool = False
    #: A live clock on show; the game's time in the share, its records apart.
    timed: bool = False

    @classmethod
    def build(
        cls,
        mode: GameKind = PLAY,
        colours: int | None = None,
        positions: int | None = None,
        rounds: int | None = None,
        moves: int | None = None,
        notation: str | None = None,
        strategy: str | None = None,
        seed: int | None = None,
        repeats: bool | None = None,
        answers: str | None = None,
        lab: bool = False,
        hard: bool = False,
        timed: bool = False,
        preset: str | None = None,
        saved: Mapping[str, object] | None = None,
    ) -> Settings:
        """Check every value and say which one is wrong in one line (MastermindError).
        Settings left None come from ``preset``, then from ``saved`` (the user's
        preferences), then from DEFAULTS."""
        fixed = preset_values(preset)
        kept = saved or {}
        colours = _resolve(int, colours, fixed, "colours", kept)
        positions = _resolve(int, positions, fixed, "positions", kept)
        rounds = _resolve(int, rounds, fixed, "rounds", kept)
        moves = _resolve(int, moves, fixed, "moves", kept)
        repeats = _resolve(bool, repeats, fixed, "repeats", kept)
        answers = _resolve(str, answers, fixed, "answers", kept)
        notation = _resolve(str, notation, fixed, "notation", kept)
        strategy = _resolve(str, strategy, fixed, "strategy", kept)
        try:
            if seed is not None:
                SETTINGS["seed"].check(seed)
        except MastermindError as error:
            raise SettingError("seed", str(error)) from None
        try:
            rule = answer_rule(answers.lower())
        except MastermindError as error:
            raise SettingError("answers", str(error)) from None
        try:
            rules = Rules(colours, positions, rounds, moves, repeats, rule)
        except MastermindError as error:
            raise SettingError(_blamed(error), str(error)) from None
        try:
            chosen = get_notation(notation)
            chosen.check(colours)
        except MastermindError as error:
            raise SettingError("notation", str(error)) from None
        # Refused here, in one line, rather than by a game screen as it starts (optimal
        # past its size limit).
        try:
            make_strategy(strategy).check(rules.space)
        except MastermindError as error:
            raise SettingError("strategy", str(error)) from None
        # A strategy file's name is a path, kept as written (a built-in's is any case).
        named = strategy if is_file_name(strategy) else strategy.lower()
        return cls(mode, rules, chosen, named, seed, lab, hard, timed)

    @classmethod
    def of(
        cls,
        values: Mapping[str, object],
        mode: GameKind = PLAY,
        saved: Mapping[str, object] | None = None,
    ) -> Settings:
        """``build`` from settings by name (the command line's, the preferences', each
        read as its type here: SettingError naming one that is not); names that are no
        setting of a game's (a preset's name, the mode) are not read."""
        return cls.build(
            mode,
            colours=_given(int, values, "colours"),
            positions=_given(int, values, "positions"),
            rounds=_given(int, values, "rounds"),
            moves=_given(int, values, "moves"),
            notation=_given(str, values, "notation"),
            strategy=_given(str, values, "strategy"),
            seed=_given(int, values, "seed"),
            repeats=_given(bool, values, "repeats"),
            answers=_given(str, values, "answers"),
            lab=bool(_given(bool, values, "lab")),
            hard=bool(_given(bool, values, "hard")),
            timed=bool(_given(bool, values, "timed")),
            saved=saved,
        )

    @property
    def space(self) -> CodeSpace:
        return self.rules.space

    @property
    def strategy_shown(self) -> str:
        """The strategy's name as titles show it, its opening in this notation
        (``knuth-fromRRGG``); ``strategy`` stays the name records and caches keep."""
        return shown_name(self.strategy, self.space, self.notation)

    @property
    def roles(self) -> tuple[Role, ...]:
        """Who breaks the code in each game of a round."""
        return self.mode.roles
