"""The home screen's form: a field for each setting (its label, its widget and, under them,
its error), each setting read from and written to its field, and an error shown beside the
field at fault. ``home`` decides what the form's changes, buttons and keys do."""

from __future__ import annotations

import re
from collections.abc import Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Select, Static

from engine import STRATEGIES, MastermindError
from engine.answers import RULES
from engine.codes import CodeSpace
from engine.notation import NOTATIONS
from engine.strategies import DEFAULT_STRATEGY
from engine.strategies.own import is_file_name

from ..game.kinds import GameKind
from ..game.rivals import DEFAULT_RIVALS
from ..game.settings import PRESET_TITLES, SETTINGS, SettingError, Settings
from ..services.optimum import Size, criterion
from ..widgets.command_line import ENTER_KEYS
from ..widgets.tick import Tick

#: The form's field of each setting (``settings.SETTINGS``) is named as the setting is,
#: "_" written "-", but for this one (ticked: no repeats).
NO_REPEATS = "no-repeats"
#: An option of the command line named in an engine's message, and its field here.
_OPTION = re.compile(r"--(strategy|notation) ")


def form_words(message: str) -> str:
    """An engine's message in the form's words: "try --strategy most-parts" becomes "try
    strategy most-parts", the field's name rather than an option nobody types here."""
    return _OPTION.sub(r"\1 ", message)


class FormSelect(Select[str]):
    """A drop-down whose Enter (or ctrl+j: ``ENTER_KEYS``) starts the game, as the title
    says; Space and the arrow keys still open the list."""

    class Submitted(Message):
        """Enter was pressed on the closed drop-down."""

    async def _on_key(self, event: events.Key) -> None:
        if event.key in ENTER_KEYS and not self.expanded:
            event.stop()
            event.prevent_default()
            self.post_message(self.Submitted())


