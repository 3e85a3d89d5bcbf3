"""The exact optimum of a size, searched in the background while the person plays.

The home screen says, for the size on its form, whether the optimal tree is cached, how
long a search would take (the strategy's own time model) or why it is out of reach, and
Ctrl+O runs the search as a job of the app's (``jobs``): it goes on while the person
starts a game or watches, one search at a time, and its tree lands in the cache that
ratings, hints and ``--strategy optimal`` read. A thread, not a process: the search's
kernel lets go of the interpreter, so the interface stays quick, and a flag the kernel
reads at every set stops it at once (the job's run context, ``engine.run``), what it proved
kept beside the tree so that the next search resumes. Quitting stops it and waits for
that to be written (``Optimum.end``).
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from functools import partial
from typing import Any, NamedTuple

from textual.app import App
from textual.message import Message

from engine import MastermindError
from engine.answers import CLASSIC, AnswerRule
from engine.codes import CodeSpace
from engine.errors import ConfigError
from engine.strategies import strategy_class
from engine.strategies.optimal import Optimal
from engine.words import duration

from ..jobs import Jobs, Stopped, Ticket

#: The app's job that searches.
OPTIMUM = "optimum"
#: How long quitting waits for a stopped search to write what it proved (it takes a
#: tenth of a second or so; a disk that hangs must not hold the app for ever).
QUIT_WAIT = 3.0


class Size(NamedTuple):
    """A size whose optimal tree the home screen speaks of, and the criterion of the
    tree: the strategy ``optimal`` or another of its family (optimal-fit, optimal-worst,
    optimal-max5) when that is the strategy chosen."""

    colours: int
    positions: int
    repeats: bool = True
    criterion: str = "optimal"
    answers: AnswerRule = CLASSIC

    @property
    def space(self) -> CodeSpace:
        return CodeSpace(self.colours, self.positions, self.repeats, self.answers)

    @property
    def strategy(self) -> Optimal:
        chosen = strategy_class(self.criterion)()
        assert isinstance(chosen, Optimal)
        return chosen

    def __str__(self) -> str:
        """ "Optimum 6x4", "optimal-worst 8x4 no repeats": what the line starts with."""
        tail = ("" if self.repeats else " no repeats") + (
            "" if self.answers == CLASSIC else f" {self.answers.title}"
        )
        name = "Optimum" if self.criterion == "optimal" else self.criterion
        return f"{name} {self.colours}x{self.positions}{tail}"


def criterion(strategy: str) -> str:
    """The tree the home screen speaks of for the strategy chosen: its own if it is one
    of the optimal family, the optimum's (which ratings and hints use) otherwise."""
    try:
        chosen = strategy_class(strategy)
    except MastermindError:
        return "optimal"
    return strategy if issubclass(chosen, Optimal) else "optimal"


@dataclass
class Run:
    """A search under way: its size, how far it is (0 to 1), and what stops it."""

    size: Size
    done: float = 0.0
    stopping: bool = False
    ticket: Ticket[None] | None = None
    #: The search has begun, its tables built (quitting waits for what it proved to be
    #: written).
    searching: bool = False
    ended: threading.Event = field(default_factory=threading.Event)

    @property
    def percent(self) -> int:
        return int(self.done * 100)

    def stop(self) -> None:
        """Stop at once: the job's run context, which the search polls beside its kernel
        (the kernel ends at its next set)."""
        self.stopping = True
        if self.ticket is not None:
            self.ticket.stop()


@dataclass(frozen=True)
class Searched:
    """How a search ended: the tree searched and cached (``notice``: what the search had
    to say, if anything), or ``halted`` before the end (asked to, or its sets spent)."""

    halted: bool = False
    notice: str = ""


class OptimumNews(Message, bubble=False):
    """The background search moved on: the home screen says it again."""


class SearchOptimum(Message):
    """Ctrl+O on the home screen: search ``size`` (or stop its search under way)."""

    def __init__(self, size: Size) -> None:
        super().__init__()
        self.size = size


@dataclass
class Searches:
    """What the app knows of its background searches (the home screen reads it)."""

    #: The search under way, if any.
    run: Run | None = None
    #: How the last search of a size ended when it left no tree (stopped, failed).
    said: dict[Size, str] = field(default_factory=dict)
    #: Sizes searched in this session (ready even where no cache is kept).
    ready: set[Size] = field(default_factory=set)


def short_reason(error: MastermindError) -> str:
    """Why a size is out of reach, in a few words ("exact only up to 4,096 codes"): the
    engine's own short reason where it gives one, the advice left to the command line."""
    return error.short if isinstance(error, ConfigError) else str(error)


