"""The watch's two panels for a lesson: the ranked list of every guess weighed (``l``)
and the strategy's rule card (``r``; F1's help opens with it too). Both are dialogs that
Escape closes; ``Lesson`` is the watch screen's part that opens them (its keys are bound
in the watch's own table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from engine.strategies import strategy_class
from engine.strategies.rule_card import RuleCard, rule_card
from engine.strategies.weighing import Weighing

from ..game.ranked import weighing_at
from ..game.watch_session import WatchSession
from ..widgets.pegs import Painter
from ..widgets.ranked import RankedList, header
from .exploring import RANKING
from .move_jobs import MoveJobs

DIALOG_CSS = """
RankedScreen, RuleCardScreen {
    align: center middle;
}
.lesson-box {
    width: 100;
    max-width: 100%;
    height: auto;
    max-height: 100%;
    border: thick $primary;
    background: $surface;
    padding: 0 1;
}
RankedScreen .lesson-box {
    height: 100%;
}
RankedScreen .lesson-box.-short, RankedScreen .-short RankedList {
    height: auto;
}
.lesson-foot {
    color: $text-muted;
}
"""


def card_markdown(card: RuleCard) -> str:
    """The card as a few lines of Markdown (F1's help opens with it)."""
    lines = "\n".join(f"- **{head}**: {said}" for head, said in card.lines())
    return f"## The rule of {card.name}\n{card.summary}.\n\n{lines}\n"


#: A ranked list this short is drawn whole, the dialog no taller than it needs.
SHORT = 12


class RuleCardScreen(ModalScreen[None]):
    """The strategy's rule in four lines; Escape (or r, q) closes it."""

    DEFAULT_CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,r,q", "dismiss", "Close")]

    def __init__(self, card: RuleCard) -> None:
        super().__init__()
        self.card = card

    def compose(self) -> ComposeResult:
        card = self.card
        with Vertical(classes="lesson-box") as box:
            box.border_title = f"The rule of {card.name}"
            yield Static(f"[b]{card.name}[/b]: {card.summary}", markup=True)
            for head, said in card.lines():
                yield Static(f"[b]{head}[/b]: {said}", markup=True, classes="rule-line")
            yield Static("Escape closes this card; F1 the help.", classes="lesson-foot")


class RankedScreen(ModalScreen[None]):
    """Every guess weighed at one move, ranked; Escape (or l, q) closes it."""

    DEFAULT_CSS = DIALOG_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,l,q", "dismiss", "Close"),
        Binding("c", "best_possible", "Could be the secret"),
    ]

    def __init__(
        self, weighing: Weighing, title: str, paint: Painter, fmt: Callable[[int], str]
    ) -> None:
        super().__init__()
        self.weighing = weighing
        self.title_text = title
        self._paint = paint
        self._fmt = fmt

    def compose(self) -> ComposeResult:
        with Vertical(classes="lesson-box") as box:
            box.border_title = "Every guess weighed"
            box.set_class(len(self.weighing) <= SHORT, "-short")
            yield Static(self.title_text, id="ranked-title")
            yield RankedList(self.weighing, self._paint, self._fmt, id="ranked-list")
            yield Static(
                "↑↓ PgUp PgDn Home End · c: the best that could be the secret · Esc closes",
                classes="lesson-foot",
            )

    def on_mount(self) -> None:
        self.query_one(RankedList).focus()

    def action_best_possible(self) -> None:
        """c: scroll to the best code that could be the secret (the first ✓ row)."""
        rows = self.weighing.possible.nonzero()[0]
        if len(rows):
            self.query_one(RankedList).scroll_to(y=int(rows[0]), animate=False)


class Lesson:
    """The watch's ``l`` and ``r`` (bound in the watch's own table, where the footer's
    order is decided): the ranked list worked out for the move on show, and the rule
    card; ``pause`` stops playing first."""

    def __init__(
        self,
        screen: Screen[Any],
        session: WatchSession,
        jobs: MoveJobs,
        pause: Callable[[], None],
        paint: Painter,
    ) -> None:
        self.screen = screen
        self.session = session
        self.jobs = jobs
        self.pause = pause
        self._paint = paint

    def rule_card(self) -> RuleCard:
        return rule_card(strategy_class(self.session.settings.strategy))

    def rule(self) -> None:
        """r: the strategy's rule card."""
        self.pause()
        self.screen.app.push_screen(RuleCardScreen(self.rule_card()))

    def ranked(self) -> None:
        """l: every guess weighed at the move on show, ranked (worked out in a worker)."""
        self.pause()
        session = self.session
        if not session.solved:
            self._tell("Wait for the game to be worked out, then l lists every guess weighed.")
            return
        move, steps, settings = session.move, session.steps, session.settings
        self._tell(f"Weighing every guess of move {move + 1} again… Escape stops")

        def done(weighing: Weighing | None) -> None:
            if weighing is None:
                self._tell(f"{settings.strategy} weighs no guesses: nothing to rank.")
                return
            self._tell(session.caption())
            title = header(weighing, move + 1, settings.strategy, session.format)
            ranked = RankedScreen(weighing, title, self._paint, session.format)
            self.screen.app.push_screen(ranked)

        self.jobs.start(RANKING, lambda _: weighing_at(settings, steps, move), done)

    def _tell(self, text: str) -> None:
        self.screen.query_one("#caption", Static).update(text)
