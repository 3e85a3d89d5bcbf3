"""The one way background work runs in the app.

Every computation that could hold up the keyboard (the computer's next guess, advice,
ratings, slips, a decision tree, a statistics run, reading or writing the records) runs
through ``Working.compute``:

* **On a snapshot.** ``work`` receives a ``Ticket`` and nothing shared: whatever it needs
  is copied before it starts, and the state it changes is changed only on the interface
  thread, when its result comes back.
* **Tagged.** The result comes back as a ``JobDone`` message to the owner that started it,
  carrying the job's name and the tag of the state it was made for (a game's generation,
  a run number). A result is dropped when the same job was started again or forgotten
  since: a result for a state that is gone is never shown. The owner's ``computed`` then
  checks the tag against its state where the state can move on without a new start.
* **Owned.** The owner is a screen for work that belongs to what the screen shows (advice,
  the computer's guess, a tree, a statistics run): Textual cancels a screen's workers when
  it is removed, and a message posted to a screen that is gone is dropped. Work that
  belongs to the game or the app (ratings, the records writer) is the app's: it survives
  screen changes and is cancelled at quit.
* **Stoppable.** Cancelling marks the ticket. The engine's long work is handed
  ``ticket.run()`` (``engine.run.Run``): its progress posts ``JobProgress`` and its stop
  check reads the ticket, polled a few times a second, so the work ends within about a
  second, raising ``Stopped``; the app's own long loops call ``ticket.check()`` or
  ``ticket.progress(done, total)`` often, which raise ``Stopped``. The exact
  ratings search runs in a helper process that quitting terminates
  (``engine.rating_process.stop_rating``).
* **Never fatal.** A failure comes back as ``JobDone.error``, one line; the owner's
  ``failed`` says it and the app goes on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from textual.dom import DOMNode
from textual.message import Message
from textual.message_pump import MessagePump
from textual.worker import Worker, get_current_worker

from engine import MastermindError
from engine.run import Progress, Run
from engine.run import Stopped as Stopped  # raised in a job once its owner cancelled it

from .records_faults import RecordsError


def one_line(error: BaseException) -> str:
    """A failure as the app shows it: our own errors as they are, others named."""
    if isinstance(error, MastermindError | RecordsError):
        return str(error)
    return f"internal error: {type(error).__name__}: {error}".splitlines()[0]


@dataclass
class JobMessage(Message):
    """Something a job reports; ``serial`` tells one start of a job from the next."""

    job: str
    tag: int
    serial: int


@dataclass
class JobDone(JobMessage):
    """A job's result, or why it has none (``error``, one line; ``stopped``)."""

    result: Any = None
    error: str | None = None
    stopped: bool = False


@dataclass
class JobProgress(JobMessage):
    """How far a job has come, for a progress bar or a status line."""

    done: int = 0
    total: int = 0


@dataclass
class JobNews(JobMessage):
    """Something a job has to say before it ends (a status line, a partial result)."""

    news: Any = None


class Reporter(Protocol):
    """What a job sees of its ticket (a test can hand it a recorder instead)."""

    @property
    def stopped(self) -> bool: ...
    def check(self) -> None: ...
    def progress(self, done: int, total: int) -> None: ...
    def report(self, done: int, total: int) -> None: ...
    def tell(self, news: object) -> None: ...


@dataclass
class Ticket:
    """What a job holds while it runs: the way to report and to notice it was stopped."""

    owner: MessagePump
    job: str
    tag: int
    serial: int
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
        self.owner.post_message(JobProgress(self.job, self.tag, self.serial, done, total))

    def run(self, progress: Progress | None = None) -> Run:
        """The engine's run context for this job: heard by ``progress`` (this job's
        ``report`` by default), stopped when the job is: the engine polls ``stopped``,
        and no callback of its raises."""
        return Run(progress or self.report, lambda: self.stopped)

    def tell(self, news: object) -> None:
        """Send news before the end (a status line, one strategy's result of many)."""
        self.check()
        self.owner.post_message(JobNews(self.job, self.tag, self.serial, news))


