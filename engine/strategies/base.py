"""What every strategy sees and returns."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import cast

import numpy as np

from ..codes import CodeSpace
from ..trace import Choice


@dataclass(frozen=True)
class Position:
    """The solver's knowledge: codes still possible (sorted indices) and the moves so far
    as (guess, answer class) pairs."""

    space: CodeSpace
    candidates: np.ndarray
    history: tuple[tuple[int, int], ...]
    rng: np.random.Generator


class _NoDraws:
    """What deterministic strategies are handed instead of a generator where nothing
    random is wanted (decision trees, statistics): any draw is a bug, and making a real
    generator imports numpy.random, 24 ms of a 30 ms ``stats --all`` start-up."""

    def __getattr__(self, name: str) -> None:
        if name.startswith("__"):  # copy, pickle and hasattr ask for these: not a draw
            raise AttributeError(name)
        raise AssertionError(f"a deterministic strategy drew from its generator ({name})")


#: Stands in for ``Position.rng`` where the strategy is deterministic.
NO_DRAWS = cast("np.random.Generator", _NoDraws())


class Strategy(ABC):
    """A way of choosing the next guess."""

    name: str
    summary: str
    #: Same position, same guess: the decision tree can be memoised.
    deterministic: bool = True

    def check(self, space: CodeSpace) -> None:  # noqa: B027 (optional hook: most play any size)
        """Raise ConfigError, saying why, when this strategy cannot play games of this size
        (before a game starts rather than at its first guess)."""

    @abstractmethod
    def choose(self, position: Position) -> Choice:
        """Pick the next guess; ``position.candidates`` is never empty."""

    def guess(self, position: Position) -> int:
        """The guess ``choose`` would pick, without building its trace: what statistics
        and decision trees call. Strategies override it where skipping the trace saves
        work; it must draw from ``position.rng`` exactly as ``choose`` does."""
        return self.choose(position).guess
