"""Statistics: strategies played over every secret (or a sample) in a worker, side by side."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, ScrollableContainer, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Header, Input, Label, ProgressBar, Static

from engine import STRATEGIES, MastermindError
from engine.walks.stats import choose_secrets, describe_seconds
from engine.words import plural

from ..game.settings import Settings, whole_number
from ..jobs import Working
from ..navigation import OpenHome
from ..widgets.histogram import StatsCard, layout
from ..widgets.tick import Tick
from .dialogs import Confirm
from .sized import HORIZONTAL, VERTICAL, Sizing
from .stats_run import Ended, Plan, Told, play

#: Games above this size are sampled unless the person asks for every secret.
SAMPLE_ABOVE = 1296
SAMPLE = 300
#: A run of more games than this (all strategies together) is confirmed first.
ASK_ABOVE_GAMES = 1_000_000
#: ... and so is one expected to take longer than this.
ASK_ABOVE_SECONDS = 60.0


class StatsScreen(Working, Screen[None]):
    """A run is this screen's job ("run", see ``jobs``) on its own Plan: the interface
    never freezes, a cancelled run's late messages are dropped, and leaving the screen
    stops it. Escape and the Cancel button stop a run wherever the focus is; with no run,
    Escape goes back home (F5), as it leaves Records."""

    # Textual declares these as optional instance-level lists, so no ClassVar here.
    HORIZONTAL_BREAKPOINTS = HORIZONTAL
    VERTICAL_BREAKPOINTS = VERTICAL

    CSS_PATH = "stats.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+r", "run", "Run", id="run"),
        Binding("escape", "cancel", "Cancel run", id="cancel", priority=True),
        Binding("escape", "back", "Back", id="back", priority=True),
        Binding("ctrl+x", "cancel", "Cancel", show=False),
        Binding("f5", "app.new_game", "Home", id="new-game"),
        Binding("pageup", "scroll_results(-1)", "Scroll", show=False),
        Binding("pagedown", "scroll_results(1)", "Scroll", show=False),
    ]

    #: Each strategy's result that came in (a card): all are drawn again to one scale.
    cards: var[int] = var(0, init=False)

    def __init__(
        self,
        settings: Settings | None = None,
        chosen: tuple[str, ...] | None = None,
        keep: Callable[[tuple[str, ...]], None] | None = None,
    ) -> None:
        """``chosen``: the strategies ticked when this screen was last left (None: the
        usual three and the game's own); ``keep`` hears each change of the ticks, so that
        the app opens the screen with them again."""
        super().__init__()
        self.sizing = Sizing(self)
        self.settings = settings or Settings.build()
        self._chosen = chosen
        self._keep = keep
        self._secrets = 0
        self._plan_run: Plan | None = None

    def compose(self) -> ComposeResult:
        rules = self.settings.rules
        size = self.settings.space.count
        chosen = {n for n, s in STRATEGIES.items() if s.shown_by_default}
        chosen.add(self.settings.strategy)
        if self._chosen is not None:
            chosen = set(self._chosen)
        seed = self.settings.seed
        yield Header()
        with Horizontal(id="stats-form"):
            with Grid(id="strategies") as box:
                box.border_title = "Strategies"
                for name in STRATEGIES:
                    yield Tick(name, name in chosen, id=f"strategy-{name}", compact=True)
            with Vertical(id="stats-fields"):
                yield Label("Colours, positions")
                with Horizontal(classes="pair"):
                    yield Input(str(rules.colours), id="colours", compact=True)
                    yield Input(str(rules.positions), id="positions", compact=True)
                    yield Tick("no repeats", not rules.repeats, id="no-repeats", compact=True)
                with Horizontal(classes="pair"):
                    yield Label("Games", classes="half")
                    yield Label("Seed", classes="half")
                with Horizontal(classes="pair"):
                    yield Input(
                        "" if size <= SAMPLE_ABOVE else str(SAMPLE),
                        placeholder="every secret",
                        id="games",
                        compact=True,
                        classes="half",
                    )
                    yield Input(
                        "" if seed is None else str(seed),
                        placeholder="none (random)",
                        id="seed",
                        compact=True,
                        classes="half",
                    )
                with Horizontal(id="stats-buttons"):
                    yield Button("Run", id="run", variant="primary", compact=True)
                    yield Button("Cancel (Esc)", id="cancel", variant="error", compact=True)
        yield ProgressBar(id="progress", show_eta=True)
        yield Static("Choose strategies and press Run (Ctrl+R).", id="stats-status", markup=False)
        yield ScrollableContainer(id="stats-results")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(ProgressBar).display = False  # no idle animation before a run
        self.query_one("#cancel", Button).display = False  # nothing to cancel yet
        self.query_one("#run", Button).focus()
        self.sizing.mount()

    def on_resize(self, event: events.Resize) -> None:
        self.sizing.resized(event.size)

    def selected(self) -> list[str]:
        return [name for name in STRATEGIES if self.query_one(f"#strategy-{name}", Checkbox).value]

    @on(Checkbox.Changed, "#strategies Checkbox")
    def _ticked(self) -> None:
        if self._keep is not None:
            self._keep(tuple(self.selected()))

    def _plan(self) -> Plan:
        colours = whole_number(self.query_one("#colours", Input).value, "colours")
        positions = whole_number(self.query_one("#positions", Input).value, "positions")
        names = self.selected()
        if not names:
            raise MastermindError("choose at least one strategy")
        for name in names:  # the one check of a game's settings, whatever the screen
            settings = Settings.build(
                colours=colours,
                positions=positions,
                notation="numbers",
                strategy=name,
                repeats=not self.query_one("#no-repeats", Checkbox).value,
            )
        games_text = self.query_one("#games", Input).value
        games = None if not games_text.strip() else whole_number(games_text, "games")
        seed_text = self.query_one("#seed", Input).value
        seed = None if not seed_text.strip() else whole_number(seed_text, "the seed")
        secrets = choose_secrets(settings.space, games, seed)
        return Plan(settings.space, tuple(names), secrets, seed)

    def say(self, text: str) -> None:
        self.query_one("#stats-status", Static).update(text)

    @on(Button.Pressed, "#run")
    @on(Input.Submitted)
    @on(Tick.Submitted)
    def action_run(self) -> None:
        if self.running:
            self.say("A run is going: cancel it first (Escape).")
            return
        try:
            plan = self._plan()
        except MastermindError as problem:
            self.say(f"Cannot run: {problem}")
            return
        seconds = plan.seconds()
        if plan.games > ASK_ABOVE_GAMES or seconds > ASK_ABOVE_SECONDS:

            def answered(yes: bool | None) -> None:
                if yes:
                    self.start(plan)
                else:
                    self.say("Not run.")

            strategies = plural(len(plan.names), "strategy", "strategies")
            self.app.push_screen(
                Confirm(
                    f"{plural(plan.games, 'game')} ({strategies} of "
                    f"{plural(len(plan.secrets), 'secret')}) will take "
                    f"{describe_seconds(seconds)} {plan.where()}. Run them?",
                    yes="Run",
                    no="Not now",
                    title="A long run",
                ),
                answered,
            )
            return
        self.start(plan)

    def start(self, plan: Plan) -> None:
        """Start a run on its own plan; a run started again drops the late messages of the
        one before (``jobs``)."""
        self._secrets = len(plan.secrets)
        self._plan_run = plan
        self.query_one("#stats-results").remove_children()
        bar = self.query_one(ProgressBar)
        bar.update(total=plan.games, progress=0)
        bar.display = True
        self.query_one("#cancel", Button).display = True
        self.compute(
            "run",
            partial(play, plan),
            self._finished,
            news=self._heard,
            progress=self._progressed,
        )
        self.refresh_bindings()

    @property
    def running(self) -> bool:
        return self.busy("run")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape cancels a run while one goes (Cancel run), else goes back (Back): the
        footer offers the one the key would do."""
        if action in ("cancel", "back"):
            return (action == "cancel") == self.running
        return True

    def action_back(self) -> None:
        self.post_message(OpenHome())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        if not self.running:
            self.say("Nothing to cancel: press Run (Ctrl+R) to start.")
            return
        self.forget("run")
        self._ended("Cancelled.")

    def _heard(self, news: Told) -> None:
        """A status line, or a strategy's result: its card joins the others."""
        if news.result is None:
            self.say(news.line)
        else:
            self.query_one("#stats-results").mount(StatsCard(news.result, classes="stats-card"))
            self.cards += 1

    def watch_cards(self) -> None:
        """Every card on the rows and the scale of all the cards on show."""
        cards = list(self.query(StatsCard))
        rows, scale = layout([card.result for card in cards])
        for card in cards:
            card.draw(rows, scale)

    def action_scroll_results(self, pages: int) -> None:
        """PageUp/PageDown: the cards, wherever the focus is (taller than the screen)."""
        results = self.query_one("#stats-results", ScrollableContainer)
        if pages < 0:
            results.scroll_page_up()
        else:
            results.scroll_page_down()

    def _progressed(self, done: int, total: int) -> None:
        self.query_one(ProgressBar).update(progress=done)

    def _finished(self, result: Ended) -> None:
        cards = len(self.query(StatsCard))
        each = plural(self._secrets, "game")
        done = f"Done: {plural(cards, 'strategy', 'strategies')}, {each} each.{self._seeded()}"
        self._ended(f"{done} {result.notice}" if result.notice else done)

    def _seeded(self) -> str:
        """The seed of the run, or that it had none where that matters (a sample, or a
        strategy that draws at random): a rerun then may differ."""
        plan = self._plan_run
        if plan is None:
            return ""
        if plan.seed is not None:
            return f" Seed {plan.seed}."
        chance = any(not STRATEGIES[n].deterministic for n in plan.names)
        if chance or plan.space.count != len(plan.secrets):
            return " No seed: a rerun may differ (set Seed to repeat one)."
        return ""

    def failed(self, job: str, error: str) -> None:
        self._ended(f"The run failed: {error}")

    def _ended(self, text: str) -> None:
        """The run is over: its line says how; the bar goes (its time left would read
        00:00:00 or --:--:-- by a race of clocks, neither of use)."""
        self.query_one("#cancel", Button).display = False  # shown only while a run goes
        self.query_one(ProgressBar).display = False
        self.say(text)
        self.refresh_bindings()
