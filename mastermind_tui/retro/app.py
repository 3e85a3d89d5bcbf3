"""``mastermind retro``: the teletype screen as an app of its own."""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen

from .screen import TeletypeScreen


class RetroApp(App[None]):
    """Shows only the teletype; leaving it ends the app."""

    TITLE = "MASTERMIND (1978)"

    def __init__(
        self, seed: int | None = None, gwbasic_rnd: bool = False, amber: bool = False
    ) -> None:
        super().__init__()
        self._options = (seed, gwbasic_rnd, amber)

    def get_default_screen(self) -> Screen:
        return TeletypeScreen(*self._options)
