"""Play a strategy over every secret, or a random sample of them, and summarise."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .codes import CodeSpace
from .errors import ConfigError
from .feedback import TABLE_LIMIT, against, cached_table, encode
from .strategies import NO_DRAWS, Position, Strategy, make_strategy
from .tree import PROGRESS_INTERVAL, walk

#: More games than this would take hours and their secrets alone gigabytes.
MAX_GAMES = 10_000_000

#: Called as progress(games_done, games_total); may raise to cancel the run.
Progress = Callable[[int, int], None]
#: Walk a deterministic strategy's whole tree once the secrets number at least 1/WALK_SHARE
#: of the space's codes (the walk costs about what playing every secret once costs).
WALK_SHARE = 4
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
            "games": self.games,
            "total_guesses": self.total_guesses,
            "average": round(self.average, 6),
            "worst": self.worst,
            "distribution": {str(k): v for k, v in sorted(self.distribution.items())},
            "seconds": round(self.seconds, 6),
        }


def choose_secrets(space: CodeSpace, games: int | None, seed: int | None) -> np.ndarray:
    """Every code the rules allow when ``games`` is None, otherwise ``games`` of them drawn
    at random; either way at most MAX_GAMES."""
    if games is None:
        if space.count > MAX_GAMES:
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
    can ask before a long run (over a million games, or more than a minute).

    A fit to runs measured on a loaded 2-core machine (right within a factor of about
    two; see benchmarks/bench_solvers.py). Per distinct secret: a partition strategy's tree
    costs about 30 us plus 16 ns a code where it weighs every guess (6x4 0.07 s, 8x5 18 s in
    all), a game 0.1 s plus 55 ns a code where it samples (more than 2**17 codes: about 1 s
    a game on 8x8); the sequential scan's tree 10 us plus 2 ns a code; a random game 0.3 ms
    plus 26 ns a code. Deterministic strategies think once per distinct secret and only
    look the repeats up; the optimal strategy first searches its tree (about 15 s on 6x4,
    less when cached). One process: ``jobs`` divides the longer runs by up to their number.
    """
    from .strategies.partitioning import EXACT_LIMIT, PartitionStrategy

    chosen = make_strategy(strategy)
    size = space.count  # codes the rules allow: what a game scans
    # Deterministic: the expected distinct secrets among `games` drawn at random.
    distinct = min(games, size * -np.expm1(-games / size)) if chosen.deterministic else games
    if isinstance(chosen, PartitionStrategy):
        exact = space.size <= EXACT_LIMIT
        per_game = 3e-5 + 16e-9 * size if exact else 0.1 + 55e-9 * size
    elif chosen.name == "optimal":
        return 15.0 + 2e-6 * games
    elif chosen.deterministic:
        per_game = 1e-5 + 2e-9 * size
    else:
        per_game = 3e-4 + 26e-9 * size
    return float(distinct * per_game + 2e-6 * games)


def describe_seconds(seconds: float) -> str:
    """A duration as a person reads an estimate: ``about 40 s``, ``about 12 min``,
    ``about 3.6 h`` (the command line's time left, the Statistics screen's question)."""
    if seconds < 120:
        return f"about {seconds:.0f} s"
    if seconds < 7200:
        return f"about {seconds / 60:.0f} min"
    return f"about {seconds / 3600:.1f} h"


def run_stats(
    space: CodeSpace,
    strategy: str,
    secrets: np.ndarray,
    seed: int | None = None,
    progress: Progress | None = None,
    jobs: int = 1,
    parallel_after: float = PARALLEL_AFTER,
) -> StatsResult:
    """Play ``strategy`` against each secret and count the guesses.

    A deterministic strategy's tree is walked once (``engine.tree``) when the secrets are
    many for the space, and each secret's depth read from it; otherwise each game is played
    with a memo of the positions already thought about. Random strategies play game by
    game, each from its own seed drawn from ``seed``. With ``jobs`` > 1, runs estimated to
    take longer than ``parallel_after`` seconds (never the optimal strategy's) are split
    over that many processes (parts of the tree, or blocks of secrets) with the same
    results as one process.
    ``progress(done, total)`` counts finished secrets, about 20 times a second.
    """
    chosen = make_strategy(strategy)
    chosen.check(space)
    secrets = np.asarray(secrets)
    total = len(secrets)
    # One seed per game, for strategies that draw (drawing them imports numpy.random).
    seeds = (
        np.zeros(total, dtype=np.int64)
        if chosen.deterministic
        else np.random.default_rng(seed).integers(2**63, size=total)
    )
    start = time.perf_counter()
    walk_tree = chosen.deterministic and total * WALK_SHARE >= space.count
    # The optimal strategy's games are lookups in its tree: worker processes would each
    # read the tree again, or search it again for seconds with no cache to read.
    parallel = (
        jobs > 1
        and chosen.name != "optimal"
        and estimate_seconds(space, strategy, total) > parallel_after
    )
    if walk_tree:
        scaled = None
        if progress is not None:
            report = progress

            def scaled(done: int, codes: int) -> None:
                report(done * total // codes, total)  # codes walked, as a share of games

        depths = _walk_depths(space, strategy, jobs if parallel else 1, scaled)[secrets]
    elif parallel:
        depths = _parallel_games(space, strategy, secrets, seeds, jobs, progress)
    else:
        depths = _play_block(space, chosen, secrets, seeds, progress)
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
    )


