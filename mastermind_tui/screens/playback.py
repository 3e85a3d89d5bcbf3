"""Autoplay for screens that step through a recorded game (watch, compare): a beat every
so often at a speed the viewer sets, paused by the viewer or by anything opened on top."""

from __future__ import annotations

from collections.abc import Callable

from textual.timer import Timer
from textual.widget import Widget

#: Seconds between beats, slowest first; the viewer moves along with + and -.
SPEEDS = (4.0, 2.0, 1.0, 0.5, 0.25)
#: What the caption adds on the last beat, where Space starts over.
AGAIN = "The end: Space plays it again from move 1."
#: Where playing starts: one beat a second.
DEFAULT_SPEED = 2


class Playback:
    """Calls ``step`` every beat while playing; playing stops on the last beat (``at_end``:
    the secret found) or when ``step`` returns False, and ``ended`` is called then, so that
    the header says so at once."""

    def __init__(
        self,
        owner: Widget,
        step: Callable[[], bool],
        at_end: Callable[[], bool] = lambda: False,
        ended: Callable[[], None] = lambda: None,
    ) -> None:
        self.owner = owner
        self.step = step
        self.at_end = at_end
        self.ended = ended
        self.speed = DEFAULT_SPEED
        self._timer: Timer | None = None

    @property
    def playing(self) -> bool:
        return self._timer is not None

    @property
    def seconds(self) -> float:
        return SPEEDS[self.speed]

    def play(self) -> None:
        self.pause()
        self._timer = self.owner.set_interval(self.seconds, self._beat)

    def pause(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def toggle(self, at_end: bool, rewind: Callable[[], None]) -> None:
        """Space: pause, or play, from the first beat again (``rewind``) when the last one
        is on show."""
        if self.playing:
            self.pause()
            return
        if at_end:
            rewind()
        self.play()

    def faster(self, by: int) -> None:
        """+ (1) or - (-1): the next speed, at once if playing."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))
        if self.playing:
            self.play()

    def _beat(self) -> None:
        if not self.step() or self.at_end():
            self.pause()
            self.ended()

    def text(self) -> str:
        """``▶ playing, 1 s a beat``, ``paused, 1 s a beat``, or ``■ the end`` on the last
        beat (short: the header holds a line at 80 columns; ``AGAIN`` goes in a caption)."""
        if self.playing:
            return f"▶ playing, {self.seconds:g} s a beat"
        if self.at_end():
            return "■ the end"
        return f"paused, {self.seconds:g} s a beat"
