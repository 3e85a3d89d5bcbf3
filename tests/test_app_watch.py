"""Watch mode: step forward and back through a strategy's reasoning."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from app_helpers import idle, screen_text, tree_drawn, until
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Select, Static, Tree

from engine import STRATEGIES, Solver, play
from engine.explain.decisions import class_codes
from engine.feedback import Answer, answers, partition
from engine.strategies import make_strategy
from engine.trace import format_score
from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.game.watch_session import WatchSession
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.decision_tree import DecisionTreeScreen
from mastermind_tui.screens.help import HelpScreen
from mastermind_tui.screens.watch import WatchScreen
from mastermind_tui.widgets.bars import PartitionBars
from mastermind_tui.widgets.choice import ChoiceChart
from mastermind_tui.widgets.codemap import CodeMap

#: The line over the bars naming the two guesses when a second split is drawn beside.
HEAD = 1


def watch_app(secret: str = "RGOY", strategy: str = "knuth") -> MastermindApp:
    settings = Settings.build(mode=WATCH, strategy=strategy, seed=1)
    return MastermindApp(Start(settings, settings.notation.parse(settings.space, secret)))


def caption(app: MastermindApp) -> str:
    return str(app.screen.query_one("#caption", Static).render())


def advice(app: MastermindApp) -> str:
    return str(app.screen.query_one("#trace-advice", Static).render())


def text_of(app: MastermindApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def bar_lines(app: MastermindApp) -> list[str]:
    """The bars' lines, without the line naming the two guesses when a second split is
    drawn beside (clicks count it: ``HEAD``)."""
    bars = app.screen.query_one(PartitionBars)
    lines = bars.render().plain.splitlines()
    return lines[1:] if bars.rival else lines


def knuth_after(steps: int, secret: str = "RGOY") -> tuple[Solver, list[str]]:
    """Knuth's solver after ``steps`` moves against ``secret``, and its candidates written."""
    settings = Settings.build(mode=WATCH, strategy="knuth", seed=1)
    space, notation = settings.space, settings.notation
    solver = Solver(space, make_strategy("knuth"))
    for _ in range(steps):
        solver.answer_for(notation.parse(space, secret))
    return solver, [notation.format(space, int(c)) for c in solver.candidates]


@pytest.mark.slow
async def test_step_forward_back_and_solved() -> None:
    app = watch_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, WatchScreen)
                and caption(app).startswith("Move 1, before its answer")
            ),
        )
        assert isinstance(app.screen, WatchScreen)
        steps = play(app.screen.session.space, make_strategy("knuth"), app.screen.session.secret)
        # Two beats a move: the position (codes still possible, the guess and why, no
        # answer yet), then the answer arriving and the codes shrinking.
        assert caption(app).startswith("Move 1, before its answer: 1,296 codes possible")
        assert text_of(app, "#trace-summary") == (
            "Move 1, before its answer: 1,296 of 1,296 codes still possible"
        )
        assert "BBWW and 89 others (the codes with its pattern of colours) leave at most 256" in (
            advice(app).replace("\n", " ")
        )
        assert advice(app).startswith("Move 1, knuth chooses: BBWW")
        assert not any("◀" in line for line in bar_lines(app))  # no answer yet
        await pilot.press("n")
        assert caption(app).startswith("Move 1, answered: BBWW gets 0,0; 1,296 → 256 codes")
        assert text_of(app, "#trace-summary") == (
            "Move 1, answered: 1,296 → 256 of 1,296 codes still possible"
        )
        assert advice(app).startswith("Move 1, knuth chose: BBWW")
        assert "◀" in bar_lines(app)[0]
        await pilot.press("right", "right")
        assert caption(app).startswith("Move 2, answered")
        assert app.screen.query_one(DataTable).row_count == 2
        await pilot.press("p")  # back through the same beats
        assert caption(app).startswith("Move 2, before its answer")
        assert app.screen.query_one(DataTable).row_count == 1
        await pilot.press("left", "left", "left")
        assert caption(app).startswith("Move 1, before its answer")
        await pilot.press(*["n"] * (2 * len(steps) + 2))
        assert caption(app).endswith(
            f"Solved in {len(steps)} guesses. The end: Space plays it again from move 1."
        )


