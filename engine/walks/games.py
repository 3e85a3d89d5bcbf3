"""Playing many games fast, for ``engine.walks.stats``: game by game with a memo of positions
already thought about, one walk of a deterministic strategy's tree, or either split over
worker processes with the same results as one process."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from ..codes import CodeSpace
from ..feedback import TABLE_LIMIT, against, encode, table_of
from ..run import HERE, Run, Runner, Ticker
from ..strategies import NO_DRAWS, Position, Strategy, make_strategy
from ..strategies.openings import Opened
from ..strategies.partitioning import PartitionStrategy
from ..trees.levels import walk_any

if TYPE_CHECKING:
    import numpy.typing as npt

    from ..arrays import Classes, Codes, Int64s


def _runner(run: Run) -> Runner:
    """The one place a run chooses where its parts go: its runner, or this machine's
    processes, which also stop when the run is asked to."""
    if run.runner is not None:
        return run.runner
    from .parallel import in_processes  # not imported by runs in one process

    return partial(in_processes, stop=run.stop)


def play_block(
    space: CodeSpace,
    strategy: Strategy,
    secrets: Codes,
    seeds: Int64s,
    run: Run | None = None,
) -> npt.NDArray[np.uint16]:
    """Guesses each secret takes, game by game, with no solver or trace: deterministic
    strategies share a memo of (history -> guess and its answers). Answers come from the
    answer table where the space has one and the games are enough to pay for it (it
    costs about as much as scoring 50 random games on 4x6)."""
    memo: dict[tuple[tuple[int, int], ...], tuple[int, Classes]] | None = (
        {} if strategy.deterministic else None
    )
    tab = (
        table_of(space)
        if space.size <= TABLE_LIMIT and (memo is not None or len(secrets) * 64 >= space.size)
        else None
    )
    everything = space.allowed
    win = encode(space.positions, 0, space.positions)
    out = np.zeros(len(secrets), dtype=np.uint16)
    ticker = Ticker()
    watched = run is not None and run.watched
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
        if watched and ticker.due():
            assert run is not None
            run.check()
            run.report(game + 1, len(secrets))
    if run is not None:
        run.report(len(secrets), len(secrets))
    return out


def walk_depths(
    space: CodeSpace,
    strategy: str,
    run: Run = HERE,
    exact: bool = False,
) -> npt.NDArray[np.uint8]:
    """Depth of every secret from one walk of the tree; with run.jobs > 1 (or a runner) the
    subtrees under the first guess are walked in that many processes, biggest first.
    ``exact``: the strategy weighs every guess on any space (``Strategy.exactly``). Past
    the compiled kernel's reach, Knuth and Most Parts are walked level by level
    (``engine.walks.big``), every guess weighed, parts saved in the cache folder so that a
    stopped run goes on from there."""
    plain = make_strategy(strategy)
    if isinstance(plain, PartitionStrategy) and plain.big_walks(space, space.count):
        from .big import big_walk_depths, resume_folder

        parallel = run.runner is not None or run.jobs > 1
        opening = None
        if isinstance(plain, Opened):  # knuth-from1122334: the base, from that opening
            strategy, opening = plain.base_name(), plain.opening_code(space)
        return big_walk_depths(
            space,
            strategy,
            opening=opening,
            jobs=max(run.jobs, 2) if run.runner is not None else run.jobs,
            folder=resume_folder(),
            progress=run.report if run.watched else None,
            runner=_runner(run) if parallel else None,
        )
    chosen = _strategy(strategy, exact, space).compiled(space, run.backend)
    if run.jobs <= 1 and run.runner is None:
        return walk_any(space, chosen, run=run).depths

    everything = space.allowed
    guess = chosen.guess(Position(space, everything, (), NO_DRAWS))
    cls = against(space, guess, None if space.repeats else everything)
    win = encode(space.positions, 0, space.positions)
    depths = np.zeros(space.size, dtype=np.uint8)
    depths[guess] = 1
    parts = [
        (space, strategy, everything[cls == a], ((guess, int(a)),), exact, run.backend)
        for a in np.unique(cls)
        if a != win
    ]
    parts.sort(key=lambda part: -len(part[2]))
    done = 1
    for cands, part_depths in _runner(run)(_walk_part, parts, run.jobs):
        depths[cands] = part_depths
        done += len(cands)
        run.check()
        run.report(done, space.count)
    return depths


def _walk_part(
    space: CodeSpace,
    strategy: str,
    cands: Codes,
    history: tuple[tuple[int, int], ...],
    exact: bool = False,
    backend: str | None = None,
) -> tuple[Codes, npt.NDArray[np.uint8]]:
    """A worker's share of the walk: depths of the secrets under one first answer."""
    chosen = _strategy(strategy, exact, space).compiled(space, backend)
    return cands, walk_any(space, chosen, cands, history).depths[cands]


def _strategy(name: str, exact: bool, space: CodeSpace) -> Strategy:
    """The strategy a walk or a block of games plays: on a space it does not sample
    (``Strategy.sampled`` False), every guess weighed at every position (``exactly``), so
    that a run called exact is: the pair budget, which keeps one move in play quick, would
    otherwise weigh a random sample of the guesses at the few positions past it (Knuth
    on 4x8 from 11111234 totalled 350,748 that way, not 350,750)."""
    chosen = make_strategy(name)
    return chosen.exactly() if exact or not chosen.sampled(space) else chosen


def parallel_games(
    space: CodeSpace,
    strategy: str,
    secrets: Codes,
    seeds: Int64s,
    run: Run = HERE,
    exact: bool = False,
) -> npt.NDArray[np.uint16]:
    """Game by game in blocks across processes; each game has its own seed, so how the
    games are split changes nothing."""
    blocks = np.array_split(np.arange(len(secrets)), max(1, min(len(secrets), run.jobs * 16)))
    parts = [
        (space, strategy, block, secrets[block], seeds[block], exact)
        for block in blocks
        if len(block)
    ]
    out = np.zeros(len(secrets), dtype=np.uint16)
    done = 0
    for block, depths in _runner(run)(_play_part, parts, run.jobs):
        out[block] = depths
        done += len(block)
        run.check()
        run.report(done, len(secrets))
    return out


def _play_part(
    space: CodeSpace,
    strategy: str,
    block: npt.NDArray[np.intp],
    secrets: Codes,
    seeds: Int64s,
    exact: bool = False,
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.uint16]]:
    return block, play_block(space, _strategy(strategy, exact, space), secrets, seeds)
