"""The one worker idiom (``mastermind_tui.jobs``) on its own: results handed to the
handler their start named (bound to the state they were made for) and dropped when stale,
work that belongs to a screen stopped when the screen goes, work that belongs to the app
surviving screen changes and stopped at quit, failures said in one line to their owner's
one ``failed``, and keys reaching the focused field while a job runs.

Each job here loops on ``ticket.progress`` until the test releases it, so "while a job
runs" is certain, not a race the test hopes to win.
"""

from __future__ import annotations

import threading
from functools import partial

from app_helpers import idle, until
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Input

from mastermind_tui.jobs import Jobs, Stopped, Ticket, Working


class Held:
    """Work that reports progress until released, and remembers how it ended."""

    def __init__(self, result: object = "done") -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.ends: list[str] = []
        self.ended = threading.Event()
        self.result = result

    def __call__(self, ticket: Ticket[str]) -> object:
        self.started.set()
        try:
            while not self.release.wait(0.01):
                ticket.progress(0, 1)
        except Stopped:
            self.ends.append("stopped")
            raise
        finally:
            self.ended.set()
        self.ends.append("finished")
        if isinstance(self.result, Exception):
            raise self.result
        return self.result


class JobScreen(Working, Screen[None]):
    def __init__(self) -> None:
        super().__init__()
        self.results: list[tuple[str, int, object]] = []
        self.failures: list[tuple[str, str]] = []
        self.progress: list[int] = []

    def compose(self) -> ComposeResult:
        yield Input(id="line")

    def took(self, job: str, tag: int, result: object) -> None:
        """A result, with the job and the state (tag) its start bound it to."""
        self.results.append((job, tag, result))

    def failed(self, job: str, error: str) -> None:
        self.failures.append((job, error))

    def progressed(self, done: int, total: int) -> None:
        self.progress.append(done)

    def held(self, job: str, tag: int, work: Held) -> None:
        """Start ``work`` as ``job``, its result bound to ``tag``."""
        self.compute(job, work, partial(self.took, job, tag), progress=self.progressed)


class Host(Working, App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.results: list[object] = []

    def on_mount(self) -> None:
        self.push_screen(JobScreen())


async def test_keys_reach_the_field_while_a_job_runs_and_its_result_comes_tagged() -> None:
    app = Host()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, JobScreen)
        work = Held("the answer")
        screen.held("advice", 7, work)
        await until(pilot, lambda: screen.progress)
        await pilot.press(*"RGBY")
        assert screen.query_one(Input).value == "RGBY" and screen.busy("advice")
        work.release.set()
        await until(pilot, lambda: screen.results)
        assert screen.results == [("advice", 7, "the answer")] and not screen.busy("advice")


async def test_a_job_started_again_drops_the_earlier_result() -> None:
    app = Host()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, JobScreen)
        first, second = Held("old"), Held("new")
        screen.held("guess", 1, first)
        await until(pilot, first.started.is_set)
        screen.held("guess", 2, second)
        second.release.set()
        await until(pilot, lambda: screen.results)
        first.release.set()
        await app.workers.wait_for_complete()
        await idle(pilot)  # the earlier job's end handled (and dropped)
        assert screen.results == [("guess", 2, "new")]
        assert first.ends == ["stopped"]


async def test_leaving_the_screen_mid_job_stops_it_and_delivers_nothing() -> None:
    app = Host()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, JobScreen)
        work = Held()
        screen.held("tree", 0, work)
        await until(pilot, lambda: screen.progress)
        app.pop_screen()
        await until(pilot, work.ended.is_set)
        await idle(pilot)  # nothing delivered, whatever was sent
        assert work.ends == ["stopped"] and screen.results == []
        assert app.is_running


async def test_a_failure_is_one_line_and_nothing_else_ends() -> None:
    app = Host()
    async with app.run_test() as pilot:
        screen = app.screen
        assert isinstance(screen, JobScreen)
        work = Held(MemoryError("no room\nsecond line"))
        work.release.set()
        screen.held("slips", 3, work)
        await until(pilot, lambda: screen.failures)
        assert screen.failures == [("slips", "internal error: MemoryError: no room")]
        assert app.is_running and app.return_code is None


async def test_the_apps_job_outlives_a_screen_and_stops_at_quit() -> None:
    app = Host()
    async with app.run_test() as pilot:
        lasting, cut = Held("kept"), Held()
        app.compute("rating:1", lasting, app.results.append)
        app.compute("rating:2", cut, app.results.append)
        await until(pilot, lambda: lasting.started.is_set() and cut.started.is_set())
        app.pop_screen()  # the screen that asked is gone: the app's work goes on
        await until(pilot, lambda: not isinstance(app.screen, JobScreen))
        lasting.release.set()
        await until(pilot, lambda: app.results)
        assert app.results == ["kept"] and cut.ends == []
        app.exit()
    assert cut.ended.wait(30)  # a safety bound: it stops at its next progress step
    assert cut.ends == ["stopped"]


async def test_news_reaches_its_handler_typed_and_a_services_failure_its_own_failed() -> None:
    """A service's book posts to the app (its host) and hears its own jobs: news on the
    way to its handler, and a failure in one line to the one ``failed`` it was made with,
    not to the app's or a screen's."""
    app = Host()
    async with app.run_test() as pilot:
        news: list[str] = []
        failures: list[tuple[str, str]] = []
        service = Jobs(app, lambda job, error: failures.append((job, error)))

        def told(ticket: Ticket[str]) -> int:
            ticket.tell("half way")
            raise ValueError("no answer")

        service.start("search", told, app.results.append, news=news.append)
        await until(pilot, lambda: failures)
        assert news == ["half way"] and app.results == []
        assert failures == [("search", "internal error: ValueError: no answer")]
        assert not service.busy("search") and app.is_running