class Jobs:
    """The jobs of one owner: which start of each job is current, and stopping them."""

    def __init__(self, owner: DOMNode) -> None:
        self.owner = owner
        self._serial = 0
        self._current: dict[str, Ticket] = {}

    def start(self, job: str, tag: int, work: Callable[[Ticket], object]) -> Ticket:
        """Run ``work(ticket)`` in a thread; an earlier start of ``job`` is stopped and its
        result will be dropped."""
        self.cancel(job)
        self._serial += 1
        ticket = Ticket(self.owner, job, tag, self._serial)
        self._current[job] = ticket

        def run() -> None:
            ticket._worker = get_current_worker()
            serial = ticket.serial
            try:
                message = JobDone(job, tag, serial, work(ticket))
            except Stopped:
                message = JobDone(job, tag, serial, stopped=True)
            except Exception as error:  # shown by the owner, never ends the app
                message = JobDone(job, tag, serial, error=one_line(error))
            self.owner.post_message(message)

        # The worker group is the kind of job ("records" of "records:<game>:<n>").
        group = job.partition(":")[0]
        self.owner.run_worker(run, name=job, group=group, thread=True, exit_on_error=False)
        return ticket

    def busy(self, job: str) -> bool:
        return job in self._current

    def tag(self, job: str) -> int | None:
        ticket = self._current.get(job)
        return None if ticket is None else ticket.tag

    def cancel(self, job: str) -> None:
        """Stop ``job`` (at its next check) and drop whatever it would report."""
        ticket = self._current.pop(job, None)
        if ticket is not None:
            ticket.stop()

    def cancel_all(self) -> None:
        for job in list(self._current):
            self.cancel(job)

    def fresh(self, message: JobMessage) -> bool:
        """Whether a message comes from the current start of its job."""
        ticket = self._current.get(message.job)
        return ticket is not None and ticket.serial == message.serial

    def finish(self, message: JobDone) -> bool:
        """Take a job's end: True (and the job no longer busy) if it is the current one."""
        if not self.fresh(message):
            return False
        del self._current[message.job]
        return True


class Working:
    """Mixed into a screen or the app: ``compute`` starts a job, and its fresh messages
    come back to ``computed``, ``failed``, ``progressed`` and ``heard``."""

    _jobs: Jobs | None = None

    @property
    def jobs(self) -> Jobs:
        if self._jobs is None:
            assert isinstance(self, DOMNode)
            self._jobs = Jobs(self)
        return self._jobs

    def compute(self, job: str, tag: int, work: Callable[[Ticket], object]) -> Ticket:
        return self.jobs.start(job, tag, work)

    def busy(self, job: str) -> bool:
        return self.jobs.busy(job)

    def forget(self, job: str) -> None:
        """Stop ``job`` and drop its result."""
        self.jobs.cancel(job)

    def on_job_done(self, message: JobDone) -> None:
        message.stop()
        if not self.jobs.finish(message):
            return
        if message.error is not None:
            self.failed(message.job, message.error)
        elif not message.stopped:
            self.computed(message.job, message.tag, message.result)

    def on_job_progress(self, message: JobProgress) -> None:
        message.stop()
        if self.jobs.fresh(message):
            self.progressed(message.job, message.done, message.total)

    def on_job_news(self, message: JobNews) -> None:
        message.stop()
        if self.jobs.fresh(message):
            self.heard(message.job, message.news)

    def computed(self, job: str, tag: int, result: Any) -> None:
        """A job's fresh result, on the interface thread."""

    def failed(self, job: str, error: str) -> None:
        """A job failed: say so and carry on."""

    def progressed(self, job: str, done: int, total: int) -> None:
        """A job's progress."""

    def heard(self, job: str, news: Any) -> None:
        """A job's news before its end."""
