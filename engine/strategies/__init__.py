"""Every strategy by name: ``make_strategy("knuth")``."""

from __future__ import annotations

from ..errors import ConfigError
from .base import NO_DRAWS, Position, Strategy
from .consistent import Classic, RandomConsistent, Sequential
from .optimal import Optimal
from .partitioning import Entropy, ExpectedSize, Knuth, MostParts

STRATEGIES: dict[str, type[Strategy]] = {
    cls.name: cls
    for cls in (
        Knuth,
        ExpectedSize,
        Entropy,
        MostParts,
        Optimal,
        Sequential,
        Classic,
        RandomConsistent,
    )
}


def make_strategy(name: str) -> Strategy:
    try:
        return STRATEGIES[name.lower()]()
    except KeyError:
        raise ConfigError(
            f"unknown strategy {name!r}; choose one of {', '.join(STRATEGIES)}"
        ) from None


__all__ = ["NO_DRAWS", "STRATEGIES", "Position", "Strategy", "make_strategy"]
