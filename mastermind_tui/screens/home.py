"""The home screen: choose the mode and the game, with errors explained in place."""

from __future__ import annotations

import re
from typing import ClassVar, cast

import numpy as np
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Header, Input, Label, Select, Static

from engine import STRATEGIES, MastermindError
from engine.codes import CodeSpace
from engine.notation import NOTATIONS, get_notation

from ..game.compare_session import DEFAULT_RIVALS, read_strategies
from ..game.settings import (
    MODE_TITLES,
    PRESET_FIELDS,
    PRESET_TITLES,
    PRESETS,
    SETTINGS,
    SettingError,
    Settings,
)
from ..navigation import OpenRecords, OpenRetro, OpenStatistics, StartGame, StartWatch
from ..services.optimum import OptimumNews, Searches, SearchOptimum, Size, criterion, describe
from ..widgets.tick import Tick
from .base import SizedScreen

#: The form's field of each setting (``settings.SETTINGS``) is named as the setting is,
#: "_" written "-", but for this one (ticked: no repeats).
_NO_REPEATS = "no-repeats"
#: The modes that watch strategies break a secret (the secret field is theirs).
WATCHED = ("watch", "compare")
#: An option of the command line named in an engine's message, and its field here.
_OPTION = re.compile(r"--(strategy|notation) ")


def form_words(message: str) -> str:
    """An engine's message in the form's words: "try --strategy most-parts" becomes "try
    strategy most-parts", the field's name rather than an option nobody types here."""
    return _OPTION.sub(r"\1 ", message)


class FormSelect(Select[str]):
    """A drop-down whose Enter starts the game, as the title says; Space and the arrow
    keys still open the list."""

    class Submitted(Message):
        """Enter was pressed on the closed drop-down."""

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter" and not self.expanded:
            event.stop()
            event.prevent_default()
            self.post_message(self.Submitted())