def describe(size: Size | None, searches: Searches) -> tuple[str, str]:
    """The home screen's line for ``size`` (None: the form's size is not valid yet), and
    the whole reason or failure, which the line may have to cut (its tooltip)."""
    if size is None:
        return "", ""
    run = searches.run
    if run is not None and run.size == size:
        if run.stopping:
            return f"{size}: stopping at {run.percent}%…", ""
        return f"{size}: searching in the background: {run.percent}% (Ctrl+O stops)", ""
    strategy, space = size.strategy, size.space
    try:
        strategy.check(space)
    except MastermindError as error:
        return f"{size}: out of reach: {short_reason(error)}", str(error)
    if strategy.cached(space):
        return f"{size}: ready (cached)", ""
    if strategy.shipped(space):
        return f"{size}: ready (shipped)", ""
    if size in searches.ready:  # searched here, with no cache to keep it in
        return f"{size}: ready (this session only)", ""
    from engine.optimal.reach import check_asked

    try:
        check_asked(space, strategy.criterion.name, False, strategy.criterion.plain)
    except ConfigError as error:  # past 4,096 codes: the command line searches it
        return f"{size}: {error.short}", str(error)
    said = searches.said.get(size, "")
    begun = said.startswith("stopped") or strategy.begun(space)  # stopped here or before
    if run is not None:
        key = f"(busy: {run.size} at {run.percent}%)"
    else:
        key = "(Ctrl+O resumes)" if begun else "(Ctrl+O)"
    seconds = strategy.seconds(space, 0)
    estimate = duration(seconds)
    if math.isnan(seconds):  # another answer rule past what was measured
        state = said or ("part searched" if begun else "not cached, time to search unknown")
    else:
        state = said or (
            f"part searched, {estimate} at most to finish"  # stopped in another run
            if begun
            else f"not cached, {estimate} to search{_compiling()}"
        )
    return f"{size}: {state} {key}", said


def _compiling() -> str:
    """What the estimate includes while the kernel is not compiled yet."""
    from engine.optimal.warmup import ready

    return "" if ready() else " with the compile"


def search(run: Run, ticket: Ticket[None]) -> Searched:
    """The job: the tree searched and cached, or halted."""
    from engine.optimal.search import SearchStopped

    def heard(done: int, total: int) -> None:
        run.searching = True  # the search's first report comes as it begins
        ticket.report(done, total)

    try:
        return Searched(notice=run.size.strategy.prepare(run.size.space, ticket.run(heard)))
    except (SearchStopped, Stopped):
        return Searched(halted=True)
    finally:
        run.ended.set()


class Optimum(Searches):
    """The app's background search, one at a time (``OPTIMUM``), as a job of the app's so
    that it outlives the screen that asked; the app's screens hear ``OptimumNews`` as it
    moves on, and read what it knows (``Searches``) as ``app.optimum``."""

    def __init__(self, app: App[Any]) -> None:
        super().__init__()
        self.app = app
        self.jobs = Jobs(app, self.failed)

    def search(self, size: Size) -> None:
        """Start searching ``size``, or stop its search under way; one search at a time."""
        run = self.run
        if run is not None:
            if run.size == size and not run.stopping:
                run.stop()
                self._tell()
            elif run.size != size:
                self.app.notify(f"One search at a time: {run.size} is at {run.percent}%.")
            return
        try:
            size.strategy.check(size.space)
        except MastermindError as error:
            self.app.notify(str(error), severity="warning")
            return
        if size.strategy.cached(size.space) or size.strategy.shipped(size.space):
            self.app.notify(f"{size} is ready already.")
            return
        from engine.optimal.reach import check_asked

        try:  # past 4,096 codes a search of minutes or hours is the command line's
            criterion = size.strategy.criterion
            check_asked(size.space, criterion.name, False, criterion.plain)
        except ConfigError as error:
            self.app.notify(str(error), severity="warning")
            return
        run = self.run = Run(size)
        self.said.pop(size, None)
        run.ticket = self.jobs.start(
            OPTIMUM, partial(search, run), partial(self._ended, run), progress=self._progressed
        )
        self._tell()

    def _progressed(self, done: int, total: int) -> None:
        if self.run is not None:
            self.run.done = done / total
            self._tell()

    def _ended(self, run: Run, searched: Searched) -> None:
        self.run = None
        if searched.halted:
            self.said[run.size] = f"stopped at {run.percent}%"
        else:
            self.ready.add(run.size)
            self.app.notify(f"{run.size} is ready (cached). {searched.notice}".strip())
        self._tell()

    def failed(self, job: str, error: str) -> None:
        """The search failed: said, and kept to be said on the home screen."""
        run, self.run = self.run, None
        if run is not None:
            self.said[run.size] = f"search failed: {error}"
            self.app.notify(f"{run.size}: the search failed: {error}", severity="error")
            self._tell()

    def end(self) -> None:
        """At quit: stop the search and wait (briefly) until what it proved is written,
        so that no thread is left and no file half written. A search not begun yet (its
        tables are being built, seconds on 8x4, which nothing can stop) has nothing to
        write and is not waited for: it will not begin (``search``), and the process
        ends without it."""
        run = self.run
        if run is not None:
            run.stop()
            if run.searching:
                run.ended.wait(QUIT_WAIT)

    def _tell(self) -> None:
        for screen in self.app.screen_stack:
            screen.post_message(OptimumNews())
