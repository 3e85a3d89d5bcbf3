"""A newcomer's game at 80x24, on the game screens: nothing clipped, nothing
wrong, no answer shown unless asked. Each test failed before the fix it covers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_helpers import enter, game_session, message, ready, screen_text, settings_from, until
from textual.widgets import DataTable, Label, Static

from engine import score
from mastermind_tui.game.kinds import MAKE, MATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser
from mastermind_tui.navigation import Start
from mastermind_tui.records.store import Records
from mastermind_tui.screens.make import MakeScreen
from mastermind_tui.screens.play import PlayScreen
from mastermind_tui.screens.records import RecordsScreen
from mastermind_tui.widgets.codemap import CodeMap

SIZE = (80, 24)


def app_for(**kwargs: Any) -> MastermindApp:
    return MastermindApp(Start(Settings.build(**kwargs)))


def wrong(secret: str) -> str:
    return "BBBB" if secret != "BBBB" else "WWWW"


def status(app: MastermindApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


def prompt(app: MastermindApp) -> str:
    return str(app.screen.query_one("#prompt", Label).render())


# ----- spoiler-free by default, the laboratory view one key away -----
async def test_play_starts_spoiler_free_and_f9_opens_the_lab_as_assisted() -> None:
    app = app_for(seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "RGBY")
        text = screen_text(pilot)
        assert "still possible" not in text and "would play next" not in text
        assert "f9 Lab" in text  # the key is on screen at 80x24
        assert not game_session(app).record().assisted
        await pilot.press("f9")
        await until(pilot, lambda: "would play next" in screen_text(pilot))
        assert "still possible" in screen_text(pilot)
        assert "assisted" in status(app)
        assert game_session(app).record().assisted
        await pilot.press("f9")
        assert "would play next" not in screen_text(pilot)


def test_the_lab_option_is_in_help_and_reaches_the_settings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for command in ("play", "match"):
        settings, _ = settings_from(build_parser().parse_args([command, "--lab"]))
        assert settings is not None and settings.lab
        settings, _ = settings_from(build_parser().parse_args([command, "--spoiler-free"]))
        assert settings is not None and not settings.lab
        with pytest.raises(SystemExit):
            build_parser().parse_args([command, "--help"])
        assert "--lab" in capsys.readouterr().out


async def test_hint_first_tells_the_codes_left_then_a_guess() -> None:
    app = app_for(colours=4, positions=3, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "BWR")
        left = len(game_session(app).guessing.person.known.candidates)
        await enter(pilot, "HINT")
        assert message(pilot).startswith(f"HINT: {left} code")
        assert "would play next" not in screen_text(pilot)  # nothing else yet
        await enter(pilot, "HINT")
        await until(pilot, lambda: message(pilot).startswith("HINT: try "))
        assert "would play" not in screen_text(pilot)  # one guess, nothing more


# ----- advice and rating agree -----
@pytest.mark.usefixtures("cache_dir")
async def test_the_guess_hint_suggests_costs_nothing_where_the_optimum_rates() -> None:
    app = app_for(colours=4, positions=3, seed=5, lab=True)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "BWR")
        await enter(pilot, "HINT")
        await until(pilot, lambda: message(pilot).startswith("HINT: try "))
        assert "the exact optimum's guess" in message(pilot)
        session = game_session(app)
        best = session.guessing.best
        assert best is not None
        await enter(pilot, session.format(best.guess))
        ratings = session.rating.ratings
        await until(pilot, lambda: len(ratings) == len(session.rows()))
        assert ratings[-1].rule == "optimal"
        assert ratings[-1].best and ratings[-1].cost() == "best"  # it cost nothing
        if not session.over:
            rating = str(app.screen.query_one("#rating", Static).render())
            assert "exact optimum" in rating  # the rating says by which measure


# ----- totals count what happened, the rule said once -----
@pytest.mark.slow
async def test_totals_count_only_moves_played_and_the_rule_is_said_once() -> None:
    app = app_for(seed=5, rounds=2, moves=3)
    async with app.run_test(size=SIZE) as pilot:
        secret = game_session(app).secret_text
        for _ in range(3):
            await enter(pilot, wrong(secret))
        line = status(app)
        assert "a game lost or quit scores" not in line
        assert line.count("plus one") == 1 and "scores 4, the move limit plus one" in line
        await enter(pilot, "")
        await enter(pilot, "QUIT")
        said = message(pilot)
        assert "8 moves" not in said and "in all" not in said
        assert "played 3 moves, 2 games not solved scoring 4 each" in said
        assert "Final score: 8" in said


# ----- texts that read badly -----
@pytest.mark.slow
async def test_a_won_game_says_its_count_once_and_the_trace_reads_well() -> None:
    app = app_for(seed=3, lab=True)
    async with app.run_test(size=SIZE) as pilot:
        secret = game_session(app).secret_text
        await enter(pilot, wrong(secret))
        await enter(pilot, "board")
        assert "BOARD:" not in message(pilot) and "1 move played" in message(pilot)
        await enter(pilot, wrong(secret))
        assert "again, as at move 1" in message(pilot)
        await enter(pilot, secret)
        await until(pilot, lambda: "broken" in screen_text(pilot))
        assert message(pilot).startswith("YOU GUESSED IT IN 3 MOVES!")
        assert "in all" not in message(pilot)
        assert "would play next: nothing" not in screen_text(pilot)
        assert prompt(app) == "Game over:"


# ----- make asks for a code first; no answer prompt after the game -----
def truth(app: MastermindApp, secret: str) -> str:
    session = game_session(app)
    pending = session.pending
    assert pending is not None
    space = session.space
    answer = score(space.to_digits(session.parse(secret)), space.to_digits(pending.guess))
    return f"{answer.black},{answer.white}"


@pytest.mark.slow
async def test_make_asks_for_a_code_in_mind_before_its_first_guess() -> None:
    app = app_for(mode=MAKE, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.app.workers.wait_for_complete()
        await until(pilot, lambda: "Think of a code" in message(pilot) and prompt(app) == "Ready?")
        screen = app.screen
        assert isinstance(screen, MakeScreen)
        assert "Think of a code" in message(pilot) and prompt(app) == "Ready?"
        assert game_session(app).pending is None  # no guess shown yet
        await enter(pilot, "1,0")
        assert "Think of a code first" in message(pilot) and not game_session(app).rows()
        await ready(pilot)
        await until(pilot, lambda: "my guess is" in message(pilot))
        for _ in range(10):
            if game_session(app).over:
                break
            await until(pilot, lambda: game_session(app).pending is not None)
            await enter(pilot, truth(app, "RGOY"))
        assert prompt(app) == "Game over:" and "Your answer" not in screen_text(pilot)
        await enter(pilot, "2,1")
        over = "This game is over. Enter (or N) plays again; F5 opens the home screen."
        assert message(pilot) == over


@pytest.mark.slow
async def test_a_match_asks_for_a_code_when_the_computer_starts_guessing() -> None:
    app = app_for(mode=MATCH, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "QUIT")
        await enter(pilot, "")
        assert isinstance(app.screen, MakeScreen)
        assert "Think of a code" in message(pilot)


# ----- the game screens: nothing cut at 80x24 -----
@pytest.mark.slow
async def test_every_likely_slip_shows_whole_at_80x24() -> None:
    app = app_for(mode=MAKE, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        for answer in ("1,0", "0,1", "0,0"):
            await until(pilot, lambda: game_session(app).pending is not None)
            await enter(pilot, answer)
        await until(pilot, lambda: "Likely slip" in message(pilot))
        shown = screen_text(pilot)
        conflict = game_session(app).answering.conflict
        assert conflict is not None and conflict.fixes is not None and len(conflict.fixes) >= 3
        assert "mends it; or UNDO." in shown  # the message's end is on screen
        for fix in conflict.fixes:
            fixed = fix.corrections[0][1]
            assert f"{fixed.black},{fixed.white}" in message(pilot)


async def test_the_whole_code_map_fits_the_trace_at_80x24() -> None:
    app = app_for(seed=4, lab=True)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "RGBY")
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        codemap = screen.query_one(CodeMap)
        assert codemap.compact
        trace = screen.query_one("#trace")
        lines = str(codemap.render()).splitlines()
        assert len(lines) <= trace.scrollable_content_region.height  # one page shows it all
        await pilot.press("ctrl+pagedown")

        def all_shown() -> bool:
            shown = screen_text(pilot)
            return all(line.strip() in shown for line in lines[3:])

        await until(pilot, all_shown)
        shown = screen_text(pilot)
        for line in lines[3:]:  # every row of cells, B to Y, on screen at once
            assert line.strip() in shown


@pytest.mark.slow
async def test_a_game_played_in_the_lab_view_is_recorded_and_listed_as_assisted(
    tmp_path: Path,
) -> None:
    path = tmp_path / "r.sqlite3"
    app = MastermindApp(
        Start(Settings.build(colours=3, positions=3, seed=5, rounds=2)), records=path
    )
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, game_session(app).secret_text)  # won without the lab view
        await enter(pilot, "")
        await pilot.press("f9")
        await enter(pilot, "QUIT")  # given up with it on
        await app.workers.wait_for_complete()
        await until(pilot, lambda: len(Records(path).games()) == 2)
        quit_game, won = Records(path).games()
        assert quit_game.assisted and not won.assisted
        await pilot.press("f8")
        await until(pilot, lambda: isinstance(app.screen, RecordsScreen))
        await app.workers.wait_for_complete()
        await until(pilot, lambda: app.screen.query_one("#records-games", DataTable).row_count == 2)
        games = app.screen.query_one("#records-games", DataTable)
        assert "play (assisted)" in [str(c) for c in games.get_row_at(0)]


async def test_hint_with_one_code_left_names_it_without_a_rating() -> None:
    """Not "try ORBW, the exact optimum's guess, 0.00 more guesses expected": the second
    HINT with one code left says it is the only one."""
    app = app_for(colours=3, positions=2, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        session = game_session(app)
        space, secret = session.space, session.secret_text
        digits = space.to_digits(session.parse(secret))
        for code in range(space.size):  # a first guess that leaves the secret alone
            answer = score(digits, space.to_digits(code))
            left = [
                c
                for c in range(space.size)
                if score(space.to_digits(c), space.to_digits(code)) == answer
            ]
            if code != session.parse(secret) and left == [session.parse(secret)]:
                break
        else:
            pytest.fail("no guess leaves one code")
        await enter(pilot, session.format(code))
        await enter(pilot, "HINT")
        await until(pilot, lambda: "1 code of 9 is still possible" in message(pilot))
        await enter(pilot, "HINT")
        assert message(pilot) == f"HINT: {secret} is the only code left."


def test_the_records_histogram_says_1_move() -> None:
    from mastermind_tui.cli.records import format_summary
    from mastermind_tui.records.types import Summary

    text = format_summary(Summary(6, 4, True, 3, 3, 3.0, 1, 3, {1: 1, 4: 2}))
    assert "    1 move      1" in text and "    4 moves     2" in text


async def test_the_trace_says_more_lies_below_and_ctrl_pgdn_reaches_the_map() -> None:
    """At 80x24 the lab view's code map is below the bars: the pane's border says how to
    reach it (the pane never takes focus), and Ctrl+PgDn shows it whole."""
    app = app_for(seed=4, lab=True)
    async with app.run_test(size=SIZE) as pilot:
        await enter(pilot, "RGBY")
        await until(pilot, lambda: "more below: Ctrl+PgDn" in screen_text(pilot))
        await pilot.press("ctrl+pagedown", "ctrl+pagedown")
        await until(pilot, lambda: "more below" not in screen_text(pilot))
        rows = [line for line in screen_text(pilot).splitlines() if "││ Y ⠤" in line]
        assert rows, "the code map's last colour row is on screen"
