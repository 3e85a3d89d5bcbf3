"""The app's side of the optimum searched in the background (``optimum``): one search at
a time as a job of the app's, so that it outlives the screen that asked; its screens
hear ``OptimumNews`` as it moves on; quitting stops it and waits, briefly, for what it
proved to be written."""

from __future__ import annotations

from pathlib import Path

from textual import on

from engine import MastermindError

from .optimum import OPTIMUM, Halted, OptimumNews, Run, Searches, SearchOptimum, Size, search
from .rating_app import RatingApp

#: How long quitting waits for a stopped search to write what it proved (it takes a
#: tenth of a second or so; a disk that hangs must not hold the app for ever).
QUIT_WAIT = 3.0


class OptimumApp(RatingApp):
    """An app that searches one optimal tree at a time in the background (``OPTIMUM``)
    and tells its screens (``OptimumNews``) as the search moves on."""

    def __init__(self, records: Path | None = None, record: bool = True) -> None:
        super().__init__(records, record)
        self.optimum = Searches()

    @on(SearchOptimum)
    def _search_optimum(self, message: SearchOptimum) -> None:
        self.search_optimum(message.size)

    def search_optimum(self, size: Size) -> None:
        """Start searching ``size``, or stop its search under way; one search at a time."""
        run = self.optimum.run
        if run is not None:
            if run.size == size and not run.stopping:
                run.stop()
                self._tell()
            elif run.size != size:
                self.notify(f"One search at a time: {run.size} is at {run.percent}%.")
            return
        try:
            size.strategy.check(size.space)
        except MastermindError as error:
            self.notify(str(error), severity="warning")
            return
        if size.strategy.cached(size.space):
            self.notify(f"{size} is cached already.")
            return
        run = self.optimum.run = Run(size)
        self.optimum.said.pop(size, None)
        run.ticket = self.compute(OPTIMUM, 0, lambda ticket: search(run, ticket))
        self._tell()

    def progressed(self, job: str, done: int, total: int) -> None:
        run = self.optimum.run
        if job != OPTIMUM or run is None:
            super().progressed(job, done, total)
            return
        run.done = done / total
        self._tell()

    def computed(self, job: str, tag: int, result: object) -> None:
        run = self.optimum.run
        if job != OPTIMUM or run is None:
            super().computed(job, tag, result)
            return
        self.optimum.run = None
        if isinstance(result, Halted):
            self.optimum.said[run.size] = f"stopped at {run.percent}%"
        else:
            self.optimum.ready.add(run.size)
            self.notify(f"{run.size} is ready (cached). {result}".strip())
        self._tell()

    def failed(self, job: str, error: str) -> None:
        run = self.optimum.run
        if job != OPTIMUM or run is None:
            super().failed(job, error)
            return
        self.optimum.run = None
        self.optimum.said[run.size] = f"search failed: {error}"
        self.notify(f"{run.size}: the search failed: {error}", severity="error")
        self._tell()

    def end_optimum(self) -> None:
        """At quit: stop the search and wait (briefly) until what it proved is written,
        so that no thread is left and no file half written. A search not begun yet (its
        tables are being built, seconds on 8x4, which nothing can stop) has nothing to
        write and is not waited for: it will not begin (``search``), and the process
        ends without it."""
        run = self.optimum.run
        if run is not None:
            run.stop()
            if run.searching:
                run.ended.wait(QUIT_WAIT)

    def _tell(self) -> None:
        for screen in self.screen_stack:
            screen.post_message(OptimumNews())
