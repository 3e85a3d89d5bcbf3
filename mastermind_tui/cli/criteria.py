"""``mastermind stats --criteria``: the exact optima under each criterion side by side, so
that a person sees what guessing only possible codes, or a cap on guesses, costs."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import CodeSpace
from engine.walks.stats import StatsResult, run_stats

if TYPE_CHECKING:
    from engine.arrays import Codes

#: The criteria compared, in the order printed; a capped one (``--max-guesses``) joins.
CRITERIA = ("optimal", "optimal-fit", "optimal-worst")
#: Least width of each strategy's column.
COLUMN = 14


def criteria_names(capped: str | None) -> list[str]:
    """The criteria to compare, and ``capped`` (the strategy ``--max-guesses`` made,
    optimal-max5 say) after them when given."""
    return [*CRITERIA, *([capped] if capped and capped not in CRITERIA else [])]


def run_criteria(
    space: CodeSpace,
    names: list[str],
    secrets: Codes,
    seed: int | None,
    prepare: Callable[[CodeSpace, str], None],
) -> list[StatsResult]:
    """Every criterion's tree made ready (``prepare``: read, or searched with a progress
    bar), then played on every secret: a lookup in the tree per game."""
    results = []
    for name in names:
        prepare(space, name)
        results.append(run_stats(space, name, secrets, seed=seed))
    return results


def format_criteria(results: list[StatsResult], rules: str) -> str:
    """One column per criterion: totals, the difference from the first, the worst case
    and how many games needed each number of guesses."""
    first = results[0]
    width = max(COLUMN, *(len(r.strategy) + 2 for r in results))

    def row(label: str, cells: list[str]) -> str:
        return f"{label:<16}" + "".join(f"{cell:>{width}}" for cell in cells)

    def against(result: StatsResult) -> str:
        if result is first:
            return "-"
        return f"{result.total_guesses - first.total_guesses:+,}"

    most = max(max(r.distribution) for r in results)
    lines = [
        f"exact optima on {rules}, {first.games:,} games each",
        row("", [r.strategy for r in results]),
        row("total guesses", [f"{r.total_guesses:,}" for r in results]),
        row("average", [f"{r.average:.3f}" for r in results]),
        row("worst case", [str(r.worst) for r in results]),
        row(f"against {first.strategy}", [against(r) for r in results]),
        "",
    ]
    for guesses in range(1, most + 1):
        label = f"{guesses} guess{'es' * (guesses != 1)}"
        lines.append(row(label, [f"{r.distribution.get(guesses, 0):,}" for r in results]))
    return "\n".join(lines)
