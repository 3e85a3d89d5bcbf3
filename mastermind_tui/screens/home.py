"""The home screen: choose the mode and the game, with errors explained in place."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

import numpy as np
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Header, Input, Select, Static

from engine import MastermindError
from engine.notation import get_notation

from ..game.challenge import Challenge, decode
from ..game.duel import Players, read_players
from ..game.kinds import GameKind
from ..game.rivals import read_strategies
from ..game.settings import PRESET_FIELDS, PRESETS, SettingError, Settings, matching_preset
from ..jobs import Working
from ..navigation import OpenRecords, OpenRetro, OpenStatistics, Start
from ..services.optimum import OptimumNews, Searches, SearchOptimum, describe
from ..widgets.tick import Tick
from .home_form import NO_REPEATS, FormSelect, HomeForm
from .sized import HORIZONTAL, Sizing
from .today import Today

#: The form's fields lie close (no blank line between them) below 34 rows, so that its
#: eight rows and the buttons fit without scrolling.
HOME_VERTICAL = [(0, "-short"), (34, "-tall")]


class HomeScreen(Working, Screen[None]):
    """Builds Settings from the form (``HomeForm``); any error is shown beside its field."""

    # Textual declares these as optional instance-level lists, so no ClassVar here.
    HORIZONTAL_BREAKPOINTS = HORIZONTAL
    VERTICAL_BREAKPOINTS = HOME_VERTICAL

    CSS_PATH = "home.tcss"
    #: Focus goes straight to the mode: the scrolling container Textual would focus first
    #: restyles the whole form twice on its way (45 ms of the first frame).
    AUTO_FOCUS = "#mode"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start", id="start"),
        Binding("f1", "help", "Help", id="help"),
        Binding("f6", "statistics", "Statistics", id="stats"),
        Binding("f7", "retro", "Retro 1978", id="retro"),
        Binding("f8", "records", "Records", id="records"),
        Binding("ctrl+o", "optimum", "Optimum", show=False, id="optimum"),
    ]

    def __init__(
        self,
        kinds: Sequence[GameKind],
        settings: Settings | None = None,
        mode: GameKind | None = None,
    ) -> None:
        """``kinds``: the modes of its Mode list, the first the default; ``mode`` the one
        chosen (else the settings', where it is among them)."""
        super().__init__()
        self.kinds = kinds
        self.sizing = Sizing(self)
        self.initial = settings or Settings.build()
        default = kinds[0]
        self.mode = mode or (self.initial.mode if self.initial.mode in kinds else default)
        #: The preset just named for what the fields hold (not chosen: nothing to fill).
        self._named: str | None = None
        #: The line on today's daily puzzle, once mounted.
        self.today: Today | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="home"):
            yield Static(
                "MASTERMIND — choose a game, then Start (Enter or Ctrl+S). F1: help",
                id="home-title",
            )
            yield HomeForm(self.initial, self.kinds, self.mode, id="home-form")
            yield Static(id="optimum", markup=False)
            yield Static(id="today", markup=False)
            with Horizontal(id="home-buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("Statistics", id="statistics", compact=True)
                yield Button("Retro 1978", id="retro", compact=True)
                yield Button("Records", id="records", compact=True)
        yield Footer()

    @property
    def form(self) -> HomeForm:
        return self.query_one(HomeForm)

    def on_mount(self) -> None:
        records = getattr(getattr(self.app, "recorder", None), "records", None)
        path = records if isinstance(records, Path) else None
        self.today = Today(self, self.query_one("#today", Static), path)
        self._fields_of_mode()
        self._preset_kept()
        self._show_optimum()
        self._secret_example()
        self.sizing.mount()

    def on_resize(self, event: events.Resize) -> None:
        self.sizing.resized(event.size)

    @on(Select.Changed, "#mode")
    def _fields_of_mode(self) -> None:
        """Only the fields that apply to the mode chosen are shown (``GameKind.fields``)."""
        self.form.show_fields(self.form.mode().fields)
        self._say_today()

    @on(Input.Changed, "#colours, #positions")
    @on(Checkbox.Changed, f"#{NO_REPEATS}")
    def _say_today(self) -> None:
        """Today's puzzle of the size on the form, while the daily is chosen."""
        size = self.form.game_size()
        if self.today is not None:
            daily = size is not None and self.form.mode().daily
            self.today.show(size[:3] if daily and size is not None else None)

    @on(Select.Changed, "#preset")
    def _fill_preset(self, event: Select.Changed) -> None:
        """Fill the fields a preset fixes; they stay editable (what is typed then wins)."""
        if event.value == Select.NULL or event.value == self._named:
            self._named = None  # named for the values the fields hold: nothing to fill
            return
        fixed = PRESETS[str(event.value)]
        for name in PRESET_FIELDS:
            self.form.show(name, fixed[name])

    @on(Input.Changed, "#colours, #positions")
    @on(Select.Changed, "#notation")
    def _secret_example(self) -> None:
        """The secret's example written as the form's games write codes (a digits game
        was shown RGOY)."""
        size = self.form.game_size()
        if size is None:
            return  # the form says what is wrong; the example waits for a valid size
        notation = get_notation(str(self.query_one("#notation", Select).value))
        try:
            notation.check(size.colours)  # letters name 8 colours at most
        except MastermindError:
            return
        example = notation.example(size.colours, size.positions)
        self.query_one("#secret", Input).placeholder = f"e.g. {example}"

    @on(Input.Changed, "#colours, #positions, #moves")
    @on(Checkbox.Changed, f"#{NO_REPEATS}")
    @on(Select.Changed, "#notation")
    def _preset_kept(self) -> None:
        """The preset named is the one whose values the fields hold, or none ("custom"):
        Bulls and Cows stayed named over 8 colours with repeats, and the first launch
        read "custom" though every field was the original's."""
        preset = self.query_one("#preset", Select)
        try:
            values = {name: self.form.read(name) for name in PRESET_FIELDS}
        except SettingError:
            values = {}
        name = matching_preset(values)
        if name is None and preset.value != Select.NULL:
            preset.clear()
        elif name is not None and preset.value != name:
            self._named = name
            preset.value = name

    @on(Input.Submitted)
    @on(FormSelect.Submitted)
    @on(Tick.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        start = self._checked(whole=True)
        if start is not None:
            self.post_message(start)

    def _checked(self, whole: bool, quiet: bool = False) -> Start | None:
        """The form read and checked once: its settings and (``whole``: to start the mode)
        what the mode takes, its secret and strategies; or None with the error shown
        beside its field, which gets the focus (``quiet``: focus stays)."""
        form = self.form
        form.clear_errors()
        try:
            settings = form.settings()
            if not whole:
                return Start(settings)
            secret = self._secret(settings) if settings.mode.takes_secret else None
            players = self._players() if settings.mode.takes_players else None
            chosen = players if players is not None else self._challenge(settings)
            return Start(settings, secret, self._strategies(settings), chosen, remember=True)
        except SettingError as problem:
            form.show_error(problem.setting, str(problem), quiet)
            return None

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _recheck(self) -> None:
        """An error shown goes as soon as what was wrong is fixed (checked again on every
        change, quietly: the focus stays where the person is typing)."""
        if self.form.has_error:
            self._checked(whole=True, quiet=True)

    @on(Input.Changed, "#colours, #positions")
    @on(Checkbox.Changed, f"#{NO_REPEATS}")
    @on(Select.Changed, "#strategy, #answers")
    @on(OptimumNews)
    def _show_optimum(self) -> None:
        """The optimum's line for the size on the form (``optimum``), said again as the
        size changes and as a search in the background moves on."""
        searches = getattr(self.app, "optimum", None)
        text, reason = describe(self.form.game_size(), searches or Searches())
        line = self.query_one("#optimum", Static)
        line.update(text)
        line.tooltip = reason or None

    def action_optimum(self) -> None:
        """Search the optimum of the form's size in the background (or stop it)."""
        size = self.form.game_size()
        if size is None:
            self._checked(whole=False)  # says what is wrong with the size
        else:
            self.post_message(SearchOptimum(size))

    def _strategies(self, settings: Settings) -> tuple[str, ...]:
        """The strategies to compare (none for a mode that compares none)."""
        if not settings.mode.takes_strategies:
            return ()
        try:
            return read_strategies(self.query_one("#compare", Input).value, settings)
        except MastermindError as problem:
            raise SettingError("compare", str(problem)) from None

    def _challenge(self, settings: Settings) -> Challenge | None:
        """A friend's challenge typed where the mode takes one (its size and rules then
        the game's), or None."""
        text = self.query_one("#challenge", Input).value
        if "challenge" not in settings.mode.fields or not text.strip():
            return None
        try:
            return decode(text)
        except MastermindError as problem:
            raise SettingError("challenge", str(problem)) from None

    def _players(self) -> Players:
        """A duel's two names ("Ann, Bob"; blank: the defaults)."""
        try:
            return read_players(self.query_one("#players", Input).value)
        except MastermindError as problem:
            raise SettingError("players", str(problem)) from None

    def _secret(self, settings: Settings) -> int:
        text = self.query_one("#secret", Input).value
        if not text.strip():
            return settings.space.random_code(np.random.default_rng(settings.seed))
        from engine import parse_any

        try:
            return parse_any(settings.space, text, settings.notation)
        except MastermindError as problem:
            raise SettingError("secret", str(problem)) from None

    @on(Button.Pressed, "#statistics")
    def action_statistics(self) -> None:
        """Statistics for the colours, positions, strategy and seed typed here."""
        checked = self._checked(whole=False)
        if checked is not None:
            self.post_message(OpenStatistics(checked.settings))

    @on(Button.Pressed, "#retro")
    def action_retro(self) -> None:
        self.post_message(OpenRetro())

    @on(Button.Pressed, "#records")
    def action_records(self) -> None:
        self.post_message(OpenRecords())

    def action_help(self) -> None:
        from .help import HelpScreen, Page

        self.app.push_screen(HelpScreen(Page.HOME, kinds=self.kinds))
