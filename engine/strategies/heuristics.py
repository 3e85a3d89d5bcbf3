"""Knuth's minimax and the heuristics published after it: each turns a guess's partition
(how many codes would get each answer) into a key to minimise, and says what its score
means (``PartitionStrategy`` does the weighing)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from .base import Measure
from .partitioning import PartitionStrategy

if TYPE_CHECKING:
    from ..arrays import Counts, Keys


class Knuth(PartitionStrategy):
    name = "knuth"
    summary = "Knuth's minimax: the guess whose largest class of answers is smallest (1976)"
    shown_by_default = True
    rule_measures = (
        "the largest class: for each guess, the codes left after the least helpful "
        "answer; the guess that makes it smallest wins (minimax)"
    )
    rule_opening = PartitionStrategy.rule_opening + "; on 6x4 BBWW in letters, 1122 in numbers"
    measure = Measure(
        label="largest class",
        reads="largest class {}",
        own="leaves at most {}, whatever the answer",
        both="both leave at most {}",
        rival="leaves at most {}",
        unit="code",
        units="codes",
        brief="largest class {}",
        worst_case=True,
    )
    largest_class = True
    #: Its walks drop a guess at its first class past the best: 2 ns (7x5 to 4x8).
    walk_seconds_per_code = 2e-9
    #: Level by level past 131,072 codes, CPU seconds (benchmarks/bench_big_sizes.py,
    #: loaded machine): 7x6 46 s (3.3 ns), 6x7 314 s (4.0 ns); it grows a little with size.
    big_walk_seconds_per_code = 4.5e-9

    def keys(self, hist: Counts) -> Keys:
        keys: Keys = hist.max(axis=1).astype(np.float64)
        return keys


class ExpectedSize(PartitionStrategy):
    name = "expected-size"
    summary = "Irving: the guess with the smallest expected class size (1979)"
    rule_measures = (
        "the expected size of the class the secret falls in (each class weighted by "
        "its own size); the guess that makes it smallest wins"
    )
    rule_opening = PartitionStrategy.rule_opening + "; on 6x4 BBWR in letters, 1123 in numbers"
    measure = Measure(
        label="expected size",
        reads="expected size {}",
        own="leaves {} on average",
        both="both leave {} on average",
        rival="leaves {}",
        unit="code",
        units="codes",
        brief="expected size {}",
    )

    def keys(self, hist: Counts) -> Keys:
        # Summed without squaring into a copy of hist: a big temporary is fresh memory at
        # every call, whose page faults cost more than the sums (8x5 positions 15% faster).
        keys: Keys = np.einsum("ij,ij->i", hist, hist, dtype=np.int64).astype(np.float64)
        return keys

    def shown(self, key: float, scored: int, candidates: int) -> float:
        return float(key) / scored * candidates / scored


class Entropy(PartitionStrategy):
    name = "entropy"
    summary = "Neuwirth: the guess whose answer carries the most information (1982)"
    rule_measures = (
        "what the answer tells about the secret on average, in bits (the entropy of "
        "the class sizes); the guess that tells most wins"
    )
    rule_opening = PartitionStrategy.rule_opening + "; on 6x4 BWRG in letters, 1234 in numbers"
    shown_by_default = True
    measure = Measure(
        label="bits",
        reads="{} bits of information",
        own="tells {} about the secret on average",
        both="both tell {} on average",
        rival="tells {}",
        unit="bit",
        units="bits",
        higher_is_better=True,
        brief="{} bits",
    )
    #: Its keys, looked up and summed in numpy, cost more than the counts (8x5: 5.4 ns).
    walk_seconds_per_code = 6e-9

    def keys(self, hist: Counts) -> Keys:
        # n log2 n looked up rather than computed for every class (a third of the run).
        terms = _n_log_n(1 << int(hist.max()).bit_length())[hist]
        # Round so that equal partitions in a different order tie exactly.
        keys: Keys = np.round(terms.sum(axis=1), 9)
        return keys

    def shown(self, key: float, scored: int, candidates: int) -> float:
        return float(np.log2(scored) - key / scored)


@lru_cache(maxsize=8)
def _n_log_n(size: int) -> Keys:
    """``n * log2(n)`` for n below ``size``, 0 for n = 0."""
    n = np.arange(size, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(n > 0, n * np.log2(n), 0.0)


class MostParts(PartitionStrategy):
    name = "most-parts"
    summary = "Kooi: the guess that splits the candidates into the most classes (2005)"
    rule_measures = (
        "how many different answers a guess can get (classes: each answer that has "
        "codes); the guess with the most wins"
    )
    rule_opening = PartitionStrategy.rule_opening + "; on 6x4 BBWR in letters, 1123 in numbers"
    measure = Measure(
        label="classes",
        reads="{} classes",
        own="splits the codes by their answer into {}",
        both="both split the codes into {}",
        rival="makes {}",
        unit="class",
        units="classes",
        higher_is_better=True,
        brief="{} parts",
    )

    #: Level by level past 131,072 codes: no class to leave a guess at early, so slower
    #: (7x6: 71 s of CPU, 5.1 ns).
    big_walk_seconds_per_code = 6e-9

    def keys(self, hist: Counts) -> Keys:
        keys: Keys = -(hist > 0).sum(axis=1).astype(np.float64)
        return keys

    def shown(self, key: float, scored: int, candidates: int) -> float:
        return -float(key)