@pytest.mark.parametrize("strategy", ["sequential", "classic"])
async def test_index_scan_is_shown(strategy: str) -> None:
    app = watch_app("YYOG", strategy)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n")
        start = "scanned up from index" if strategy == "sequential" else "random start at index"
        assert start in advice(app)
        assert "impossible codes" in advice(app) and "skipped" in advice(app)


@pytest.mark.parametrize("strategy", sorted(n for n, c in STRATEGIES.items() if not c.sizes))
async def test_every_strategy_solves(strategy: str) -> None:
    app = watch_app("BWRG", strategy)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("end")
        assert "Solved in" in caption(app)


@pytest.mark.slow
async def test_space_plays_and_pauses() -> None:
    app = watch_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, WatchScreen)
        status = screen.query_one("#status", Static)
        await pilot.press("space")
        assert screen.playback.playing and screen.playback.seconds == 1
        assert "▶ playing, 1 s a beat" in str(status.render())
        await pilot.press("plus", "plus")  # faster while playing, at once
        assert screen.playback.playing and screen.playback.seconds == 0.25
        assert "▶ playing, 0.25 s a beat" in str(status.render())
        await until(pilot, lambda: screen.session.beat >= 2)  # it plays
        await pilot.press("space")  # paused on the beat on show
        beat = screen.session.beat
        assert not screen.playback.playing and "paused" in str(status.render())
        await pilot.press("minus", "minus", "minus", "minus", "minus")
        assert screen.playback.seconds == 4 and screen.session.beat == beat
        await pilot.press("space", "f1")  # a page opened over the steps pauses them
        assert not screen.playback.playing


async def test_few_codes_are_listed_and_the_worst_case_is_marked_apart() -> None:
    app = watch_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n")
        assert not app.screen.query_one("#trace-codes").display  # 256 codes: too many
        await pilot.press("n", "n")
        assert caption(app).startswith("Move 2, answered: RRGO gets 1,2; 256 → 40 codes")
        _, codes = knuth_after(2)
        assert len(codes) == 40
        assert text_of(app, "#trace-codes").split() == codes
        lines = bar_lines(app)
        worst = [line for line in lines if "worst case" in line]
        answered = [line for line in lines if "◀" in line]
        assert len(worst) == 1 and worst[0].startswith("1,1 ") and "46 worst case" in worst[0]
        assert len(answered) == 1 and answered[0].startswith("1,2 ")
        assert re.search(r" 40 +◀", answered[0]) and "worst" not in answered[0]


async def test_three_equal_largest_classes_are_all_worst_cases() -> None:
    app = watch_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n")
        lines = bar_lines(app)
        assert [line.split()[0] for line in lines if "256 worst case" in line] == [
            "0,0",
            "0,1",
            "1,0",
        ]
        assert "256 worst case ◀" in lines[0]  # RGOY answers BBWW with 0,0


async def test_tie_sentence_and_the_runner_up_beside() -> None:
    """OYRG's move 2 (the watch's secret here is RGOY, the same first answer): the counts
    said are every code's, read against the engine weighing all 1,296 guesses one by one;
    the split drawn beside is the best guess that is not a twin, and the twins are said."""
    app = watch_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n")
        solver, _ = knuth_after(1)
        space = solver.space
        hists = [partition(answers(space, int(g), solver.candidates), space) for g in space.allowed]
        largest = [max(h.values()) for h in hists]
        tied = [g for g, n in zip(space.allowed, largest, strict=True) if n == min(largest)]
        possible = sum(1 for g in tied if g in set(solver.candidates.tolist()))
        assert (len(tied), possible) == (144, 144)
        await until(pilot, lambda: "RRGO and 143 others" in advice(app))
        said = advice(app).replace("\n", " ")
        assert (
            "RRGO and 143 others (6 weighed, each standing for the codes alike but for colours "
            "not played yet) leave at most 46 codes; all 144 could be the secret, and RRGO "
            "comes first as written." in said
        )
        assert "both" not in said
        split = text_of(app, "#trace-split").splitlines()
        assert split[0] == "How RRGO would split the 256 codes, answer by answer:"
        assert split[1] == (
            "RRGO: largest 46, 14 classes; RRRG (runner-up): largest 51, 11 classes"
        )
        assert split[2].startswith("143 guesses split the codes exactly as RRGO does (RGRO,")
        assert split[2].endswith(": not drawn")
        rrgo = hists[session_code(app, "RRGO")]
        rrrg = hists[session_code(app, "RRRG")]
        assert rrgo != rrrg and max(rrrg.values()) == 51


