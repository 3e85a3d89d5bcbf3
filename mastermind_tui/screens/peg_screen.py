"""Pegs without typing, for the screens where the person guesses: the board's next row
takes pegs from the keys and the mouse (``widgets/peg_row``), and Enter plays it through
the very path a typed guess takes, so both make the same move."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult

from engine import MastermindError

from ..widgets.board import Board
from ..widgets.peg_row import PegBoard, PegTray
from .base import GameScreen


class PegScreen(GameScreen):
    """A game screen whose board is a ``PegBoard`` and whose command line gives way to the
    colour tray while the peg row has the keys (the screen gets ``-pegs``): the tray costs
    no line, and Escape (the screen's binding) gives the keys back to the command line."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield PegBoard(id="board") if isinstance(widget, Board) else widget

    def on_mount(self) -> None:
        """The tray goes in just above the command line, where its prompt and field are."""
        symbols = self.session.settings.notation.symbols(self.session.space.colours)
        self.mount(PegTray(symbols, id="peg-tray"), before=self.command_line)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.set_class(isinstance(self.focused, PegBoard), "-pegs")

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self.set_class(isinstance(self.focused, PegBoard), "-pegs")

    def action_pegs(self) -> None:
        """F7: the keys to the peg row (while there is a next guess to make)."""
        board = self.query_one(PegBoard)
        if not board.can_focus:
            self.say("The game is over: no guess to make.")
            return
        board.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """F7 leaves the footer once the game is over."""
        if action == "pegs":
            return not self.session.over
        return True

    def guess(self, text: str) -> None:
        """Play ``text`` as a guess (the play screen's own path for a typed guess)."""
        raise NotImplementedError

    @on(PegBoard.Played)
    def play_pegs(self, event: PegBoard.Played) -> None:
        """Enter on the peg row: the row written as a person types it, then played as a
        typed guess is (its errors the parser's own); a game it ends gives the keys back
        to the command line, where Enter plays again."""
        session = self.session
        if self.left:
            return
        missing = [p + 1 for p, colour in enumerate(event.pegs) if colour is None]
        if missing:
            where = ", ".join(map(str, missing))
            places = "position" if len(missing) == 1 else "positions"
            self.say(f"No peg yet at {places} {where}: a colour's key, ↑↓ or the tray.", "error")
            return
        notation = session.settings.notation
        symbols = notation.symbols(session.space.colours)
        text = notation.separator.join(symbols[c] for c in event.pegs if c is not None)
        try:
            self.guess(text)
        except MastermindError as error:
            self.say(str(error), "error")
        if session.over:
            self.command_line.focus_input()

    @on(PegBoard.Note)
    def peg_note(self, event: PegBoard.Note) -> None:
        self.say(event.text)

    @on(PegTray.Picked)
    def picked(self, event: PegTray.Picked) -> None:
        self.query_one(PegBoard).place(event.colour)
