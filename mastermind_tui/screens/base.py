"""What the game screens share: fitting the terminal, the panes, status and command line."""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.reactive import var
from textual.widgets import Footer, Header, Input, Static

from engine.words import plural

from ..game.breaker import breaker_position, codes_of_class
from ..game.session import GameSession
from ..game.typed import Kind, Typed
from ..navigation import ShowSession
from ..widgets.bars import PartitionBars
from ..widgets.board import Board
from ..widgets.codemap import CodeMap
from ..widgets.command_line import CommandLine
from ..widgets.history import History
from ..widgets.trace import TracePane
from .end_keys import end_key
from .sized import TALL, SizedScreen


def panes(more_key: str = "Ctrl+PgDn") -> ComposeResult:
    """Board, History and Solver trace, each titled: the first two side by side on a wide
    terminal, one above the other on a narrow one. ``more_key``: the key that scrolls the
    trace on this screen (said on its border when more lies below)."""
    with Horizontal(id="panes"):
        with Container(id="moves"):
            with Vertical(id="board-pane", classes="pane") as pane:
                pane.border_title = "Board"
                yield Board(id="board")
            with Vertical(id="history-pane", classes="pane") as pane:
                pane.border_title = "History"
                yield History(id="history")
        trace = TracePane(more_key, id="trace", classes="pane")
        trace.border_title = "Solver trace"
        yield trace


