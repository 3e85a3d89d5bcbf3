"""What the full-screen app and the teletype's share: the records writer they own
(``Recorder``), the jobs of their services posting to them, the guarded palette, and how
they stop on a signal: SIGTERM, SIGHUP and SIGINT close them as Ctrl+Q does, with 128 +
the signal's number as the return code."""

from __future__ import annotations

import asyncio
import re
import signal
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import platformdirs
from textual.app import App
from textual.binding import Binding, BindingType

from engine import MastermindError
from engine.storage import output
from engine.storage.files import shown

from ..jobs import JobHost, Jobs, Ticket
from ..services.recording import Recorder
from .lifeline import Lifeline

if TYPE_CHECKING:
    from textual.command import CommandListItem
    from textual.widget import AwaitMount


class _Unwaited(ThreadPoolExecutor):
    """The event loop's executor, where thread workers run: closing the app does not wait
    for them (``asyncio.run`` would, until a search nobody will read ends); the process
    ends without them (``process_end``)."""

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        super().shutdown(wait=False, cancel_futures=cancel_futures)


def screenshot_directory() -> Path:
    """Where a screenshot goes: the first of the pictures folder, the documents folder and
    the current directory that exists (Textual's default, ~/Downloads, often does not)."""
    for folder in (platformdirs.user_pictures_path(), platformdirs.user_documents_path()):
        if folder.is_dir():
            return folder
    return Path.cwd()


def screenshot_name(title: str, time_format: str | None = None) -> str:
    """A screenshot's file name, as Textual makes one: the title and the time, the
    characters a file name trips on made "_"."""
    now = datetime.now()
    stem = f"{title} {now.strftime(time_format) if time_format else now.isoformat()}"
    return re.sub(r'[ <>:"/\\|?*.]', "_", stem) + ".svg"


def save_svg(target: Path, picture: str) -> Path:
    """Write a screenshot as every file the program writes (``output.write``: a regular
    file replaced whole, a link followed and kept, a device or pipe written into, never
    replaced); where it landed. MastermindError in one line when it cannot be."""
    try:
        return output.write(target, picture.encode("utf-8"))
    except output.NotWritten as error:
        raise MastermindError(
            f"screenshot not saved to {shown(str(target), 200)}: {error}"
        ) from None


class BaseApp(JobHost, App[None]):
    """An app whose screens hand each finished game to its ``recorder``; the jobs of the
    services it owns (``jobs``) report to it, and it hands their messages back."""

    #: Ctrl+C leaves as Ctrl+Q does, but as an interrupt, as a terminal program's Ctrl+C
    #: is expected to: exit status 130, as ``--help`` says and as SIGINT gives (Textual's
    #: default only says to press Ctrl+Q; copying a guess is not worth that).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "interrupt", "Quit", show=False, priority=True)
    ]

    def __init__(self, records: Path | None = None, record: bool = True) -> None:
        """``records``: the records file (None: no records, as in tests); with ``record``
        False (--no-record) nothing is added to it."""
        super().__init__()
        self.recorder = Recorder(self, records, record)
        self.screenshots = Jobs(self, self._screenshot_failed)
        self.lifeline = Lifeline(self._close, lambda: self.return_code is not None)

    def run(self, **kwargs: Any) -> None:
        """Run in the terminal, held to it from before the first frame (``lifeline``)."""
        self.lifeline.start(headless=bool(kwargs.get("headless")))
        return super().run(**kwargs)  # what the app exited with (a snapshot's picture)

    def on_mount(self) -> None:
        """Close on a stopping signal or a lost terminal, for certain (``lifeline``),
        without waiting for thread workers. Under a test's headless run, whose loop and
        signals are the test runner's, only a lost terminal (the parent gone) closes it."""
        loop = asyncio.get_running_loop()
        self.lifeline.start(headless=self.is_headless)  # (``run`` started it for real)
        self.lifeline.attach(loop)
        if not self.is_headless:
            loop.set_default_executor(_Unwaited(thread_name_prefix="worker"))

    def on_ready(self) -> None:
        """The first frame is drawn: a lost terminal or a signal now closes the app."""
        self.lifeline.ready()

    def _close(self, code: int) -> None:
        """Close as Ctrl+Q does, with ``code``, unless already on the way out (a crash's
        code is kept)."""
        if self.return_code is None:
            self.exit(None, code)

    def action_interrupt(self) -> None:
        """Ctrl+C: close as SIGINT does (``mastermind: interrupted``, exit status 130)."""
        self.exit(None, 128 + signal.SIGINT)

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

    def deliver_screenshot(
        self,
        filename: str | None = None,
        path: str | None = None,
        time_format: str | None = None,
    ) -> str | None:
        """In a browser, Textual's download. In a terminal, the screen as it is now,
        written in a thread (a named pipe there waits for its reader) by ``save_svg``
        into a folder that exists (see ``screenshot_directory``); where it went, or why
        not, said in a notification. The key of the delivery, or None (a terminal's)."""
        if self.is_web:
            return super().deliver_screenshot(filename, path, time_format)
        folder = screenshot_directory() if path is None else Path(path).expanduser()
        target = folder / (filename or screenshot_name(self.title, time_format))
        picture = self.export_screenshot()

        def work(_: Ticket[None]) -> Path:
            return save_svg(target, picture)

        self.screenshots.start("screenshot", work, self._screenshot_saved)
        return None

    def save_screenshot(
        self,
        filename: str | None = None,
        path: str | None = None,
        time_format: str | None = None,
    ) -> str:
        """Textual's (its ``TEXTUAL_SCREENSHOT``), written by ``save_svg``: where it landed."""
        folder = Path(path or "./").expanduser()
        target = folder / (filename or screenshot_name(self.title, time_format))
        return str(save_svg(target, self.export_screenshot()))

    def _screenshot_saved(self, where: Path) -> None:
        self.notify(f"Saved screenshot to [$text-success]{str(where)!r}", title="Screenshot")

    def _screenshot_failed(self, job: str, error: str) -> None:
        self.notify(error, title="Screenshot", severity="error", markup=False)
