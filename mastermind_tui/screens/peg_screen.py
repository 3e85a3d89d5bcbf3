"""Pegs without typing, for the screens where the person guesses: the board's next row
takes pegs from the keys and the mouse (``widgets/peg_row``), and Enter plays it through
the very path a typed guess takes, so both make the same move."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.screen import Screen

from engine import MastermindError

from ..game.session import GameSession
from ..widgets.board import Board
from ..widgets.peg_row import PegBoard, PegTray
from .base import GameTable


class PegRow:
    """The part of a game screen whose board is a ``PegBoard``: its command line gives way
    to the colour tray while the peg row has the keys (the screen gets ``-pegs``), so the
    tray costs no line, and Escape (the screen's binding) gives the keys back to the
    command line. ``guess`` plays a row as the screen plays a typed guess."""

    def __init__(
        self,
        screen: Screen[None],
        session: GameSession,
        table: GameTable,
        guess: Callable[[str], None],
    ) -> None:
        self.screen = screen
        self.session = session
        self.table = table
        self.guess = guess

    def compose(self, widgets: ComposeResult) -> ComposeResult:
        """``widgets`` with the peg board in the board's place."""
        for widget in widgets:
            yield PegBoard(id="board") if isinstance(widget, Board) else widget

    def mount(self) -> None:
        """The tray goes in just above the command line, where its prompt and field are."""
        symbols = self.session.settings.notation.symbols(self.session.space.colours)
        self.screen.mount(PegTray(symbols, id="peg-tray"), before=self.table.command_line)

    def focus_moved(self) -> None:
        """The keys moved (to or from the peg row): the tray shows while it has them."""
        screen = self.screen
        screen.set_class(isinstance(screen.focused, PegBoard), "-pegs")

    def take_keys(self) -> None:
        """F7: the keys to the peg row (while there is a next guess to make)."""
        board = self.screen.query_one(PegBoard)
        if not board.can_focus:
            self.table.say("The game is over: no guess to make.")
            return
        board.focus()

    def played(self, event: PegBoard.Played) -> None:
        """Enter on the peg row: the row written as a person types it, then played as a
        typed guess is (its errors the parser's own); a game it ends gives the keys back
        to the command line, where Enter plays again."""
        session, table = self.session, self.table
        if table.left:
            return
        missing = [p + 1 for p, colour in enumerate(event.pegs) if colour is None]
        if missing:
            where = ", ".join(map(str, missing))
            places = "position" if len(missing) == 1 else "positions"
            table.say(f"No peg yet at {places} {where}: a colour's key, ↑↓ or the tray.", "error")
            return
        notation = session.settings.notation
        symbols = notation.symbols(session.space.colours)
        text = notation.separator.join(symbols[c] for c in event.pegs if c is not None)
        try:
            self.guess(text)
        except MastermindError as error:
            table.say(str(error), "error")
        if session.over:
            table.command_line.focus_input()

    def picked(self, event: PegTray.Picked) -> None:
        self.screen.query_one(PegBoard).place(event.colour)
