"""Strategies that weigh every guess by how it would split the codes still possible:
Knuth's minimax and the stronger heuristics published after it.

A guess's *partition* is the histogram of answers it would get from the candidates. Each
strategy turns a partition into a key to minimise; ties go to a guess that could be the
secret, then to the code that comes first *as written*, reading from the first position
(the order in which the literature lists codes: 1122 before 2211). With that rule the
published totals come out exactly (Knuth 5801 on 6 colours x 4 positions); with index
order (first position fastest) they differ by a few guesses. Two reductions keep this fast
and exact:

* colours that no guess has used yet are interchangeable, so of each set of guesses that
  differ only by swapping such colours only the lowest index is weighed; and ``guess``
  (what decision trees and statistics call) weighs only the first as written of guesses
  that differ only in colours no candidate has, which score nothing wherever they stand;
* on small spaces answers come from a precomputed table, otherwise from one matrix product
  per block of guesses (see ``feedback.cross``).

On spaces too big for that (more than ``EXACT_LIMIT`` codes) the guesses weighed, and if
need be the candidates they are scored against, are a seeded sample; the trace says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..codes import CodeSpace
from ..feedback import TABLE_LIMIT, cached_table, classes, features
from ..trace import Alternative, Choice
from .base import Position, Strategy

#: Spaces up to this size weigh every (symmetry-reduced) guess.
EXACT_LIMIT = 1 << 17
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


ALTERNATIVES = 5
#: float32 holds every integer up to this exactly.
EXACT_FLOAT = 1 << 24
#: The lower bound is tried on positions with at most this many candidates per answer.
BOUND_TRIES = 64
#: Guesses in the first block weighed as written when looking for one reaching the bound.
FIRST_SCAN = 256


def opening_patterns(space: CodeSpace) -> np.ndarray:
    """One code for each way of splitting the positions into colour groups, written as the
    literature writes openings: biggest group first, colours in order (1122, 1123, 1234);
    without repeats only the pattern of all different colours is allowed."""
    out: list[int] = []

    def split(left: int, largest: int, groups: list[int]) -> None:
        if left == 0:
            digits = [colour for colour, size in enumerate(groups) for _ in range(size)]
            out.append(space.from_digits(digits))
            return
        if len(groups) == space.colours:
            return
        for size in range(min(left, largest), 0, -1):
            split(left - size, size, [*groups, size])

    split(space.positions, space.positions, [])
    codes = np.array(sorted(out), dtype=np.int32)
    return space.allowed_only(codes)


def written_order(space: CodeSpace, codes: np.ndarray) -> np.ndarray:
    """Rank of codes as written, the first position most significant."""
    if space.size <= EXACT_LIMIT:
        return _written_ranks(space.colours, space.positions)[codes]
    return space.digits_of(codes)[:, ::-1].astype(np.int64) @ space.weights


@lru_cache(maxsize=2)
def _written_ranks(colours: int, positions: int) -> np.ndarray:
    space = CodeSpace(colours, positions)
    return space.digits[::-1].T.astype(np.int64) @ space.weights


@lru_cache(maxsize=2)
def _all_features(colours: int, positions: int) -> np.ndarray | None:
    """Guess-side features of every code, reused by every move (spaces up to EXACT_LIMIT:
    at most a few tens of MB)."""
    space = CodeSpace(colours, positions)
    if space.size > EXACT_LIMIT:
        return None
    guess_side = features(space, space.all_indices(), guess_side=True)
    out = np.zeros((space.size, guess_side.shape[1] + 1), dtype=np.float32)
    out[:, :-1] = guess_side  # the last column is each block's row offsets (see _keys)
    return out


def canonical_codes(space: CodeSpace, unused: tuple[int, ...]) -> np.ndarray:
    """Codes that come first as written among those equal up to swapping unused colours.

    Reading from the first position on, unused colours must first appear in increasing
    order, starting from the smallest. Only codes the rules allow are returned (swapping
    colours keeps a code free of repeats, so these are still one per family). Read-only,
    and the same array for the same colours (a walk asks at every position).
    """
    if len(unused) < 2:
        return space.allowed
    return _canonical_codes(space, unused)


@lru_cache(maxsize=64)
def _canonical_codes(space: CodeSpace, unused: tuple[int, ...]) -> np.ndarray:
    rank = np.full(space.colours, -1, dtype=np.int16)
    rank[list(unused)] = np.arange(len(unused))
    seen = np.zeros(space.size, dtype=np.int16)
    keep = np.ones(space.size, dtype=bool)
    for i in range(space.positions):
        r = rank[space.digits[i]]
        keep &= r <= seen
        seen += (r == seen) & (r >= 0)
    codes = space.allowed_only(np.flatnonzero(keep).astype(np.int32))
    codes.flags.writeable = False
    return codes


@lru_cache(maxsize=64)
def _canonical_as_written(space: CodeSpace, unused: tuple[int, ...]) -> np.ndarray:
    pool = canonical_codes(space, unused)
    pool = pool[np.argsort(written_order(space, pool), kind="stable")]
    pool.flags.writeable = False
    return pool


@lru_cache(maxsize=256)
def _distinct_guesses(
    space: CodeSpace, unused: tuple[int, ...], dead: tuple[int, ...]
) -> np.ndarray:
    """``canonical_codes(space, unused)`` as written, less every guess that differs from an
    earlier one only in which ``dead`` colours it holds. A dead colour is in none of the
    codes still possible, so it scores nothing wherever it stands, and such guesses split
    the candidates alike; none of them can be the secret, so the first as written is the
    one the tie rule would pick. Late in a game this leaves half the guesses or fewer."""
    pool = _canonical_as_written(space, unused)
    if len(dead) < 2:
        return pool
    is_dead = np.zeros(space.colours, dtype=bool)
    is_dead[list(dead)] = True
    digits = space.digits[:, pool]
    if space.repeats and not set(dead) & set(unused):
        # Then every family has the member holding the first dead colour wherever the
        # family holds a dead one, and that member comes first as written: no sorting.
        is_dead[dead[0]] = False
        kept = pool[~is_dead[digits].any(axis=0)]
    else:  # the first as written of each family, found by sorting the families
        merged = np.where(is_dead[digits], np.uint8(dead[0]), digits)
        _, first = np.unique(space.weights @ merged, return_index=True)
        kept = pool[np.sort(first)]
    kept.flags.writeable = False
    return kept


def _dead(space: CodeSpace, cands: np.ndarray) -> tuple[int, ...]:
    """Colours that none of ``cands`` has."""
    return tuple(np.flatnonzero(~space.counts[:, cands].any(axis=1)).tolist())


def _unused(space: CodeSpace, history: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Colours that no guess of ``history`` has."""
    played = set().union(*(_colours_of(space, guess) for guess, _ in history))
    return tuple(c for c in range(space.colours) if c not in played)


