"""Keeping the games an app's screens finish: the full-screen game's and the teletype's."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from .jobs import Working
from .records import Game, Records


class RecordingApp(Working, App[None]):
    """An app whose screens hand each finished game to ``record_game``. The writes are
    the app's jobs: they outlive the screen that finished the game."""

    def __init__(self, records: Path | None = None, record: bool = True) -> None:
        """``records``: the records file (None: no records, as in tests); with ``record``
        False (--no-record) nothing is added to it."""
        super().__init__()
        self.records = records
        self.record = record
        #: Games whose write failed and was reported (one line per game, not per write).
        self._unrecorded: set[str] = set()
        self._writes = 0

    def record_game(self, game: Game) -> None:
        """Keep a finished game, in a thread: a file another instance holds locked makes
        the worker wait, not the interface. A fault is one line and play goes on."""
        path = self.records
        if path is None or not self.record:
            return

        self._writes += 1  # each write its own job: a later one never drops an earlier one
        self.compute(
            f"records:{game.key}:{self._writes}", 0, lambda ticket: Records(path).add(game)
        )

    def failed(self, job: str, error: str) -> None:
        """A records write failed: one line per game, and play goes on."""
        if not job.startswith("records:"):
            return
        key = job.split(":")[1]
        if key not in self._unrecorded:
            self._unrecorded.add(key)
            self.notify(
                f"{error}. This game is not recorded; play goes on.",
                severity="warning",
                markup=False,
            )
