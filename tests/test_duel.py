"""Two people at one terminal: the names, the secret typed unseen and confirmed, roles
swapping game by game, scores as the 1978 match (lower wins), the secret in no frame
drawn while its game runs (nor in a screenshot), and the records keeping both names
from a file of any earlier version."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from app_helpers import (
    enter,
    game_session,
    handled,
    message,
    records_read,
    screen_text,
    until,
)
from records_files import old_file
from textual.pilot import Pilot
from textual.widgets import Input, Static

from engine import MastermindError
from engine.play.match import Role
from mastermind_tui.cli.launch import given, opening
from mastermind_tui.game.duel import Players, read_players
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser
from mastermind_tui.records.figures import summarise
from mastermind_tui.records.schema import SCHEMA_VERSION
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game, Move
from mastermind_tui.screens.duel import DuelScreen
from mastermind_tui.screens.duel_secret import SecretScreen

SIZE = (80, 24)
#: Ann's code, and the ways a frame could show it: typed, and as pegs on the board.
SECRET = "OYWO"
SHOWN = (SECRET, " ".join(SECRET))
#: The escape sequences between the characters a frame writes.
ESCAPES = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def test_names_from_the_command_line_or_the_form() -> None:
    assert read_players(None) == read_players("") == Players("Player 1", "Player 2")
    assert read_players(["Ann", "Bob"]) == read_players(" Ann , Bob ") == Players("Ann", "Bob")
    for bad in ("Ann", "Ann, Bob, Cy", "Ann, ann", "Ann, ", "Ann, Bartholomew Jr", "Ann, [b]B"):
        with pytest.raises(MastermindError):
            read_players(bad)
    args = build_parser().parse_args(["duel", "--players", "Ann", "Ann"])
    with pytest.raises(MastermindError, match="different names"):
        opening(args, given(args), {})


def duel_app(path: Path | None = None, *more: str) -> MastermindApp:
    args = build_parser().parse_args(["duel", "--players", "Ann", "Bob", *more])
    return MastermindApp(opening(args, given(args), {}), records=path)


def drawn(app: MastermindApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every frame the app draws from now on, as a terminal would get it (escape sequences
    taken out): what a person at the terminal, or a browser under ``serve``, could see.
    Headless, Textual renders each update but writes none: each is rendered here."""
    frames: list[str] = []
    display = app._display

    def kept(screen: Any, renderable: Any) -> None:
        if renderable is not None:
            segments = getattr(renderable, "render_segments", None)
            if segments is not None:
                text = segments(app.console)
            else:
                text = "".join(s.text for s in app.console.render(renderable))
            frames.append(ESCAPES.sub("", text))
        display(screen, renderable)

    monkeypatch.setattr(app, "_display", kept)
    return frames


async def type_secret(pilot: Pilot[Any], text: str) -> None:
    """Key by key, as a person types: each keystroke its own frame."""
    screen = pilot.app.screen
    assert isinstance(screen, SecretScreen)
    await until(pilot, lambda: screen.query("#secret") and screen.focused is not None)
    field = screen.query_one("#secret", Input)
    for key in text.lower():
        await pilot.press(key)
    await until(pilot, lambda: len(field.value) == len(text))
    taken = handled(screen, Input.Submitted)
    await pilot.press("enter")
    await until(pilot, lambda: taken)


def secret_message(pilot: Pilot[Any]) -> str:
    return str(pilot.app.screen.query_one("#secret-message", Static).render())


async def test_the_secret_is_in_no_frame_while_its_game_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "r.sqlite3"
    app = duel_app(path)
    async with app.run_test(size=SIZE) as pilot:
        frames = drawn(app, monkeypatch)
        shots: list[str] = []
        await until(pilot, lambda: isinstance(app.screen, SecretScreen))
        assert "Bob, look away" in screen_text(pilot)
        await type_secret(pilot, SECRET)
        shots.append(app.export_screenshot())  # the palette's screenshot saves this
        assert secret_message(pilot) == "Type it again to lock it."
        await type_secret(pilot, "OYWW")
        assert secret_message(pilot) == "The two differ: type the code again."
        await type_secret(pilot, "OYWX")  # no code: said without echoing it
        assert "no code of this game" in secret_message(pilot)
        assert "OYWX" not in "".join(frames)
        await type_secret(pilot, SECRET)
        await type_secret(pilot, SECRET)
        await until(pilot, lambda: isinstance(app.screen, DuelScreen))
        assert "Bob: break Ann's code" in message(pilot)
        for guess in ("RRGG", "BBWW", "YOWO"):
            await enter(pilot, guess)
            shots.append(app.export_screenshot())
        await enter(pilot, "HINT")
        await enter(pilot, "UNDO")  # practice, as in play
        assert "practice" in screen_text(pilot)
        session = game_session(app)
        assert not session.over
        seen = "".join(frames) + "".join(shots)
        assert "look away" in seen and "YOWO" in seen  # frames are read
        assert not any(shown in seen for shown in SHOWN)
        assert all(shown not in screen_text(pilot) for shown in SHOWN)
        await enter(pilot, SECRET)
        assert message(pilot).startswith("Bob broke Ann's code in 3 moves!")
        assert "Challenge a friend" not in message(pilot)  # the code was Ann's, for Bob
        await pilot.press("f6")
        assert app.clipboard == "" and not message(pilot).startswith("Copied")
        assert "Duel 1/1: Bob breaks · Ann 0, Bob 3" in screen_text(pilot)
        assert SECRET in screen_text(pilot)  # the game over, the secret is shown
        assert any(shown in "".join(frames) for shown in SHOWN)
        await until(pilot, lambda: path.exists() and Records(path).games())
        await pilot.press("f8")  # Records: the game by its breaker's name
        await until(pilot, lambda: records_read(pilot))
        assert re.search(r"duel \(practice\)\s+│?\s*Bob\s", screen_text(pilot))
    (kept,) = Records(path).games()
    assert (kept.mode, kept.breaker_name, kept.maker_name) == ("duel", "Bob", "Ann")
    assert kept.practice and kept.won
    assert summarise([kept]) == []  # two people's games: out of the figures


