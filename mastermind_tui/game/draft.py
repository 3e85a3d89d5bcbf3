"""The next guess as a player builds it peg by peg (keys or mouse), with pegs held from
one guess to the next. It only edits a row of colours: whether the row is a legal guess is
for the session's one parser to say, once the row is played as the text a person types."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class Draft:
    """``pegs``: a colour (or None, not set yet) per position; ``held``: the positions that
    carry their peg over to the next guess; ``cursor``: the position the keys act on."""

    positions: int
    colours: int
    pegs: list[int | None] = field(default_factory=list)
    held: list[bool] = field(default_factory=list)
    cursor: int = 0

    def __post_init__(self) -> None:
        self.pegs = self.pegs or [None] * self.positions
        self.held = self.held or [False] * self.positions

    @property
    def empty(self) -> bool:
        """Nothing set and nothing held: drawn like any empty row."""
        return all(p is None for p in self.pegs) and not any(self.held)

    def move(self, step: int) -> None:
        """Left/Right: the cursor to a neighbouring position (it stops at either end)."""
        self.cursor = min(max(self.cursor + step, 0), self.positions - 1)

    def place(self, colour: int) -> None:
        """A colour's key or a click on the tray: set the cursor's peg, then on to the next
        position that is not held (as typing goes on to the next letter)."""
        self.pegs[self.cursor] = colour
        for position in range(self.cursor + 1, self.positions):
            if not self.held[position]:
                self.cursor = position
                return

    def cycle(self, step: int) -> None:
        """Up/Down: the next or previous colour at the cursor (an empty peg starts at the
        first colour going up, the last going down)."""
        current = self.pegs[self.cursor]
        if current is None:
            self.pegs[self.cursor] = 0 if step > 0 else self.colours - 1
        else:
            self.pegs[self.cursor] = (current + step) % self.colours

    def clear(self) -> None:
        """Backspace/Delete: the cursor's peg taken out (and no longer held)."""
        self.pegs[self.cursor] = None
        self.held[self.cursor] = False

    def hold(self) -> bool:
        """Space: hold the cursor's peg, or let it go; True when it is now held."""
        self.held[self.cursor] = not self.held[self.cursor]
        return self.held[self.cursor]

    def carry(self, played: Sequence[int]) -> None:
        """A guess was played (from this row or typed): the next row starts from it at the
        held positions, empty elsewhere, the cursor on the first position to fill."""
        self.pegs = [c if h else None for c, h in zip(played, self.held, strict=True)]
        free = [p for p in range(self.positions) if not self.held[p]]
        self.cursor = free[0] if free else 0

    def missing(self) -> list[int]:
        """The positions (from 1) with no peg yet."""
        return [p + 1 for p, colour in enumerate(self.pegs) if colour is None]
