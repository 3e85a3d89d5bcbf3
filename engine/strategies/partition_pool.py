"""Which guesses a partition strategy weighs at a position, and on which candidates:
every guess (reduced by symmetry) against every candidate, or, past the limits, a seeded
sample of either; with notes saying why, for the trace.

On spaces too big for exact work (more than ``Limits.exact`` codes) the guesses weighed,
and if need be the candidates they are scored against, are a seeded sample: the same
history draws the same sample, so the same history gives the same guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..feedback import TABLE_LIMIT
from .base import Position
from .guess_pools import (
    EXACT_LIMIT,
    FAMILIES,
    OPENING,
    canonical_codes,
    opening_patterns,
    unused_colours,
)

if TYPE_CHECKING:
    from ..arrays import Codes

#: Pairs of (guess, candidate) scored per move before sampling kicks in.
PAIR_BUDGET = 1 << 28
#: On big spaces: guesses and candidates sampled.
SAMPLED_GUESSES = 1500
SAMPLED_CANDIDATES = 10_000
#: Entries per block of the guess x candidate answer matrix read from the answer table.
BLOCK_ENTRIES = 1 << 22
#: Entries per block computed by matrix product: 1 MB of float32, which stays in cache.
PRODUCT_ENTRIES = 1 << 18


@dataclass(frozen=True)
class Limits:
    """Where a partition strategy switches from exact to sampled work (the constants above
    say what each is). The defaults suit real games; tests pass small ones so that the
    sampled paths run on small sizes too."""

    table: int = TABLE_LIMIT
    exact: int = EXACT_LIMIT
    pair_budget: int = PAIR_BUDGET
    sampled_guesses: int = SAMPLED_GUESSES
    sampled_candidates: int = SAMPLED_CANDIDATES
    block_entries: int = BLOCK_ENTRIES
    product_entries: int = PRODUCT_ENTRIES


def weighed(position: Position, limits: Limits) -> tuple[Codes, Codes, list[str], bool]:
    """The guesses to weigh, the candidates to score them on, notes saying why, and
    whether the guesses are a random sample (then so are the ties counted among them)."""
    space, cands = position.space, position.candidates
    notes = []
    drawn = False
    if len(cands) <= 2:
        pool = cands
    elif not position.history:
        pool = opening_patterns(space)
        notes.append(
            f"{OPENING} one guess per pattern of repeated colours"
            if space.repeats
            else f"{OPENING} every code splits alike without repeats, so one is weighed"
        )
    elif space.size <= limits.exact:
        unused = unused_colours(space, position.history)
        pool = canonical_codes(space, unused)
        if len(pool) < space.count:
            notes.append(
                f"{FAMILIES} ({len(unused)}) are alike, so one guess stands for each pattern"
            )
    else:
        pool = _sample_pool(position, limits)
        drawn = True
        notes.append("big space: the guesses weighed are a random sample")
    scored = cands
    if len(pool) * len(cands) > limits.pair_budget or (
        space.size > limits.exact and len(cands) > limits.sampled_candidates
    ):
        rng = np.random.default_rng(_seed(position))
        if len(cands) > limits.sampled_candidates:
            scored = np.sort(rng.choice(cands, limits.sampled_candidates, replace=False))
            notes.append(
                f"partitions estimated on {len(scored):,} of {len(cands):,} possible codes"
            )
        # Too few candidates to sample (mid-size games): weigh fewer guesses instead.
        keep = max(1, limits.pair_budget // len(scored))
        if len(pool) > keep:
            notes.append(f"{keep:,} of {len(pool):,} guesses weighed, drawn at random")
            pool = np.sort(rng.choice(pool, keep, replace=False))
            drawn = True
    return pool, scored, notes, drawn


def _sample_pool(position: Position, limits: Limits) -> Codes:
    rng = np.random.default_rng(_seed(position))
    space, cands = position.space, position.candidates
    n = limits.sampled_guesses
    guesses = space.random_codes(rng, n)
    some_cands = rng.choice(cands, min(len(cands), max(1, n // 3)), replace=False)
    return np.unique(np.concatenate([guesses, some_cands])).astype(np.int32)


def _seed(position: Position) -> int:
    """Samples depend only on the history, so the same history gives the same guess."""
    return hash(position.history) & 0xFFFFFFFF
