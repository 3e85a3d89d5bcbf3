"""How the game screens fit the terminal: 80x24 and 120x36 layouts, the "too small"
message, NO_COLOR, and the solver trace's wording."""

from __future__ import annotations

from typing import Any

import pytest
from app_helpers import enter, game_session, ready, screen_text, until
from textual.content import Content
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Input, Static

from engine import Decision
from mastermind_tui.game.kinds import MAKE, MATCH, PLAY
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.widgets.board import Board
from mastermind_tui.widgets.trace import describe


def app_for(**kwargs: Any) -> MastermindApp:
    return MastermindApp(Start(Settings.build(seed=3, lab=True, **kwargs)))


def region(pilot: Pilot[Any], selector: str) -> Region:
    return pilot.app.screen.query_one(selector).region


async def test_80x24_stacks_board_over_history_and_widens_the_trace() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await enter(pilot, "RRGG")
        await enter(pilot, "BWOY")
        text = screen_text(pilot)
        for title in ("Board", "History", "Solver trace"):
            assert f"─ {title} ─" in text
        board, history, trace = (
            region(pilot, f"#{p}") for p in ("board-pane", "history-pane", "trace")
        )
        assert history.y >= board.bottom and history.x == board.x
        assert trace.width >= 55
        assert "R R G G" in text  # compact pegs
        assert "How BWOY split the 256 codes, answer by answer:" in text
        # Two splits side by side need the pane's width: the map goes under them.
        bars, codemap = region(pilot, "#trace-bars"), region(pilot, "#trace-map")
        assert codemap.y > bars.y and codemap.x == bars.x


async def test_120x36_puts_the_three_panes_side_by_side() -> None:
    app = app_for()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await enter(pilot, "RRGG")
        board, history, trace = (
            region(pilot, f"#{p}") for p in ("board-pane", "history-pane", "trace")
        )
        assert board.right <= history.x and history.right <= trace.x
        assert board.y == history.y == trace.y
        assert "R   R   G   G" in screen_text(pilot)  # roomy pegs
        # RRGG's split beside knuth's choice takes the pane's width: the code map comes
        # under the bars, its legend on top; the same guess as knuth's puts it beside them.
        trace, bars, codemap = (
            region(pilot, f"#{p}") for p in ("trace", "trace-bars", "trace-map")
        )
        assert codemap.y > bars.y and codemap.x == bars.x
        await enter(pilot, "BBWG")  # knuth's choice after RRGG 1,0: no second split
        trace, bars, codemap = (
            region(pilot, f"#{p}") for p in ("trace", "trace-bars", "trace-map")
        )
        assert codemap.x > bars.right and codemap.y == bars.y and codemap.y < trace.bottom
        assert "lit: still possible" in screen_text(pilot)


@pytest.mark.slow
async def test_too_small_shows_a_message_and_the_screen_comes_back() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.resize_terminal(50, 15)
        await until(pilot, lambda: "(now 50x15)" in " ".join(screen_text(pilot).split()))
        screen = app.screen
        assert screen.has_class("-too-small")
        message = screen.query_one("#too-small", Static)
        assert message.display and not screen.query_one("#panes").display
        expected = "Terminal too small: at least 60x20 needed (now 50x15)"
        assert expected in " ".join(screen_text(pilot).split())
        lines = screen_text(pilot).splitlines()
        row = next(i for i, line in enumerate(lines) if "Terminal too small" in line)
        assert 4 <= row <= 8 and lines[row].startswith("  ")  # centred
        await pilot.resize_terminal(59, 30)
        await until(pilot, lambda: "(now 59x30)" in " ".join(screen_text(pilot).split()))
        assert "(now 59x30)" in " ".join(screen_text(pilot).split())
        await pilot.resize_terminal(80, 24)
        command = screen.query_one("#command", Input)
        await until(pilot, lambda: not screen.has_class("-too-small") and command.has_focus)
        assert not screen.has_class("-too-small")
        assert not message.display and screen.query_one("#panes").display
        assert app.focused is screen.query_one("#command", Input)
        await enter(pilot, "RRGG")
        assert len(screen.session.rows()) == 1


