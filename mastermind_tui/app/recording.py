"""Keeping the games an app's screens finish: the full-screen game's and the teletype's.
Also how such an app stops on a signal: SIGTERM, SIGHUP and SIGINT close it as Ctrl+Q does,
with 128 + the signal's number as its return code."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from ..jobs import Ticket, Working
from ..process_end import Once
from ..records.faults import fault
from ..records.store import Records
from ..records.types import Game

if TYPE_CHECKING:
    from textual.command import CommandListItem
    from textual.widget import AwaitMount

#: Signals that close the app (the terminal is raw: Ctrl+C is a key, not SIGINT).
CLOSING = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)


class _Unwaited(ThreadPoolExecutor):
    """The event loop's executor, where thread workers run: closing the app does not wait
    for them (``asyncio.run`` would, until a search nobody will read ends); the process
    ends without them (``process_end``)."""

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        super().shutdown(wait=False, cancel_futures=cancel_futures)


class RecordingApp(Working, App[None]):
    """An app whose screens hand each finished game to ``record_game``. The writes are
    the app's jobs: they outlive the screen that finished the game."""

    #: Ctrl+C quits, as Ctrl+Q does and as a terminal program's Ctrl+C is expected to
    #: (Textual's default only says to press Ctrl+Q; copying a guess is not worth that).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True)
    ]

    def __init__(self, records: Path | None = None, record: bool = True) -> None:
        """``records``: the records file (None: no records, as in tests); with ``record``
        False (--no-record) nothing is added to it."""
        super().__init__()
        self.records = records
        self.record = record
        #: Faults already reported: one line per cause, not per write (a retro round ends
        #: two games).
        self._unrecorded: set[str] = set()
        self._writes = 0

    def on_mount(self) -> None:
        """Close on a stopping signal, in the event loop (a Python handler raising in the
        middle of it would leave the terminal raw), without waiting for thread workers.
        Not under a test's headless run, whose loop is the test runner's. Also ends with
        its parent: a terminal gone without a hangup (its pseudo-terminal closed) left
        Textual's input thread spinning on end of file, a core busy for as long as nobody
        killed the app."""
        parent = os.getppid()
        self.set_interval(1.0, lambda: self._end_without(parent))
        if self.is_headless:
            return
        loop = asyncio.get_running_loop()
        loop.set_default_executor(_Unwaited(thread_name_prefix="worker"))
        for signum in CLOSING:
            loop.add_signal_handler(signum, self.exit, None, 128 + signum)

    def _end_without(self, parent: int) -> None:
        """End as a hangup would (exit status 129) once the parent process is gone."""
        if os.getppid() != parent:
            self.exit(None, 128 + signal.SIGHUP)

    def action_command_palette(self) -> None:
        """Textual's palette with guards against its races (``palette``)."""
        from textual.command import CommandPalette

        from .palette import SafePalette

        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(SafePalette(id="--command-palette"))

    def search_themes(self) -> None:
        """The palette's theme picker (Textual pushes a plain palette): guarded too."""
        from textual.theme import ThemeProvider

        from .palette import SafePalette

        self.push_screen(SafePalette(providers=[ThemeProvider], placeholder="Search for themes…"))

    def search_commands(
        self, commands: Sequence[CommandListItem], placeholder: str = "Search for commands…"
    ) -> AwaitMount:
        """A list of commands in a palette (Textual pushes a plain one): guarded too."""
        from textual.command import SimpleProvider

        from .palette import SafePalette

        # An instance where the annotation says a class: as Textual's own search_commands.
        provider = SimpleProvider(self.screen, list(commands))
        palette = SafePalette(providers=[provider], placeholder=placeholder)  # type: ignore[list-item]
        return self.push_screen(palette)

    def record_game(self, game: Game) -> None:
        """Keep a finished game as a job of the app's: a file another instance holds locked
        makes the job wait, not the interface. A fault is one line and play goes on. Should
        the app close first, the write is still made (or finished) before the process
        ends (``process_end``), and a fault is then said on the terminal."""
        path = self.records
        if path is None or not self.record:
            return
        faults: list[str] = []

        def write() -> None:
            try:
                Records(path).add(game)
            except Exception as error:  # of any kind: see ``fault``
                faults.append(fault(path, error))
                if not self.is_running:  # the app has closed: the terminal is the place
                    print(f"mastermind: {faults[0]}. This game is not recorded.", file=sys.stderr)

        once = Once(write)

        def job(ticket: Ticket) -> list[str]:
            once()
            return faults

        self._writes += 1  # each write its own job: a later one never drops an earlier one
        self.compute(f"records:{game.key}:{self._writes}", 0, job)

    def computed(self, job: str, tag: int, result: object) -> None:
        if job.startswith("records:") and isinstance(result, list) and result:
            self._not_recorded(str(result[0]))

    def _not_recorded(self, error: str) -> None:
        if error not in self._unrecorded:
            self._unrecorded.add(error)
            self.notify(
                f"{error}. This game is not recorded; play goes on.",
                severity="warning",
                markup=False,
            )
