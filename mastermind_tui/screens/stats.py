"""Statistics: strategies played over every secret (or a sample) in a worker, side by side."""

from __future__ import annotations

from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, HorizontalScroll, Vertical
from textual.widgets import Button, Footer, Header, Input, Label, ProgressBar, SelectionList, Static
from textual.worker import Worker, WorkerState, get_current_worker

from engine import STRATEGIES, CodeSpace, MastermindError
from engine.stats import StatsResult, choose_secrets, run_stats

from ..state import Settings
from ..widgets.histogram import StatsCard
from .base import SizedScreen

#: Games above this size are sampled unless the person asks for every secret.
SAMPLE_ABOVE = 1296
SAMPLE = 300


class Cancelled(Exception):
    """Raised inside the progress callback to stop a run the screen has cancelled."""


class StatsScreen(SizedScreen):
    """The run happens in a thread; progress and each finished strategy come back by
    ``call_from_thread`` so the interface never freezes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+r", "run", "Run", id="run"),
        Binding("ctrl+x", "cancel", "Cancel", id="cancel"),
        Binding("f5", "app.new_game", "New game", id="new-game"),
    ]

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings.build()

    def compose(self) -> ComposeResult:
        rules = self.settings.rules
        size = rules.colours**rules.positions
        yield Header()
        with Horizontal(id="stats-form"):
            strategies = SelectionList[str](
                *[(name, name, name in ("knuth", "entropy", "classic")) for name in STRATEGIES],
                id="strategies",
            )
            strategies.border_title = "Strategies"
            yield strategies
            with Vertical(id="stats-fields"):
                yield Label("Colours, positions")
                with Horizontal(classes="pair"):
                    yield Input(str(rules.colours), id="colours", compact=True)
                    yield Input(str(rules.positions), id="positions", compact=True)
                yield Label("Games (blank: every secret)")
                yield Input("" if size <= SAMPLE_ABOVE else str(SAMPLE), id="games", compact=True)
                yield Button("Run", id="run", variant="primary")
        yield ProgressBar(id="progress", show_eta=False)
        yield Static("Choose strategies and press Run (Ctrl+R).", id="stats-status", markup=False)
        yield HorizontalScroll(id="stats-results")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(ProgressBar).display = False  # no idle animation before a run
        self.query_one("#run", Button).focus()

    def _plan(self) -> tuple[CodeSpace, list[str], int | None]:
        def number(field: str) -> int:
            text = self.query_one(f"#{field}", Input).value.strip()
            if not text.isdigit():
                raise MastermindError(f"{field} must be a whole number (got {text!r})")
            return int(text)

        space = CodeSpace(number("colours"), number("positions"))
        names = list(self.query_one(SelectionList).selected)
        if not names:
            raise MastermindError("choose at least one strategy")
        games = None if not self.query_one("#games", Input).value.strip() else number("games")
        return space, names, games

    @on(Button.Pressed, "#run")
    @on(Input.Submitted)
    def action_run(self) -> None:
        status = self.query_one("#stats-status", Static)
        try:
            space, names, games = self._plan()
            secrets = choose_secrets(space, games, self.settings.seed)
        except MastermindError as problem:
            status.update(f"Cannot run: {problem}")
            return
        self.query_one("#stats-results").remove_children()
        bar = self.query_one(ProgressBar)
        bar.update(total=len(secrets) * len(names), progress=0)
        bar.display = True
        self.compute(space, names, secrets)

    def action_cancel(self) -> None:
        self.workers.cancel_group(self, "stats")

    @work(thread=True, exclusive=True, group="stats")
    def compute(self, space: CodeSpace, names: list[str], secrets) -> None:
        worker = get_current_worker()
        total = len(secrets)
        step = max(1, total // 100)
        for number, name in enumerate(names):
            self.app.call_from_thread(
                self._status, f"Running {name} over {total:,} games ({number + 1}/{len(names)})…"
            )

            def progress(done: int, _total: int, before: int = number * total) -> None:
                if worker.is_cancelled:
                    raise Cancelled
                if done % step == 0 or done == total:
                    self.app.call_from_thread(self._progress, before + done)

            try:
                result = run_stats(space, name, secrets, self.settings.seed, progress=progress)
            except Cancelled:
                return
            self.app.call_from_thread(self._result, result)
        self.app.call_from_thread(
            self._status, f"Done: {len(names)} strategies, {total:,} games each."
        )

    def _status(self, text: str) -> None:
        self.query_one("#stats-status", Static).update(text)

    def _progress(self, done: int) -> None:
        self.query_one(ProgressBar).update(progress=done)

    def _result(self, result: StatsResult) -> None:
        self.query_one("#stats-results").mount(StatsCard(result, classes="stats-card"))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is WorkerState.CANCELLED:
            self._status("Cancelled.")
        elif event.state is WorkerState.ERROR:
            self._status(f"The run failed: {event.worker.error}")
