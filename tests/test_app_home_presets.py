"""The home screen names the preset its fields hold (the first launch
read "custom" though every field was the original's), and the palette finds each mode
by the words a person would type."""

from __future__ import annotations

from functools import partial

from app_helpers import until
from textual.fuzzy import Matcher
from textual.widgets import Checkbox, Input, Select

from mastermind_tui.game.kinds import MAKE
from mastermind_tui.game.settings import matching_preset
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import OpenHome
from mastermind_tui.screens.home import HomeScreen


def test_the_preset_matching_the_values_is_named() -> None:
    original = {"colours": 6, "positions": 4, "moves": 10, "repeats": True, "notation": "letters"}
    assert matching_preset(original) == "original"
    assert matching_preset({**original, "moves": 6}) == "mini"
    assert matching_preset({**original, "moves": 7}) is None


async def test_first_launch_names_the_original_and_follows_the_fields() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        preset = app.screen.query_one("#preset", Select)
        await until(pilot, lambda: preset.value == "original")
        app.screen.query_one("#moves", Input).value = "6"
        await until(pilot, lambda: preset.value == "mini")
        app.screen.query_one("#moves", Input).value = "7"
        await until(pilot, lambda: preset.value == Select.NULL)
        app.screen.query_one("#moves", Input).value = "10"
        app.screen.query_one("#no-repeats", Checkbox).value = True
        await until(pilot, lambda: preset.value == Select.NULL)
        preset.value = "bulls-and-cows"
        await until(pilot, lambda: app.screen.query_one("#colours", Input).value == "10")
        assert preset.value == "bulls-and-cows"


async def test_the_palette_finds_each_game_mode_by_plain_words() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.query_one("#preset", Select).value == "original")
        commands = list(app.get_system_commands(app.screen))

        def found(query: str) -> list[str]:
            matcher = Matcher(query)
            return [c.title for c in commands if matcher.match(c.title) > 0]

        assert len([t for t in found("new game") if "new game" in t]) >= 3
        play = [c for c in commands if c.title.startswith("Play")]
        assert play and play[0].title in found("play")
        make = [c for c in commands if c.title.startswith("Make")]
        assert make and make[0].title in found("new game")
        posts = make[0].callback
        assert isinstance(posts, partial)  # the app posts what its argument makes:
        assert posts.args[0]() == OpenHome(MAKE)  # the home screen, Make chosen
