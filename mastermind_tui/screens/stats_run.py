"""A statistics run apart from the screen that shows it: the Plan it plays (its own copies
of what the form said) and ``play``, the job that plays it in a worker and tells each
strategy's result as it comes."""

from __future__ import annotations

from dataclasses import dataclass

from engine import CodeSpace
from engine.arrays import Codes
from engine.run import Run
from engine.stats import StatsResult, estimate_seconds, run_stats
from engine.strategies import prepare
from engine.words import plural

from ..jobs import Reporter


@dataclass(frozen=True)
class Told:
    """What a run tells as it goes: a status line, or one strategy's result."""

    line: str = ""
    result: StatsResult | None = None


@dataclass(frozen=True)
class Ended:
    """A run's end: what it has to say besides (a damaged cache searched again)."""

    notice: str = ""


@dataclass(frozen=True)
class Plan:
    """What a run computes: its own copies, nothing the screen changes afterwards."""

    space: CodeSpace
    names: tuple[str, ...]
    secrets: Codes
    seed: int | None

    @property
    def games(self) -> int:
        return len(self.secrets) * len(self.names)

    def seconds(self) -> float:
        return sum(estimate_seconds(self.space, name, len(self.secrets)) for name in self.names)


def play(plan: Plan, ticket: Reporter[Told]) -> Ended:
    """The job: plays the plan, telling each status line and each strategy's result as
    it comes. It reads only the plan; the engine polls ``ticket.stopped`` and stops once
    the run is cancelled or the screen is gone (``Stopped``)."""
    total = len(plan.secrets)
    notice = ""
    for number, name in enumerate(plan.names):
        ticket.tell(
            Told(f"Running {name} over {plural(total, 'game')} ({number + 1}/{len(plan.names)})…")
        )

        def progress(done: int, _total: int, before: int = number * total) -> None:
            # The engine reports by time (a few times a second), at any count.
            ticket.report(before + done, len(plan.names) * total)

        # Before the run, whose first decision would say it instead.
        run = Run(progress, lambda: ticket.stopped)
        notice = prepare(plan.space, name, Run(stop=run.stop)) or notice
        result = run_stats(plan.space, name, plan.secrets, plan.seed, run)
        ticket.tell(Told(result=result))
    return Ended(notice)
