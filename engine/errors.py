"""Errors the engine raises; every one carries a message fit to show a user."""

import enum


class MastermindError(ValueError):
    """Base class: bad input or an impossible request, explained in plain words."""


class ConfigField(enum.Enum):
    """The part of a game's configuration a refusal is about, for a form to show it
    beside that field."""

    COLOURS = enum.auto()
    POSITIONS = enum.auto()
    ROUNDS = enum.auto()
    MOVES = enum.auto()


class ConfigError(MastermindError):
    """An impossible game configuration (colours, positions, rounds, limits): ``field``
    the one at fault where a single one is, ``short`` the reason in a few words for a
    line with no room for the advice (the whole message where none is given)."""

    def __init__(self, message: str, field: ConfigField | None = None, short: str = "") -> None:
        super().__init__(message)
        self.field = field
        self.short = short or message


class CodeError(MastermindError):
    """A code that cannot be read: wrong length or an unknown colour."""


class AnswerError(MastermindError):
    """A black/white answer that no code could ever give."""


class InconsistentAnswersError(MastermindError):
    """The answers so far rule out every code: the code maker made a slip somewhere."""


class Unavailable(Exception):
    """What a request needs is not on this machine (a GPU, an optional package): the
    environment, not the input; the command line says it in one line and exits 1."""


def extra_hint(extra: str) -> str:
    """How to install an optional extra, as README's "Optional extras" does: from the
    folder of a clone of this repository (the package is not on PyPI)."""
    return f"pip install '.[{extra}]' in your clone of mastermind-tui (README: Optional extras)"
