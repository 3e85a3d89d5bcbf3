"""A statistics run apart from the screen that shows it: the Plan it plays (its own copies
of what the form said) and ``play``, the job that plays it in a worker and tells each
strategy's result as it comes."""

from __future__ import annotations

import os
from dataclasses import dataclass

from engine import CodeSpace
from engine.arrays import Codes
from engine.run import Run
from engine.strategies import prepare
from engine.walks.stats import StatsResult, estimate_seconds, run_stats
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
        """How long the run will take here, in the app, on this machine as busy as now."""
        return run_seconds(self.space, self.names, len(self.secrets), *machine_load())

    def where(self) -> str:
        """Where the estimate is for, in words: a free core, or this machine busy now."""
        load, cores = machine_load()
        if stretch(load, cores) == 1.0:
            return "on one free core"
        return f"on this machine, busy now (load {load:.0f} on {plural(cores, 'core')})"


#: The screen's run shares its process with the interface, which draws its progress:
#: 8x5 over every secret with knuth, entropy and classic took 53 s of CPU in the app
#: against 27 s of the strategies' own estimates (measured on a 2-core machine at load 21).
INTERFACE_SHARE = 1.9
#: A busy machine stretches a run by (load per core) ** BUSY_POWER: that run took 232 s
#: of wall time for its 53 s of CPU at load 21 on 2 cores (a fit to it, no more).
BUSY_POWER = 0.64


#: Set to a number, the load the estimate takes instead of the machine's (the tests: 0).
LOAD_ENVIRONMENT = "MASTERMIND_MACHINE_LOAD"


def machine_load() -> tuple[float, int]:
    """The last minute's load average (or ``$MASTERMIND_MACHINE_LOAD``) and the cores (0
    where the system tells none)."""
    try:
        load = float(os.environ.get(LOAD_ENVIRONMENT) or os.getloadavg()[0])
    except (OSError, ValueError):
        load = 0.0
    if not 0.0 <= load < 1e6:  # "inf", "nan", "-1": no load a machine can have
        load = 0.0
    return load, os.cpu_count() or 1


def stretch(load: float, cores: int) -> float:
    """How much a machine this busy stretches a run (1: a core is free)."""
    return float(max(1.0, load / max(1, cores)) ** BUSY_POWER)


def run_seconds(
    space: CodeSpace, names: tuple[str, ...], games: int, load: float = 0.0, cores: int = 1
) -> float:
    """The strategies' own estimates (one core, ``engine.walks.stats.estimate_seconds``) for a
    run in the app, on a machine with ``load`` on ``cores``."""
    alone = sum(estimate_seconds(space, name, games) for name in names)
    return alone * INTERFACE_SHARE * stretch(load, cores)


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
