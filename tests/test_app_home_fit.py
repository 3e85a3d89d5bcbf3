"""The home screen at 80x24: an error shows beside its field, in the
form's words, and goes once fixed; no word is cut on the home screen or its footer; F5
says what it does, the same on every screen."""

from __future__ import annotations

import pytest
from app_helpers import MODES, handled, screen_text, until
from textual.containers import Vertical
from textual.widgets import Input, Label, Select

from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.home import HomeScreen
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.screens.records import RecordsScreen
from mastermind_tui.screens.stats import StatsScreen


def lines_after(text: str, label: str) -> list[str]:
    """The screen's rows from the one holding ``label`` on."""
    rows = text.splitlines()
    start = next(i for i, row in enumerate(rows) if label in row)
    return rows[start:]


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_a_bad_secret_is_shown_under_its_field_and_goes_when_fixed(
    size: tuple[int, int],
) -> None:
    app = MastermindApp()
    async with app.run_test(size=size) as pilot:
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#mode", Select).value = "watch"
        home.query_one("#secret", Input).value = "RGB"
        await pilot.press("ctrl+s")
        secret = home.query_one("#secret", Input)
        await until(pilot, lambda: "'RGB' has 3 pegs" in screen_text(pilot) and secret.has_focus)
        assert home.is_current
        below = lines_after(screen_text(pilot), "Secret to watch")
        assert "RGB" in below[1] and "'RGB' has 3 pegs" in below[2], below[:4]
        assert app.focused is home.query_one("#secret", Input)
        home.query_one("#secret", Input).value = "RGBY"
        await until(pilot, lambda: home.form.error == "" and "3 pegs" not in screen_text(pilot))
        assert home.form.error == ""
        assert "3 pegs" not in screen_text(pilot)


async def test_an_old_error_goes_when_its_field_is_fixed_not_before() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#seed", Input).value = "RGX"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "the seed must be a whole number" in home.form.error)
        assert "the seed must be a whole number" in home.form.error
        changes = handled(home, Input.Changed)
        home.query_one("#rounds", Input).value = "2"  # another field: still wrong
        # the form checked again (the change reached its handler), the error drawn again
        await until(pilot, lambda: changes and "whole number" in screen_text(pilot))
        assert "the seed must be a whole number" in screen_text(pilot)
        home.query_one("#seed", Input).value = "7"
        await until(
            pilot, lambda: home.form.error == "" and "whole number" not in screen_text(pilot)
        )
        assert home.form.error == "" and "whole number" not in screen_text(pilot)


async def test_optimal_past_its_size_is_refused_in_the_forms_words() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#strategy", Select).value = "optimal"
        home.query_one("#colours", Input).value = "8"
        home.query_one("#positions", Input).value = "5"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "the optimal strategy is computed" in screen_text(pilot))
        text = screen_text(pilot)
        assert "--strategy" not in text and "try strategy most-parts" in home.form.error
        # beside the Strategy field, on screen
        assert "the optimal strategy is computed" in "\n".join(lines_after(text, "Strategy")[:4])


@pytest.mark.parametrize("mode", list(MODES))
async def test_home_at_80x24_shows_every_field_of_each_mode_button_and_key_uncut(
    mode: str,
) -> None:
    """Each mode's fields (``modes.Mode.fields``), the buttons and the keys, all in view at
    80x24 with no scroll bar; the fields of other modes are hidden."""
    app = MastermindApp()
    words = ("Start", "Records")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        home = app.screen
        home.query_one("#mode", Select).value = mode
        shown = {f"field-{name}" for name in ("mode", *MODES[mode].fields)}
        await until(pilot, lambda: {str(f.id) for f in home.query(".field") if f.display} == shown)
        labels = [
            str(home.query_one(f"#{name}", Vertical).query_one(Label).render()) for name in shown
        ]
        # Read from one frame once laid out with its footer filled in: a loaded machine
        # takes a few refreshes, and a frame read mid-refresh may lack the footer.
        frames: list[str] = []

        def settled() -> bool:
            frames.append(screen_text(pilot))
            return "f8 Records" in frames[-1].splitlines()[-1] and labels[0] in frames[-1]

        await until(pilot, settled)
        text = frames[-1]
        for word in (*words, *labels):
            assert word in text, word
        if "lab" in MODES[mode].fields:
            assert "show what the solver knows" in text
        footer = text.splitlines()[-1]
        assert "The▏" not in footer and "f8 Records" in footer
        assert "▆" not in text  # no scroll bar: nothing hidden below


async def test_f5_means_home_on_every_screen_and_says_so() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:

        def says(key: str) -> bool:
            """The footer, filled in (a refresh or more after its screen), shows ``key``."""
            rows = screen_text(pilot).splitlines()
            return bool(rows) and key in rows[-1]

        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen) and says("f5 Home"))
        assert "f5 Home" in screen_text(pilot).splitlines()[-1]
        app.action_statistics()
        await until(pilot, lambda: isinstance(app.screen, StatsScreen) and says("f5 Home"))
        footer = screen_text(pilot).splitlines()[-1]
        assert "f5 Home" in footer and "Cancel" not in footer
        await pilot.press("f8")
        await until(pilot, lambda: isinstance(app.screen, RecordsScreen) and says("^r Reload"))
        footer = screen_text(pilot).splitlines()[-1]
        assert "f5 Home" in footer and "^r Reload" in footer
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))


async def test_a_new_game_from_the_home_screen_does_not_replay_the_last_seed() -> None:
    """`play --seed 1`, then F5: the seed picked that game's secret; the home screen's
    seed field is blank, so Start draws a new secret (a replay was a 1-move 'win')."""
    from mastermind_tui.game.settings import Settings

    app = MastermindApp(Start(Settings.build(seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, HomeScreen))
        home = app.screen
        assert home.query_one("#seed", Input).value == ""
        assert home.query_one("#colours", Input).value == "6"  # the rest is kept
