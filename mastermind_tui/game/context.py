"""What a side of a game may see of the match around it and ask of it.

``GameSession`` owns its parts (``guessing``, ``answering``, ``rating``) and satisfies this
protocol; the parts take it rather than the session class, so that no part imports the
session (no import cycle) and none writes another's fields: each asks the session by
name, and the session tells each part to ``reset``.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from engine import CodeSpace, ComputerBreaks, Decision, PersonBreaks

from ..records.types import Game
from .settings import Settings
from .views import Row


class GameContext(Protocol):
    """The match as one side of a game sees it: read-only state, and what it may ask."""

    @property
    def settings(self) -> Settings: ...
    @property
    def space(self) -> CodeSpace: ...
    @property
    def rng(self) -> np.random.Generator: ...
    @property
    def generation(self) -> int:
        """Changes whenever the history of moves changes (older results are stale)."""
        ...

    @property
    def role(self) -> str: ...
    @property
    def over(self) -> bool: ...
    @property
    def lab(self) -> bool: ...
    @property
    def practice(self) -> bool: ...
    @property
    def person(self) -> PersonBreaks | None: ...
    @property
    def computer(self) -> ComputerBreaks | None: ...
    @property
    def game(self) -> PersonBreaks | ComputerBreaks: ...
    @property
    def pending(self) -> Decision | None: ...
    @property
    def finished(self) -> Game | None: ...
    @property
    def spoilers_hidden(self) -> bool:
        """Whether advice and ratings are kept back now (the person's side says)."""
        ...

    def parse(self, text: str) -> int: ...
    def format(self, code: int) -> str: ...
    def rows(self) -> list[Row]: ...
    def over_text(self) -> str: ...
    def record(self) -> Game: ...
    def changed(self) -> None:
        """The history of moves changed: every part drops what it worked out."""
        ...

    def count(self) -> None:
        """Score the game if it has just ended, and record it."""
        ...

    def keep(self, game: Game) -> None:
        """Hand an ended game's record to the recorder."""
        ...

    def recorded_again(self) -> None:
        """The current game's record gained ratings since it ended: record it again."""
        ...

    def advised(self, move: int, advice: Decision) -> None:
        """The advice on hand before ``move`` (from 1), which its rating reuses."""
        ...

    def advice_before(self, move: int) -> Decision | None: ...
    def taken_back(self, moves_left: int) -> None:
        """A guess was taken back (UNDO): a practice game; ratings past it dropped."""
        ...

    def assist(self) -> bool:
        """Help that names a code was given: the game is recorded as assisted."""
        ...
