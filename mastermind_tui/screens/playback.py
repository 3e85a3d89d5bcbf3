"""Stepping through a recorded game (watch, compare): a beat forward or back, either end,
and autoplay, a beat every so often at a speed the viewer sets, paused by the viewer or
by anything opened on top. The screens bind the keys and draw; this part moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from textual.timer import Timer
from textual.widget import Widget

#: Seconds between beats, slowest first; the viewer moves along with + and -.
SPEEDS = (4.0, 2.0, 1.0, 0.5, 0.25)
#: What the caption adds on the last beat, where Space starts over.
AGAIN = "The end: Space plays it again from move 1."
#: Where playing starts: one beat a second.
DEFAULT_SPEED = 2


class Beats(Protocol):
    """A recorded game as stepping sees it (``WatchSession``, ``CompareSession``)."""

    @property
    def solved(self) -> bool: ...
    @property
    def at_end(self) -> bool: ...
    def go(self, delta: int) -> bool:
        """A beat forward or back; False at either end (or before the game is solved)."""
        ...

    def jump(self, where: int) -> None:
        """To the first beat (0) or the last (-1)."""
        ...


class Playback:
    """Steps ``beats`` and plays them: ``moved`` draws a new beat on show, ``redraw`` the
    same beat again (the end reached, or back to the first to play again), ``status``
    the line that says how it plays. Playing stops on the last beat (the secret found)
    or at either end, and the status line says so at once."""

    def __init__(
        self,
        owner: Widget,
        beats: Beats,
        moved: Callable[[], None],
        redraw: Callable[[], None],
        status: Callable[[], None],
    ) -> None:
        self.owner = owner
        self.beats = beats
        self.moved = moved
        self.redraw = redraw
        self.status = status
        self.speed = DEFAULT_SPEED
        self._timer: Timer | None = None

    @property
    def playing(self) -> bool:
        return self._timer is not None

    @property
    def seconds(self) -> float:
        return SPEEDS[self.speed]

    def step(self, delta: int) -> None:
        """n or p: a beat forward or back (playing goes on from there)."""
        if self.beats.go(delta):
            self.moved()

    def jump(self, where: int) -> None:
        """Home or End: the first beat (0) or the last (-1)."""
        if self.beats.solved:
            self.beats.jump(where)
            self.moved()

    def _play(self) -> None:
        self._stop()
        self._timer = self.owner.set_interval(self.seconds, self._beat)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def pause(self) -> None:
        """Stop playing (a panel opened over the steps keeps the beat it was opened on)."""
        self._stop()
        self.status()

    def toggle(self) -> None:
        """Space: pause, or play, from the first beat again when the last one is on show."""
        if self.playing:
            self._stop()
        else:
            if self.beats.at_end:
                self.beats.jump(0)
                self.redraw()
            self._play()
        self.status()

    def faster(self, by: int) -> None:
        """+ (1) or - (-1): the next speed, at once if playing."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))
        if self.playing:
            self._play()
        self.status()

    def _beat(self) -> None:
        """Playing: the next beat; the end (or a beat that cannot come) pauses."""
        moved = self.beats.go(1)
        if moved:
            self.moved()
        else:
            self.status()
        if not moved or self.beats.at_end:
            self._stop()
            self.status()
            self.redraw()

    def text(self) -> str:
        """``▶ playing, 1 s a beat``, ``paused, 1 s a beat``, or ``■ the end`` on the last
        beat (short: the header holds a line at 80 columns; ``AGAIN`` goes in a caption)."""
        if self.playing:
            return f"▶ playing, {self.seconds:g} s a beat"
        if self.beats.at_end:
            return "■ the end"
        return f"paused, {self.seconds:g} s a beat"
