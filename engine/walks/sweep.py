"""Every colour pattern's opening played over the same secrets (``stats --openings``):
what the published tables do to choose, per size and strategy, the opening they report.

Each opening is one run of ``engine.walks.stats.run_stats`` with the strategy made to open with
it (``knuth-from11223``), so that each is split over processes or a cluster as any run
is; progress counts the games of every opening on one bar. The best is the one with the
lowest worst case, then the lowest total, then the first swept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..codes import CodeSpace
from ..run import HERE, Progress, Run
from ..strategies import make_strategy, opened_name, sweep_patterns
from .stats import StatsResult, run_stats

if TYPE_CHECKING:
    from ..arrays import Codes


@dataclass(frozen=True)
class Swept:
    """One opening's run."""

    opening: int
    result: StatsResult


def sweep(
    space: CodeSpace,
    strategy: str,
    secrets: Codes,
    seed: int | None = None,
    run: Run = HERE,
    exact: bool = False,
) -> list[Swept]:
    """``strategy`` played over ``secrets`` from each pattern's opening
    (``sweep_patterns``), in that order; ConfigError when ``strategy`` chooses no
    opening (anything but a partition strategy)."""
    openings = sweep_patterns(space)
    names = [opened_name(strategy, space, code) for code in openings]
    for name in names:
        make_strategy(name).check(space)
    games = len(secrets)
    out: list[Swept] = []
    for index, (code, name) in enumerate(zip(openings, names, strict=True)):
        heard = _share(run, index * games, games * len(names))
        result = run_stats(space, name, secrets, seed, run.with_progress(heard), exact=exact)
        out.append(Swept(code, result))
    return out


def _share(run: Run, before: int, total: int) -> Progress | None:
    """One opening's progress as games of the whole sweep: ``before`` played already."""
    report = run.progress
    if report is None:
        return None

    def heard(done: int, _of: int) -> None:
        report(before + done, total)

    return heard


def best(swept: list[Swept]) -> Swept:
    """The opening with the lowest worst case, then the lowest total (the first swept of
    those still tied)."""
    return min(swept, key=lambda s: (s.result.worst, s.result.total_guesses))
