"""The full-screen app with every command's modes and palette entries (``main.COMMANDS``),
as tests and scripts build it; ``mastermind`` builds it the same way (``base.full_screen``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..app.shell import Shell
from ..game.preferences import Preferences
from ..navigation import Start
from .base import Command, entries, game_modes
from .main import COMMANDS


class MastermindApp(Shell):
    """The app shell handed the modes and palette entries of ``commands``."""

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
        super().__init__(
            game_modes(commands), entries(commands), opening, records, record, preferences, note
        )
