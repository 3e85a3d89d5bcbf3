"""The one way background work runs in the app.

Every computation that could hold up the keyboard (the computer's next guess, advice,
ratings, slips, a decision tree, a statistics run, reading or writing the records) runs
through ``Jobs.start`` (a screen's ``Working.compute``):

* **On a snapshot.** ``work`` receives a ``Ticket`` and nothing shared: whatever it needs
  is copied before it starts, and the state it changes is changed only on the interface
  thread, when its result comes back.
* **Typed, to the handler its start names.** ``start(job, work, done, news=, progress=)``:
  ``work`` returns a ``T`` and ``done`` takes that ``T``; ``news`` takes what ``work``
  tells (``ticket.tell``), ``progress`` how far it has come. The worker binds the result
  to its handler before posting it, so no owner receives an ``object``, tells one job from
  another by its name or checks a result's type. The name only says which start of a job
  is current (and, in a failure's line, what failed).
* **Dropped when stale.** A result is dropped when the same job was started again or
  forgotten since (each start has its serial number): a result for a state that is gone
  is never shown. Where the state can move on without a new start (a game's generation,
  the move on show), ``done`` is bound to the state it was started for and checks it.
* **Owned.** An owner is a book of jobs (``Jobs``) and the message pump its messages go
  to. A screen is the owner of work that belongs to what it shows (advice, the computer's
  guess, a tree, a statistics run): once the screen is off the app's stack (switched
  away or popped, even while Textual is still removing it) its book is cancelled and
  whatever its jobs report is dropped, so no result of a screen left shows over the next
  one (``Working``). Work that belongs to the game or the app (ratings, the optimum
  search, the records writer) is a service's the app owns, its book posting to the app
  (``JobHost``): it survives screen changes and is cancelled at quit.
* **Stoppable.** Cancelling marks the ticket. The engine's long work is handed
  ``ticket.run()`` (``engine.run.Run``): its progress is reported and its stop check reads
  the ticket, polled a few times a second, so the work ends within about a second,
  raising ``Stopped``; the app's own long loops call ``ticket.check()`` or
  ``ticket.progress(done, total)`` often, which raise ``Stopped``. The exact ratings
  search runs in a helper process that quitting terminates
  (``engine.rating.process.stop_rating``).
* **Never fatal; one place per owner for failures.** A failure comes back in one line to
  its owner's one ``failed(job, error)`` (the book is made with it), which says it
  where that owner speaks (a screen's message line or caption, a service's notice or the
  state its screens draw) and the app goes on. One handler per owner, not one per start
  and not one for the whole app: how a failure is said depends on where it is said, not
  on which job failed, so a start never has to name it and no owner keeps two ways of
  saying the same thing; and a failure never reaches a place that does not show it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Generic, Protocol, TypeVar

from textual.dom import DOMNode
from textual.message import Message
from textual.screen import Screen
from textual.worker import Worker, get_current_worker

from engine import MastermindError
from engine.run import Progress, Run
from engine.run import Stopped as Stopped  # raised in a job once its owner cancelled it

from .records.faults import RecordsError

#: A job's result, and what it tells before its end.
T = TypeVar("T")
N = TypeVar("N")
N_contra = TypeVar("N_contra", contravariant=True)


def one_line(error: BaseException) -> str:
    """A failure as the app shows it: our own errors as they are, others named."""
    if isinstance(error, MastermindError | RecordsError):
        return str(error)
    return f"internal error: {type(error).__name__}: {error}".splitlines()[0]


@dataclass
class JobMessage(Message, bubble=False):
    """Something a job reports to the book that started it; ``serial`` tells one start of
    a job from the next."""

    jobs: Jobs
    job: str
    serial: int


@dataclass
class JobDone(JobMessage):
    """A job's end: its result bound to its handler (``deliver``), or why it has none
    (``error``, one line; ``stopped``)."""

    deliver: Callable[[], None] | None = None
    error: str | None = None


@dataclass
class JobNews(JobMessage):
    """Something a job has to say before it ends (a status line, a partial result, how
    far it has come), bound to its handler."""

    deliver: Callable[[], None]


class Reporter(Protocol[N_contra]):
    """What a job sees of its ticket (a test can hand it a recorder instead)."""

    @property
    def stopped(self) -> bool: ...
    def check(self) -> None: ...
    def progress(self, done: int, total: int) -> None: ...
    def report(self, done: int, total: int) -> None: ...
    def tell(self, news: N_contra) -> None: ...


@dataclass(eq=False)
class Ticket(Generic[N]):
    """What a job holds while it runs: the way to report and to notice it was stopped."""

    jobs: Jobs
    job: str
    serial: int
    #: Where its news and its progress go (None: nobody listens, nothing is posted).
    news: Callable[[N], None] | None = None
    progressed: Callable[[int, int], None] | None = None
    _stop: threading.Event = field(default_factory=threading.Event)
    _worker: Worker[Any] | None = None

    @property
    def stopped(self) -> bool:
        worker = self._worker
        return self._stop.is_set() or (worker is not None and worker.is_cancelled)

    def stop(self) -> None:
        self._stop.set()

    def check(self) -> None:
        """Raise ``Stopped`` if the owner cancelled this job (call it often in long work)."""
        if self.stopped:
            raise Stopped

    def progress(self, done: int, total: int) -> None:
        """Report progress, or stop here if cancelled (the app's own loops)."""
        self.check()
        self.report(done, total)

    def report(self, done: int, total: int) -> None:
        """Report progress, only that: what the engine's run context hears."""
        if self.progressed is not None:
            self._post(partial(self.progressed, done, total))

    def run(self, progress: Progress | None = None) -> Run:
        """The engine's run context for this job: heard by ``progress`` (this job's
        ``report`` by default), stopped when the job is: the engine polls ``stopped``,
        and no callback of its raises."""
        return Run(progress or self.report, lambda: self.stopped)

    def tell(self, news: N) -> None:
        """Send news before the end (a status line, one strategy's result of many)."""
        self.check()
        if self.news is not None:
            self._post(partial(self.news, news))

    def _post(self, deliver: Callable[[], None]) -> None:
        self.jobs.pump.post_message(JobNews(self.jobs, self.job, self.serial, deliver))


class Jobs:
    """The jobs of one owner: which start of each job is current, stopping them, and the
    one place their failures go (``failed(job, error)``). Its messages go to ``pump`` (the
    owner itself, or the app for a service), whose ``Working`` or ``JobHost`` hands them
    back here."""

    def __init__(self, pump: DOMNode, failed: Callable[[str, str], None]) -> None:
        self.pump = pump
        self.failed = failed
        self._serial = 0
        self._current: dict[str, Ticket[Any]] = {}

    def start(
        self,
        job: str,
        work: Callable[[Ticket[N]], T],
        done: Callable[[T], None],
        *,
        news: Callable[[N], None] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Ticket[N]:
        """Run ``work(ticket)`` in a thread and hand its result to ``done`` (its news to
        ``news``, its progress to ``progress``) on the interface thread; an earlier start
        of ``job`` is stopped and whatever it would report is dropped."""
        self.cancel(job)
        self._serial += 1
        ticket = Ticket(self, job, self._serial, news, progress)
        self._current[job] = ticket

        def run() -> None:
            ticket._worker = get_current_worker()
            serial = ticket.serial
            try:
                message = JobDone(self, job, serial, deliver=partial(done, work(ticket)))
            except Stopped:
                message = JobDone(self, job, serial)
            except Exception as error:  # said by the owner, never ends the app
                message = JobDone(self, job, serial, error=one_line(error))
            self.pump.post_message(message)

        # The worker group is the kind of job ("records" of "records:<game>:<n>").
        group = job.partition(":")[0]
        self.pump.run_worker(run, name=job, group=group, thread=True, exit_on_error=False)
        return ticket

    def busy(self, job: str) -> bool:
        return job in self._current

    def cancel(self, job: str) -> None:
        """Stop ``job`` (at its next check) and drop whatever it would report."""
        ticket = self._current.pop(job, None)
        if ticket is not None:
            ticket.stop()

    def cancel_all(self) -> None:
        for job in list(self._current):
            self.cancel(job)

    def _fresh(self, message: JobMessage) -> bool:
        """Whether a message comes from the current start of its job."""
        ticket = self._current.get(message.job)
        return ticket is not None and ticket.serial == message.serial

    def ended(self, message: JobDone) -> None:
        """A job's end, on the interface thread: handed on if it is the current start."""
        if not self._fresh(message):
            return
        del self._current[message.job]
        if message.error is not None:
            self.failed(message.job, message.error)
        elif message.deliver is not None:
            message.deliver()

    def heard(self, message: JobNews) -> None:
        """A job's news or progress, on the interface thread: handed on if fresh."""
        if self._fresh(message):
            message.deliver()


class JobHost:
    """Mixed into the app, which the jobs of the services it owns post to: each message
    goes back to the book that started its job."""

    def on_job_done(self, message: JobDone) -> None:
        message.stop()
        message.jobs.ended(message)

    def on_job_news(self, message: JobNews) -> None:
        message.stop()
        message.jobs.heard(message)


class Working:
    """Mixed into a screen (or an app) whose work is its own: ``compute`` starts a job on
    its book, whose messages come back to it and whose failures come to its ``failed``.
    Once a screen is off the app's stack its book is cancelled and what its jobs report
    is dropped. (It hosts no other owner's book: that is the app's ``JobHost``.)"""

    _jobs: Jobs | None = None

    @property
    def jobs(self) -> Jobs:
        if self._jobs is None:
            assert isinstance(self, DOMNode)
            self._jobs = Jobs(self, self.failed)
        return self._jobs

    def on_job_done(self, message: JobDone) -> None:
        message.stop()
        if not self._left(message.jobs):
            message.jobs.ended(message)

    def on_job_news(self, message: JobNews) -> None:
        message.stop()
        if not self._left(message.jobs):
            message.jobs.heard(message)

    def _left(self, jobs: Jobs) -> bool:
        """Whether this owner is a screen no longer on the app's stack: Textual removes a
        screen switched away after the next one is mounted, and until then it still
        handles messages; its jobs are stopped and their results dropped."""
        if not isinstance(self, Screen) or self in self.app.screen_stack:
            return False
        jobs.cancel_all()
        return True

    def compute(
        self,
        job: str,
        work: Callable[[Ticket[N]], T],
        done: Callable[[T], None],
        *,
        news: Callable[[N], None] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Ticket[N]:
        """Run ``work`` as ``job``: see ``Jobs.start``."""
        return self.jobs.start(job, work, done, news=news, progress=progress)

    def busy(self, job: str) -> bool:
        return self.jobs.busy(job)

    def forget(self, job: str) -> None:
        """Stop ``job`` and drop its result."""
        self.jobs.cancel(job)

    def on_unmount(self) -> None:
        """Leaving stops this owner's work (a screen removed, the app at its end)."""
        if self._jobs is not None:
            self._jobs.cancel_all()

    def failed(self, job: str, error: str) -> None:
        """A job failed (``error``: one line): say so and carry on."""