class HomeForm(Grid):
    """The fields, filled from the Settings given; every field keeps its value while an
    error is shown beside it."""

    def __init__(
        self, settings: Settings, kinds: Sequence[GameKind], mode: GameKind, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self._initial = settings
        self._kinds = kinds
        self._mode = mode
        #: How many fields show an error: every change asks (``has_error``), and a query
        #: of the whole form for it, on each of the changes filling the fields at start,
        #: was a part of the first frame's time.
        self._errors = 0

    def compose(self) -> ComposeResult:
        s = self._initial
        rules = s.rules
        yield from self._field(
            "Mode",
            FormSelect(
                [(kind.title, kind.name) for kind in self._kinds],
                value=self._mode.name,
                allow_blank=False,
                id="mode",
                compact=True,
            ),
        )
        # A cap given on the command line (optimal-max5) is offered too; a strategy file
        # never: files come from the command line alone.
        strategy = DEFAULT_STRATEGY if is_file_name(s.strategy) else s.strategy
        yield from self._field(
            "Strategy",
            FormSelect(
                [(name, name) for name in dict.fromkeys([*STRATEGIES, strategy])],
                value=strategy,
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
            Tick("each colour once per code", not rules.repeats, id=NO_REPEATS, compact=True),
        )
        yield from self._field(
            "Answers",
            FormSelect(
                [(rule.title, rule.name) for rule in RULES.values()],
                value=rules.answers.name,
                allow_blank=False,
                id="answers",
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
            "Players (two names)",
            Input(id="players", placeholder="Player 1, Player 2", compact=True),
        )
        yield from self._field(
            "Laboratory view (you break the code)",
            Tick("show what the solver knows", s.lab, id="lab", compact=True),
        )
        yield from self._field(
            "Hard mode",
            Tick("each guess fits every answer", s.hard, id="hard", compact=True),
        )
        yield from self._field(
            "Timed", Tick("a live clock as you play", s.timed, id="timed", compact=True)
        )
        yield from self._field(
            "Challenge code (blank: a new secret)",
            Input(id="challenge", placeholder="e.g. 1FBTA-DP3JX-EZQ", compact=True),
        )

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

    def mode(self) -> GameKind:
        """The mode chosen."""
        name = self.query_one("#mode", Select).value
        return next(kind for kind in self._kinds if kind.name == name)

    def settings(self) -> Settings:
        """Settings from the form, or MastermindError saying what is wrong (a number is
        checked as the command line checks it, and named as ``SETTINGS`` calls it)."""
        return Settings.build(
            self.mode(),
            colours=self.number("colours"),
            positions=self.number("positions"),
            rounds=self.number("rounds"),
            moves=self.number("moves"),
            notation=self.choice("notation"),
            strategy=self.choice("strategy"),
            seed=self.number("seed"),
            repeats=self.ticked("repeats"),
            answers=self.choice("answers"),
            lab=self.ticked("lab"),
            hard=self.ticked("hard"),
            timed=self.ticked("timed"),
        )

    def number(self, name: str) -> int | None:
        """The number typed for the setting ``name`` (None: blank, where that means its
        default, a random seed), or SettingError naming it."""
        text = self.query_one(f"#{name}", Input).value
        if not text.strip() and SETTINGS[name].default is None:
            return None
        try:
            return SETTINGS[name].read(text)
        except MastermindError as problem:
            raise SettingError(name, str(problem)) from None

    def choice(self, name: str) -> str:
        """The value chosen in the drop-down of the setting ``name``."""
        return str(self.query_one(f"#{name}", Select).value)

    def ticked(self, name: str) -> bool:
        """The switch of the setting ``name`` (repeats: its box is ticked for none)."""
        return self.query_one(self._selector(name), Checkbox).value != (name == "repeats")

    @staticmethod
    def _selector(name: str) -> str:
        return f"#{NO_REPEATS if name == 'repeats' else name.replace('_', '-')}"

    def _field_of(self, name: str) -> Widget:
        return self.query_one(self._selector(name))

    def read(self, name: str) -> object:
        """The setting ``name`` from its field, or SettingError naming it."""
        field = self._field_of(name)
        if isinstance(field, Checkbox):
            return self.ticked(name)
        if isinstance(field, Select):
            return self.choice(name)
        return self.number(name)

    def show(self, name: str, value: object) -> None:
        """Put ``value`` in the field of the setting ``name``; ``read`` reads it back."""
        field = self._field_of(name)
        if isinstance(field, Checkbox):
            field.value = bool(value) != (name == "repeats")
        elif isinstance(field, Select):
            field.value = str(value)
        elif isinstance(field, Input):
            field.value = "" if value is None else str(value)

    def show_fields(self, names: tuple[str, ...]) -> None:
        """Show the mode's field and those named; hide the rest (a hidden field keeps its
        value, and Tab passes it by)."""
        for field in self.query(".field"):
            name = str(field.id).removeprefix("field-")
            field.display = name == "mode" or name in names

    def clear_errors(self) -> None:
        if not self._errors:
            return
        self._errors = 0
        for field in self.query(".field.-invalid"):
            field.remove_class("-invalid")
            field.query_one(".field-error", Static).update("")

    def show_error(self, name: str, message: str, quiet: bool) -> None:
        """``message`` in the form's words beside the field of ``name``, which gets the
        focus (``quiet``: focus stays)."""
        widget = self._field_of(name)
        field = self.query_one(f"#field-{widget.id}")
        if not field.has_class("-invalid"):
            self._errors += 1
        field.add_class("-invalid")
        field.query_one(".field-error", Static).update(form_words(message))
        if not quiet:
            widget.focus()
        field.scroll_visible()

    @property
    def has_error(self) -> bool:
        """Whether a field shows an error (to check the form again as it changes)."""
        return self._errors > 0

    @property
    def error(self) -> str:
        """The error shown beside a field ("" when there is none)."""
        return " ".join(
            str(field.query_one(".field-error", Static).render())
            for field in self.query(".field.-invalid")
        )

    def game_size(self) -> Size | None:
        """The size on the form, or None while colours or positions are not a size."""
        try:
            colours, positions = (
                SETTINGS[name].read(self.query_one(f"#{name}", Input).value)
                for name in ("colours", "positions")
            )
            repeats = not self.query_one(f"#{NO_REPEATS}", Checkbox).value
            answers = RULES[self.choice("answers")]
            CodeSpace(colours, positions, repeats, answers)
        except MastermindError:
            return None
        strategy = str(self.query_one("#strategy", Select).value)
        return Size(colours, positions, repeats, criterion(strategy), answers)
