"""Pegs without typing: the board's next row as a row of pegs the keys and the mouse set,
and the colour tray under the panes. Neither knows the rules: the row is played as the
text a person would type, by the screen, through the game's one parser."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static

from ..game.draft import Draft
from ..game.views import Row
from .board import Board, row_label
from .pegs import peg

#: The keys, said on the tray (the help page says them at length).
KEYS = "←→ ↑↓ Space holds Enter plays Esc types"


class PegBoard(Board):
    """The board, whose next row is a row of pegs to set: a click or F7 gives it the keys.
    Left/Right choose a position; Up/Down or a colour's symbol set it; Space holds it (it
    then carries to the next guess, underlined); Backspace takes it out; Enter posts
    ``Played``. The brackets around a peg mark the cursor while the row has the keys."""

    can_focus = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("up", "cycle(1)", "Colour", show=False),
        Binding("down", "cycle(-1)", "Colour", show=False),
        Binding("space", "hold", "Hold", show=False),
        Binding("backspace,delete", "clear", "Clear", show=False),
        Binding("enter", "play", "Play", show=False),
        # The command line is hidden behind the tray, out of the focus chain: Tab goes back
        Binding("tab,shift+tab", "screen.command_line", "Type", show=False),
        # The screen's scrolling keys, kept out of the footer as the command line keeps them
        Binding("pageup", "screen.scroll_pane('history', -1)", "History", show=False),
        Binding("pagedown", "screen.scroll_pane('history', 1)", "History", show=False),
        Binding("ctrl+pageup", "screen.scroll_pane('trace', -1)", "Trace", show=False),
        Binding("ctrl+pagedown", "screen.scroll_pane('trace', 1)", "Trace", show=False),
    ]

    @dataclass
    class Played(Message):
        """Enter: the row as it stands (None where a position has no peg yet)."""

        pegs: tuple[int | None, ...]

    @dataclass
    class Note(Message):
        """Something to tell the player (a key that is no colour here)."""

        text: str

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.draft: Draft | None = None
        #: How many moves the board showed last: more means a guess was played.
        self._played: int | None = None
        self._symbols: list[str] = []
        #: The line of the next row on the board (None once there is none).
        self._line: int | None = None

    def show(
        self,
        rows: list[Row],
        positions: int,
        max_moves: int,
        symbols: list[str],
        secret: tuple[int, ...] | None = None,
        pending: tuple[int, ...] | None = None,
    ) -> None:
        """As the board's, and a new move played carries the held pegs to the next row."""
        if self.draft is None or self.draft.positions != positions:
            self.draft = Draft(positions, len(symbols))
        elif self._played is not None and len(rows) > self._played and rows:
            self.draft.carry(rows[-1].digits)
        self._played = len(rows)
        self._symbols = symbols
        over = secret is not None or len(rows) >= max_moves
        self._line = None if over else len(rows) + (pending is not None)
        if self.can_focus == over:  # F7 comes and goes from the footer with the next row
            self.can_focus = not over
            self.refresh_bindings()
        super().show(rows, positions, max_moves, symbols, secret, pending)

    def next_row(self, number: int) -> Text | None:
        """The row being set: empty and without the keys it is drawn like any empty row."""
        draft = self.draft
        if draft is None or (draft.empty and not self.has_focus):
            return None
        width = max(len(s) for s in self._symbols)
        cursor = draft.cursor if self.has_focus else None
        line = Text(row_label(number, self._symbols), style="bold")
        for position, colour in enumerate(draft.pegs):
            line.append(self._edge(position, cursor), style="bold")
            if colour is None:
                pad = "" if self.compact else " "
                drawn = Text(f"{pad}{'·':^{width}}{pad}", style="dim")
            else:
                drawn = peg(colour, self._symbols[colour], width, self.compact)
            if draft.held[position]:
                drawn.stylize("underline")
            line.append_text(drawn)
        line.append(self._edge(draft.positions, cursor), style="bold")
        line.append(("" if self.compact else " ") + " " * draft.positions)
        return line

    @staticmethod
    def _edge(position: int, cursor: int | None) -> str:
        """The cell left of ``position``: a bracket either side of the cursor's peg."""
        if cursor == position:
            return "["
        return "]" if cursor is not None and cursor == position - 1 else " "

    def watch_has_focus(self, has_focus: bool) -> None:
        """The cursor shows while the row has the keys."""
        super().watch_has_focus(has_focus)
        self._draw()

    def _edited(self) -> None:
        self._draw()

    def action_move(self, step: int) -> None:
        if self.draft is not None:
            self.draft.move(step)
            self._edited()

    def action_cycle(self, step: int) -> None:
        if self.draft is not None:
            self.draft.cycle(step)
            self._edited()

    def action_hold(self) -> None:
        if self.draft is not None:
            self.draft.hold()
            self._edited()

    def action_clear(self) -> None:
        if self.draft is not None:
            self.draft.clear()
            self._edited()

    def action_play(self) -> None:
        if self.draft is not None:
            self.post_message(self.Played(tuple(self.draft.pegs)))

    def place(self, colour: int) -> None:
        """A colour picked (its key, or a click on the tray): set at the cursor."""
        if self.draft is not None and self._line is not None:
            self.draft.place(colour)
            self._edited()

    def on_key(self, event: events.Key) -> None:
        """A colour's letter or digit sets the cursor's peg; any other printable key is no
        colour here, and says so (Escape gives the keys back to the command line)."""
        character = event.character
        if not event.is_printable or character is None or character == " ":
            return
        event.stop()
        event.prevent_default()
        lookup = {s.upper(): c for c, s in enumerate(self._symbols)}
        colour = lookup.get(character.upper())
        if colour is not None:
            self.place(colour)
            return
        self.post_message(
            self.Note(
                f"{character}: no such colour ({' '.join(self._symbols)}). "
                "Esc gives the keys back to the command line."
            )
        )

    def on_click(self, event: events.Click) -> None:
        """A click on the row being set puts the cursor on the peg under it (the click
        anywhere on the board has given the row the keys)."""
        offset = event.get_content_offset(self)
        if offset is None or self.draft is None or offset.y != self._line:
            return
        width = max(len(s) for s in self._symbols) + (0 if self.compact else 2)
        position = (offset.x - 2) // (width + 1)
        self.draft.cursor = min(max(position, 0), self.draft.positions - 1)
        self._edited()


class PegTray(Static):
    """The colours to pick from, each on its colour with its symbol (so colour-blind
    players and NO_COLOR terminals read it), and the keys; a click on one posts
    ``Picked``. Shown in the command line's place while the peg row has the keys."""

    @dataclass
    class Picked(Message):
        colour: int

    def __init__(self, symbols: list[str], **kwargs: Any) -> None:
        super().__init__(markup=False, **kwargs)
        self.symbols = symbols
        #: Where each colour is drawn: (first cell, past the last cell, colour).
        self._spans: list[tuple[int, int, int]] = []

    def on_mount(self) -> None:
        symbols = self.symbols
        width = max(len(s) for s in symbols)
        compact = len(symbols) * (width + 3) > 40  # many colours: one-cell pegs
        text = Text("Colours ", style="bold")
        self._spans = []
        for colour, symbol in enumerate(symbols):
            start = text.cell_len
            text.append_text(peg(colour, symbol, width, compact))
            self._spans.append((start, text.cell_len, colour))
            text.append(" ")
        text.append(" " + KEYS, style="dim")
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y != 0:
            return
        for start, end, colour in self._spans:
            if start <= offset.x < end:
                self.post_message(self.Picked(colour))
                return