def session_code(app: MastermindApp, text: str) -> int:
    assert isinstance(app.screen, WatchScreen)
    session = app.screen.session
    return session.settings.notation.parse(session.space, text)


async def test_a_bar_opens_to_list_its_codes() -> None:
    app = watch_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n", "down", "enter")
        solver, _ = knuth_after(1)
        assert isinstance(app.screen, WatchScreen)
        session = app.screen.session
        rrgo = session.settings.notation.parse(session.space, "RRGO")
        largest = class_codes(session.space, rrgo, solver.candidates, Answer(1, 1))
        lines = bar_lines(app)
        assert lines[0].startswith("▸ 1,1 ")
        listed = " ".join(lines[1 : lines.index(next(x for x in lines[1:] if "0,2" in x))])
        assert listed.split() == [session.format(int(c)) for c in largest]
        assert len(listed.split()) == 46
        # 3 opens the third bar: the answer RRGO got, so exactly the codes left.
        await pilot.press("n", "3")
        lines = bar_lines(app)
        assert lines[2].startswith("▸ 1,2 ") and "◀" in lines[2]
        opened = " ".join(lines[3:11]).split()
        assert opened[:40] == knuth_after(2)[1]
        await pilot.press("enter")  # closes it
        await until(pilot, lambda: len(bar_lines(app)) == 14)
        await pilot.click(PartitionBars, offset=(1, 2 + HEAD))  # a click opens it too
        assert bar_lines(app)[2].startswith("▸ 1,2 ")
        assert " ".join(bar_lines(app)[3:11]).split()[:40] == knuth_after(2)[1]
        await pilot.click(PartitionBars, offset=(1, 3 + HEAD))  # one of its codes: closes it
        await until(pilot, lambda: len(bar_lines(app)) == 14)
        await pilot.press("n")  # a new step: nothing selected
        assert not bar_lines(app)[0].startswith(("▸", " "))


async def test_code_map_has_a_legend_axes_and_a_cursor() -> None:
    app = watch_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n")
        codemap = app.screen.query_one(CodeMap)
        lines = str(codemap.render()).splitlines()
        assert lines[0] == "lit: still possible · dark: ruled out"
        assert lines[1] == "across: pegs 1-2 · down: pegs 3-4"
        assert lines[2].split() == ["B", "W", "R", "G", "O", "Y"]
        assert text_of(app, "#trace-cursor") == "shift+arrows or the mouse: name a code"
        await pilot.press("shift+right", "shift+right", "shift+down")
        assert isinstance(app.screen, WatchScreen)
        session = app.screen.session
        assert codemap.cursor == 1 + 36  # placed on the first code, then right, then down
        assert text_of(app, "#trace-cursor") == f"▸ {session.format(37)}: ruled out"
        # The caption says which move ruled it out, and what that move would have got.
        assert caption(app) == (
            "WBWB is ruled out by move 1: had it been the secret, BBWW would have got 2,2, not 0,0."
        )
        rgoy = session.settings.notation.parse(session.space, "RGOY")
        codemap.cursor = rgoy
        await until(
            pilot,
            lambda: (
                text_of(app, "#trace-cursor").startswith("▸ RGOY")
                and caption(app).startswith("RGOY")
            ),
        )
        assert text_of(app, "#trace-cursor") == "▸ RGOY: still possible"
        assert caption(app) == "RGOY is still possible: it fits every answer so far."
        # The mouse: the upper code of the cell under the pointer (two rows of codes per
        # line of text), and a click for the lower one.
        await pilot.hover(CodeMap, offset=(2 + 5, 3 + 1))
        assert codemap.cursor == 2 * 36 + 5
        await pilot.click(CodeMap, offset=(2 + 5, 3 + 1))
        assert codemap.cursor == 3 * 36 + 5


@pytest.mark.slow
async def test_f1_explains_the_words_on_screen() -> None:
    app = watch_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "f1")
        assert isinstance(app.screen, HelpScreen)
        from textual.widgets import Markdown

        lead, page = (m.source for m in app.screen.query(Markdown)[:2])
        assert lead.startswith("## The rule of knuth")  # the rule card opens the help
        for word in ("candidate", "answer", "class", "worst case", "expected size", "entropy"):
            assert f"**{word}**" in page
        # Every picture, in a sentence or two.
        for picture in ("Guesses weighed", "Split bars", "Code map", "Tree (F4)"):
            assert f"**{picture}**" in page
        assert "two beats" in page and "what if" in page
        assert "most parts" in page and "after a score" in page
        await pilot.press("escape")
        assert isinstance(app.screen, WatchScreen)
        await pilot.press("n")
        assert caption(app).startswith("Move 2, before its answer")


