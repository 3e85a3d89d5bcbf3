"""One list of commands and one settings schema: the parser, the dispatcher, the home
screen and the palette all read them, and a typed number is checked the same way on the
command line and in the home screen's form."""

from __future__ import annotations

import argparse

import pytest
from app_helpers import MODES
from hypothesis import given
from hypothesis import strategies as st
from textual.widgets import Select

from engine import MastermindError, Rules
from engine.strategies import DEFAULT_STRATEGY
from mastermind_tui.cli.values import number
from mastermind_tui.game.settings import DEFAULTS, PRESETS, SETTINGS, Settings
from mastermind_tui.modes.base import Mode, entries
from mastermind_tui.modes.main import COMMANDS, build_parser, main


def _subcommands() -> list[str]:
    parser = build_parser()
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices)


def test_the_parser_lists_the_table_s_commands_in_its_order() -> None:
    assert _subcommands() == [c.name for c in COMMANDS if c.name]
    assert _subcommands() == [
        "solve",
        "stats",
        "play",
        "make",
        "match",
        "daily",
        "challenge",
        "adversary",
        "duel",
        "watch",
        "compare",
        "retro",
        "tree",
        "records",
        "serve",
        "doctor",
    ]


@pytest.mark.parametrize("name", [c.name for c in COMMANDS if c.screen and c.name])
def test_a_screen_command_without_a_terminal_is_refused_in_one_line(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [name, "RGBY"] if name in ("watch", "compare") else [name]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"mastermind {name} draws a full screen" in err


def test_no_record_is_refused_exactly_where_the_table_says_no_game_ends(
    capsys: pytest.CaptureFixture[str],
) -> None:
    needs = {"solve": ["RGBY"], "stats": ["--games", "1"]}
    for command in COMMANDS:
        if command.name is None or command.records:
            continue
        assert main(["--no-record", command.name, *needs.get(command.name, [])]) == 2
        err = capsys.readouterr().err
        assert (
            "(play, make, match, daily, adversary, duel, watch, compare, retro or no command)"
            in err
        )


def test_the_modes_are_the_commands_that_start_a_mode() -> None:
    assert list(MODES) == [
        "play",
        "make",
        "match",
        "daily",
        "adversary",
        "duel",
        "watch",
        "compare",
    ]
    assert all(c.screen for c in COMMANDS if isinstance(c, Mode))
    assert next(iter(MODES.values())) is Settings.build().mode


def test_defaults_come_from_the_engine_s_rules() -> None:
    rules = Rules()
    assert (DEFAULTS["colours"], DEFAULTS["positions"], DEFAULTS["rounds"]) == (
        rules.colours,
        rules.positions,
        rules.rounds,
    )
    assert (DEFAULTS["moves"], DEFAULTS["repeats"]) == (rules.max_moves, rules.repeats)
    assert DEFAULTS["strategy"] == DEFAULT_STRATEGY


def test_the_help_of_each_setting_is_the_schema_s() -> None:
    parser = build_parser()
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {a.dest: a.help for a in sub.choices["play"]._actions}
    for name, setting in SETTINGS.items():
        assert helps[name] == setting.help
    assert "(default 6)" in helps["colours"]


NUMBERS = [name for name, s in SETTINGS.items() if s.minimum is not None]


@given(
    name=st.sampled_from(NUMBERS),
    text=st.one_of(
        st.integers(-20, 20).map(str),
        st.text(alphabet="+-0123456789 _x٣", max_size=5),
    ),
)
def test_the_command_line_and_the_form_take_the_same_numbers(name: str, text: str) -> None:
    """The same rule decides on both sides; only the framing of the message differs (the
    command line names the option, the form names the setting)."""
    setting = SETTINGS[name]
    assert setting.minimum is not None
    try:
        cli: int | str = number(setting.minimum)(text)
    except argparse.ArgumentTypeError as error:
        cli = str(error)
    try:
        form: int | str = setting.read(text)
    except MastermindError as error:
        form = str(error)
        assert form.startswith(f"{setting.called} must be ")
    assert isinstance(cli, int) == isinstance(form, int)
    if isinstance(cli, int):
        assert cli == form
    else:
        assert isinstance(form, str)
        assert ("is not a whole number" in cli) == ("must be a whole number" in form)


async def test_the_home_screen_lists_the_table_s_modes_and_fills_every_preset() -> None:
    from app_helpers import handled, until

    from mastermind_tui.modes.app import MastermindApp
    from mastermind_tui.screens.home import HomeScreen

    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HomeScreen)
        mode = screen.query_one("#mode", Select)
        assert [(str(t), v) for t, v in mode._options] == [
            (m.title, name) for name, m in MODES.items()
        ]
        changes = handled(screen, Select.Changed)
        preset = screen.query_one("#preset", Select)
        for name in PRESETS:
            if preset.value != name:  # the first launch already names the original
                changes.clear()
                preset.value = name
                await until(pilot, lambda: changes)  # the preset's own change: fields filled
            got, want = screen.form.settings(), Settings.build(preset=name)
            assert (got.rules, got.notation.name) == (want.rules, want.notation.name)


@pytest.mark.slow
async def test_the_palette_offers_the_table_s_entries_in_the_same_order() -> None:
    from mastermind_tui.modes.app import MastermindApp

    app = MastermindApp()
    async with app.run_test(size=(80, 24)):
        ours = [c for c in app.get_system_commands(app.screen) if c.title != "Toggle theme"]
        palette = [entry for entry, _ in entries(COMMANDS)]
        ours = ours[-len(palette) :]
        assert [(c.title, c.help) for c in ours] == [(p.title, p.help) for p in palette]
        assert [c.title for c in ours] == [
            "Home",
            "Play: new game, you break the code",
            "Make: new game, the computer breaks your code",
            "Match: new game, both in turn (1978)",
            "Daily puzzle: today's game",
            "Adversary: no secret, worst-case answers",
            "Duel: two people at one keyboard",
            "Watch",
            "Statistics",
            "Records",
            "Retro mode",
            "Compare",
        ]
