"""One run of the engine's long work (a statistics run, a tree walk, an exact search): who
hears how far it is, what stops it, and where its parts run, in one object passed
explicitly down the calls that take seconds.

* **Progress** has one signature, ``progress(done, total)``: games, secrets or codes
  placed, or thousandths of an exact search. It only listens: it never stops the run.
* **Stopping** is a check, ``stop()``, that the work polls often (a few times a second
  at least, wherever it spends time: between games, positions, results of other
  processes, and beside the compiled search, which a flag ends at its next set). Once it
  says True the work ends within about a second, raising ``Stopped`` (what an exact
  search proved is kept, as after Ctrl+C). The app's job ticket and the command line's
  Ctrl+C both set it.
* **The runner** says where parts run: here (``jobs`` 1), in ``jobs`` fresh processes of
  this machine (``engine.walks.parallel``), or by a runner such as a Dask cluster
  (``engine.walks.cluster.Cluster``).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

#: Hears how far a run is: ``progress(done, total)``.
Progress = Callable[[int, int], None]
#: Runs ``task(*part)`` for each part somewhere else and yields the results as they come,
#: called as ``runner(task, parts, jobs)``: ``engine.walks.parallel.in_processes`` (this
#: machine) or an ``engine.walks.cluster.Cluster`` (a Dask cluster).
Runner = Callable[[Callable[..., Any], list[tuple[Any, ...]], int], Iterator[Any]]
#: Seconds between progress reports, and at most between stop checks in loops that time
#: themselves.
INTERVAL = 0.05


class Stopped(KeyboardInterrupt):
    """The run's ``stop`` check said stop, and the work ended where it was. A
    KeyboardInterrupt, as Ctrl+C is: work that catches Exception does not swallow it."""


def _never() -> bool:
    return False


@dataclass(frozen=True)
class Run:
    """How one run is driven (every field optional: a bare ``Run()`` runs here, unheard
    and unstoppable but by Ctrl+C)."""

    progress: Progress | None = None
    #: Polled often; True: stop within about a second.
    stop: Callable[[], bool] = _never
    #: Where parts go (None: this machine, in ``jobs`` processes where jobs > 1).
    runner: Runner | None = None
    #: Processes of this machine a run may split over.
    jobs: int = 1
    #: The compiled backend the partition strategies weigh with (``engine.backends``;
    #: None: the default, numba's).
    backend: str | None = None
    #: The person asked for this long work in so many words (``stats --yes``): only then
    #: does an exact search past ``engine.optimal.reach.QUIET_LIMIT`` codes start.
    deliberate: bool = False

    @property
    def watched(self) -> bool:
        """Whether anyone hears the run or can stop it (otherwise loops need not time
        themselves)."""
        return self.progress is not None or self.stop is not _never

    @property
    def stopped(self) -> bool:
        return self.stop()

    def check(self) -> None:
        """Raise ``Stopped`` once the run is asked to stop."""
        if self.stop():
            raise Stopped

    def report(self, done: int, total: int) -> None:
        """Tell the listener, if any (the caller times its reports)."""
        if self.progress is not None:
            self.progress(done, total)

    def scaled(self, start: float, share: float, total: int = 1000) -> Progress:
        """A progress that reports a phase's ``done`` of ``of`` as the part ``start`` to
        ``start + share`` of ``total`` thousandths (a search's phases on one bar)."""

        def heard(done: int, of: int) -> None:
            self.report(round(total * (start + share * done / max(1, of))), total)

        return heard

    def with_progress(self, progress: Progress | None) -> Run:
        """The same run heard by ``progress`` instead."""
        return dataclasses.replace(self, progress=progress)

    def here(self) -> Run:
        """The same run in this process alone (a task's share of it)."""
        return Run(self.progress, self.stop, backend=self.backend, deliberate=self.deliberate)


class Ticker:
    """A loop's clock: ``due()`` is True at most every ``INTERVAL`` seconds, when the loop
    reports and checks the stop (a clock read costs less than either)."""

    def __init__(self) -> None:
        self.next = time.perf_counter() + INTERVAL

    def due(self) -> bool:
        now = time.perf_counter()
        if now < self.next:
            return False
        self.next = now + INTERVAL
        return True


#: A run with nothing to hear, nothing to stop it but Ctrl+C, in this process.
HERE = Run()
