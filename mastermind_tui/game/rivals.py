"""Which strategies ``compare`` puts side by side, read from a line or a list: apart from
the compare session itself, so the home screen can check its field without loading it."""

from __future__ import annotations

from collections.abc import Sequence

from engine import make_strategy
from engine.errors import ConfigError

from .settings import Settings

#: What ``mastermind compare`` puts side by side when no strategy is named.
DEFAULT_RIVALS = ("knuth", "expected-size", "entropy")
#: Most strategies side by side (each needs a column of the screen).
MOST = 4


def read_strategies(text: str | Sequence[str], settings: Settings) -> tuple[str, ...]:
    """Strategy names from a line (``knuth, optimal entropy``) or a list, each checked
    for this size; the defaults when none is named. ConfigError says what is wrong."""
    names = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    chosen = tuple(dict.fromkeys(n.lower() for n in names)) or DEFAULT_RIVALS
    if len(chosen) < 2 or len(chosen) > MOST:
        lowered = [n.lower() for n in names]
        twice = [n for n in chosen if lowered.count(n) > 1]
        said = "; ".join(f"{n} was named {_times(lowered.count(n))}" for n in twice)
        got = f"{len(chosen)} different" if twice else f"{len(chosen)}"
        raise ConfigError(
            (f"{said}: " if said else "")
            + f"name 2 to {MOST} different strategies to compare (got {got})"
        )
    for name in chosen:
        make_strategy(name).check(settings.space)
    return chosen


def _times(count: int) -> str:
    return "twice" if count == 2 else f"{count} times"
