"""What each side of a game may see of the match around it: read-only views, each no
wider than what its part reads.

``GameSession`` owns its parts (``guessing``, ``answering``, ``rating``) and satisfies
each view; a part takes its view rather than the session class, so that no part imports
the session (no import cycle). A part never acts on the session: it changes its own
state and returns, and the session does what follows (the history changed, the game
counted, a record kept), so every change of the match is in one place.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from engine import ComputerBreaks, Decision, PersonBreaks

from ..records.types import Game
from .settings import Settings


class Table(Protocol):
    """What every part reads: the game's settings and where the match stands."""

    @property
    def settings(self) -> Settings: ...
    @property
    def generation(self) -> int:
        """Changes whenever the history of moves changes (older results are stale)."""
        ...

    @property
    def role(self) -> str: ...
    @property
    def over(self) -> bool: ...
    def format(self, code: int) -> str: ...


class GuessingView(Table, Protocol):
    """What the person's side reads, breaking the code: their game and the advice kept."""

    @property
    def lab(self) -> bool: ...
    @property
    def person(self) -> PersonBreaks | None: ...
    def parse(self, text: str) -> int: ...
    def over_text(self) -> str: ...
    def advice_before(self, move: int) -> Decision | None: ...


class AnsweringView(Table, Protocol):
    """What the person's side reads, answering: the computer's game and its guess."""

    @property
    def rng(self) -> np.random.Generator: ...
    @property
    def computer(self) -> ComputerBreaks | None: ...
    @property
    def pending(self) -> Decision | None: ...
    def parse(self, text: str) -> int: ...
    def over_text(self) -> str: ...


class RatingView(Table, Protocol):
    """What the ratings read: the person's game, its record once over, and whether
    ratings are on show."""

    @property
    def person(self) -> PersonBreaks | None: ...
    @property
    def finished(self) -> Game | None: ...
    @property
    def practice(self) -> bool: ...
    @property
    def practice_why(self) -> str: ...
    @property
    def spoilers_hidden(self) -> bool:
        """Whether advice and ratings are kept back now (the person's side says)."""
        ...
