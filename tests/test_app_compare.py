"""Strategies side by side: one secret, a column each, stepped together; the command line
and the home screen open it; the totals are the engine's own games."""

from __future__ import annotations

import pytest
from app_helpers import idle, until
from textual.widgets import Input, Select, Static

from engine import MastermindError, make_strategy, play
from mastermind_tui.game.kinds import COMPARE
from mastermind_tui.game.rivals import DEFAULT_RIVALS, read_strategies
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.modes.main import build_parser, main
from mastermind_tui.navigation import Start
from mastermind_tui.screens.compare import CompareScreen
from mastermind_tui.widgets.bars import PartitionBars


def compare_app(secret: str = "RGOY", strategies: tuple[str, ...] = ()) -> MastermindApp:
    settings = Settings.build(mode=COMPARE, seed=1)
    chosen = strategies or ("knuth", "optimal", "entropy")
    return MastermindApp(Start(settings, settings.notation.parse(settings.space, secret), chosen))


def texts(app: MastermindApp, selector: str) -> list[str]:
    return [str(w.render()) for w in app.screen.query(selector).results(Static)]


async def test_strategies_step_together_and_total_as_the_engine_plays() -> None:
    app = compare_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        # each of the three columns says what its strategy plays first
        await until(pilot, lambda: sum("plays " in s for s in texts(app, ".column-said")) == 3)
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        session = screen.session
        games = {
            name: play(session.settings.space, make_strategy(name), session.secret)
            for name in ("knuth", "optimal", "entropy")
        }
        said = texts(app, ".column-said")
        firsts = [session.watches[i].format(games[n][0].guess) for i, n in enumerate(games)]
        assert [line.split("plays ")[1].split()[0] for line in said] == firsts
        await pilot.press("n")  # every column's first answer, together
        said = texts(app, ".column-said")
        for line, game in zip(said, games.values(), strict=True):
            first = game[0]
            assert f"{first.decision.candidates_before:,} → {first.candidates_after:,}" in line
        bars = list(app.screen.query(PartitionBars).results(PartitionBars))
        for column, game in zip(bars, games.values(), strict=True):
            assert column.partition == game[0].decision.partition
            assert column.answered == game[0].answer
        await pilot.press("end")
        caption = str(app.screen.query_one("#caption", Static).render())
        for name, game in games.items():
            assert f"{name} {len(game)} guess" in caption
        await pilot.press("p")
        assert str(app.screen.query_one("#caption", Static).render()).startswith("Move ")


def test_strategies_are_read_and_checked() -> None:
    settings = Settings.build(mode=COMPARE)
    assert read_strategies("Knuth, optimal entropy", settings) == ("knuth", "optimal", "entropy")
    assert read_strategies("", settings) == DEFAULT_RIVALS
    with pytest.raises(MastermindError, match="unknown strategy 'nope'"):
        read_strategies("knuth nope", settings)
    with pytest.raises(MastermindError, match="2 to 4"):
        read_strategies("knuth", settings)
    big = Settings.build(mode=COMPARE, colours=8, positions=8)
    with pytest.raises(MastermindError):
        read_strategies("knuth optimal", big)  # no exact optimum that big


def test_the_command_line_reads_a_secret_and_strategies(capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["compare", "RGBY", "knuth", "optimal", "entropy"])
    assert args.secret == "RGBY" and args.strategies == ["knuth", "optimal", "entropy"]
    assert main(["compare", "RGBY", "knuth", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown strategy 'nope'" in err
    assert main(["compare", "RGBY", "--strategy", "knuth"]) == 2  # would do nothing
    assert "not --strategy" in capsys.readouterr().err


async def test_compare_from_the_home_screen() -> None:
    from mastermind_tui.screens.home import HomeScreen

    app = MastermindApp()
    async with app.run_test(size=(120, 36)) as pilot:
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#mode", Select).value = "compare"
        home.query_one("#secret", Input).value = "RGOY"
        home.query_one("#compare", Input).value = "knuth nope"
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, HomeScreen)  # refused beside its field
        assert "unknown strategy" in home.form.error
        home.query_one("#compare", Input).value = "knuth most-parts"
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: isinstance(app.screen, CompareScreen))
        assert isinstance(app.screen, CompareScreen)
        names = [w.settings.strategy for w in app.screen.session.watches]
        assert names == ["knuth", "most-parts"]