def _play_block(
    space: CodeSpace,
    strategy: Strategy,
    secrets: np.ndarray,
    seeds: np.ndarray,
    progress: Progress | None = None,
) -> np.ndarray:
    """Guesses each secret takes, game by game, with no solver or trace: deterministic
    strategies share a memo of (history -> guess and its answers). Answers come from the
    answer table where the space has one and the games are enough to pay for it (it
    costs about as much as scoring 50 random games on 4x6)."""
    memo: dict[tuple[tuple[int, int], ...], tuple[int, np.ndarray]] | None = (
        {} if strategy.deterministic else None
    )
    tab = (
        cached_table(space.colours, space.positions)
        if space.size <= TABLE_LIMIT and (memo is not None or len(secrets) * 64 >= space.size)
        else None
    )
    everything = space.allowed
    win = encode(space.positions, 0, space.positions)
    out = np.zeros(len(secrets), dtype=np.uint16)
    next_report = time.perf_counter() + PROGRESS_INTERVAL
    for game, (secret, game_seed) in enumerate(zip(secrets.tolist(), seeds, strict=True)):
        rng = np.random.default_rng(game_seed) if memo is None else None
        cands, history = everything, tuple[tuple[int, int], ...]()
        while True:
            known = memo.get(history) if memo is not None else None
            if known is not None:
                guess, cls = known
            else:
                if len(cands) == 1:
                    guess = int(cands[0])
                else:
                    guess = strategy.guess(
                        Position(space, cands, history, NO_DRAWS if rng is None else rng)
                    )
                if tab is not None:
                    cls = tab[guess, cands]
                else:  # None for every code: spares against() checking that it is
                    cls = against(space, guess, None if not history and space.repeats else cands)
                if memo is not None:
                    memo[history] = (guess, cls)
            answer = int(
                tab[guess, secret] if tab is not None else cls[space.locate(cands, secret)]
            )
            history = (*history, (guess, answer))
            if answer == win:
                break
            cands = cands[cls == answer]
        out[game] = len(history)
        if progress is not None and time.perf_counter() >= next_report:
            next_report = time.perf_counter() + PROGRESS_INTERVAL
            progress(game + 1, len(secrets))
    if progress is not None:
        progress(len(secrets), len(secrets))
    return out


def _walk_depths(
    space: CodeSpace, strategy: str, jobs: int, progress: Progress | None
) -> np.ndarray:
    """Depth of every secret from one walk of the tree; with jobs > 1 the subtrees under
    the first guess are walked in that many processes, biggest first."""
    chosen = make_strategy(strategy)
    if jobs <= 1:
        return walk(space, chosen, progress=progress).depths
    from .parallel import in_processes  # not imported by runs in one process

    everything = space.allowed
    guess = chosen.guess(Position(space, everything, (), NO_DRAWS))
    cls = against(space, guess, None if space.repeats else everything)
    win = encode(space.positions, 0, space.positions)
    depths = np.zeros(space.size, dtype=np.uint8)
    depths[guess] = 1
    parts = [
        (space, strategy, everything[cls == a], ((guess, int(a)),))
        for a in np.unique(cls)
        if a != win
    ]
    parts.sort(key=lambda part: -len(part[2]))
    done = 1
    for cands, part_depths in in_processes(_walk_part, parts, jobs):
        depths[cands] = part_depths
        done += len(cands)
        if progress is not None:
            progress(done, space.count)
    return depths


def _walk_part(
    space: CodeSpace, strategy: str, cands: np.ndarray, history: tuple[Any, ...]
) -> tuple[np.ndarray, np.ndarray]:
    """A worker's share of the walk: depths of the secrets under one first answer."""
    return cands, walk(space, make_strategy(strategy), cands, history).depths[cands]


def _parallel_games(
    space: CodeSpace,
    strategy: str,
    secrets: np.ndarray,
    seeds: np.ndarray,
    jobs: int,
    progress: Progress | None,
) -> np.ndarray:
    """Game by game in blocks across processes; each game has its own seed, so how the
    games are split changes nothing."""
    from .parallel import in_processes  # not imported by runs in one process

    blocks = np.array_split(np.arange(len(secrets)), max(1, min(len(secrets), jobs * 16)))
    parts = [
        (space, strategy, block, secrets[block], seeds[block]) for block in blocks if len(block)
    ]
    out = np.zeros(len(secrets), dtype=np.uint16)
    done = 0
    for block, depths in in_processes(_play_part, parts, jobs):
        out[block] = depths
        done += len(block)
        if progress is not None:
            progress(done, len(secrets))
    return out


def _play_part(
    space: CodeSpace,
    strategy: str,
    block: np.ndarray,
    secrets: np.ndarray,
    seeds: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    return block, _play_block(space, make_strategy(strategy), secrets, seeds)
