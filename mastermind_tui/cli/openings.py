"""``mastermind stats --openings``: one opening per colour pattern, each played over the
same secrets, ranked by worst case and then total (``engine.walks.sweep``; no Textual)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, Protocol

from engine.errors import ConfigError
from engine.run import Run
from engine.strategies.openings import opening_text
from engine.walks.sweep import Swept, best, sweep
from engine.words import plural

from ..ending import ctrl_c_stops

if TYPE_CHECKING:
    from engine.arrays import Codes
    from engine.walks.cluster import Cluster

    from ..game.settings import Settings


class Bar(Protocol):
    """What hears the sweep: ``progress.ProgressBar``."""

    def __call__(self, done: int, total: int) -> None: ...

    def close(self) -> None: ...


def sweep_openings(
    args: argparse.Namespace,
    settings: Settings,
    secrets: Codes,
    jobs: int,
    cluster: Cluster | None,
    exact: bool,
    bar: Bar,
) -> int:
    """Play the sweep on this machine's ``jobs`` processes or on ``cluster``, heard by
    ``bar`` (``commands.ProgressBar``, closed here), and print the table (or JSON)."""
    if args.opening is not None:
        raise ConfigError("--openings plays one opening per pattern: leave out --opening")
    space = settings.space
    try:
        with ctrl_c_stops() as stop:
            if cluster is not None:
                cluster.stop = stop
            swept = sweep(
                space, settings.strategy, secrets, args.seed, Run(bar, stop, cluster, jobs), exact
            )
    finally:
        bar.close()
        if cluster is not None:
            cluster.close()
    top = best(swept)
    fmt = settings.notation.format
    if args.json:
        import json

        def row(s: Swept) -> dict[str, Any]:
            return {
                "opening": fmt(space, s.opening),
                "pattern": opening_text(space, s.opening),
                **s.result.as_json(),
            }

        print(
            json.dumps(
                {
                    "strategy": settings.strategy,
                    "openings": [row(s) for s in swept],
                    "best": row(top),
                }
            )
        )
        return 0
    width = max(len("opening"), *(len(fmt(space, s.opening)) for s in swept)) + 2
    lines = [
        f"{settings.strategy} on {space.rules_text()}: {len(secrets):,} games from each of "
        f"{plural(len(swept), 'opening')} (one per colour pattern)",
        "",
        f"{'opening':<{width}}{'pattern':<{max(9, space.positions + 2)}}"
        f"{'total':>12}{'average':>10}{'worst':>7}",
    ]
    for s in swept:
        r = s.result
        lines.append(
            f"{fmt(space, s.opening):<{width}}"
            f"{opening_text(space, s.opening):<{max(9, space.positions + 2)}}"
            f"{r.total_guesses:>12,}{r.average:>10.4f}{r.worst:>7}"
        )
    r = top.result
    lines += [
        "",
        f"best (worst case, then total): {fmt(space, top.opening)} "
        f"({opening_text(space, top.opening)}), {r.total_guesses:,} guesses, "
        f"average {r.average:.4f}, worst {r.worst}",
    ]
    print("\n".join(lines))
    return 0