@pytest.mark.parametrize("size", [(60, 20), (100, 24), (80, 40)])
async def test_smallest_and_odd_sizes_keep_every_pane(size: tuple[int, int]) -> None:
    app = app_for(mode=MAKE)
    async with app.run_test(size=size) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        await enter(pilot, "1,0")
        text = screen_text(pilot)
        assert "Terminal too small" not in text
        for title in ("Board", "History", "Solver trace"):
            assert f"─ {title} ─" in text
        assert "Your answer:" in text


async def test_no_color_keeps_letters_and_answer_symbols(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        assert app.no_color
        await enter(pilot, "RRGG")
        await enter(pilot, "BWOY")
        text = screen_text(pilot)
        assert " 1 R R G G ●··· " in text
        assert " 2 B W O Y ○○○· " in text
        board = str(app.screen.query_one(Board).render())
        assert "●" in board and "○" in board


async def test_trace_says_how_many_guesses_were_weighed_once() -> None:
    app = app_for()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await enter(pilot, "RRGG")
        advice = str(app.screen.query_one("#trace-advice", Static).render())
        assert "weighed 151 guesses" in advice
        # The sentence says the families (so the note saying so again is left out).
        assert "4 weighed, each standing for the codes alike but for colours not played" in (
            advice.replace("\n", " ")
        )
        assert advice.count("151") == 1
        await enter(pilot, "BWOY")
        advice = str(app.screen.query_one("#trace-advice", Static).render())
        assert "weighed 1,296 guesses" in advice


def test_describe_without_note_names_the_pool() -> None:
    decision = Decision(1, True, score=2.0, score_label="largest class", pool_size=1296)
    text = describe(decision, str).plain
    assert "1 leaves at most 2 codes, whatever the answer." in text
    assert "weighed 1,296 guesses" in text


async def test_80x24_board_keeps_its_width_and_the_answer_and_advice_show() -> None:
    """The Board does not widen after the first guess; History's W
    column, the answer row and the advice are in view from the start."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        await until(pilot, lambda: "│ #  Guess  B  W  │" in screen_text(pilot))
        width = region(pilot, "#board-pane").width
        assert "│ #  Guess  B  W  │" in screen_text(pilot)
        await enter(pilot, "RRGG")
        assert region(pilot, "#board-pane").width == width
        text = screen_text(pilot)
        assert " 1 R R G G ●··· " in text and "knuth would play next: " in text
        assert " 1  RRGG   1  0 " in text


async def test_60x20_shows_every_board_row() -> None:
    """Row 10 of the board was cut at 60x20."""
    for mode in (PLAY, MAKE):
        app = app_for(mode=mode)
        async with app.run_test(size=(60, 20)) as pilot:
            await ready(pilot)
            await pilot.app.workers.wait_for_complete()
            await enter(pilot, "RRGG" if mode is PLAY else "1,0")
            text = screen_text(pilot)
            assert "│ 10 · · · ·" in text, text
            assert "─ History ─" in text and "#  Guess  B  W" in text


async def test_2x1_titles_are_whole_and_one_peg_is_singular() -> None:
    """Never "Boa…" nor "I have a secret of 1 pegs"."""
    app = app_for(colours=2, positions=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.app.workers.wait_for_complete()
        await until(pilot, lambda: "I have a secret of 1 peg from B W." in screen_text(pilot))
        text = screen_text(pilot)
        assert "─ Board ─" in text and "─ History ─" in text and "#  Guess  B  W" in text
        assert "I have a secret of 1 peg from B W. Guess!" in text
        await enter(pilot, game_session(app).secret_text)
        await until(pilot, lambda: "YOU GUESSED IT IN 1 MOVE!" in screen_text(pilot))


async def test_code_map_takes_its_colours_from_the_theme(monkeypatch: pytest.MonkeyPatch) -> None:
    """The map kept a fixed dark colour in the light theme. Lit codes are
    drawn in the theme's primary colour, ruled-out ones a shade off its panel colour, and
    the glyphs alone still tell them apart with NO_COLOR."""
    from textual.color import Color

    from mastermind_tui.app.themes import DARK, LIGHT
    from mastermind_tui.widgets.codemap import CodeMap

    def colours(app: MastermindApp) -> set[tuple[str, str]]:
        """(foreground, background) of the map's cells (the cursor is not placed)."""
        rendered = app.screen.query_one(CodeMap).render()
        assert isinstance(rendered, Content)
        spans = rendered.spans
        styles = [s.style for s in spans if not isinstance(s.style, str)]
        return {
            (s.foreground.hex, s.background.hex)
            for s in styles
            if s.foreground is not None and s.background is not None
        }

    app = app_for()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await enter(pilot, "RRGG")
        ((lit, out),) = colours(app)
        assert lit == DARK.primary.upper() and out != LIGHT.background
        await pilot.press("ctrl+t")
        await until(pilot, lambda: [lit for lit, _ in colours(app)] == [LIGHT.primary.upper()])
        ((lit, out),) = colours(app)
        assert lit == LIGHT.primary.upper()
        assert Color.parse(out).brightness < Color.parse(LIGHT.background).brightness
    monkeypatch.setenv("NO_COLOR", "1")
    app = app_for()
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await enter(pilot, "RRGG")
        drawn = str(app.screen.query_one(CodeMap).render())
        assert "█" in drawn and ("▀" in drawn or "▄" in drawn)


async def test_80x24_status_shows_the_totals_and_the_rule_for_a_quit_game() -> None:
    """The status line was one row, so at 80 columns a match's totals and the rule for a
    game lost or quit were cut off: the rule and the totals are whole (the words "lower
    wins" give way first, the help says the scoring)."""
    app = app_for(mode=MATCH, rounds=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await enter(pilot, "RRGG")
        await enter(pilot, "QUIT")
        status = " ".join(" ".join(screen_text(pilot).splitlines()[:2]).split())
        assert "not solved: scores 11, the move limit plus one" in status
        assert "you 11, computer 0" in status
        await enter(pilot, "")
        status = " ".join(" ".join(screen_text(pilot).splitlines()[:2]).split())
        assert "the computer breaks · move 1 of 10 ·" in status
        assert "score you 11, computer 0" in status
        assert "│ 10 · · · ·" in screen_text(pilot)


async def test_80x24_keeps_the_bar_of_the_answer_given_in_view() -> None:
    """At 80x24 the bars below the first few were scrolled out of view,
    the ◀ bar of the answer given with them. The bars that do not fit fold into one line
    and the answer's bar stays; with room for all (120x48) none fold."""
    import re

    def drawn(pilot: Pilot[Any], *bars: str) -> bool:
        text = screen_text(pilot)
        return all(re.search(bar, text) for bar in bars)

    app = app_for()  # the secret is ORBW: RBWO gets 0,4, the 12th class of 14
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await enter(pilot, "RBWO")
        await until(pilot, lambda: drawn(pilot, r"│ 0,4 █+ +9 ◀ ", r"│ … 1[012] more "))
        text = screen_text(pilot)
        assert re.search(r"│ 0,4 █+ +9 ◀ ", text), text
        assert re.search(r"│ … 1[012] more ", text)
        assert "knuth would play next: " in text
    app = app_for()
    async with app.run_test(size=(120, 48)) as pilot:
        await ready(pilot)
        await enter(pilot, "RBWO")
        await until(pilot, lambda: drawn(pilot, r"│ 0,4 █+ +9 ◀ ", r"│ 1,3 █+ +8 "))
        text = screen_text(pilot)
        assert re.search(r"│ 0,4 █+ +9 ◀ ", text) and not re.search(r"… \d+ more", text)
        assert re.search(r"│ 1,3 █+ +8 ", text)  # the last but one bar: all fourteen drawn
