"""Watch a strategy break a known secret, one step at a time, forward and back."""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from ..game.watch_session import Recording, WatchSession
from ..jobs import Working
from ..widgets.bars import PartitionBars
from ..widgets.board import Board
from ..widgets.codemap import CodeMap
from ..widgets.history import History
from ..widgets.pegs import painter
from ..widgets.trace import TracePane
from .base import panes
from .decision_tree import DecisionTreeScreen, no_tree
from .exploring import RANKING, Explorer
from .lesson import Lesson, card_markdown
from .move_jobs import MoveJobs
from .playback import AGAIN, Playback
from .sized import HORIZONTAL, VERTICAL, Sizing, say_in
from .what_if import WhatIfAsker


class WatchScreen(Working, Screen[None]):
    """The whole game is solved in a worker first; stepping (``playback``) only changes
    what is shown. The board lists the moves, so on a wide terminal the trace takes
    History's room. Its parts: what if (``asking``), exploring a branch (``explorer``),
    the lesson's list and card (``lesson``), their jobs for the move on show
    (``move_jobs``) and its fit to the terminal (``sizing``)."""

    # Textual declares these as optional instance-level lists, so no ClassVar here.
    HORIZONTAL_BREAKPOINTS = HORIZONTAL
    VERTICAL_BREAKPOINTS = VERTICAL

    CSS_PATH: ClassVar[list[str | PurePath]] = ["game.tcss", "watch.tcss"]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n,right", "step(1)", "Next", id="next", priority=True),
        Binding("p,left", "step(-1)", "Back", id="back", priority=True),
        Binding("space", "play", "Play", id="play", priority=True),
        # Shown once an answer row is selected (where it applies), in Speed's place: an
        # 80-column footer has no room for both.
        Binding("x", "explore", "Explore", id="explore", priority=True),
        Binding("plus,equals_sign", "speed(1)", "Speed", key_display="+-", priority=True),
        Binding("minus", "speed(-1)", show=False, priority=True),
        # The same keys where the footer hides them (``check_action``): they work anyway.
        Binding("plus,equals_sign", "faster(1)", show=False, priority=True),
        Binding("x", "explore_now", show=False, priority=True),
        Binding("home", "jump(0)", "Start", show=False, priority=True),
        Binding("end", "jump(-1)", "End", show=False, priority=True),
        # What an 80-column footer must show first: what if, help and the tree. The keys
        # that act on the move on show are priority keys, as n and p are: Textual hands a
        # key without priority to the focused widget's queue, and n typed just after it
        # would step first, so that l would weigh the next move.
        Binding("w", "what_if", "What if", id="what-if", priority=True),
        Binding("f1", "help", "Help", id="help"),
        Binding("f4", "tree", "Tree", id="tree", priority=True),
        Binding("l", "ranked", "List", id="ranked", priority=True),
        Binding("r", "rule", "Rule", id="rule"),
        Binding("backspace", "leave", show=False),
        Binding("escape", "cancel", show=False),
        Binding("up", "select_bar(-1)", "Bar", key_display="↑↓", priority=True),
        Binding("down", "select_bar(1)", "Bar", show=False, priority=True),
        Binding("enter", "open_bar", "Open", key_display="⏎", priority=True),
        *[Binding(str(k), f"open_bar({k})", show=False) for k in range(1, 10)],
        Binding("shift+left", "move_cursor(-1, 0)", "Map", key_display="⇧+arrows"),
        Binding("shift+right", "move_cursor(1, 0)", show=False),
        Binding("shift+up", "move_cursor(0, -1)", show=False),
        Binding("shift+down", "move_cursor(0, 1)", show=False),
        Binding("pageup", "scroll_trace(-1)", show=False),
        Binding("pagedown", "scroll_trace(1)", show=False),
        Binding("f5", "app.new_game", "Home", id="new-game"),
    ]

    #: Each change of what the session has on show (the game worked out, a step, a
    #: what-if asked or dropped): drawn in ``watch_shown``.
    shown: var[int] = var(0, init=False)

    def __init__(self, session: WatchSession) -> None:
        super().__init__()
        self.sizing = Sizing(self)
        self.session = session
        #: The partition bar selected with the arrow keys, and whether it is open.
        self._bar: int | None = None
        self._open = False
        self._paint = painter(session.space, session.settings.notation)
        self.playback = Playback(self, session, self._moved, self._redraw, self._status)
        jobs = self.move_jobs = MoveJobs(self, session)
        self.asking = WhatIfAsker(self, session, jobs, self.pause, self._redraw)
        self.explorer = Explorer(self, session, jobs, self.pause, self._moved, self._status)
        self.lesson = Lesson(self, session, jobs, self.pause, self._paint)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="status")
        yield from panes(self.session.space.answers, more_key="PgDn")
        yield Static("Thinking…", id="caption")
        yield Footer()

    def on_mount(self) -> None:
        self._status()
        self.query_one(CodeMap).hint = "shift+arrows or the mouse: name a code"
        # Named for what a failure says: "The strategy failed: ..."
        self.compute("strategy", lambda ticket: self.session.play(ticket.check), self._played)
        self.sizing.mount()

    def on_resize(self, event: events.Resize) -> None:
        self.sizing.resized(event.size)

    def _played(self, game: Recording) -> None:
        self.session.take(game)
        self.shown += 1

    def failed(self, job: str, error: str) -> None:
        """The strategy's game or a what-if failed: said in the caption."""
        self.query_one("#caption", Static).update(f"The {job} failed: {error}")

    def watch_shown(self) -> None:
        self.move_jobs.drop_elsewhere()
        session = self.session
        space = session.space
        symbols = session.settings.notation.symbols(space.colours)
        rows = session.rows()
        secret = space.to_digits(session.target) if session.at_end else None
        self.query_one(Board).show(
            rows,
            space.positions,
            session.settings.rules.max_moves,
            symbols,
            secret,
            session.pending(),
        )
        self.query_one(History).show(
            [(session.format(space.from_digits(r.digits)), r.answer) for r in rows]
        )
        self.query_one(TracePane).show(
            session.trace(),
            session.format,
            space.colours,
            space.positions,
            paint=self._paint,
            chart=True,
        )
        asked = session.what_if
        said = session.caption() if asked is None else f"Move {asked.move + 1} · {asked.text}"
        if asked is None and session.at_end and not self.playback.playing:
            said += f" {AGAIN}"
        self.query_one("#caption", Static).update(said)
        self._draw_bar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers x where it applies (an answer row selected), Speed elsewhere;
        the keys of both work all the same (x says how to select a row)."""
        if action in ("explore", "speed") and parameters != (-1,):
            return (action == "explore") == (self._bar is not None)
        return True

    def action_faster(self, by: int) -> None:
        self.action_speed(by)

    def action_explore(self) -> None:
        self.explorer.explore(self._bar)

    def action_explore_now(self) -> None:
        self.action_explore()

    def action_leave(self) -> None:
        self.explorer.leave()

    def action_cancel(self) -> None:
        """Escape: stop a branch or the ranked list being worked out, else drop the
        what-if."""
        if self.explorer.stop():
            self._caption("Exploring stopped. n, p: step; x: explore another answer.")
        elif self.busy(RANKING):  # its result dropped: the list does not open
            self.forget(RANKING)
            self._caption("Weighing stopped: the list will not open. l weighs again.")
        else:
            self.asking.drop()

    def action_what_if(self) -> None:
        self.asking.ask()

    def action_ranked(self) -> None:
        self.lesson.ranked()

    def action_rule(self) -> None:
        self.lesson.rule()

    def _caption(self, text: str) -> None:
        self.query_one("#caption", Static).update(text)

    def _draw_bar(self) -> None:
        """The selected bar, with its codes listed under it when open."""
        self.refresh_bindings()
        bars = self.query_one(PartitionBars)
        answers = bars.answers() if self.session.solved else []
        if self._bar is None or not answers:
            bars.select(None)
            return
        self._bar = min(self._bar, len(answers) - 1)
        codes = self.session.class_codes(answers[self._bar]) if self._open else None
        if self._open and codes is None:
            self.query_one("#caption", Static).update("Too many codes to list this class.")
        written = None if codes is None else [self.session.format(int(c)) for c in codes]
        painted = None if codes is None else [self._paint(int(c)) for c in codes]
        bars.select(self._bar, written, painted)

    def _moved(self) -> None:
        self._bar, self._open = None, False
        self.shown += 1
        # Each beat opens on its heading and sentence, whatever was scrolled to before.
        self.query_one(TracePane).show_top()

    def _redraw(self) -> None:
        self.shown += 1

    def action_step(self, delta: int) -> None:
        self.playback.step(delta)

    def action_jump(self, where: int) -> None:
        self.playback.jump(where)

    def action_select_bar(self, delta: int) -> None:
        """Up and down: select a partition bar (an open one stays open as it moves); the
        first selection scrolls the split into view, and the caption says what x does."""
        first, self._bar = self._bar is None, 0 if self._bar is None else max(0, self._bar + delta)
        self._draw_bar()
        if first and self.session.solved:
            self.query_one(TracePane).show_split()
        if not self._open:
            self.explorer.said_selected(self._bar)

    def action_open_bar(self, number: int = 0) -> None:
        """Enter opens or closes the selected bar; a digit opens that bar (1: the largest)."""
        if number:
            count = len(self.query_one(PartitionBars).answers()) if self.session.solved else 0
            if number > count:
                return
            self._bar, self._open = number - 1, True
        elif self._bar is None:
            self._bar, self._open = 0, True
        else:
            self._open = not self._open
        self._draw_bar()

    @on(PartitionBars.Clicked)
    def _clicked(self, event: PartitionBars.Clicked) -> None:
        """A click opens a bar, as its digit does; a click on the open one closes it."""
        if self._bar == event.index and self._open:
            self._open = False
        else:
            self._bar, self._open = event.index, True
        self._draw_bar()

    def action_move_cursor(self, across: int, down: int) -> None:
        self.query_one(CodeMap).move_cursor(across, down)

    @on(CodeMap.Pointed)
    def _pointed(self, event: CodeMap.Pointed) -> None:
        """The caption says why the code under the map's cursor is possible or not."""
        if self.session.solved:
            self.query_one("#caption", Static).update(self.session.code_text(event.code))

    def action_scroll_trace(self, pages: int) -> None:
        trace = self.query_one(TracePane)
        if pages < 0:
            trace.scroll_page_up()
        else:
            trace.scroll_page_down()

    def pause(self) -> None:
        """Stop playing: a panel opened over the steps keeps the step it was opened on."""
        self.playback.pause()

    def action_tree(self) -> None:
        """F4: the strategy's decision tree from the step on show (playing pauses)."""
        self.pause()
        session = self.session
        caption = self.query_one("#caption", Static)
        refusal = no_tree(session.settings.strategy)
        candidates, history = session.position_now()
        if refusal:
            caption.update(refusal)
        elif not session.solved:
            caption.update("Wait for the game to be worked out, then F4 shows its tree.")
        elif session.at_end:
            caption.update("The code is broken: step back (p) for the tree from an earlier step.")
        elif candidates is None:
            caption.update("Too many codes are still possible for a tree: step forward first.")
        else:
            settings = session.settings
            self.app.push_screen(
                DecisionTreeScreen(
                    session.space, settings.strategy, settings.notation, candidates, history
                )
            )

    def action_help(self) -> None:
        from .help import HelpScreen, Page

        self.pause()
        self.app.push_screen(HelpScreen(Page.WATCH, lead=card_markdown(self.lesson.rule_card())))

    def action_play(self) -> None:
        """Space: play the beats at the speed set, or pause on the beat on show."""
        self.playback.toggle()

    def action_speed(self, by: int) -> None:
        """+ and -: play faster or slower (said on the status line)."""
        self.playback.faster(by)

    def _status(self) -> None:
        settings = self.session.settings
        secret = self.session.format(self.session.secret)
        path = self.session.path()
        if path:  # the path explored says more than the rules, and pausing goes unsaid
            playing = f" · {self.playback.text()}" if self.playback.playing else ""
            say_in(self, f"{path[0].upper()}{path[1:]}{playing}")
            return
        said = f"Watching {settings.strategy} break {secret} ({settings.space.rules_text()})"
        say_in(self, f"{said} · {self.playback.text()}")