@lru_cache(maxsize=4096)
def _colours_of(space: CodeSpace, code: int) -> frozenset[int]:
    return frozenset(space.to_digits(code))


class PartitionStrategy(Strategy):
    """Choose the guess whose partition has the smallest key."""

    score_label: str

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self._even_keys: dict[tuple[int, int], float] = {}

    def keys(self, hist: np.ndarray) -> np.ndarray:
        """One key per row of class counts; lower is better."""
        raise NotImplementedError

    def shown(self, key: float, scored: int, candidates: int) -> float:
        """The key as a person reads it (e.g. expected size rather than sum of squares).
        When only ``scored`` of the ``candidates`` were scored, sizes are scaled up."""
        return float(key) * candidates / scored

    def choose(self, position: Position) -> Choice:
        space, cands = position.space, position.candidates
        pool, scored, notes = self._pool(position)
        if scored is cands and len(cands) > 2:
            best = self._bound_reached(space, cands)
            if best is not None:
                pool = cands
                notes = [
                    "a possible code splits the rest into single codes"
                    if len(cands) <= _answer_count(space.positions)
                    else "a possible code splits the rest as evenly as the answers allow"
                ]
        keys = self._keys(space, pool, scored)
        consistent = _members(space, pool, cands)
        order = np.lexsort((written_order(space, pool), ~consistent, keys))
        best = order[0]
        n, total = len(scored), len(cands)
        return Choice(
            guess=int(pool[best]),
            consistent=bool(consistent[best]),
            score=self.shown(keys[best], n, total),
            score_label=self.score_label,
            alternatives=tuple(
                Alternative(int(pool[i]), self.shown(keys[i], n, total), bool(consistent[i]))
                for i in order[1 : 1 + ALTERNATIVES]
            ),
            note="; ".join(notes),
            pool_size=len(pool),
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
        pool, scored, _ = self._pool(position)
        answers = _answer_count(space.positions)
        bound_tried = scored is cands and len(cands) <= BOUND_TRIES * answers
        if bound_tried:
            best = self._bound_reached(space, cands)
            if best is not None:
                return best
        keys = None
        unused = _unused(space, position.history)
        # The very array canonical_codes keeps: every guess is weighed, none was sampled.
        if position.history and scored is cands and pool is canonical_codes(space, unused):
            pool = _distinct_guesses(space, unused, _dead(space, cands))
            if bound_tried:
                best, keys = self._first_reaching(space, pool, cands)
                if best is not None:
                    return best
        if keys is None:
            keys = self._keys(space, pool, scored)
        tied = np.flatnonzero(keys == keys.min())
        if len(tied) > 1:
            consistent = _members(space, pool[tied], cands)
            if consistent.any():
                tied = tied[consistent]
            tied = tied[[np.argmin(written_order(space, pool[tied]))]]
        return int(pool[tied[0]])

    def _pool(self, position: Position) -> tuple[np.ndarray, np.ndarray, list[str]]:
        """The guesses to weigh, the candidates to score them on, and notes saying why."""
        space, cands = position.space, position.candidates
        limits = self.limits
        notes = []
        if len(cands) <= 2:
            pool = cands
        elif not position.history:
            pool = opening_patterns(space)
            notes.append(
                "opening: one guess per pattern of repeated colours"
                if space.repeats
                else "opening: every code splits alike without repeats, so one is weighed"
            )
        elif space.size <= limits.exact:
            unused = _unused(space, position.history)
            pool = canonical_codes(space, unused)
            if len(pool) < space.count:
                notes.append(
                    f"{len(unused)} unused colours are interchangeable: "
                    "one guess of each such family weighed"
                )
        else:
            pool = self._sample_pool(position)
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
        return pool, scored, notes

    def _bound_reached(self, space: CodeSpace, cands: np.ndarray) -> int | None:
        """The first as written of the candidates whose key is the best any guess could
        have (codes split as evenly as the answers allow), or None if none reaches it.
        Such a candidate cannot be beaten and wins every tie against guesses that could
        not be the secret, so nothing else need be weighed. Tried only where the bound is
        often reached: few candidates for the answers there are."""
        answers = _answer_count(space.positions)
        if len(cands) > BOUND_TRIES * answers:
            return None
        keys = self._keys(space, cands, cands)
        reached = np.flatnonzero(keys <= self._even_key(len(cands), answers))
        if len(reached) == 0:
            return None
        return int(cands[reached[np.argmin(written_order(space, cands[reached]))]])

    def _first_reaching(
        self, space: CodeSpace, pool: np.ndarray, cands: np.ndarray
    ) -> tuple[int | None, np.ndarray]:
        """The first of ``pool`` (written in order) whose key is the lower bound, and the
        keys weighed; or None and every guess's key when none reaches it. Called once no
        candidate reaches the bound, so such a guess is the choice: guesses are weighed in
        blocks as written, and the search stops at the first block that has one. Where
        few codes are left, splitting them all apart is usually possible, and the first
        block often does it: on 8x5, positions with fewer than 16 candidates took half
        the time of Knuth's tree, weighing every one of their 20,000 to 32,768 guesses."""
        bound = self._even_key(len(cands), _answer_count(space.positions))
        keys = np.empty(len(pool), dtype=np.float64)
        start, size = 0, FIRST_SCAN
        while start < len(pool):
            block = slice(start, start + size)
            keys[block] = self._keys(space, pool[block], cands)
            reached = np.flatnonzero(keys[block] <= bound)
            if len(reached):
                return int(pool[start + reached[0]]), keys
            start, size = start + size, size * 4
        return None, keys

    def _even_key(self, n: int, answers: int) -> float:
        """The key of n codes split as evenly as possible over every possible answer: no
        guess does better, since every key here grows with unevenness."""
        key = self._even_keys.get((n, answers))
        if key is None:
            q, r = divmod(n, answers)
            hist = np.array([[q + 1] * r + [q] * (answers - r)], dtype=np.int64)
            key = self._even_keys[(n, answers)] = float(self.keys(hist)[0])
        return key

    def _keys(self, space: CodeSpace, pool: np.ndarray, scored: np.ndarray) -> np.ndarray:
        """Each pool guess's key over the scored codes, a block of guesses at a time."""
        if space.size <= self.limits.table:
            return self._table_keys(space, pool, scored)
        return self._product_keys(space, pool, scored)

    def _table_keys(self, space: CodeSpace, pool: np.ndarray, scored: np.ndarray) -> np.ndarray:
        """Keys from the answer table, offset by each guess's row so that one ``bincount``
        gives every row's histogram."""
        full = cached_table(space.colours, space.positions)
        k = classes(space.positions)
        rows = max(1, min(self.limits.block_entries // max(1, len(scored)), len(pool)))
        offsets = np.arange(rows, dtype=np.int32) * k
        out = np.empty(len(pool), dtype=np.float64)
        # The table is symmetric: the scored codes' rows, each one contiguous, hold every
        # guess's answers in a column, read 2-4x faster than gathering each guess's row.
        by_code = full[scored] if len(pool) <= rows else None
        whole = by_code is not None and np.array_equal(pool, np.arange(space.size))
        for start in range(0, len(pool), rows):
            block = pool[start : start + rows]
            if by_code is not None:
                cls = (by_code if whole else by_code[:, block]).astype(np.int32)
                cls += offsets[None, : len(block)]
            else:
                cls = full[np.ix_(block, scored)].astype(np.int32)
                cls += offsets[: len(block), None]
            hist = np.bincount(cls.ravel(), minlength=len(block) * k).reshape(len(block), k)
            out[start : start + rows] = self.keys(hist)
        return out

    def _product_keys(self, space: CodeSpace, pool: np.ndarray, scored: np.ndarray) -> np.ndarray:
        """Keys without a table: one matrix product per block of guesses gives every answer
        class, already offset by the guess's row (a last feature column holding the offset,
        times a row of ones), and one ``bincount`` every row's histogram; float32 holds
        these integers exactly. Blocks small enough to stay in the processor's cache,
        written into the same two buffers, are about 1.5x as fast as blocks of millions."""
        k = classes(space.positions)
        most = min(len(pool), EXACT_FLOAT // k - 1)
        rows = max(1, min(self.limits.product_entries // max(1, len(scored)), most))
        left = _all_features(space.colours, space.positions)
        right = np.ones((space.positions * space.colours * 2 + 1, len(scored)), np.float32)
        right[:-1] = features(space, scored, guess_side=False).T
        offsets = np.arange(rows, dtype=np.float32) * k
        product = np.empty((rows, len(scored)), dtype=np.float32)
        cls = np.empty((rows, len(scored)), dtype=np.intp)  # what bincount counts in
        out = np.empty(len(pool), dtype=np.float64)
        for start in range(0, len(pool), rows):
            block = pool[start : start + rows]
            n = len(block)
            if left is not None:
                block_features = left[block]
            else:
                block_features = np.empty((n, len(right)), dtype=np.float32)
                block_features[:, :-1] = features(space, block, guess_side=True)
            block_features[:, -1] = offsets[:n]
            np.matmul(block_features, right, out=product[:n])
            np.copyto(cls[:n], product[:n], casting="unsafe")
            hist = np.bincount(cls[:n].ravel(), minlength=n * k).reshape(n, k)
            out[start : start + n] = self.keys(hist)
        return out

    def _sample_pool(self, position: Position) -> np.ndarray:
        rng = np.random.default_rng(_seed(position))
        space, cands = position.space, position.candidates
        n = self.limits.sampled_guesses
        guesses = space.random_codes(rng, n)
        some_cands = rng.choice(cands, min(len(cands), max(1, n // 3)), replace=False)
        return np.unique(np.concatenate([guesses, some_cands])).astype(np.int32)


def _members(space: CodeSpace, codes: np.ndarray, cands: np.ndarray) -> np.ndarray:
    """Which of ``codes`` are among the sorted ``cands``: a mask over the whole space where
    it is small, a binary search otherwise (not ``np.isin``, which sorts both)."""
    if space.size <= EXACT_LIMIT:
        mask = np.zeros(space.size, dtype=bool)
        mask[cands] = True
        return mask[codes]
    i = np.searchsorted(cands, codes)
    return cands[np.minimum(i, len(cands) - 1)] == codes


@lru_cache(maxsize=32)
def _answer_count(positions: int) -> int:
    """How many different answers a guess can get: every (black, white) with at most
    ``positions`` pegs, less the impossible positions - 1 blacks and 1 white."""
    return (positions + 1) * (positions + 2) // 2 - 1


def _seed(position: Position) -> int:
    """Samples depend only on the history, so the same history gives the same guess."""
    return hash(position.history) & 0xFFFFFFFF


class Knuth(PartitionStrategy):
    name = "knuth"
    summary = "Knuth's minimax: the guess whose largest class of answers is smallest (1976)"
    score_label = "largest class"

    def keys(self, hist: np.ndarray) -> np.ndarray:
        return hist.max(axis=1).astype(np.float64)


class ExpectedSize(PartitionStrategy):
    name = "expected-size"
    summary = "Irving: the guess with the smallest expected class size (1979)"
    score_label = "expected size"

    def keys(self, hist: np.ndarray) -> np.ndarray:
        # Summed without squaring into a copy of hist: a big temporary is fresh memory at
        # every call, whose page faults cost more than the sums (8x5 positions 15% faster).
        return np.einsum("ij,ij->i", hist, hist, dtype=np.int64).astype(np.float64)

    def shown(self, key: float, scored: int, candidates: int) -> float:
        return float(key) / scored * candidates / scored


class Entropy(PartitionStrategy):
    name = "entropy"
    summary = "Neuwirth: the guess whose answer carries the most information (1982)"
    score_label = "bits"

    def keys(self, hist: np.ndarray) -> np.ndarray:
        # n log2 n looked up rather than computed for every class (a third of the run).
        terms = _n_log_n(1 << int(hist.max()).bit_length())[hist]
        # Round so that equal partitions in a different order tie exactly.
        return np.round(terms.sum(axis=1), 9)

    def shown(self, key: float, scored: int, candidates: int) -> float:
        return float(np.log2(scored) - key / scored)


@lru_cache(maxsize=8)
def _n_log_n(size: int) -> np.ndarray:
    """``n * log2(n)`` for n below ``size``, 0 for n = 0."""
    n = np.arange(size, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(n > 0, n * np.log2(n), 0.0)


class MostParts(PartitionStrategy):
    name = "most-parts"
    summary = "Kooi: the guess that splits the candidates into the most classes (2005)"
    score_label = "classes"

    def keys(self, hist: np.ndarray) -> np.ndarray:
        return -(hist > 0).sum(axis=1).astype(np.float64)

    def shown(self, key: float, scored: int, candidates: int) -> float:
        return -float(key)