class GameScreen(SizedScreen):
    """A game in progress: the session is the only state; this screen draws it, following
    it through reactive state: ``generation`` (the session's, set once the moves changed)
    and the screen's own vars, each watched by the one method that draws what it says."""

    #: The session's history on show: set to the session's generation after a change of
    #: the moves, it draws them (and sets what they need worked out) in ``watch_generation``.
    generation: var[int] = var(-1, init=False)

    CSS_PATH: ClassVar[list[str | PurePath]] = ["game.tcss"]
    #: The keys go to the command line from the first frame: Textual's own choice, the
    #: first focusable widget, is the peg row, whose tray would show until ``on_mount``.
    AUTO_FOCUS = "#command"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", id="help"),
        Binding("f2", "board", "Board", id="board"),
        Binding("f4", "tree", "Tree", id="tree"),
        Binding("escape", "command_line", "Type", show=False),
        Binding("pageup", "scroll_pane('history', -1)", "History", key_display="PgUp"),
        Binding("pagedown", "scroll_pane('history', 1)", "History", key_display="PgDn"),
        Binding("ctrl+pageup", "scroll_pane('trace', -1)", "Trace", key_display="^PgUp"),
        Binding("ctrl+pagedown", "scroll_pane('trace', 1)", "Trace", key_display="^PgDn"),
        Binding("f5", "app.new_game", "Home", id="new-game"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        #: Set once this screen has handed its session on to the next game's screen: a
        #: line typed behind the key that did it belongs to no game here.
        self.left = False

    def failed(self, job: str, error: str) -> None:
        self.say(f"The {job} failed ({error}); the game goes on.", "error")

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="status")
        yield from panes()
        yield CommandLine(id="command-line")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(CommandLine).focus_input()

    def on_resize(self, event: events.Resize) -> None:
        """A short terminal (80x24) draws the code map four codes to a cell, so that the
        whole of it fits the Solver trace."""
        self.query_one(CodeMap).compact = event.size.height < TALL

    def fitted(self) -> None:
        if not self.refocus():
            self.query_one(CommandLine).focus_input()

    @property
    def command_line(self) -> CommandLine:
        return self.query_one(CommandLine)

    def say(self, text: str, kind: str = "info") -> None:
        self.command_line.say(text, kind)

    def shared_command(self, typed: Typed) -> bool:
        """BOARD, HELP and HINT mean the same whoever breaks the code; True when handled."""
        if typed.kind is Kind.BOARD:
            self.action_board()
            moves = len(self.session.rows())
            said = f"{plural(moves, 'move')} played" if moves else "no move yet"
            self.say(f"History (highlighted) is up to date: {said}.")
        elif typed.kind is Kind.HELP:
            self.action_help()
        elif typed.kind is Kind.HINT:
            self.action_hint()
        elif typed.kind is Kind.WHATIF:
            self.what_if(typed.text)
        else:
            return False
        return True

    @on(PartitionBars.Clicked)
    def open_bar(self, event: PartitionBars.Clicked) -> None:
        """A click opens a bar to list its codes (keys belong to the command line here);
        a click on the open one closes it."""
        bars = event.bars
        if bars.selected == event.index and bars.opened is not None:
            bars.select(None)
            return
        codes = codes_of_class(self.session, event.answer)
        if codes is None:
            self.say("Too many codes to list this class.")
            return
        bars.select(event.index, [self.session.format(int(c)) for c in codes])

    def draw_board(self) -> None:
        session = self.session
        space = session.space
        secret = session.game.secret if session.over else None
        pending = session.pending
        self.query_one(Board).show(
            session.rows(),
            space.positions,
            session.rules.max_moves,
            session.settings.notation.symbols(space.colours),
            None if secret is None else space.to_digits(secret),
            None if pending is None else space.to_digits(pending.guess),
        )
        self.query_one(History).show(
            [(session.format(space.from_digits(r.digits)), r.answer) for r in session.rows()]
        )
        self.query_one("#history-pane").remove_class("-highlight")
        self._say(session.status())

    def action_board(self) -> None:
        """The 1978 BOARD command: highlight the listing (up to date: it follows the
        session) until the moves change; the command line keeps the focus, so the next
        keys typed are not lost."""
        self.query_one("#history-pane").add_class("-highlight")

    def action_scroll_pane(self, pane: str, pages: int) -> None:
        """Scroll History or the Solver trace a page without leaving the command line."""
        target = self.query_one(History) if pane == "history" else self.query_one(TracePane)
        if pages < 0:
            target.scroll_page_up()
        else:
            target.scroll_page_down()

    def action_command_line(self) -> None:
        self.command_line.focus_input()

    def action_hint(self) -> None:
        """HINT: advice for a person breaking the code (the play screen gives it)."""
        self.say("HINT is for when you break the code: the Solver trace shows my own thinking.")

    def what_if(self, text: str) -> None:
        """WHATIF: a code's split beside the advice (the play screen gives it)."""
        self.say("WHATIF is for when you break the code: the Solver trace shows my own thinking.")

    def action_help(self) -> None:
        from .help import HelpScreen, Page

        session = self.session
        written = session.settings.notation, session.space
        self.app.push_screen(HelpScreen(Page.of(session.role), written))

    def action_tree(self) -> None:
        """F4: the strategy's decision tree from the breaker's position, beside the game
        (the advice's strategy when the person breaks, the computer's own otherwise)."""
        from .decision_tree import DecisionTreeScreen, no_tree

        session, settings = self.session, self.session.settings
        refusal = no_tree(settings.strategy)
        if refusal or session.over:
            self.say(refusal or "The game is over: F4 shows the tree during a game.")
            return
        candidates, history = breaker_position(session)
        self.app.push_screen(
            DecisionTreeScreen(
                session.space, settings.strategy, settings.notation, candidates, history
            )
        )

    def game_over_prompt(self) -> None:
        """Once the game has ended the command line asks for no more moves: it says what
        Enter (or F5) does now."""
        if self.session.match_over and self.session.match.single_game:
            self.command_line.set_prompt("Game over:", "Enter or N plays again; D debrief; F5 home")
        elif self.session.match_over:
            self.command_line.set_prompt("Game over:", "N for a new match; D debrief; F5 home")
        else:
            self.command_line.set_prompt("Game over:", "Enter for the next game; D debrief")

    def next_game_hint(self) -> str:
        if self.session.match_over and self.session.match.single_game:
            return " Enter (or N) plays again."
        if self.session.match_over:
            return f" {self.session.verdict()}. N starts a new match."
        return " Press Enter for the next game."

    def next_game(self) -> None:
        """Enter after a finished game: on to the next one, on whichever screen it needs."""
        self.session.next_game()
        self.left = True
        self.post_message(ShowSession(self.session))

    def play_again(self) -> None:
        """Enter (a single game) or N once the match is over: the same settings again,
        a new secret, the scores reset, on the screen of the first game's role."""
        self.session.play_again()
        self.left = True
        self.post_message(ShowSession(self.session))

    def ended_line(self, typed: Typed) -> bool:
        """An empty line once the game is over: the next game, or a new one once the
        match is over (a single game; a match asks for N, so that Enter after its last
        round does not lose the verdict). True when handled."""
        session = self.session
        if typed.kind is not Kind.EMPTY or not session.over:
            return False
        if not session.match_over:
            self.next_game()
        elif session.match.single_game:
            self.play_again()
        else:
            self.say(session.over_text())
        return True

    @on(Input.Changed, "#command")
    def _n_plays_again(self, event: Input.Changed) -> None:
        """N (play again) or D (debrief) on an empty command line once over: ``end_key``."""
        if not self.left and end_key(self, self.session, self.play_again, event.value):
            event.input.clear()
