"""Strategies side by side on one secret: a column each, with its board and its current
split, stepped together beat by beat (the position, then its answer), and the totals at
the end."""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Header, Static

from engine.explain.decisions import answer_text
from engine.explain.measured import why_text
from engine.words import plural

from ..game.compare_session import CompareSession
from ..game.watch_session import Recording, WatchSession
from ..jobs import Working
from ..widgets.bars import PartitionBars
from ..widgets.board import Board
from .playback import AGAIN, Playback
from .sized import HORIZONTAL, TALL, VERTICAL, Sizing, say_in

#: A column's width the border takes besides its title (corners, dashes and spaces).
BORDER_TITLE_ROOM = 6


def column_text(watch: WatchSession, beat: int) -> str:
    """What one strategy's column says at the common ``beat``: its guess and, on a line
    of its own, why in its strategy's measure (the runner-up's score beside) or its rule;
    or the answer and the codes left; once it has its last answer, every column alike,
    how many guesses it took."""
    if not watch.solved:
        return "Thinking…"
    step = watch.steps[watch.move]
    guess = watch.format(step.guess)
    if beat > watch.beat or (watch.at_end and watch.answered):
        return f"Solved in {plural(len(watch.steps), 'guess', 'guesses')}."
    if not watch.answered:
        said = f"{step.decision.candidates_before:,} codes: plays {guess}"
        return f"{said}\n{why_text(step.decision, watch.format)}"
    return (
        f"{guess} gets {answer_text(step.answer)}; "
        f"{step.decision.candidates_before:,} → {plural(step.candidates_after, 'code')}"
    )


class CompareScreen(Working, Screen[None]):
    """The games are all worked out in one worker first; stepping (``playback``) only
    changes the view."""

    # Textual declares these as optional instance-level lists, so no ClassVar here.
    HORIZONTAL_BREAKPOINTS = HORIZONTAL
    VERTICAL_BREAKPOINTS = VERTICAL

    CSS_PATH: ClassVar[list[str | PurePath]] = ["game.tcss", "compare.tcss"]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,right", "step(1)", "Next", priority=True),
        Binding("p,left", "step(-1)", "Back", priority=True),
        Binding("space", "play", "Play", priority=True),
        Binding("plus,equals_sign", "speed(1)", "Speed", key_display="+-", priority=True),
        Binding("minus", "speed(-1)", show=False, priority=True),
        Binding("home", "jump(0)", "Start", show=False, priority=True),
        Binding("end", "jump(-1)", "End", show=False, priority=True),
        Binding("f1", "help", "Help"),
        Binding("f5", "app.new_game", "Home"),
    ]

    #: Each change of the beat on show (the games worked out, a step): drawn in
    #: ``watch_shown``.
    shown: var[int] = var(0, init=False)

    def __init__(self, session: CompareSession) -> None:
        super().__init__()
        self.sizing = Sizing(self)
        self.session = session
        self.playback = Playback(self, session, self._redraw, self._redraw, self._status)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="status")
        with Horizontal(id="columns"):
            for watch in self.session.watches:
                with Vertical(classes="pane column") as column:
                    name = watch.settings.strategy_shown
                    column.border_title = name
                    # The name whole where the border cuts it (a long name, 4 columns).
                    yield Static(name, classes="column-name", markup=False)
                    yield Board(classes="column-board")
                    yield Static(classes="column-said")
                    yield PartitionBars(classes="column-bars")
        yield Static("Thinking…", id="caption")
        yield Footer()

    def on_mount(self) -> None:
        self._status()
        self.compute("games", lambda ticket: self.session.play(ticket.check), self._played)
        self.sizing.mount()

    def on_resize(self, event: events.Resize) -> None:
        # The bars get the lines left under the board: as many as the column holds, so
        # that no rows stand empty under a fold (the first guess is drawn before a resize).
        for bars in self.query(PartitionBars):
            bars.limit = 4 if event.size.height < TALL else 10
        self.call_after_refresh(self._fit_bars)
        self.sizing.resized(event.size)

    def _fit_bars(self) -> None:
        """Each column's bars take the lines left under its board and sentence; a name
        its border cuts is written whole over the board."""
        for name in self.query(".column-name").results(Static):
            column = name.parent
            if isinstance(column, Widget):
                cut = len(str(column.border_title)) + BORDER_TITLE_ROOM > column.outer_size.width
                name.display = cut
        for bars in self.query(PartitionBars):
            column = bars.parent
            if not (self.is_attached and isinstance(column, Widget)):
                return
            bars.limit = max(4, column.content_region.bottom - bars.region.y)

    def _played(self, games: list[Recording]) -> None:
        self.session.take(games)
        self.shown += 1

    def failed(self, job: str, error: str) -> None:
        say_in(self, f"A strategy failed: {error}", "#caption")

    def watch_shown(self) -> None:
        """Each column at the beat on show."""
        session = self.session
        space = session.settings.space
        symbols = session.settings.notation.symbols(space.colours)
        boards = list(self.query(".column-board").results(Board))
        saids = list(self.query(".column-said").results(Static))
        bars_ = list(self.query(".column-bars").results(PartitionBars))
        if not len(session.watches) == len(boards) == len(saids) == len(bars_):
            return  # the screen is being torn down (or not yet built): nothing to show on
        for watch, board, said, bars in zip(session.watches, boards, saids, bars_, strict=True):
            secret = space.to_digits(session.secret) if watch.at_end and watch.answered else None
            board.show(
                watch.rows(),
                space.positions,
                session.settings.rules.max_moves,
                symbols,
                secret,
                watch.pending(),
            )
            said.update(column_text(watch, session.beat))
            view = watch.trace()
            bars.show(view.partition, view.answered, name=view.partition_of, worst=view.worst)
        caption = session.totals() if session.at_end else f"{session.moment()}. n or →: next."
        if session.at_end and not self.playback.playing:
            caption += f" {AGAIN}"
        say_in(self, caption, "#caption")
        self.call_after_refresh(self._fit_bars)

    def _redraw(self) -> None:
        self.shown += 1

    def action_step(self, delta: int) -> None:
        self.playback.step(delta)

    def action_jump(self, where: int) -> None:
        self.playback.jump(where)

    def action_play(self) -> None:
        self.playback.toggle()

    def action_speed(self, by: int) -> None:
        self.playback.faster(by)

    def _status(self) -> None:
        settings = self.session.settings
        space = settings.space
        secret = settings.notation.format(space, self.session.secret)
        said = f"Comparing on {secret} ({space.rules_text()}) · {self.playback.text()}"
        if len(said) > self.app.size.width - 2:  # one line at 80 columns
            said = f"Comparing on {secret} ({space.short_text()}) · {self.playback.text()}"
        say_in(self, said)

    def action_help(self) -> None:
        from .help import HelpScreen, Page

        self.playback.pause()
        self.app.push_screen(HelpScreen(Page.COMPARE))
