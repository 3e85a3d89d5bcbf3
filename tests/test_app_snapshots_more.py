"""Snapshots at 80x24 of the screens that had none: the teletype, Records, a rated replay,
help, the command palette (the look, cell by cell).
Dialogs and the play screen's rating and what-if: ``test_app_snapshots_dialogs``.
``pytest --snapshot-update`` after a deliberate change of look."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from app_helpers import until
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input, Static

from engine.play.match import Role
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game, Move
from mastermind_tui.retro.screen import TeletypeScreen
from mastermind_tui.screens.help import HelpScreen
from mastermind_tui.screens.records import RecordsScreen
from mastermind_tui.screens.replay import ReplayScreen

SIZE = (80, 24)
#: What the teletype's keys are called for the characters typed on it.
KEYS = {" ": "space", ",": "comma"}

Run = Callable[[Pilot[Any]], Awaitable[None]]


@pytest.fixture(autouse=True)
def frozen_cursors(monkeypatch: pytest.MonkeyPatch) -> None:
    """No blinking: neither an Input's cursor (the palette's too) nor the teletype's."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    monkeypatch.setattr(TeletypeScreen, "cursor_blink", False)


def game_app() -> MastermindApp:
    """A newcomer's game of 6x4 with a fixed secret, straight from the command line."""
    return MastermindApp(Start(Settings.build(seed=3)))


async def settle(pilot: Pilot[Any]) -> None:
    """The workers done and what they changed drawn."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_retro(snap_compare: Callable[..., bool]) -> None:
    """The teletype over a game (the palette's Retro mode), green on black: the size and
    the rounds answered, a first guess scored, the block cursor after the next prompt."""
    app = game_app()

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        app.action_retro()
        await until(pilot, lambda: isinstance(app.screen, TeletypeScreen))
        for line in ("6", "4", "1", "RGBY"):
            await pilot.press(*(KEYS.get(ch, ch) for ch in line), "enter")
        screen = app.screen
        assert isinstance(screen, TeletypeScreen)
        await until(pilot, lambda: "MOVE #  2" in screen.printed)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


def played(moves: tuple[Move, ...], outcome: str, when: str, **fields: Any) -> Game:
    """A person's game of 6x4 against knuth's advice, finished at ``when``."""
    return Game(6, 4, 10, "play", Role.PERSON, outcome, "knuth", moves, finished_at=when, **fields)


#: Four games in the records: two won of 6x4 (one with the laboratory view on), one given
#: up in practice, and a 5x3 broken by entropy; finished on fixed dates, so the list's order and its
#: "When" never change.
GAMES = (
    played(
        (Move("0 0 1 1", 0, 0), Move("1 2 2 3", 0, 2), Move("2 3 4 5", 4, 0)),
        "solved",
        "2026-11-20T09:15:00+00:00",
        secret="2 3 4 5",
    ),
    played(
        (
            Move("0 0 1 1", 1, 0),
            Move("0 2 3 3", 1, 1),
            Move("0 2 4 4", 1, 2),
            Move("0 4 2 5", 4, 0),
        ),
        "solved",
        "2026-11-21T18:40:00+00:00",
        secret="0 4 2 5",
        assisted=True,
    ),
    played(
        (Move("0 0 1 1", 0, 0),),
        "quit",
        "2026-11-22T12:00:00+00:00",
        secret="2 3 4 5",
        practice=True,
    ),
    Game(
        5,
        3,
        8,
        "make",
        Role.COMPUTER,
        "solved",
        "entropy",
        (Move("0 1 2", 1, 0), Move("0 3 4", 3, 0)),
        secret="0 3 4",
        finished_at="2026-11-23T07:30:00+00:00",
    ),
)


def records_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *games: Game) -> MastermindApp:
    """A game whose records file holds ``games``. The file is named relative to the test's
    own folder (the current directory here), so the status line, which names it, reads
    the same on every run."""
    monkeypatch.chdir(tmp_path)
    path = Path("records.sqlite3")
    store = Records(path)
    for game in games:
        store.add(game)
    return MastermindApp(Start(Settings.build(seed=3)), records=path)


async def open_records(pilot: Pilot[Any]) -> RecordsScreen:
    """F8 over the game, and the records read."""
    await settle(pilot)
    await pilot.press("f8")
    await until(pilot, lambda: isinstance(pilot.app.screen, RecordsScreen))
    screen = pilot.app.screen
    assert isinstance(screen, RecordsScreen)
    status = screen.query_one("#records-status", Static)
    await until(pilot, lambda: "recent game" in str(status.render()))  # "1 recent game"
    await settle(pilot)
    return screen


def test_records(
    snap_compare: Callable[..., bool], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Records over a game (F8): the figures by size, the recent games newest first."""
    app = records_app(tmp_path, monkeypatch, *GAMES)

    async def run(pilot: Pilot[Any]) -> None:
        await open_records(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


def test_records_replay_rated(
    snap_compare: Callable[..., bool], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rated game replayed from Records to its end: each move with its rating beside the
    exact optimum's guess, the secret said."""
    rated = (
        Move("0 0 1 1", 0, 0, 4.48, 4.41, "0 0 1 2", "optimal"),
        Move("1 2 2 3", 0, 2, 2.95, 2.71, "2 3 4 4", "optimal"),
        Move("2 3 4 5", 4, 0, 1.0, 1.0, "2 3 4 5", "optimal"),
    )
    game = played(rated, "solved", "2026-11-24T20:05:00+00:00", secret="2 3 4 5")
    app = records_app(tmp_path, monkeypatch, game)

    async def run(pilot: Pilot[Any]) -> None:
        await open_records(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        moves = app.screen.query_one("#replay-moves", Static)
        await until(pilot, lambda: "The secret" in str(moves.content))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


def test_help_in_a_game(snap_compare: Callable[..., bool]) -> None:
    """F1 in a game: the page for a person breaking the code, over the game."""
    app = game_app()

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


def test_help_on_the_home_screen(snap_compare: Callable[..., bool], cache_dir: Path) -> None:
    """F1 on the home screen (an empty cache, as test_home's): the home page."""
    app = MastermindApp()

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


def palette_run(*typed: str) -> Run:
    """Ctrl+P over a game, ``typed`` into its search, and the search's list shown."""

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(pilot.app.screen, CommandPalette))
        palette = pilot.app.screen
        assert isinstance(palette, CommandPalette)
        await pilot.press(*typed)
        listed = palette.query_one(CommandList)

        def shown() -> bool:
            return palette._list_visible and not palette._show_busy and listed.option_count > 0

        await until(pilot, shown)
        await settle(pilot)
        await until(pilot, shown)

    return run


def test_palette(snap_compare: Callable[..., bool]) -> None:
    """Ctrl+P in a game: the palette with every command listed, the first highlighted."""
    assert snap_compare(game_app(), terminal_size=SIZE, run_before=palette_run())


def test_palette_search(snap_compare: Callable[..., bool]) -> None:
    """The palette searching "rec": the matching commands, their letters picked out."""
    app = game_app()
    assert snap_compare(app, terminal_size=SIZE, run_before=palette_run("r", "e", "c"))
