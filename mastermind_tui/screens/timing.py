"""The game clock on the play screen: paused while a dialog is over the game (the screen
suspended) or the app is suspended (Ctrl+Z), a live clock on the status line once a
second in a timed game, and the time said at the end."""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen

from ..game.clock import clock_text
from ..game.session import GameSession
from .sized import say_in


class Timing:
    """The play screen's part for the person's time (``GameSession.clock``)."""

    def __init__(self, screen: Screen[None], session: GameSession) -> None:
        self.screen = screen
        self.session = session

    def mount(self) -> None:
        """Pause with the app, and tick on the status line when the game is timed."""
        app = self.screen.app
        # At once: the process stops as soon as the suspend is published.
        app.app_suspend_signal.subscribe(self.screen, self._suspended, immediate=True)
        app.app_resume_signal.subscribe(self.screen, self._resumed, immediate=True)
        if self.session.settings.timed:
            self.screen.set_interval(1, self.tick)

    def _suspended(self, app: App[object]) -> None:
        self.session.clock.pause()

    def _resumed(self, app: App[object]) -> None:
        self.session.clock.resume()

    def pause(self) -> None:
        """A dialog or another screen is over the game."""
        self.session.clock.pause()

    def resume(self) -> None:
        self.session.clock.resume()

    def tick(self) -> None:
        """The live clock: the status line says the time so far."""
        if self.session.clock.started and not self.session.over:
            say_in(self.screen, self.session.status())

    def took(self) -> str:
        """The game's time at its end, a sentence ("" before the first guess)."""
        seconds = self.session.clock.seconds
        return "" if seconds is None else f" Your time: {clock_text(seconds)}."
