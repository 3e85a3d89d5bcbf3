"""Keeping the games an app's screens finish: the full-screen game's and the teletype's."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from .records import Game, Records
from .records_path import fault


class RecordingApp(App[None]):
    """An app whose screens hand each finished game to ``record_game``."""

    def __init__(self, records: Path | None = None, record: bool = True) -> None:
        """``records``: the records file (None: no records, as in tests); with ``record``
        False (--no-record) nothing is added to it."""
        super().__init__()
        self.records = records
        self.record = record
        #: Faults already reported: one line per cause, not per write (a retro round ends
        #: two games).
        self._unrecorded: set[str] = set()

    def record_game(self, game: Game) -> None:
        """Keep a finished game, in a thread: a file another instance holds locked makes
        the worker wait, not the interface. A fault is one line and play goes on."""
        path = self.records
        if path is None or not self.record:
            return

        def write() -> None:
            try:
                Records(path).add(game)
            except Exception as error:  # of any kind: see ``fault``
                why = fault(path, error)
                self.call_from_thread(self._not_recorded, why)

        self.run_worker(write, thread=True, group="records", exit_on_error=False)

    def _not_recorded(self, error: str) -> None:
        if error not in self._unrecorded:
            self._unrecorded.add(error)
            self.notify(
                f"{error}. This game is not recorded; play goes on.",
                severity="warning",
                markup=False,
            )