@pytest.mark.slow
async def test_tree_from_watch_follows_the_step_and_keys_go_on() -> None:
    app = watch_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n", "n", "f4")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: tree_drawn(pilot))
        assert isinstance(app.screen, DecisionTreeScreen)
        # The path played from the top, then the current node, where the cursor is.
        tree = app.screen.query_one(Tree)
        first = tree.root.children[0]
        assert str(first.label) == "BBWW  1,296 codes · played"
        assert str(first.children[0].label) == "… 12 other answers"
        second = first.children[1]
        assert str(second.label) == "0,0 → RRGO  256 codes · played"
        top = second.children[1]
        assert top is app.screen.current and tree.cursor_node is top
        assert str(top.label) == "1,2 → RGOG  40 codes · at most 3 more guesses  ◀ now"
        labels = [str(child.label) for child in top.children]
        assert "3,0 → RGOY  4 codes · at most 2 more guesses" in labels
        assert "0,4 → GOGR  the secret: 1 more guess" in labels
        assert "4,0 → RGOG" not in " ".join(labels)  # a win ends the game: no branch
        first = top.children[0]
        await pilot.press("down", "space")
        assert first.is_expanded and first.children
        assert all(" → " in str(child.label) for child in first.children)
        await pilot.press("escape")
        assert isinstance(app.screen, WatchScreen)
        await pilot.press("n", "n")
        assert caption(app).startswith("Move 3, answered: RGOG gets 3,0")


async def test_a_random_strategy_has_no_tree() -> None:
    app = watch_app(strategy="random")
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "f4")
        assert isinstance(app.screen, WatchScreen)
        assert caption(app) == "random guesses at random: a random strategy has no fixed tree"


@pytest.mark.slow
async def test_a_game_too_big_for_the_map_still_lists_its_codes() -> None:
    settings = Settings.build(mode=WATCH, strategy="knuth", colours=8, positions=4, seed=1)
    app = MastermindApp(Start(settings, settings.notation.parse(settings.space, "RGOY")))
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n", "n", "n", "n")
        assert not app.screen.query_one(CodeMap).display  # 4,096 codes: no map
        assert not app.screen.query_one("#trace-cursor").display
        assert isinstance(app.screen, WatchScreen)
        session = app.screen.session
        left = session.trace().candidates
        listed = text_of(app, "#trace-codes").split()
        assert 0 < len(listed) == left and "RGOY" in listed
        await pilot.press("1")
        assert bar_lines(app)[0].startswith("▸ ")


@pytest.mark.slow
async def test_the_code_map_leaves_codes_with_a_repeated_colour_blank() -> None:
    """Without repeats, indices that are no code of the game are blank cells with a legend
    line of their own, never drawn like codes the answers ruled out."""
    settings = Settings.build(mode=WATCH, strategy="knuth", seed=1, repeats=False)
    app = MastermindApp(Start(settings, settings.notation.parse(settings.space, "RGOY")))
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n")
        codemap = app.screen.query_one(CodeMap)
        lines = str(codemap.render()).splitlines()
        assert lines[:2] == [
            "lit: still possible · dark: ruled out",
            "blank: a colour repeats, not a code",
        ]
        assert lines[2] == "across: pegs 1-2 · down: pegs 3-4"
        # A cell is blank (a space on the terminal's own background) exactly when both its
        # codes repeat a colour; a ruled-out pair is a space on the dark background.
        space = settings.space
        allowed = set(space.allowed.tolist())
        text, console, columns = codemap.content, Console(), 36
        assert isinstance(text, Text)
        start = sum(len(line) + 1 for line in lines[:4])
        for row, line in enumerate(lines[4:]):  # two rows of codes a line, after 2 labels
            for column in range(columns):
                offset = start + 2 + column
                style = text.get_style_at_offset(console, offset)
                blank = text.plain[offset] == " " and style.bgcolor is None
                codes = (2 * row * columns + column, (2 * row + 1) * columns + column)
                assert blank == (not any(code in allowed for code in codes)), (row, column)
            start += len(line) + 1
        await pilot.hover(CodeMap, offset=(2 + 0, 4))  # BBBB: not a code
        assert codemap.cursor == 0
        bbbb = settings.notation.format(space, 0)
        assert text_of(app, "#trace-cursor") == f"▸ {bbbb}: not a code of this game"
        assert caption(app) == f"{bbbb} is not a code of this game: no colour may repeat."
        rgoy = settings.notation.parse(space, "RGOY")
        codemap.cursor = rgoy
        await until(pilot, lambda: text_of(app, "#trace-cursor").startswith("▸ RGOY"))
        assert text_of(app, "#trace-cursor") == "▸ RGOY: still possible"


