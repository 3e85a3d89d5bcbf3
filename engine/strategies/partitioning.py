"""What the strategies that weigh every guess by how it splits the codes still possible
share (Knuth's minimax and the heuristics after it, in ``heuristics``).

A guess's *partition* is the histogram of answers it would get from the candidates; each
strategy turns it into a key to minimise. Ties go to a guess that could be the secret,
then to the code first *as written* (1122 before 2211, as the literature lists codes):
with that rule the published totals come out exactly (Knuth 5801 on 6x4). Two reductions
keep this fast and exact: colours not played yet are alike, so one guess stands for each
pattern of them, and ``guess`` weighs only the first as written of guesses that
differ in colours no candidate has (``guess_pools``); answers come from a table on small
spaces, else from one matrix product per block of guesses (``partition_keys``). Past
``EXACT_LIMIT`` codes the guesses weighed, and if need be the candidates, are a seeded
sample, and the trace says so (``partition_pool``); the ties are told by ``ties``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from ..answers import CLASSIC
from ..codes import CodeSpace
from ..feedback import Answer, answer_count
from ..trace import Alternative, Choice
from .base import Measure, Position, Strategy
from .guess_pools import (
    EXACT_LIMIT,
    canonical_codes,
    dead_colours,
    distinct_guesses,
    members,
    unused_colours,
    written_order,
)
from .partition_bound import BOUND_TRIES, bound_reached, first_reaching
from .partition_keys import product_keys, table_keys
from .partition_pool import Limits, weighed
from .rule_card import PARTITION_COST, PARTITION_OPENING, PARTITION_TIES
from .ties import families, few_left, named_twins, ties_of

if TYPE_CHECKING:
    from ..arrays import Codes, Counts, Keys
    from ..backends import PartitionKernel

__all__ = ["Limits", "PartitionStrategy"]  # Limits: what a partition strategy is made with

#: Guesses weighed that the trace shows after the chosen one, best first.
ALTERNATIVES = 8


class PartitionStrategy(Strategy):
    """Choose the guess whose partition has the smallest key."""

    measure: ClassVar[Measure]
    rule_ties, rule_opening, rule_cost = PARTITION_TIES, PARTITION_OPENING, PARTITION_COST
    #: The key is the largest class: a guess can be dropped once one class outgrows the
    #: best key so far (``PartitionKernel.largest``).
    largest_class: ClassVar[bool] = False
    #: A tree walk's seconds per code of the space per secret, with the compiled kernel.
    walk_seconds_per_code: ClassVar[float] = 4e-9
    #: Past EXACT_LIMIT codes, every secret is walked level by level (``engine.walks.big``),
    #: every guess weighed: a tree walk's seconds per code of the space per secret there.
    big_walk_seconds_per_code: ClassVar[float | None] = None

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self._even_keys: dict[tuple[int, int], float] = {}
        self._kernel: PartitionKernel | None = None

    def compiled(self, space: CodeSpace, backend: str | None = None) -> Strategy:
        """Between the answer table's reach and sampling, partitions come from a compiled
        kernel (``backend``'s, by default numba's) rather than matrix products: the same
        keys, Knuth's 8x5 tree in about 2.5 s of CPU where the products took 16 s or more,
        for numba's start-up (about a quarter of a second; tree walks only: ``play`` and
        the app never pay it)."""
        if not self._kernel_reaches(space):
            return self
        from ..backends import DEFAULT, partition_kernel  # numba: only tree walks load it

        out = copy.copy(self)
        out._kernel = partition_kernel(backend or DEFAULT)
        return out

    def sampled(self, space: CodeSpace) -> bool:
        return space.size > self.limits.exact

    def exactly(self) -> Strategy:
        everything = 1 << 62
        return type(self)(
            replace(
                self.limits, exact=everything, pair_budget=everything, sampled_candidates=everything
            )
        )

    def keys(self, hist: Counts) -> Keys:
        """One key per row of class counts; lower is better. A key may never fall as the
        codes are spread more evenly (moving one code from a bigger class to a smaller
        one): ``guess`` stops at a guess reaching the key of the most even split, and
        statistics, which call ``guess``, would then differ from ``choose``."""
        raise NotImplementedError

    def shown(self, key: float, scored: int, candidates: int) -> float:
        """The key as a person reads it (e.g. expected size rather than sum of squares).
        When only ``scored`` of the ``candidates`` were scored, sizes are scaled up."""
        return float(key) * candidates / scored

    def split_value(self, split: Mapping[Answer, int]) -> float:
        """A split's score as a person reads it (class sizes by answer), every code scored:
        what rating a person's guess needs."""
        codes = sum(split.values())
        key = self.keys(np.array([list(split.values())], dtype=np.int64))[0]
        return self.shown(float(key), codes, codes)

    def seconds(self, space: CodeSpace, games: int) -> float:
        """Where ``stats`` walks the whole tree past the answer table, the compiled kernel
        weighs every position once: ``walk_seconds_per_code`` for each of the space's codes
        and each secret, however many games. Measured with `stats --all --jobs 1`, in one
        process, numba's start-up of about 0.35 s included: Knuth 7x5 0.9 s of CPU, 8x5
        2.5 s, 6x6 3.9 s, 9x5 7.4 s, 4x8 12 s; expected size 7x5 1.3 s, 8x5 4.2 s, 6x6
        8.6 s; most parts 8x5 3.5 s; entropy 8x5 6.2 s. Otherwise one game per distinct
        secret (``walks``)."""
        if self.big_walks(space, games):
            assert self.big_walk_seconds_per_code is not None
            return float(self.big_walk_seconds_per_code * space.count**2 + 2e-6 * games)
        if not self._kernel_reaches(space):
            return super().seconds(space, games)
        return float(self.walk_seconds_per_code * space.count**2 + 2e-6 * games)

    def big_walks(self, space: CodeSpace, games: int) -> bool:
        """Whether ``stats`` walks the whole tree level by level (``engine.walks.big``):
        past EXACT_LIMIT codes, for enough games, where the strategy has such a walk."""
        return (
            self.big_walk_seconds_per_code is not None
            and space.repeats
            and space.answers == CLASSIC
            and space.size > EXACT_LIMIT
            and super().walks(space, games)
        )

    def walks(self, space: CodeSpace, games: int) -> bool:
        """Past the answer table, where the compiled kernel reaches, always: its walk of
        every secret costs less than a few games played one by one without it (Knuth on
        8x5: the walk 2.7 s of CPU; 30 games 10.8 s, 1,000 games 31 s)."""
        return self._kernel_reaches(space) or super().walks(space, games)

    def game_seconds(self, space: CodeSpace) -> float:
        """A tree costs about 30 us plus 16 ns a code per distinct secret where every guess
        is weighed (6x4 0.07 s in all; a walk past the answer table: ``seconds``); a game
        0.1 s plus 55 ns a code where the guesses are sampled (more than EXACT_LIMIT codes:
        about 1 s a game on 8x8). Past the answer table, where the kernel reaches, games
        are not played one by one: the tree is walked (``walks``)."""
        if space.size <= EXACT_LIMIT:
            return 3e-5 + 16e-9 * space.count
        return 0.1 + 55e-9 * space.count

    def choose(self, position: Position) -> Choice:
        space, cands = position.space, position.candidates
        pool, scored, notes, drawn = weighed(position, self.limits)
        if scored is cands and len(cands) > 2 and bound_reached(self, space, cands) is not None:
            # Every guess is still weighed, so that the ties the trace tells are all of them.
            notes = [
                "a possible code splits the rest into single codes"
                if len(cands) <= answer_count(space)
                else "a possible code splits the rest as evenly as the answers allow"
            ]
        keys = self._keys(space, pool, scored)
        consistent = members(space, pool, cands)
        order = np.lexsort((written_order(space, pool), ~consistent, keys))
        best, n, total = order[0], len(scored), len(cands)
        ties = ties_of(space, pool, keys, consistent, order, families(position, pool), scored)
        ties = few_left(space, cands, ties) if len(cands) <= 2 else ties
        possible = order[consistent[order]]

        def alternative(i: int | None) -> Alternative | None:
            if i is None:
                return None
            return Alternative(int(pool[i]), self.shown(keys[i], n, total), bool(consistent[i]))

        return Choice(
            guess=int(pool[best]),
            consistent=bool(consistent[best]),
            score=self.shown(keys[best], n, total),
            score_label=self.measure.label,
            alternatives=tuple(
                Alternative(int(pool[i]), self.shown(keys[i], n, total), bool(consistent[i]))
                for i in order[1 : 1 + ALTERNATIVES]
            ),
            note="; ".join(notes),
            estimated=scored is not cands,
            pool_size=len(pool),
            ties=ties.count,
            ties_possible=ties.possible,
            ties_weighed=ties.weighed,
            ties_among=len(pool) if drawn and len(cands) > 2 else 0,
            twins=ties.twins,
            twin_guesses=named_twins(position, pool, int(pool[best]), ties),
            rival=alternative(ties.rival),
            worse=alternative(ties.worse),
            best_possible=alternative(int(possible[0]) if len(possible) else None),
        )

    def guess(self, position: Position) -> int:
        """The guess ``choose`` makes, without its trace and by shorter roads: one or two
        candidates need no scoring (two split each other apart whichever is guessed, so the
        first as written wins), of the guesses that differ only in colours no candidate
        has only the first as written is weighed, a guess reaching the lower bound ends
        the search, and only the tied guesses are ordered."""
        space, cands = position.space, position.candidates
        if len(cands) <= 2:
            return int(cands[np.argmin(written_order(space, cands))])
        pool, scored, _, _ = weighed(position, self.limits)
        answers = answer_count(space)
        bound_tried = scored is cands and len(cands) <= BOUND_TRIES * answers
        if bound_tried:
            best = bound_reached(self, space, cands)
            if best is not None:
                return best
        keys = None
        unused = unused_colours(space, position.history)
        # The very array canonical_codes keeps: every guess is weighed, none was sampled.
        if position.history and scored is cands and pool is canonical_codes(space, unused):
            pool = distinct_guesses(space, unused, dead_colours(space, cands))
            if bound_tried:
                best, keys = first_reaching(self, space, pool, cands)
                if best is not None:
                    return best
        if keys is None:
            keys = self._keys(space, pool, scored, pruned=True)
        tied = np.flatnonzero(keys == keys.min())
        if len(tied) > 1:
            consistent = members(space, pool[tied], cands)
            if consistent.any():
                tied = tied[consistent]
            tied = tied[[np.argmin(written_order(space, pool[tied]))]]
        return int(pool[tied[0]])

    def _keys(
        self,
        space: CodeSpace,
        pool: Codes,
        scored: Codes,
        pruned: bool = False,
        stop: float = 0.0,
    ) -> Keys:
        """Each pool guess's key over the scored codes, a block of guesses at a time.
        ``pruned``: only the smallest key and the guesses reaching it need be exact, every
        other key only above it (what ``guess`` needs, not a trace's alternatives); and
        past the first guess whose key is at most ``stop``, only above that one."""
        if self._kernel is not None and self._kernel_reaches(space):
            if pruned and self.largest_class:
                return self._kernel.largest(space, pool, scored, stop)
            return self.keys(self._kernel.counts(space, pool, scored))
        if space.size <= self.limits.table:
            return table_keys(self.keys, space, pool, scored, self.limits.block_entries)
        return product_keys(self.keys, space, pool, scored, self.limits.product_entries)

    def _prunes(self, space: CodeSpace) -> bool:
        """Whether ``_keys(pruned=True)`` drops guesses early (Knuth in the kernel)."""
        return self._kernel is not None and self.largest_class and self._kernel_reaches(space)

    def _kernel_reaches(self, space: CodeSpace) -> bool:
        """Past the answer table, every guess weighed, and the kernel's tables small."""
        return self.limits.table < space.size <= min(self.limits.exact, EXACT_LIMIT)
