"""Play a strategy over every secret, or a random sample of them, and summarise."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .codes import CodeSpace
from .errors import ConfigError
from .solver import Memo, Solver
from .strategies import make_strategy

#: More games than this would take hours and their secrets alone gigabytes.
MAX_GAMES = 10_000_000

#: Called as progress(games_done, games_total); may raise to cancel the run.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class StatsResult:
    strategy: str
    colours: int
    positions: int
    games: int
    total_guesses: int
    worst: int
    #: guesses needed -> number of games
    distribution: dict[int, int]
    seconds: float

    @property
    def average(self) -> float:
        return self.total_guesses / self.games if self.games else 0.0

    @property
    def ms_per_game(self) -> float:
        return 1000 * self.seconds / self.games if self.games else 0.0

    def as_json(self) -> dict:
        return {
            "strategy": self.strategy,
            "colours": self.colours,
            "positions": self.positions,
            "games": self.games,
            "total_guesses": self.total_guesses,
            "average": round(self.average, 6),
            "worst": self.worst,
            "distribution": {str(k): v for k, v in sorted(self.distribution.items())},
            "seconds": round(self.seconds, 6),
        }


def choose_secrets(space: CodeSpace, games: int | None, seed: int | None) -> np.ndarray:
    """Every code when ``games`` is None, otherwise ``games`` codes drawn at random; either
    way at most MAX_GAMES."""
    if games is None:
        if space.size > MAX_GAMES:
            raise ConfigError(
                f"every secret of {space.colours}x{space.positions} is {space.size:,} games, "
                f"more than the limit of {MAX_GAMES:,}: sample some with --games N"
            )
        return space.all_indices()
    if not 1 <= games <= MAX_GAMES:
        raise ConfigError(
            f"the number of games must be between 1 and {MAX_GAMES:,} (got {games:,})"
        )
    return np.random.default_rng(seed).integers(space.size, size=games).astype(np.int32)


def estimate_seconds(space: CodeSpace, strategy: str, games: int) -> float:
    """Roughly how long ``run_stats`` takes for ``games`` games on one core, so that a UI
    can ask before a long run (over a million games, or more than a minute).

    A fit to whole runs measured on a loaded 2-core machine (right within a factor of about
    two; see benchmarks/bench_solvers.py): a consistent strategy's game costs about 0.3 ms
    plus scoring the whole space once (26 ns a code); a partition strategy's costs about
    0.5 ms plus 40 ns a code where it weighs every guess, 0.1 s plus 55 ns a code where it
    samples (more than 2**17 codes, e.g. 1 s a game on 8x8). Deterministic strategies
    think once per distinct secret and only look the repeats up; the optimal strategy
    first searches its tree (about 15 s on 6x4, less when cached).
    """
    from .strategies.partitioning import EXACT_LIMIT, PartitionStrategy

    chosen = make_strategy(strategy)
    size = space.size
    # Deterministic: the expected distinct secrets among `games` drawn at random.
    distinct = min(games, size * -np.expm1(-games / size)) if chosen.deterministic else games
    if isinstance(chosen, PartitionStrategy):
        per_game = 5e-4 + 40e-9 * size if size <= EXACT_LIMIT else 0.1 + 55e-9 * size
    elif chosen.name == "optimal":
        return 15.0 + 2e-6 * games
    else:
        per_game = 3e-4 + 26e-9 * size
    return float(distinct * per_game + 2e-6 * games)


def run_stats(
    space: CodeSpace,
    strategy: str,
    secrets: np.ndarray,
    seed: int | None = None,
    progress: Progress | None = None,
) -> StatsResult:
    """Play ``strategy`` against each secret. Deterministic strategies share one memoised
    decision tree, so every position is thought about once however many games reach it."""
    make_strategy(strategy)  # fail early on an unknown name
    memo: Memo = {}
    rng = np.random.default_rng(seed)
    counts: Counter[int] = Counter()
    start = time.perf_counter()
    total = len(secrets)
    for done, secret in enumerate(secrets, 1):
        solver = Solver(space, make_strategy(strategy), seed=int(rng.integers(2**63)), memo=memo)
        while not solver.solved:
            solver.answer_for(int(secret))
        counts[len(solver.steps)] += 1
        if progress is not None:
            progress(done, total)
    seconds = time.perf_counter() - start
    return StatsResult(
        strategy=strategy,
        colours=space.colours,
        positions=space.positions,
        games=total,
        total_guesses=sum(k * v for k, v in counts.items()),
        worst=max(counts, default=0),
        distribution=dict(sorted(counts.items())),
        seconds=seconds,
    )
