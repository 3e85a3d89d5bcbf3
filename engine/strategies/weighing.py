"""The whole weighing behind one choice, ranked: every guess a partition strategy weighed
(one row per family where symmetry grouped them, with how many codes it stands for), its
score in the strategy's own measure, its rank counted in codes, whether it ties the
choice and whether it could be the secret. What the watch's ranked list (``l``) shows;
on 8x5 that is up to 32,768 rows, so it is arrays, not objects."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..trace import Choice
from .base import Position, Strategy
from .guess_pools import members, written_order
from .optimal import Optimal
from .optimal_ties import ranked_rows
from .partition_pool import weighed
from .partitioning import PartitionStrategy
from .ties import close, families

if TYPE_CHECKING:
    from ..arrays import Codes, Counts, Int64s, Keys, Mask


@dataclass(frozen=True)
class Weighing:
    """Rows best first; ``ranks`` count codes (a family counts for each of its codes), so
    the 48 codes tied at the top are all rank 1 and the next is rank 49."""

    guesses: Codes
    values: Keys
    possible: Mask
    family: Counts
    ranks: Int64s
    tied: Mask
    label: str
    higher_is_better: bool
    estimated: bool
    #: Every guess weighed (False: only the few best the strategy keeps, the optimum's).
    complete: bool
    notes: str
    #: Why a row stands for many codes, where not the partition strategies' reason
    #: (colours not played yet alike): the exact optimum's symmetry of the position.
    alike: str = ""

    def __len__(self) -> int:
        return len(self.guesses)

    @property
    def grouped(self) -> bool:
        """Whether some rows stand for more than one code."""
        return bool(len(self.family)) and int(self.family.max()) > 1

    @property
    def codes(self) -> int:
        """How many codes the rows stand for."""
        return int(self.family.sum())


def competition_ranks(keys: Keys, family: Counts) -> Int64s:
    """1 + the codes scoring strictly better, for keys sorted best (lowest) first."""
    if not len(keys):
        return np.zeros(0, dtype=np.int64)
    gap = np.abs(np.diff(keys)) > 1e-9 * np.maximum(1.0, np.abs(keys[1:]))
    starts = np.flatnonzero(np.concatenate(([True], gap)))
    group = np.cumsum(np.concatenate(([True], gap))) - 1
    before = np.cumsum(family) - family
    ranks: Int64s = (1 + before[starts][group]).astype(np.int64)
    return ranks


def weigh_all(strategy: Strategy, position: Position, choice: Choice) -> Weighing | None:
    """Every guess ``strategy`` weighs at ``position``, ranked (a partition strategy:
    worked out again, as ``choose`` did), or the few its ``choice`` names with their
    scores (the optimum keeps its best few); None for a strategy that scores nothing."""
    measure = strategy.measure
    if measure is None or choice.score is None:
        return None
    if isinstance(strategy, PartitionStrategy):
        return _partition(strategy, position, choice)
    alike = ""
    rows = [(choice.guess, choice.score, choice.consistent, 1)]
    rows += [(a.guess, a.score, a.consistent, 1) for a in choice.alternatives]
    if isinstance(strategy, Optimal):  # every tie, by class, and the next best
        rows, alike = ranked_rows(strategy.solution_for(position.space), position) or (rows, alike)
    sign = -1.0 if measure.higher_is_better else 1.0
    keys = np.array([sign * score for _, score, _, _ in rows], dtype=np.float64)
    family = np.array([size for *_, size in rows], dtype=np.int64)
    return Weighing(
        guesses=np.array([g for g, *_ in rows], dtype=np.int32),
        values=np.array([score for _, score, _, _ in rows], dtype=np.float64),
        possible=np.array([p for _, _, p, _ in rows], dtype=bool),
        family=family,
        ranks=competition_ranks(keys, family),
        tied=close(keys, float(keys[0])),
        label=measure.label,
        higher_is_better=measure.higher_is_better,
        estimated=choice.estimated,
        complete=False,
        notes=choice.note,
        alike=alike,
    )


def _partition(strategy: PartitionStrategy, position: Position, choice: Choice) -> Weighing:
    space, cands = position.space, position.candidates
    pool, scored, notes, _ = weighed(position, strategy.limits)
    keys = strategy._keys(space, pool, scored)
    consistent = members(space, pool, cands)
    order = np.lexsort((written_order(space, pool), ~consistent, keys))
    family = families(position, pool)[order]
    sorted_keys = keys[order]
    n, total = len(scored), len(cands)
    values = np.array([strategy.shown(float(k), n, total) for k in sorted_keys])
    return Weighing(
        guesses=pool[order],
        values=values.astype(np.float64),
        possible=consistent[order],
        family=family,
        ranks=competition_ranks(sorted_keys, family),
        tied=close(sorted_keys, float(sorted_keys[0])),
        label=strategy.measure.label,
        higher_is_better=strategy.measure.higher_is_better,
        estimated=scored is not cands,
        complete=True,
        notes=choice.note or "; ".join(notes),
    )