@pytest.mark.slow
async def test_the_optimal_strategy_chosen_on_the_home_screen_watches_a_game(
    cache_dir: Path,
) -> None:
    """optimal is offered wherever strategies are chosen: picked on the home screen, a
    watched 4x3 game follows the exact optimum's tree (searched afresh in a temporary
    cache) and names the strategy in the trace, with the runner-up and the ties."""
    from mastermind_tui.screens.home import HomeScreen

    app = MastermindApp()
    async with app.run_test(size=(120, 36)) as pilot:
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#mode", Select).value = "watch"
        # A Select refuses a value it does not offer.
        home.query_one("#strategy", Select).value = "optimal"
        home.query_one("#colours", Input).value = "4"
        home.query_one("#positions", Input).value = "3"
        home.query_one("#secret", Input).value = "RGB"
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: isinstance(app.screen, WatchScreen) and app.screen.session.steps)
        assert isinstance(app.screen, WatchScreen)
        session = app.screen.session
        assert session.settings.strategy == "optimal"
        expected = play(session.space, make_strategy("optimal"), session.secret)
        assert [s.guess for s in session.steps] == [s.guess for s in expected]
        await pilot.press("n")
        assert advice(app).startswith("Move 1, optimal chose: ")
        said = " ".join(advice(app).split())
        assert (
            "BBW and 35 others (the codes with its pattern of colours) need 3.219 guesses on "
            "average, each counting itself; all 36 could be the secret, and BBW comes first as "
            "written." in said
        )
        split = text_of(app, "#trace-split").splitlines()
        assert split[1].startswith("BBW: ") and "; BWR (runner-up): " in split[1]
        await pilot.press("n")
        assert (  # every tie counted: 2 classes by the position's symmetry, 8 codes
            "WRR and 7 others (2 weighed, each standing for the codes that swapping colours "
            "and positions makes of it) need 2.357 guesses on average, each counting itself; "
            "all 8 could be the secret, and WRR comes first as written."
            in " ".join(advice(app).split())
        )


def chart_lines(app: MastermindApp) -> list[str]:
    return app.screen.query_one(ChoiceChart).render().plain.splitlines()


@pytest.mark.slow
async def test_the_choice_is_drawn_by_the_strategys_measure_after_bbww_0_1() -> None:
    """6x4 after BBWW answered 0,1: the guesses weighed, drawn by their largest class, the
    chosen one first and its runner-up next, both numbers as the engine counts them on
    the 256 codes left; the two splits compared answer by answer on one scale."""
    app = watch_app("RWGG")
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n")  # move 2, before its answer
        assert isinstance(app.screen, WatchScreen)
        session = app.screen.session
        assert session.steps[0].answer == Answer(0, 1)
        left = session.before()
        assert left is not None and len(left) == 256
        decision = session.steps[1].decision
        space = session.space
        mine = partition(answers(space, decision.guess, left), space)
        assert decision.rival is not None  # the best guess that is not a twin of the choice
        runner = decision.rival.guess
        theirs = partition(answers(space, runner, left), space)
        lines = chart_lines(app)
        assert lines[0] == "Guesses weighed, by largest class (less is better):"
        chosen, second = lines[1].split(), lines[2].split()
        assert chosen[:2] == ["▶", session.format(decision.guess)]
        assert int(chosen[3]) == max(mine.values()) == 44
        assert int(second[2]) == max(mine.values())
        assert "=" in lines[2].split()[3]  # tied with the choice; the legend says how it was broken
        assert "could be the secret" in lines[-1] and "tied, broken so:" in lines[-1]
        # Answer by answer: each row the same answer for both guesses, as the engine counts.
        rows = [line for line in bar_lines(app) if "│" in line]
        for row in rows:
            left_half, right_half = row.split("│")
            black, white = map(int, left_half.split()[0].split(","))
            assert int(left_half.split()[2]) == mine.get(Answer(black, white), 0)
            assert int(right_half.split()[-1]) == theirs.get(Answer(black, white), 0)


