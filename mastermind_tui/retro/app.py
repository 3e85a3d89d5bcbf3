"""``mastermind retro``: the teletype screen as an app of its own."""

from __future__ import annotations

from textual.app import App

from .screen import TeletypeScreen


class RetroApp(App[None]):
    """Shows only the teletype; leaving it ends the app."""

    TITLE = "MASTERMIND (1978)"

    def __init__(
        self, seed: int | None = None, gwbasic_rnd: bool = False, amber: bool = False
    ) -> None:
        super().__init__()
        self._options = (seed, gwbasic_rnd, amber)

    def on_mount(self) -> None:
        # Pushed rather than made the default screen, so that its CSS_PATH is loaded.
        self.push_screen(TeletypeScreen(*self._options), callback=lambda _: self.exit())
