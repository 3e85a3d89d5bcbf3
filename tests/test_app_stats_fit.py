"""Statistics at 80x24: every histogram row on screen, rows aligned by guess count
and drawn on one scale, totals, the seed shown and settable, a framed confirmation and a
progress bar that says the time left."""

from __future__ import annotations

import re
from typing import Any

from app_helpers import handled, idle, screen_text, until
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, ProgressBar, Static

from engine.walks.stats import StatsResult
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.screens.dialogs import Confirm
from mastermind_tui.screens.stats import StatsScreen
from mastermind_tui.widgets.histogram import StatsCard, layout

# knuth's 5-guess row: matched by its bar, as an unseeded random run's total may hold "694"
KNUTH_FIVE = re.compile(r"│  5 █+ 694 ")


async def open_statistics(app: MastermindApp, pilot: Pilot[Any]) -> StatsScreen:
    app.action_statistics()
    await until(pilot, lambda: isinstance(app.screen, StatsScreen))
    await idle(pilot)  # mounted in full
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    return screen


async def test_every_row_of_every_card_is_on_screen_aligned_on_one_scale() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        await pilot.press("ctrl+r")
        await until(pilot, lambda: "Done" in str(screen.query_one("#stats-status").render()))

        def drawn() -> bool:
            """Every card drawn on screen on one scale, knuth's 5-guess row beside the
            others', and the status."""
            text = screen_text(pilot)
            fives = [row.count("│  5 ") for row in text.splitlines() if KNUTH_FIVE.search(row)]
            return fives == [3] and "No seed: a rerun" in text

        await idle(pilot)  # every card mounted and laid out
        await until(pilot, drawn)
        text = screen_text(pilot)
        # knuth's 5-guess row (694 games), hidden before, and its total of 5,801 guesses
        assert re.search(r"│  5 █+ 694 ", text), text
        assert "total 5,801 guesses" in text
        rows = text.splitlines()
        # the "5" row of every card on one line, and the longest bar (knuth's 694) the
        # only full-length one: one scale for all the cards
        (five,) = [row for row in rows if KNUTH_FIVE.search(row)]
        assert five.count("│  5 ") == 3
        assert five.count("█" * 12) == 1
        # the classic card's worst row is on screen, whatever its length
        classic = next(c.result for c in screen.query(StatsCard) if c.result.strategy == "classic")
        assert f"{classic.worst} " in "\n".join(r[52:57] for r in rows)
        # unseeded, and said so
        assert "No seed: a rerun may differ" in text


def test_layout_spans_every_guess_count_and_the_biggest_row() -> None:
    def result(distribution: dict[int, int]) -> StatsResult:
        games = sum(distribution.values())
        total = sum(g * n for g, n in distribution.items())
        return StatsResult("s", 6, 4, games, total, max(distribution), distribution, 1.0)

    rows, scale = layout([result({1: 1, 4: 533, 5: 694}), result({2: 8, 7: 14})])
    assert rows == range(1, 8) and scale == 694


async def test_a_seed_typed_repeats_a_run_and_is_shown() -> None:
    from mastermind_tui.jobs import JobDone

    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        for box in screen.query(Checkbox):
            box.value = box.id == "strategy-random"
        screen.query_one("#seed", Input).value = "7"
        averages = []
        runs = handled(screen, JobDone)
        for _ in range(2):
            runs.clear()
            await pilot.press("ctrl+r")
            # this run's end handled (the status says Done from the first run on)
            await until(pilot, lambda: runs)
            averages.append(screen.query_one(StatsCard).result.total_guesses)
            assert "Seed 7." in str(screen.query_one("#stats-status", Static).render())
        assert averages[0] == averages[1]


async def test_a_big_run_is_confirmed_in_a_framed_dialog_and_progress_says_time_left() -> None:
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_statistics(app, pilot)
        # 7x6, every secret: minutes (8x5 no longer is: Knuth walks it in about 2 s).
        screen.query_one("#colours", Input).value = "7"
        screen.query_one("#positions", Input).value = "6"
        screen.query_one("#games", Input).value = ""
        await pilot.press("ctrl+r")
        await until(pilot, lambda: isinstance(app.screen, Confirm))
        await until(pilot, lambda: "A long run" in screen_text(pilot))
        text = screen_text(pilot)
        (top,) = [row for row in text.splitlines() if "A long run" in row]
        # A frame (the form's hint line may show left of it, behind the dialog).
        assert "█▀ A long run" in top and top.strip().endswith("█")
        assert not text.splitlines()[0].startswith("352,947")  # not a line at top left
        assert "Run them?" in text
        await pilot.press("n")
        assert screen.query_one(ProgressBar).show_eta
