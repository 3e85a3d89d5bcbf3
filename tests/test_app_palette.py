"""Command palette entries, retro mode, themes, and random lines that never crash the app."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from app_helpers import heard, idle, until
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import Input

from mastermind_tui.app.themes import DARK, LIGHT
from mastermind_tui.game.kinds import MAKE, PLAY, WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.home import HomeScreen
from mastermind_tui.screens.make import MakeScreen
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.screens.stats import StatsScreen


async def test_palette_lists_the_modes() -> None:
    app = MastermindApp(Start(Settings.build(seed=1)))
    async with app.run_test(size=(80, 24)):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("Home", "Watch", "Statistics", "Retro mode", "Toggle theme"):
            assert title in titles


async def test_retro_mode_pushes_the_teletype_and_escape_returns() -> None:
    from mastermind_tui.retro.screen import TeletypeScreen

    TeletypeScreen.cursor_blink = False
    app = MastermindApp(Start(Settings.build(seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_retro()
        await until(pilot, lambda: isinstance(app.screen, TeletypeScreen))
        await idle(pilot)  # mounted in full before it is left
        assert isinstance(app.screen, TeletypeScreen)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert isinstance(app.screen, PlayScreen)


async def test_palette_actions_and_theme() -> None:
    app = MastermindApp(Start(Settings.build(seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == DARK.name
        await pilot.press("ctrl+t")
        assert app.theme == LIGHT.name
        app.action_statistics()
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await idle(pilot)  # mounted in full before it is left
        assert isinstance(app.screen, StatsScreen)
        app.choose(WATCH)
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        await idle(pilot)  # mounted in full before the test ends
        assert isinstance(app.screen, HomeScreen)
        assert app.screen.mode is WATCH


LINES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["BOARD", "quit", "help", "", "secret", "undo", "fix 1 2,1", "2,1"]),
    st.text(alphabet="BWRGOY rgby,0123456789[]", max_size=12),
)


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(LINES, min_size=1, max_size=14), make=st.booleans())
async def test_random_lines_never_crash(lines: list[str], make: bool) -> None:
    """As many lines as before in fewer, longer games (starting an app costs about three
    lines), every example typing at least one; at the smallest size the screens draw
    (less to draw, and the tightest layout); without waiting for the first advice, so
    lines typed while it is worked out are part of the fuzz; one wait per line, Pilot's
    own (a press waits until the app is idle)."""
    app = MastermindApp(Start(Settings.build(mode=MAKE if make else PLAY, seed=2, rounds=2)))
    async with app.run_test(size=(60, 20)) as pilot:
        for line in lines:
            if not isinstance(app.screen, PlayScreen | MakeScreen):
                await pilot.press("escape")  # HELP opened over the game
            field = app.screen.query_one("#command", Input)
            field.focus()
            field.value = line
            await pilot.press("enter")
        await app.workers.wait_for_complete()
        await idle(pilot)  # the last line's effects, whatever they are, all in
        assert app.return_code is None
        if not isinstance(app.screen, PlayScreen | MakeScreen):
            await pilot.press("escape")
        assert isinstance(app.screen, PlayScreen | MakeScreen)


@pytest.mark.slow
async def test_leaving_a_game_in_progress_is_asked_first() -> None:
    """F5 and the palette's Watch and Statistics abandoned a game without
    asking; Retro opens over the game, which is there when the teletype is left."""
    from app_helpers import enter, game_session

    from mastermind_tui.retro.screen import TeletypeScreen
    from mastermind_tui.screens.dialogs import Confirm

    TeletypeScreen.cursor_blink = False
    app = MastermindApp(Start(Settings.build(seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await enter(pilot, "RRGG")
        game = app.screen
        for leave in (
            lambda: pilot.press("f5"),
            lambda: app.choose(WATCH),
            app.action_statistics,
        ):
            pressed = leave()
            if pressed is not None:
                await pressed
            await until(pilot, lambda: isinstance(app.screen, Confirm))
            await idle(pilot)  # mounted in full before it is left
            assert isinstance(app.screen, Confirm)
            await pilot.press("n")
            await until(pilot, lambda: app.screen is game)
            assert app.screen is game and len(game_session(app).rows()) == 1
        app.action_retro()
        await until(pilot, lambda: isinstance(app.screen, TeletypeScreen))
        await idle(pilot)  # mounted in full before it is left
        assert isinstance(app.screen, TeletypeScreen)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is game)
        assert app.screen is game and len(game_session(app).rows()) == 1
        app.choose(WATCH)
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await idle(pilot)  # mounted in full before it is left
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert isinstance(app.screen, HomeScreen) and app.screen.mode is WATCH


async def test_a_screenshot_goes_to_a_folder_that_exists_and_says_where(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The palette's Screenshot failed when ~/Downloads did not exist."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # no Downloads, Pictures, Documents
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for name in ("XDG_PICTURES_DIR", "XDG_DOCUMENTS_DIR", "XDG_DOWNLOAD_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    app = MastermindApp(Start(Settings.build(seed=1)))
    said = heard(app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.deliver_screenshot()
        # The file is written in a thread, then the app says where.
        await until(pilot, lambda: said)
        (saved,) = tmp_path.glob("*.svg")
        assert any(str(saved) in text for text in said), said


async def test_a_screenshot_is_written_as_every_file_the_program_writes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Through ``engine.storage.output``: a file already there is replaced whole (a reader
    holding it open still reads the old picture, never a half-written one), a link is
    followed and stays a link, a device is written into and stays one, and a folder in
    the way is said in one line, the app going on."""
    pictures = tmp_path / "Pictures"
    pictures.mkdir()
    monkeypatch.setenv("XDG_PICTURES_DIR", str(pictures))
    old = pictures / "old.svg"
    old.write_text("the old picture\n")
    (pictures / "link.svg").symlink_to(old)
    device = tmp_path / "null"
    if os.geteuid() == 0:  # a copy of /dev/null made here, never the machine's own
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    else:
        device.symlink_to(os.devnull)
    (pictures / "folder.svg").mkdir()
    app = MastermindApp(Start(Settings.build(seed=1)))
    said = heard(app)
    async with app.run_test(size=(80, 24)) as pilot:
        with old.open() as reader:
            app.deliver_screenshot("old.svg")
            await until(pilot, lambda: len(said) == 1)
            assert reader.read() == "the old picture\n"
        assert old.read_text().startswith("<svg")
        app.deliver_screenshot("link.svg")
        await until(pilot, lambda: len(said) == 2)
        assert (pictures / "link.svg").is_symlink() and old.read_text().startswith("<svg")
        app.deliver_screenshot("null", str(tmp_path))
        await until(pilot, lambda: len(said) == 3)
        assert stat.S_ISCHR(os.stat(device).st_mode)
        app.deliver_screenshot("folder.svg")
        await until(pilot, lambda: len(said) == 4)
        assert said[3] == f"screenshot not saved to {pictures / 'folder.svg'}: it is a folder"
        assert (pictures / "folder.svg").is_dir()
        assert sorted(p.name for p in pictures.iterdir()) == ["folder.svg", "link.svg", "old.svg"]
        assert app.is_running
