"""Play a strategy over every secret, or a random sample of them, and summarise."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..answers import CLASSIC
from ..codes import CodeSpace
from ..errors import ConfigError
from ..run import HERE, Run
from ..strategies import make_strategy
from ..strategies.guess_pools import EXACT_LIMIT
from ..strategies.partitioning import PartitionStrategy
from .games import parallel_games, play_block, walk_depths

if TYPE_CHECKING:
    from ..arrays import Codes, Depths

#: More games than this would take hours and their secrets alone gigabytes.
MAX_GAMES = 10_000_000

#: With jobs > 1, runs estimated shorter than this (seconds) stay in one process: starting
#: workers costs about half a second.
PARALLEL_AFTER = 2.0


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
    #: Whether codes may repeat a colour (False: Bulls and Cows rules).
    repeats: bool = True
    #: Whether every guess was weighed (False: a sample, on spaces over 131,072 codes).
    exact: bool = True
    #: The answer rule's name ("classic", "black").
    answers: str = "classic"

    @property
    def average(self) -> float:
        return self.total_guesses / self.games if self.games else 0.0

    @property
    def ms_per_game(self) -> float:
        return 1000 * self.seconds / self.games if self.games else 0.0

    def as_json(self) -> dict[str, Any]:
        return {
            "strategy": self.strategy,
            "colours": self.colours,
            "positions": self.positions,
            "repeats": self.repeats,
            "answers": self.answers,
            "exact": self.exact,
            "games": self.games,
            "total_guesses": self.total_guesses,
            "average": round(self.average, 6),
            "worst": self.worst,
            "distribution": {str(k): v for k, v in sorted(self.distribution.items())},
            "seconds": round(self.seconds, 6),
        }


def choose_secrets(
    space: CodeSpace, games: int | None, seed: int | None, walked: bool = False
) -> Codes:
    """Every code the rules allow when ``games`` is None, otherwise ``games`` of them drawn
    at random; either way at most MAX_GAMES games, unless every secret is ``walked``: one
    walk of the strategy's tree level by level (``engine.walks.big``, 8x8's 16.8 M codes on
    a cluster), whose cost is the tree's, a byte a code, not that of so many games."""
    if games is None:
        if space.count > MAX_GAMES and not walked:
            raise ConfigError(
                f"every secret of {space.colours}x{space.positions} is {space.count:,} games, "
                f"more than the limit of {MAX_GAMES:,}: sample some with --games N"
            )
        return space.allowed
    if not 1 <= games <= MAX_GAMES:
        raise ConfigError(
            f"the number of games must be between 1 and {MAX_GAMES:,} (got {games:,})"
        )
    return space.random_codes(np.random.default_rng(seed), games)


def estimate_seconds(space: CodeSpace, strategy: str, games: int) -> float:
    """Roughly how long ``run_stats`` takes for ``games`` games on one core, so that a UI
    can ask before a long run (over a million games, or more than a minute): each
    strategy's own time model (``Strategy.seconds``). One process: ``jobs`` divides the
    longer runs by up to their number."""
    return make_strategy(strategy).seconds(space, games)


def describe_seconds(seconds: float) -> str:
    """A duration as a person reads an estimate: ``about 40 s``, ``about 12 min``,
    ``about 3.6 h`` (the command line's time left, the Statistics screen's question); a
    figure past any wait (an overflowed rate, an infinite load)
    is said as such, never "inf h"."""
    if math.isnan(seconds):
        return "an unknown time"
    if seconds < 120:
        return f"about {max(0.0, seconds):.0f} s"
    if seconds < 7200:
        return f"about {seconds / 60:.0f} min"
    if seconds < 1000 * 86400:
        return f"about {seconds / 3600:.1f} h"
    return "more than 1,000 days"


def run_stats(
    space: CodeSpace,
    strategy: str,
    secrets: Codes,
    seed: int | None = None,
    run: Run = HERE,
    parallel_after: float = PARALLEL_AFTER,
    exact: bool = False,
) -> StatsResult:
    """Play ``strategy`` against each secret and count the guesses.

    A deterministic strategy's tree is walked once (``engine.trees.strategy_tree``) when
    the secrets are many for the space, and each secret's depth read from it; otherwise each
    game is played with a memo of the positions already thought about. Random strategies
    play game by game, each from its own seed drawn from ``seed``. With ``run.jobs`` > 1, runs
    estimated to take longer than ``parallel_after`` seconds (of strategies that allow
    it) are split over that many processes (parts of the tree, or blocks of secrets) with
    the same results as one process. ``run.runner`` (a Dask cluster) takes every run of a
    strategy that can be split, however short. ``exact`` weighs every guess on spaces where the
    strategy would weigh a sample (``Strategy.exactly``).
    ``run.progress(done, total)`` counts finished secrets, about 20 times a second, and
    ``run.stop`` ends the run within about a second (``engine.run.Stopped``).
    """
    chosen = make_strategy(strategy)
    chosen.check(space)
    if space.answers != CLASSIC and space.size > EXACT_LIMIT:
        raise ConfigError(
            f"--answers {space.answers.name}: stats past {EXACT_LIMIT:,} codes walks the "
            f"classic answer only, and {space.rules_text()} has {space.size:,}; "
            "choose a smaller size or --answers classic"
        )
    # Every guess weighed wherever the strategy can (the pair budget lifted), so that a
    # run called exact is; past that, only with ``exact`` (``engine.walks.games._strategy``).
    if exact or not chosen.sampled(space):
        chosen = chosen.exactly()
    secrets = np.asarray(secrets)
    total = len(secrets)
    # One seed per game, for strategies that draw (drawing them imports numpy.random).
    seeds = (
        np.zeros(total, dtype=np.int64)
        if chosen.deterministic
        else np.random.default_rng(seed).integers(2**63, size=total)
    )
    start = time.perf_counter()
    walk_tree = chosen.walks(space, total)
    # Walked level by level, every guess weighed (``engine.walks.big``), however big.
    big = walk_tree and isinstance(chosen, PartitionStrategy) and chosen.big_walks(space, total)
    runner, jobs = run.runner, run.jobs
    parallel = chosen.runs_apart and (
        runner is not None or (jobs > 1 and chosen.seconds(space, total) > parallel_after)
    )
    depths: Depths
    if walk_tree:
        scaled = None
        if run.progress is not None:
            report = run.progress

            def scaled(done: int, codes: int) -> None:
                report(done * total // codes, total)  # codes walked, as a share of games

        spread = run if parallel else run.here()
        depths = walk_depths(space, strategy, spread.with_progress(scaled), exact)[secrets]
    elif parallel:
        depths = parallel_games(space, strategy, secrets, seeds, run, exact)
    else:
        depths = play_block(space, chosen, secrets, seeds, run)
    seconds = time.perf_counter() - start
    counts = np.bincount(depths)
    distribution = {int(k): int(v) for k, v in enumerate(counts) if v}
    return StatsResult(
        strategy=strategy,
        colours=space.colours,
        positions=space.positions,
        games=total,
        total_guesses=int(depths.sum(dtype=np.int64)),
        worst=max(distribution, default=0),
        distribution=distribution,
        seconds=seconds,
        repeats=space.repeats,
        exact=big or not chosen.sampled(space),
        answers=space.answers.name,
    )
