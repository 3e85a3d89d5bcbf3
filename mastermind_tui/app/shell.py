"""The full-screen Mastermind app: it routes between screens; sessions hold the games.
It is handed the modes it starts and the palette's entries (``mastermind_tui.modes``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path, PurePath
from typing import Any, ClassVar, Protocol

from textual import on
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import ModalScreen, Screen

from ..game import preferences as saving
from ..game.kinds import GameKind, Palette
from ..game.preferences import Preferences
from ..game.settings import Settings
from ..navigation import (
    OpenHome,
    OpenRecords,
    OpenRetro,
    OpenStatistics,
    Rate,
    Recorder,
    Show,
    ShowSession,
    Start,
)
from ..records.types import Game
from ..services.optimum import Optimum, SearchOptimum
from ..services.rating import Rating
from .base import BaseApp
from .themes import DARK, LIGHT


class Opens(Protocol):
    """A mode, as the app knows it: its kind of game and the screen it opens."""

    @property
    def kind(self) -> GameKind: ...

    def open(self, start: Start, recorder: Recorder) -> Screen[None]: ...


#: A palette entry, and the message it posts to the app.
Entry = tuple[Palette, Callable[[], Message]]


class Shell(BaseApp):
    """Starts on the home screen, or straight in a game or a watch (from the command line).
    Screens ask to go elsewhere with the messages of ``navigation``; leaving a game in
    progress is confirmed first."""

    TITLE = "Mastermind"
    CSS_PATH: ClassVar[list[str | PurePath]] = [Path(__file__).parent / "app.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+t", "toggle_theme", "Theme", show=False, id="theme"),
        Binding("f8", "records", "Records", show=False, id="records"),
        Binding("f1", "help", "Help", show=False, id="app-help"),
    ]

    def __init__(
        self,
        modes: Sequence[Opens],
        palette: Sequence[Entry],
        opening: Start | None = None,
        records: Path | None = None,
        record: bool = True,
        preferences: Preferences | None = None,
        note: str = "",
    ) -> None:
        """``modes``: those it starts, in the home screen's order, the first the default;
        ``palette``: the commands' entries in the command palette, in its order.
        ``opening``: the mode the command line starts, by the route the home screen's
        Start takes (None: the home screen). ``records``: the records file the Records
        screen reads and, with ``record``, where every finished game is kept (None: no
        records, as in tests). ``preferences``: the user's (theme, the home screen's last
        choices), saved as they change; ``note``: what the first game says it took from
        them."""
        super().__init__(records, record)
        self.game_modes = modes
        self.palette_entries = palette
        self.rating = Rating(self)  # its services, besides the recorder
        self.optimum = Optimum(self)
        self.opening = opening
        self.settings = None if opening is None else opening.settings
        self.preferences = preferences or Preferences()
        self.note = note
        #: Stops the background compile (set once it is asked for: ``_warm_up``).
        self._stop_warmup: Callable[[], None] | None = None
        #: The strategies ticked on the statistics screen, kept while the app runs.
        self.stats_chosen: tuple[str, ...] | None = None
        # Chosen before the stylesheet is first read: set on mount, the theme had every
        # rule read and applied twice (a third of the app's start-up).
        self.register_theme(DARK)
        self.register_theme(LIGHT)
        saved = self.preferences.theme
        self.theme = saved if saved in self.available_themes else DARK.name

    def on_mount(self) -> None:
        if self.preferences.problem:
            self.notify(self.preferences.problem, severity="warning")
        elif self.preferences.theme not in (None, self.theme):
            self.notify(f"Theme {self.preferences.theme!r} is not known here: using {self.theme}.")
        # Any change of theme (Ctrl+T, or the palette's theme picker) is kept.
        self.theme_changed_signal.subscribe(self, lambda theme: self.remember())
        if self.opening is None:
            self.action_new_game()
        else:  # the same Start the home screen posts, handled at once
            self._start(self.opening)
        if self.note:
            self.call_after_refresh(self._say_note)
        self.call_after_refresh(self._warm_up)

    def _warm_up(self) -> None:
        """After the first frame: the exact search's kernel compiled in another process
        if numba's cache lacks it (``engine.optimal.warmup``), so that no HINT waits on it;
        a damaged compiled cache found on the way is said in one line."""
        from engine.optimal import warmup

        self._stop_warmup = warmup.stop
        warmup.start()
        if warmup.notice:
            self.notify(warmup.notice, severity="warning")

    def _say_note(self) -> None:
        """What the first game took from the preferences, on its message line."""
        from ..screens.base import GameScreen

        if isinstance(self.screen, GameScreen):  # after the game's opening line, not over it
            opening = self.screen.command_line.said.strip()
            self.screen.say(f"{opening} ({self.note}.)" if opening else self.note)
        else:
            self.notify(self.note)

    def remember(self, settings: Settings | None = None) -> None:
        """Save the theme and (``settings``: a game started from the home screen) its
        mode, size, rules and strategy; a failure is one line and nothing else."""
        self.preferences.theme = self.theme
        if settings is not None:
            self.preferences.settings = saving.kept(settings)
        problem = saving.save(self.preferences)
        if problem:
            self.notify(problem, severity="warning")

    def on_exit_app(self) -> None:
        """Every way out (Ctrl+Q, a signal, the terminal gone, a closed browser tab) keeps a
        game left abandoned: ``exit`` posts ExitApp, and under ``serve`` the web driver
        posts it itself when the page closes, without ``exit``."""
        for game in self.abandon_games():
            self.recorder.keep_now(game)

    def on_unmount(self) -> None:
        """Quitting ends the services' jobs: a rating's helper search (``Rating.stop``),
        the optimum's search, what it proved kept (``Optimum.end``)."""
        self.recorder.jobs.cancel_all()
        self.rating.stop()
        self.optimum.end()
        if self._stop_warmup is not None:  # the background compile ends with the app
            self._stop_warmup()

    def show(self, screen: Screen[Any]) -> None:
        """Replace what is on show (the default screen stays underneath); anything stacked
        on a screen (the teletype, a dialog) goes with it."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def game_in_progress(self) -> bool:
        """Whether some screen holds a game that leaving would abandon."""
        screens = self.screen_stack[1:]  # the default screen underneath holds no game
        if not screens:  # at start: the first frame need not load the game screens
            return False
        from ..screens.base import GameScreen

        return any(
            isinstance(screen, GameScreen) and screen.session.in_progress for screen in screens
        )

    def abandon_games(self) -> list[Game]:
        """The records of games left with a guess played (``GameSession.abandon``)."""
        from ..screens.base import GameScreen

        sessions = {
            id(s.session): s.session for s in self.screen_stack if isinstance(s, GameScreen)
        }
        return [game for s in sessions.values() if (game := s.abandon()) is not None]

    def leave_game(self, then: Callable[[], None]) -> None:
        """Do ``then`` now, or after a yes when it would abandon a game in progress."""
        if not self.game_in_progress():
            then()
            return
        from ..screens.dialogs import Confirm

        def answered(yes: bool | None) -> None:
            if yes:
                for game in self.abandon_games():
                    self.recorder.keep(game)
                then()

        self.push_screen(
            Confirm("A game is in progress. Leave it?", yes="Leave", no="Stay"), answered
        )

    @property
    def kinds(self) -> list[GameKind]:
        """The kinds of game of its modes, in the home screen's order."""
        return [mode.kind for mode in self.game_modes]

    def start(self, start: Start) -> None:
        """Open the screen the start's mode opens (``Mode.open``)."""
        self.settings = start.settings
        (mode,) = (m for m in self.game_modes if m.kind == start.settings.mode)
        self.show(mode.open(start, self.recorder.keep))

    def action_new_game(self) -> None:
        self.leave_game(self._home)

    def _home(self, mode: GameKind | None = None) -> None:
        from ..screens.home import HomeScreen

        saved = self.preferences.settings
        # The seed picked the last game's secret: a new game must not replay it unless
        # the person types the seed again.
        settings = None if self.settings is None else replace(self.settings, seed=None)
        if settings is None and saved:
            settings = Settings.of(saved)  # not its mode: the home screen's list chooses
            named = [kind for kind in self.kinds if kind.name == saved.get("mode")]
            mode = mode or next(iter(named), None)
        self.show(HomeScreen(self.kinds, settings, mode=mode))

    def action_statistics(self) -> None:
        from ..screens.stats import StatsScreen

        keep = partial(setattr, self, "stats_chosen")  # the ticks, as they change
        self.leave_game(lambda: self.show(StatsScreen(self.settings, self.stats_chosen, keep)))

    def choose(self, mode: GameKind | None) -> None:
        """The home screen with ``mode`` chosen (the palette's entry of a mode)."""
        self.leave_game(lambda: self._home(mode))

    def action_retro(self) -> None:
        """The 1978 teletype on top of whatever is on show, which is kept: leaving the
        teletype comes back to it."""
        from ..retro.screen import TeletypeScreen

        seed = None if self.settings is None else self.settings.seed
        self.push_screen(TeletypeScreen(seed=seed, recorder=self.recorder.keep))

    def action_records(self) -> None:
        """The Records screen on top of whatever is on show, which is kept (a game goes
        on after it); not over a dialog, and not a second time."""
        from ..screens.records import RecordsScreen
        from ..screens.replay import ReplayScreen

        if not isinstance(self.screen, (ModalScreen, RecordsScreen, ReplayScreen)):
            self.push_screen(RecordsScreen(self.recorder.records, self.recorder.record))

    def action_help(self) -> None:
        """F1 on a screen with no help of its own (Records, a replay, Statistics): the
        page for it; every screen answers F1."""
        from ..screens.help import HelpScreen, Page
        from ..screens.records import RecordsScreen
        from ..screens.replay import ReplayScreen
        from ..screens.stats import StatsScreen

        pages: dict[type[Screen[Any]], Page] = {
            RecordsScreen: Page.RECORDS,
            ReplayScreen: Page.REPLAY,
            StatsScreen: Page.STATS,
        }
        if not isinstance(self.screen, ModalScreen):
            self.push_screen(HelpScreen(pages.get(type(self.screen), Page.OTHER)))

    def action_toggle_theme(self) -> None:
        self.theme = LIGHT.name if self.theme == DARK.name else DARK.name

    # ----- what screens ask for -----
    @on(Start)
    def _start(self, start: Start) -> None:
        if start.remember:
            self.remember(start.settings)
        self.start(start)

    @on(ShowSession)
    def _show_session(self, message: ShowSession) -> None:
        from ..screens.opening import session_screen

        self.show(session_screen(message.session))

    @on(Show)
    def _show(self, message: Show) -> None:
        self.show(message.screen)

    @on(OpenHome)
    def _open_home(self, message: OpenHome) -> None:
        self.choose(message.mode)

    @on(OpenStatistics)
    def _open_statistics(self, message: OpenStatistics) -> None:
        if message.settings is not None:
            self.settings = message.settings
        self.action_statistics()

    @on(OpenRetro)
    def _open_retro(self) -> None:
        self.action_retro()

    @on(OpenRecords)
    def _open_records(self) -> None:
        self.action_records()

    @on(Rate)
    def _rate(self, message: Rate) -> None:
        self.rating.rate(message.session)

    @on(SearchOptimum)
    def _search_optimum(self, message: SearchOptimum) -> None:
        self.optimum.search(message.size)

    def _post(self, message: Callable[[], Message]) -> None:
        self.post_message(message())

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for entry, message in self.palette_entries:  # the commands' own entries
            yield SystemCommand(entry.title, entry.help, partial(self._post, message))
        yield SystemCommand("Toggle theme", "Dark or light", self.action_toggle_theme)