@pytest.mark.parametrize(
    ("strategy", "label"),
    [
        ("expected-size", "expected size (less is better)"),
        ("entropy", "bits (more is better)"),
        ("most-parts", "classes (more is better)"),
    ],
)
async def test_each_strategy_draws_its_own_measure(strategy: str, label: str) -> None:
    app = watch_app("RWGG", strategy)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n")
        assert isinstance(app.screen, WatchScreen)
        decision = app.screen.session.steps[1].decision
        lines = chart_lines(app)
        assert lines[0].startswith(f"Guesses weighed, by {label[:-1]}")  # then maybe a baseline
        assert lines[1].split()[3] == format_score(decision.score or 0)
        scores = [a.score for a in decision.alternatives[:3]]
        assert [float(line.split()[2]) for line in lines[2:5]] == pytest.approx(scores, abs=1e-3)


@pytest.mark.slow
async def test_a_strategy_without_a_score_draws_no_chart() -> None:
    app = watch_app("RWGG", "sequential")
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n")
        assert not app.screen.query_one(ChoiceChart).display


@pytest.mark.slow
async def test_what_if_splits_any_code_beside_the_choice(cache_dir: Path) -> None:
    """w opens a line; a code that cannot be read is refused in a line and the watch goes
    on; RRGG's split, drawn beside knuth's choice, is the engine's partition of the same
    codes, with its score in knuth's measure and, the exact optimum within reach on 6x4,
    in guesses expected. Escape goes back to the runner-up."""
    from mastermind_tui.screens.what_if import WhatIfLine

    app = watch_app("RWGG")
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n", "w")
        assert isinstance(app.screen, WhatIfLine)
        await pilot.press(*"RRXX", "enter")
        assert isinstance(app.screen, WhatIfLine)  # refused: the line stays, saying why
        said = str(app.screen.query_one("#what-if-message", Static).render())
        assert "X" in said and said.endswith("try again, or Escape")
        field = app.screen.query_one(Input)
        field.value = ""
        await pilot.press(*"rrgg", "enter")
        assert isinstance(app.screen, WatchScreen)
        await until(pilot, lambda: "What if" in caption(app))  # worked out in a worker
        session = app.screen.session
        space = session.space
        rrgg = session.settings.notation.parse(space, "RRGG")
        left = session.before()
        assert left is not None
        expected = partition(answers(space, rrgg, left), space)
        bars = app.screen.query_one(PartitionBars)
        assert bars.rival is not None and bars.rival[0] == "RRGG"
        assert bars.rival[1] == expected and bars.rival[2] == "what if"
        assert "RRGG (what if)" in text_of(app, "#trace-split")
        rows = [line for line in bar_lines(app) if "│" in line]
        assert sum(int(row.split("│")[1].split()[-1]) for row in rows) <= 256
        worst = max(expected.values())
        text = caption(app)
        lead = f"Move 2 · What if RRGG: {len(expected)} classes; largest class {worst}, "
        assert text.startswith(lead)
        assert "knuth's WRGG 44" in text or "knuth's " in text
        assert "guesses expected, this one counted; the best here, " in text
        await pilot.press("n")  # the answer of the same move: the what-if stays
        assert bars.rival is not None and bars.rival[2] == "what if"
        await pilot.press("escape")
        assert bars.rival is not None and bars.rival[2] == "runner-up"
        assert "What if" not in caption(app)
        await pilot.press("p", "w", "escape")  # Escape on the line: nothing asked
        assert isinstance(app.screen, WatchScreen)
        assert bars.rival is not None and bars.rival[2] == "runner-up"


@pytest.mark.slow
async def test_the_tree_fits_80_columns_with_its_path() -> None:
    """At 80x24 the tree panel takes the whole width and short labels: every line whole."""
    app = watch_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n", "n", "f4")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: tree_drawn(pilot, cursor=False))
        assert isinstance(app.screen, DecisionTreeScreen)
        await pilot.press("down", "enter")  # a child of the current node opened
        await idle(pilot)  # its children drawn
        text = screen_text(pilot)
        assert "BBWW  1,296 codes · played" in text
        assert "1,2 → RGOG  40 codes · ≤3 more  ◀ now" in text
        for line in text.splitlines():
            if "→" in line:
                assert line.rstrip().endswith(("│", "◀ now")), line


