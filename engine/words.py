"""Counts in words, for every message the engine and the app write. A module of its own,
importing nothing, so that the lowest modules (codes, feedback) can use it too."""

from __future__ import annotations


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``1 move``, ``2 moves``, ``1,296 codes``: the count with the word that fits it."""
    word = singular if count == 1 else plural_form or singular + "s"
    return f"{count:,} {word}"