def test_strategies_named_first_compare_on_a_random_secret(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`compare knuth optimal` compares those two on a random secret (knuth was read as the
    secret); `compare --help` lists no --strategy, which compare refuses."""
    from mastermind_tui.cli.launch import given, opening

    args = build_parser().parse_args(["compare", "knuth", "optimal"])
    start = opening(args, given(args), {})
    assert start.strategies == ("knuth", "optimal") and start.secret is not None
    args = build_parser().parse_args(["compare", "RGBY", "knuth", "optimal"])
    assert opening(args, given(args), {}).strategies == ("knuth", "optimal")
    main(["compare", "--help"])
    out = capsys.readouterr().out
    assert "usage: mastermind compare" in out
    assert "--strategy" not in out and "--max-guesses" not in out


async def test_no_empty_rows_under_folded_bars_at_120x36() -> None:
    """The bars take the lines the column has: at 120x36 every answer of move 2 shows
    (they folded into a line over six empty rows before)."""
    app = compare_app("OYRG", ("knuth", "optimal", "entropy"))
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n")
        bars = list(app.screen.query(PartitionBars))

        def unfolded() -> bool:
            return all("more" not in str(b.render()) for b in bars)

        await until(pilot, unfolded)
        for bar in bars:
            assert len(str(bar.render()).splitlines()) == len(bar.partition)


async def test_each_column_says_why_in_its_measure_and_ends_alike() -> None:
    """knuth by the largest class, entropy by bits, optimal by guesses expected, each with
    its runner-up's score in the same measure; at the end every column says how many
    guesses it took, and only knuth's marks a "worst case"."""
    app = compare_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await until(pilot, lambda: sum("plays " in s for s in texts(app, ".column-said")) == 3)
        knuth, optimal, entropy = (s.splitlines()[1] for s in texts(app, ".column-said"))
        assert knuth.startswith("largest class 256; ")
        assert optimal.startswith("4.340 guesses expected; ")
        assert entropy.startswith("3.0") and " bits; " in entropy
        marked = ["worst case" in b.render().plain for b in app.screen.query(PartitionBars)]
        assert marked == [True, False, False]
        await pilot.press("end")
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        counts = [len(w.steps) for w in screen.session.watches]
        ends = [f"Solved in {n} guesses." for n in counts]
        await until(pilot, lambda: texts(app, ".column-said") == ends)


@pytest.mark.parametrize(("size", "most"), [((80, 24), 2), ((120, 36), 1)])
async def test_each_columns_why_fits_two_lines_at_80_and_one_at_120(
    size: tuple[int, int], most: int
) -> None:
    """The why under each column's guess: 2 lines a column at 80 columns, 1 at 120, at
    every position beat; no column's name is cut."""
    app = compare_app(strategies=("knuth", "optimal", "expected-size"))
    async with app.run_test(size=size) as pilot:
        await app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        await until(pilot, lambda: sum("plays " in s for s in texts(app, ".column-said")) == 3)
        while not screen.session.at_end:
            await idle(pilot)
            for said in screen.query(".column-said").results(Static):
                lines = str(said.render()).splitlines()
                if len(lines) == 2:  # a position beat: the guess, then why
                    width = said.content_region.width
                    first = -(-len(lines[0]) // width)  # the guess's line, as wrapped
                    assert said.size.height - first <= most, (lines, width)
            await pilot.press("n")
        assert not any(n.display for n in screen.query(".column-name").results(Static))
