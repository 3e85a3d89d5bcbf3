"""Counts and times in words, for every message the engine and the app write. A module of its own,
importing nothing, so that the lowest modules (codes, feedback) can use it too."""

from __future__ import annotations


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``1 move``, ``2 moves``, ``1,296 codes``: the count with the word that fits it."""
    word = singular if count == 1 else plural_form or singular + "s"
    return f"{count:,} {word}"


def duration(seconds: float) -> str:
    """A time model's estimate as a person reads it: a rough figure, no decimals."""
    if not seconds < 1000 * 86400:  # an overflowed model, or NaN: no figure to round
        return "more than 1,000 days" if seconds > 0 else "an unknown time"
    if seconds < 1:
        return "under a second"
    if seconds < 90:
        return f"about {round(seconds)} s"
    if seconds < 90 * 60:
        return f"about {round(seconds / 60)} min"
    return f"about {round(seconds / 3600)} h"
