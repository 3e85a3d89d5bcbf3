"""``mastermind retro``: the teletype screen as an app of its own."""

from __future__ import annotations

from pathlib import Path

from ..retro.screen import TeletypeScreen
from .base import BaseApp


class RetroApp(BaseApp):
    """Shows only the teletype; leaving it ends the app. Its games are kept like the
    full-screen game's (``records``, ``record``: see ``BaseApp``)."""

    TITLE = "MASTERMIND (1978)"

    def __init__(
        self,
        seed: int | None = None,
        gwbasic_rnd: bool = False,
        amber: bool = False,
        records: Path | None = None,
        record: bool = True,
    ) -> None:
        super().__init__(records, record)
        self._options = (seed, gwbasic_rnd, amber)

    def on_mount(self) -> None:
        # Pushed rather than made the default screen, so that its CSS_PATH is loaded.
        screen = TeletypeScreen(*self._options, recorder=self.recorder.keep)
        self.push_screen(screen, callback=lambda _: self.exit())