async def test_roles_swap_and_the_lower_score_wins(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    app = duel_app(path, "--rounds", "2", "--moves", "3")
    async with app.run_test(size=SIZE) as pilot:
        for maker, breaker, guesses in (
            ("Ann", "Bob", ["RRGG"]),  # Bob broke it at once: 1
            ("Bob", "Ann", ["RRRR", "GGGG", "BBBB"]),  # Ann out of moves: 4
            ("Ann", "Bob", ["WWWW", "RRGG"]),  # Bob: 2
            ("Bob", "Ann", ["QUIT"]),  # Ann gave up: 4
        ):
            await until(pilot, lambda: isinstance(app.screen, SecretScreen))
            box = app.screen.query_one("#secret-box")
            assert box.border_title == f"{maker} makes a code"
            await type_secret(pilot, "RRGG")
            await type_secret(pilot, "RRGG")
            await until(pilot, lambda: isinstance(app.screen, DuelScreen))
            assert message(pilot).startswith(f"{breaker}: break {maker}'s code")
            for guess in guesses:
                await enter(pilot, guess)
            if maker == "Bob" and breaker == "Ann" and guesses != ["QUIT"]:
                assert message(pilot).startswith("Out of moves: Bob's code was RRGG.")
            if guesses == ["QUIT"]:
                break
            await enter(pilot, "")  # the next maker's turn
        said = message(pilot)
        assert "Bob wins, 3 to Ann's 8" in said
        assert "Ann played 3 moves, 2 codes not broken; Bob played 3 moves" in said
        await until(pilot, lambda: path.exists() and len(Records(path).games()) == 4)
        await enter(pilot, "")  # a new duel, the scores from nothing
        await until(pilot, lambda: isinstance(app.screen, SecretScreen))
        assert "Ann 0, Bob 0" in screen_text(pilot)
    games = Records(path).games()
    assert [(g.breaker_name, g.maker_name) for g in games] == [
        ("Ann", "Bob"),
        ("Bob", "Ann"),
        ("Ann", "Bob"),
        ("Bob", "Ann"),
    ]


def test_a_file_of_every_earlier_version_gains_the_names_and_keeps_its_games(
    tmp_path: Path,
) -> None:
    assert SCHEMA_VERSION == 9
    for version in range(1, SCHEMA_VERSION):
        path = tmp_path / f"v{version}.sqlite3"
        old_file(path, version)
        (old,) = Records(path).games()
        named = version >= 8  # the version that added the names (records_files.ADDED)
        assert old.won and old.breaker_name == ("Ann" if named else None)
        assert old.maker_name == ("Bob" if named else None)
        duel = Game(
            6,
            4,
            10,
            "duel",
            Role.PERSON,
            "solved",
            "knuth",
            (Move("2 3 4 5", 4, 0),),
            breaker_name="Bob",
            maker_name="Ann",
        )
        Records(path).add(duel)
        with closing(sqlite3.connect(path)) as db:
            assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
            row = db.execute("SELECT answers FROM games WHERE mode = 'duel'").fetchone()
            assert row == ("classic",)
        latest = Records(path).games()[0]
        assert (latest.breaker_name, latest.maker_name) == ("Bob", "Ann")


def test_the_secret_s_entry_at_80x24(snap_compare: Callable[..., bool], monkeypatch: Any) -> None:
    """Ann's code typed, waiting for its confirmation: dots only."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    app = duel_app()

    async def run(pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: isinstance(app.screen, SecretScreen))
        await type_secret(pilot, SECRET)
        for key in SECRET.lower():
            await pilot.press(key)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run)


async def test_the_home_form_names_the_players() -> None:
    from textual.widgets import Select

    app = MastermindApp(record=False)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#mode", Select).value = "duel"
        players = app.screen.query_one("#players", Input)
        await until(pilot, lambda: app.screen.query_one("#field-players").display)
        players.value = "Ann"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "two names" in screen_text(pilot))
        players.value = "Ann, Bob"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, SecretScreen))
        await until(pilot, lambda: "Ann makes a code" in screen_text(pilot))