class HomeScreen(SizedScreen):
    """Builds Settings from the form; any error is shown and every field keeps its value."""

    CSS_PATH = "home.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start", id="start"),
        Binding("f1", "help", "Help", id="help"),
        Binding("f6", "statistics", "Statistics", id="stats"),
        Binding("f7", "retro", "Retro 1978", id="retro"),
        Binding("f8", "records", "Records", id="records"),
        Binding("ctrl+o", "optimum", "Optimum", show=False, id="optimum"),
    ]

    def __init__(self, settings: Settings | None = None, mode: str | None = None) -> None:
        super().__init__()
        self.initial = settings or Settings.build()
        self.mode = mode or (self.initial.mode if self.initial.mode in MODE_TITLES else "play")

    def compose(self) -> ComposeResult:
        s = self.initial
        rules = s.rules
        yield Header()
        with VerticalScroll(id="home"):
            yield Static(
                "MASTERMIND — choose a game, then Start (Enter or Ctrl+S). F1: help",
                id="home-title",
            )
            with Grid(id="home-form"):
                yield from self._field(
                    "Mode",
                    FormSelect(
                        [(title, key) for key, title in MODE_TITLES.items()],
                        value=self.mode,
                        allow_blank=False,
                        id="mode",
                        compact=True,
                    ),
                )
                yield from self._field(
                    "Strategy",
                    FormSelect(
                        # A cap given on the command line (optimal-max5) is offered too.
                        [(name, name) for name in dict.fromkeys([*STRATEGIES, s.strategy])],
                        value=s.strategy,
                        allow_blank=False,
                        id="strategy",
                        compact=True,
                    ),
                )
                yield from self._field(
                    "Preset (fills the fields below)",
                    FormSelect(
                        [(title, name) for name, title in PRESET_TITLES.items()],
                        prompt="custom",
                        id="preset",
                        compact=True,
                    ),
                )
                yield from self._field(
                    "No repeated colours",
                    Tick(
                        "each colour once per code",
                        not rules.repeats,
                        id=_NO_REPEATS,
                        compact=True,
                    ),
                )
                yield from self._field("Colours", self._input("colours", rules.colours))
                yield from self._field("Positions", self._input("positions", rules.positions))
                yield from self._field("Rounds", self._input("rounds", rules.rounds))
                yield from self._field("Move limit", self._input("moves", rules.max_moves))
                yield from self._field(
                    "Notation",
                    FormSelect(
                        [(name, name) for name in NOTATIONS],
                        value=s.notation.name,
                        allow_blank=False,
                        id="notation",
                        compact=True,
                    ),
                )
                yield from self._field("Seed (blank: random)", self._input("seed", s.seed))
                yield from self._field(
                    "Secret to watch (blank: random)",
                    Input(id="secret", placeholder="e.g. RGOY", compact=True),
                )
                yield from self._field(
                    "Strategies to compare",
                    Input(id="compare", placeholder=" ".join(DEFAULT_RIVALS), compact=True),
                )
                yield from self._field(
                    "Laboratory view (you break the code)",
                    Tick("show what the solver knows", s.lab, id="lab", compact=True),
                )
            yield Static(id="optimum", markup=False)
            with Horizontal(id="home-buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("Statistics", id="statistics", compact=True)
                yield Button("Retro 1978", id="retro", compact=True)
                yield Button("Records", id="records", compact=True)
        yield Footer()

    @staticmethod
    def _field(label: str, widget: Input | Select[str] | Checkbox) -> ComposeResult:
        """A field: its label, its widget and, under them, its error when it has one."""
        with Vertical(classes="field", id=f"field-{widget.id}"):
            yield Label(label)
            yield widget
            yield Static(classes="field-error", markup=False)

    @staticmethod
    def _input(name: str, value: int | None) -> Input:
        return Input("" if value is None else str(value), id=name, compact=True)

    def on_mount(self) -> None:
        self.query_one("#mode", Select).focus()
        self._show_optimum()
        self._secret_example()

    def settings(self) -> Settings:
        """Settings from the form, or MastermindError saying what is wrong (a number is
        checked as the command line checks it, and named as ``SETTINGS`` calls it)."""
        return Settings.build(**{name: self._read(name) for name in SETTINGS})  # type: ignore[arg-type]

    def _field_of(self, name: str) -> Widget:
        return self.query_one(f"#{_NO_REPEATS if name == 'repeats' else name.replace('_', '-')}")

    def _read(self, name: str) -> object:
        field = self._field_of(name)
        if isinstance(field, Checkbox):
            return field.value != (name == "repeats")
        if isinstance(field, Select):
            return str(field.value)
        text = cast(Input, field).value
        if not text.strip() and SETTINGS[name].default is None:
            return None  # blank: the default (a random seed)
        try:
            return SETTINGS[name].read(text)
        except MastermindError as problem:
            raise SettingError(name, str(problem)) from None

    def _show(self, name: str, value: object) -> None:
        """Put ``value`` in the field of the setting ``name``; ``_read`` reads it back."""
        field = self._field_of(name)
        if isinstance(field, Checkbox):
            field.value = bool(value) != (name == "repeats")
        elif isinstance(field, Select):
            field.value = str(value)
        else:
            cast(Input, field).value = "" if value is None else str(value)

    @on(Select.Changed, "#preset")
    def _fill_preset(self, event: Select.Changed) -> None:
        """Fill the fields a preset fixes; they stay editable (what is typed then wins)."""
        if event.value == Select.NULL:
            return
        fixed = PRESETS[str(event.value)]
        for name in PRESET_FIELDS:
            self._show(name, fixed[name])

    @on(Input.Changed, "#colours, #positions")
    @on(Select.Changed, "#notation")
    def _secret_example(self) -> None:
        """The secret's example written as the form's games write codes (a digits game
        was shown RGOY)."""
        size = self.form_size()
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
    @on(Checkbox.Changed, f"#{_NO_REPEATS}")
    @on(Select.Changed, "#notation")
    def _preset_kept(self) -> None:
        """The preset's name stays only while the fields it fills hold its values (Bulls
        and Cows stayed named over 8 colours with repeats)."""
        preset = self.query_one("#preset", Select)
        if preset.value == Select.NULL:
            return
        fixed = PRESETS[str(preset.value)]
        try:
            same = all(self._read(name) == fixed[name] for name in PRESET_FIELDS)
        except SettingError:
            same = False
        if not same:
            preset.clear()

    @on(Input.Submitted)
    @on(FormSelect.Submitted)
    @on(Tick.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        checked = self._checked(secret=True)
        if checked is None:
            return
        settings, secret = checked
        if secret is not None:
            self.post_message(StartWatch(settings, secret, self._strategies(settings)))
        else:
            self.post_message(StartGame(settings))

    def _checked(self, secret: bool, quiet: bool = False) -> tuple[Settings, int | None] | None:
        """The form's settings (and, to start a watch, its secret), or None with the error
        shown beside its field, which gets the focus (``quiet``: focus stays)."""
        self._clear_errors()
        try:
            settings = self.settings()
            code = self._secret(settings) if secret and settings.mode in WATCHED else None
            if secret and settings.mode == "compare":
                self._strategies(settings)
        except SettingError as problem:
            self._show_error(problem.setting, form_words(str(problem)), quiet)
            return None
        return settings, code

    def _clear_errors(self) -> None:
        for field in self.query(".field.-invalid"):
            field.remove_class("-invalid")
            field.query_one(".field-error", Static).update("")

    def _show_error(self, name: str, text: str, quiet: bool) -> None:
        widget = self._field_of(name)
        field = cast(Widget, widget.parent)
        field.add_class("-invalid")
        field.query_one(".field-error", Static).update(text)
        if not quiet:
            widget.focus()
        field.scroll_visible()

    @property
    def error(self) -> str:
        """The error shown beside a field ("" when there is none)."""
        return " ".join(
            str(field.query_one(".field-error", Static).render())
            for field in self.query(".field.-invalid")
        )

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _recheck(self) -> None:
        """An error shown goes as soon as what was wrong is fixed (checked again on every
        change, quietly: the focus stays where the person is typing)."""
        if self.query(".field.-invalid"):
            self._checked(secret=True, quiet=True)

    @on(Input.Changed, "#colours, #positions")
    @on(Checkbox.Changed, f"#{_NO_REPEATS}")
    @on(Select.Changed, "#strategy")
    @on(OptimumNews)
    def _show_optimum(self) -> None:
        """The optimum's line for the size on the form (``optimum``), said again as the
        size changes and as a search in the background moves on."""
        searches = getattr(self.app, "optimum", None)
        text, reason = describe(self.form_size(), searches or Searches())
        line = self.query_one("#optimum", Static)
        line.update(text)
        line.tooltip = reason or None

    def form_size(self) -> Size | None:
        """The size on the form, or None while colours or positions are not a size."""
        try:
            colours, positions = (
                SETTINGS[name].read(self.query_one(f"#{name}", Input).value)
                for name in ("colours", "positions")
            )
            repeats = not self.query_one(f"#{_NO_REPEATS}", Checkbox).value
            CodeSpace(colours, positions, repeats)
        except MastermindError:
            return None
        strategy = str(self.query_one("#strategy", Select).value)
        return Size(colours, positions, repeats, criterion(strategy))

    def action_optimum(self) -> None:
        """Search the optimum of the form's size in the background (or stop it)."""
        size = self.form_size()
        if size is None:
            self._checked(secret=False)  # says what is wrong with the size
        else:
            self.post_message(SearchOptimum(size))

    def _strategies(self, settings: Settings) -> tuple[str, ...]:
        """The strategies to compare (none outside compare mode)."""
        if settings.mode != "compare":
            return ()
        try:
            return read_strategies(self.query_one("#compare", Input).value, settings)
        except MastermindError as problem:
            raise SettingError("compare", str(problem)) from None

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
        checked = self._checked(secret=False)
        if checked is not None:
            self.post_message(OpenStatistics(checked[0]))

    @on(Button.Pressed, "#retro")
    def action_retro(self) -> None:
        self.post_message(OpenRetro())

    @on(Button.Pressed, "#records")
    def action_records(self) -> None:
        self.post_message(OpenRecords())

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen("home"))
