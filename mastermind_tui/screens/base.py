"""What the game screens share, as a part each holds (``GameTable``): the panes, the status
and command line, the commands that mean the same whoever breaks the code, and going on
to the next game; and what the app asks of any of them (``GameScreen``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static

from engine.answers import AnswerRule
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
from .sized import TALL, say_in


def panes(answers: AnswerRule, more_key: str = "Ctrl+PgDn") -> ComposeResult:
    """Board, History and Solver trace, each titled: the first two side by side on a wide
    terminal, one above the other on a narrow one. ``answers``: the game's rule (History's
    columns); ``more_key``: the key that scrolls the trace on this screen (said on its
    border when more lies below)."""
    with Horizontal(id="panes"):
        with Container(id="moves"):
            with Vertical(id="board-pane", classes="pane") as pane:
                pane.border_title = "Board"
                yield Board(id="board")
            with Vertical(id="history-pane", classes="pane") as pane:
                pane.border_title = "History"
                yield History(answers, id="history")
        trace = TracePane(more_key, id="trace", classes="pane")
        trace.border_title = "Solver trace"
        yield trace


#: The keys every game screen has, first in its footer.
GAME_KEYS: list[BindingType] = [
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


@runtime_checkable
class GameScreen(Protocol):
    """A screen that shows a game session (the person's play, the daily puzzle, the
    computer breaking): what the app asks of it."""

    session: GameSession
    table: GameTable

    @property
    def command_line(self) -> CommandLine: ...
    def say(self, text: str, kind: str = "info") -> None: ...


class GameTable:
    """The part of a game screen that the session is drawn on: the board, History, the
    Solver trace, the status line and the command line (``compose``), and what they do
    whoever breaks the code. The screen keeps the session's history on show in its
    reactive ``generation`` and hands its keys here."""

    def __init__(self, screen: Screen[None], session: GameSession) -> None:
        self.screen = screen
        self.session = session
        #: Set once the screen has handed its session on to the next game's screen: a
        #: line typed behind the key that did it belongs to no game here.
        self.left = False
        self.command_line = CommandLine(id="command-line")

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="status")
        yield from panes(self.session.space.answers)
        yield self.command_line
        yield Footer()

    def mount(self) -> None:
        """The keys go to the command line."""
        self.command_line.focus_input()

    def resized(self, size: Size) -> None:
        """A short terminal (80x24) draws the code map four codes to a cell, so that the
        whole of it fits the Solver trace."""
        self.screen.query_one(CodeMap).compact = size.height < TALL

    def say(self, text: str, kind: str = "info") -> None:
        self.command_line.say(text, kind)

    def failed(self, job: str, error: str) -> None:
        self.say(f"The {job} failed ({error}); the game goes on.", "error")

    def shared_command(
        self, typed: Typed, hint: Callable[[], None], what_if: Callable[[str], None]
    ) -> bool:
        """BOARD, HELP and HINT mean the same whoever breaks the code (``hint`` and
        ``what_if`` are the screen's own); True when handled."""
        if typed.kind is Kind.BOARD:
            self.board()
            moves = len(self.session.rows())
            said = f"{plural(moves, 'move')} played" if moves else "no move yet"
            self.say(f"History (highlighted) is up to date: {said}.")
        elif typed.kind is Kind.HELP:
            self.help()
        elif typed.kind is Kind.HINT:
            hint()
        elif typed.kind is Kind.WHATIF:
            what_if(typed.text)
        else:
            return False
        return True

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
        session, screen = self.session, self.screen
        space = session.space
        secret = session.revealed if session.over else None
        pending = session.pending
        screen.query_one(Board).show(
            session.rows(),
            space.positions,
            session.rules.max_moves,
            session.settings.notation.symbols(space.colours),
            None if secret is None else space.to_digits(secret),
            None if pending is None else space.to_digits(pending.guess),
        )
        screen.query_one(History).show(
            [(session.format(space.from_digits(r.digits)), r.answer) for r in session.rows()]
        )
        screen.query_one("#history-pane").remove_class("-highlight")
        say_in(screen, session.status())

    def board(self) -> None:
        """The 1978 BOARD command: highlight the listing (up to date: it follows the
        session) until the moves change; the command line keeps the focus, so the next
        keys typed are not lost."""
        self.screen.query_one("#history-pane").add_class("-highlight")

    def scroll_pane(self, pane: str, pages: int) -> None:
        """Scroll History or the Solver trace a page without leaving the command line."""
        screen = self.screen
        target = screen.query_one(History) if pane == "history" else screen.query_one(TracePane)
        if pages < 0:
            target.scroll_page_up()
        else:
            target.scroll_page_down()

    def refuse_hint(self) -> None:
        """HINT where the computer breaks the code."""
        self.say("HINT is for when you break the code: the Solver trace shows my own thinking.")

    def refuse_what_if(self, text: str) -> None:
        """WHATIF where the computer breaks the code."""
        self.say("WHATIF is for when you break the code: the Solver trace shows my own thinking.")

    def help(self) -> None:
        from .help import HelpScreen, Page

        session = self.session
        written = session.settings.notation, session.space
        self.screen.app.push_screen(HelpScreen(Page.of(session.role), written))

    def tree(self) -> None:
        """F4: the strategy's decision tree from the breaker's position, beside the game
        (the advice's strategy when the person breaks, the computer's own otherwise)."""
        from .decision_tree import DecisionTreeScreen, no_tree

        session, settings = self.session, self.session.settings
        refusal = no_tree(settings.strategy)
        if refusal or session.over:
            self.say(refusal or "The game is over: F4 shows the tree during a game.")
            return
        candidates, history = breaker_position(session)
        self.screen.app.push_screen(
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
        self.screen.post_message(ShowSession(self.session))

    def play_again(self) -> None:
        """Enter (a single game) or N once the match is over: the same settings again,
        a new secret, the scores reset, on the screen of the first game's role."""
        self.session.play_again()
        self.left = True
        self.screen.post_message(ShowSession(self.session))

    def ended_line(self, typed: Typed, play_again: Callable[[], None]) -> bool:
        """An empty line once the game is over: the next game, or a new one once the
        match is over (a single game, ``play_again``; a match asks for N, so that Enter
        after its last round does not lose the verdict). True when handled."""
        session = self.session
        if typed.kind is not Kind.EMPTY or not session.over:
            return False
        if not session.match_over:
            self.next_game()
        elif session.match.single_game:
            play_again()
        else:
            self.say(session.over_text())
        return True

    def end_key(self, event: Input.Changed, play_again: Callable[[], None]) -> None:
        """N (play again) or D (debrief) on an empty command line once over: ``end_key``."""
        if not self.left and end_key(self.screen, self.session, play_again, event.value):
            event.input.clear()
