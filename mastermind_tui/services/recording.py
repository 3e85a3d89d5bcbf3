"""Keeping the games an app's screens finish (the full-screen game's and the teletype's)
as jobs of the app's: they outlive the screen that finished the game."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from textual.app import App

from ..jobs import Jobs, Ticket
from ..process_end import Once
from ..records.faults import fault
from ..records.store import Records
from ..records.types import Game


class Recorder:
    """The app's records writer: screens hand it each finished game (``keep``)."""

    def __init__(self, app: App[Any], records: Path | None = None, record: bool = True) -> None:
        """``records``: the records file (None: no records, as in tests); with ``record``
        False (--no-record) nothing is added to it."""
        self.app = app
        self.records = records
        self.record = record
        self.jobs = Jobs(app, self.failed)
        #: Faults already reported: one line per cause, not per write (a retro round ends
        #: two games).
        self._unrecorded: set[str] = set()
        self._writes = 0

    def keep(self, game: Game) -> None:
        """Keep a finished game as a job of the app's: a file another instance holds locked
        makes the job wait, not the interface. A fault is one line and play goes on. Should
        the app close first, the write is still made (or finished) before the process
        ends (``process_end``), and a fault is then said on the terminal."""
        path = self.records
        if path is None or not self.record:
            return
        faults: list[str] = []
        app = self.app

        def write() -> None:
            try:
                Records(path).add(game)
            except Exception as error:  # of any kind: see ``fault``
                faults.append(fault(path, error))
                if not app.is_running:  # the app has closed: the terminal is the place
                    print(f"mastermind: {faults[0]}. This game is not recorded.", file=sys.stderr)

        once = Once(write)

        def job(ticket: Ticket[None]) -> list[str]:
            once()
            return faults

        self._writes += 1  # each write its own job: a later one never drops an earlier one
        self.jobs.start(f"records:{game.key}:{self._writes}", job, self._written)

    def keep_now(self, game: Game) -> None:
        """Keep a game as the app closes (an abandoned one): written here and now, in
        the time the records' lock timeout bounds (``Records.TIMEOUT``), so that the
        process still ends with its parent; a fault goes to the terminal."""
        path = self.records
        if path is None or not self.record:
            return
        try:
            Records(path).add(game)
        except Exception as error:  # of any kind: see ``fault``
            print(f"mastermind: {fault(path, error)}. This game is not recorded.", file=sys.stderr)

    def _written(self, faults: list[str]) -> None:
        if faults:
            self.failed("records", faults[0])

    def failed(self, job: str, error: str) -> None:
        """A game not kept: said once per cause, and play goes on."""
        if error not in self._unrecorded:
            self._unrecorded.add(error)
            self.app.notify(
                f"{error}. This game is not recorded; play goes on.",
                severity="warning",
                markup=False,
            )