@pytest.mark.slow
async def test_candidate_codes_are_coloured_like_their_pegs_and_keep_their_letters() -> None:
    from textual.content import Content

    from mastermind_tui.game.peg_colours import PALETTE

    app = watch_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("n", "n", "n")  # 40 codes left: listed
        listed = app.screen.query_one("#trace-codes", Static).content
        assert isinstance(listed, Content)
        assert listed.plain.split() == knuth_after(2)[1]  # the letters stay
        # The first code, GRRR: G on green, then R on red, each letter its peg's colour.
        styles = [str(span.style) for span in listed.spans[:4]]
        assert PALETTE[3] in styles[0] and PALETTE[2] in styles[1]
        await pilot.press("3")  # an opened bar's codes too
        lines = app.screen.query_one(PartitionBars).render()
        assert any(PALETTE[2] in str(span.style) for span in lines.spans)


@given(st.lists(st.sampled_from([1, -1, 2, -2]), max_size=30))
def test_every_beat_belongs_to_one_moment(moves: list[int]) -> None:
    """Wherever the beats lead, the board, the codes still possible and the split shown
    belong to the same moment: before a move's answer its guess waits (no answer marked,
    the codes it was chosen on), once answered the codes are those left after it."""
    session = WATCHED
    session.jump(0)
    for delta in moves:
        session.go(delta)
        view = session.trace()
        step = session.steps[session.move]
        assert len(session.rows()) == session.move + session.answered
        assert view.moment == session.moment()
        assert view.partition == step.decision.partition
        if session.answered:
            assert view.answered == step.answer and session.pending() is None
            assert view.candidates == step.candidates_after
        else:
            assert view.answered is None
            assert session.pending() == session.space.to_digits(step.guess)
            assert view.candidates == step.decision.candidates_before
        now, history = session.position_now()
        assert now is not None and len(now) == view.candidates
        assert len(history) == len(session.rows())


WATCHED = WatchSession(Settings.build(mode=WATCH, strategy="knuth", seed=1), 1234)
WATCHED.solve()


def shows(pilot: Pilot[Any], text: str) -> bool:
    return text in screen_text(pilot)


@pytest.mark.slow
async def test_each_beat_opens_on_its_heading_and_sentence_at_80x24() -> None:
    """The why in view at 80x24 (watch YOBR, PgDn, n, n): each later beat scrolls back to
    its heading and sentence; folded bars say of which guesses they are; the bars of close
    values start from a baseline the title names (4.340 against 4.377)."""
    app = watch_app("YOBR")
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("pagedown")
        await until(pilot, lambda: "Move 1, knuth chooses" not in screen_text(pilot))
        for heading in ("Move 1, knuth chose: BBWW", "Move 2, knuth chooses: WRGG"):
            await pilot.press("n")
            await until(pilot, partial(shows, pilot, heading))
        text = screen_text(pilot)
        assert "WRGG and 47 others" in text and "comes" in text  # the sentence, in view
        await pilot.press("pagedown")
        await until(pilot, lambda: "more answers: WRGG" in screen_text(pilot))
    app = watch_app("YOBR", strategy="optimal")
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await until(pilot, lambda: "bars from 4.300" in screen_text(pilot))
        lines = chart_lines(app)
        chosen, second = lines[-3], lines[-2]
        assert "4.340" in chosen and "4.377" in second
        assert chosen.count("█") < second.count("█")  # the difference shows


@pytest.mark.slow
async def test_autoplay_stops_at_the_end_and_says_so() -> None:
    """Autoplay has an end: on the last beat it stops, the header says so, and the
    caption says Space starts again from move 1 (which it does)."""
    app = watch_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("plus", "plus", "plus", "space")  # a beat every quarter second
        await until(pilot, lambda: "■ the end" in screen_text(pilot).splitlines()[0])
        assert isinstance(app.screen, WatchScreen)
        assert app.screen.session.at_end and not app.screen.playback.playing
        assert "Space plays it again from move 1." in " ".join(caption(app).split())
        await pilot.press("minus", "minus", "minus", "minus", "space")  # 4 s a beat
        await until(pilot, lambda: caption(app).startswith("Move 1"))
        await until(pilot, lambda: "▶ playing" in screen_text(pilot).splitlines()[0])
