"""The full-screen Mastermind app: it routes between screens; sessions hold the games."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.theme import Theme

from .state import GameSession, Settings, WatchSession

DARK = Theme(
    name="mastermind-dark",
    primary="#5fd7ff",
    secondary="#f6d32d",
    accent="#f77f00",
    success="#2a9d3f",
    error="#ff5f5f",
    background="#10141c",
    surface="#181e2a",
    panel="#202838",
    dark=True,
)
LIGHT = Theme(
    name="mastermind-light",
    primary="#1e6fd9",
    secondary="#b8860b",
    accent="#d35400",
    success="#1e7b34",
    error="#c0392b",
    background="#f4f1ea",
    surface="#ffffff",
    panel="#e6e0d4",
    dark=False,
)


class MastermindApp(App[None]):
    """Starts on the home screen, or straight in a game or a watch (from the command line)."""

    TITLE = "Mastermind"
    CSS_PATH: ClassVar[list[Path]] = [Path(__file__).parent / "app.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+t", "toggle_theme", "Theme", id="theme")]

    def __init__(
        self,
        settings: Settings | None = None,
        watch_secret: int | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.watch_secret = watch_secret

    def on_mount(self) -> None:
        self.register_theme(DARK)
        self.register_theme(LIGHT)
        self.theme = DARK.name
        if self.settings is None:
            self.action_new_game()
        elif self.watch_secret is not None:
            self.start_watch(self.settings, self.watch_secret)
        else:
            self.start(self.settings)

    def show(self, screen: Screen) -> None:
        """Replace the screen on show (the default screen stays underneath)."""
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def start(self, settings: Settings) -> None:
        self.show_session(GameSession(settings))

    def show_session(self, session: GameSession) -> None:
        """The screen for the current game of a session: who breaks decides which."""
        if session.role == "person":
            from .screens.play import PlayScreen

            self.show(PlayScreen(session))
        else:
            from .screens.make import MakeScreen

            self.show(MakeScreen(session))

    def start_watch(self, settings: Settings, secret: int) -> None:
        from .screens.watch import WatchScreen

        self.show(WatchScreen(WatchSession(settings, secret)))

    def action_new_game(self) -> None:
        from .screens.home import HomeScreen

        self.show(HomeScreen(self.settings))

    def action_statistics(self) -> None:
        from .screens.stats import StatsScreen

        self.show(StatsScreen(self.settings))

    def action_watch(self) -> None:
        from .screens.home import HomeScreen

        self.show(HomeScreen(self.settings, mode="watch"))

    def action_retro(self) -> None:
        """The 1978 teletype on top of whatever is on show; Escape comes back here."""
        from .retro.screen import TeletypeScreen

        self.push_screen(TeletypeScreen(seed=None if self.settings is None else self.settings.seed))

    def action_toggle_theme(self) -> None:
        self.theme = LIGHT.name if self.theme == DARK.name else DARK.name

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Choose a mode and start a game", self.action_new_game)
        yield SystemCommand(
            "Watch", "Watch a strategy break a code step by step", self.action_watch
        )
        yield SystemCommand(
            "Statistics", "Compare strategies over many games", self.action_statistics
        )
        yield SystemCommand("Retro mode", "The 1978 BASIC MASTERMIND, exactly", self.action_retro)
        yield SystemCommand("Toggle theme", "Dark or light", self.action_toggle_theme)
