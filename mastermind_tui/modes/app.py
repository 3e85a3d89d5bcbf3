"""The full-screen app with every mode (``main.COMMANDS``): the app shell handed the
modes it starts and the palette's entries. Imported only to run the app (Textual)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..app.shell import Entry, Shell
from ..game.preferences import Preferences
from ..navigation import Start
from .base import Command, Mode
from .main import COMMANDS


def entries(commands: Sequence[Command]) -> list[Entry]:
    """The palette's entries of ``commands``, the often used first (``Palette.rank``)."""
    offered = [(c.palette, c.go) for c in commands if c.palette is not None]
    return sorted(offered, key=lambda entry: entry[0].rank)


class MastermindApp(Shell):
    """The app shell with the modes and palette entries of ``commands``."""

    def __init__(
        self,
        opening: Start | None = None,
        records: Path | None = None,
        record: bool = True,
        preferences: Preferences | None = None,
        note: str = "",
        commands: Sequence[Command] = COMMANDS,
    ) -> None:
        """``commands``: every command (a test adds its own); the rest as ``Shell``."""
        modes = [c for c in commands if isinstance(c, Mode)]
        super().__init__(modes, entries(commands), opening, records, record, preferences, note)


def launch(start: Start | None, record: bool, preferences: Preferences, note: str) -> int:
    """Run the full-screen app on a checked start (None: the home screen), with the
    user's records (``default_path``: off when MASTERMIND_RECORDS is empty); with
    ``record`` False its games are not added to them; ``preferences`` the user's, kept up
    to date, and ``note`` what the first game says it took from them. Returns Textual's
    return code: 1 when an exception ended the app."""
    from ..records.store import default_path

    app = MastermindApp(
        start, records=default_path(), record=record, preferences=preferences, note=note
    )
    app.run()
    return app.return_code or 0
