"""The solver trace beside a game: the codes listed when few, the worst case marked apart
from the answer, the sentence, and the person's guess split beside the strategy's choice."""

from __future__ import annotations

from app_helpers import enter, game_session, message, ready, until
from textual.widgets import Static

from engine import Answer, Solver, make_strategy
from engine.explain.decisions import class_codes
from mastermind_tui.game.kinds import MAKE
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.widgets.bars import PartitionBars


def text_of(app: MastermindApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_a_persons_guess_is_split_beside_the_strategys_choice() -> None:
    app = MastermindApp(Start(Settings.build(seed=3, lab=True)))
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await enter(pilot, "RRGG")
        advice = text_of(app, "#trace-advice").replace("\n", " ")
        assert "knuth would play next: BBWG (could be the secret)" in advice
        await enter(pilot, "BWOY")
        split = text_of(app, "#trace-split").splitlines()
        assert split[0] == "How BWOY split the 256 codes, answer by answer:"
        assert split[1] == (
            "BWOY: largest 60, 9 classes; BBWG (knuth's choice): largest 44, 13 classes"
        )
        # The same numbers as the engine's own split of the 256 codes.
        session = game_session(app)
        solver = Solver(session.space, make_strategy("knuth"))
        solver.observe(session.parse("RRGG"), 1, 0)
        bbwg = solver.fork().decide()
        assert session.format(bbwg.guess) == "BBWG"
        assert max(bbwg.partition.values()) == 44 and len(bbwg.partition) == 13
        # The codes still possible are listed, and the bars mark the worst case apart.
        solver.observe(session.parse("BWOY"), 0, 3)
        listed = text_of(app, "#trace-codes").split()
        assert listed == [session.format(int(c)) for c in solver.candidates]
        lines = bar_lines(app)
        assert [line.split()[0] for line in lines if "worst" in line] == ["0,2", "1,1"]
        assert [line.split()[0] for line in lines if "◀" in line] == ["0,3"]
        # Answer by answer, both splits as the engine counts them (BBWG's on its row).
        bars = app.screen.query_one(PartitionBars)
        rows = [line for line in lines if "│" in line]
        assert len(rows) >= 5
        for row in rows:
            mine, theirs = row.split("│")
            black, white = map(int, mine.split()[0].split(","))
            count = int(mine.split()[2 if "█" in mine else 1])
            assert count == bars.partition.get(Answer(black, white), 0)
            assert int(theirs.split()[-1]) == bbwg.partition.get(Answer(black, white), 0)


#: The line over the bars naming the two guesses when a second split is drawn beside.
HEAD = 1


def bar_lines(app: MastermindApp) -> list[str]:
    """The bars' lines, without the line naming the two guesses when a second split is
    drawn beside (clicks count it: ``HEAD``)."""
    bars = app.screen.query_one(PartitionBars)
    lines = bars.render().plain.splitlines()
    return lines[1:] if bars.rival else lines


async def test_a_click_opens_a_bar_to_list_its_codes_beside_a_game() -> None:
    """Keys belong to the command line in a game, so the mouse opens a bar: its class of
    the codes possible before the guess, as the engine counts it; a second click closes it,
    and a new guess's bars start closed."""
    app = MastermindApp(Start(Settings.build(seed=3, lab=True)))
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await enter(pilot, "RRGG")
        session = game_session(app)
        before = Solver(session.space, make_strategy("knuth")).candidates
        rrgg = session.parse("RRGG")

        def bar(i: int) -> str:  # a line of the bars, "" while they are fewer
            lines = bar_lines(app)
            return lines[i] if i < len(lines) else ""

        await until(pilot, lambda: bar(2).startswith("1,0 "))
        assert "◀" in bar_lines(app)[2]
        await pilot.click(PartitionBars, offset=(1, 2 + HEAD))  # the answer's bar
        await until(pilot, lambda: bar(2).startswith("▸ 1,0 "))
        lines = bar_lines(app)
        listed = " ".join(lines[3:11]).split()
        codes = class_codes(session.space, rrgg, before, Answer(1, 0))
        assert listed == [session.format(int(c)) for c in codes[: len(listed)]]
        assert lines[11] == f"{' ' * 6}… and {len(codes) - len(listed):,} more"
        await pilot.click(PartitionBars, offset=(1, 2 + HEAD))  # closes it
        await until(pilot, lambda: len(bar_lines(app)) == 13)
        assert not bar_lines(app)[0].startswith("▸")
        await pilot.click(PartitionBars, offset=(1, 12 + HEAD))  # the last bar, 4,0: RRGG
        await until(pilot, lambda: bar(12).startswith("▸ 4,0 █ "))
        assert bar_lines(app)[13] == "      RRGG"
        await enter(pilot, "BBWR")
        await until(pilot, lambda: not any(line.startswith(("▸", "  ")) for line in bar_lines(app)))


async def test_a_click_opens_a_bar_of_the_computers_guess() -> None:
    app = MastermindApp(Start(Settings.build(mode=MAKE, seed=3)))
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await enter(pilot, "1,0")
        session = game_session(app)
        lines = bar_lines(app)
        row = next(i for i, line in enumerate(lines) if line.startswith("2,2 "))
        await pilot.click(PartitionBars, offset=(1, row + HEAD))
        everything = Solver(session.space, make_strategy("knuth")).candidates
        codes = class_codes(session.space, session.parse("BBWW"), everything, Answer(2, 2))
        assert bar_lines(app)[row + 1].split() == [session.format(int(c)) for c in codes]


async def test_whatif_in_a_game_splits_a_code_beside_the_advice() -> None:
    """WHATIF RRGG in the laboratory view: RRGG's split of the codes still possible,
    drawn beside knuth's advice answer by answer, as the engine counts it; refused in a
    line for a bad code and when the laboratory view is off (nothing is lost)."""
    from engine.feedback import answers, partition

    app = MastermindApp(Start(Settings.build(seed=3, lab=True)))
    async with app.run_test(size=(120, 36)) as pilot:
        await ready(pilot)
        await enter(pilot, "BBWW")
        await enter(pilot, "WHATIF RRXX")
        assert "X" in message(pilot) and len(game_session(app).rows()) == 1
        await enter(pilot, "whatif rrgg")
        session = game_session(app)
        solver = Solver(session.space, make_strategy("knuth"))
        answer = session.rows()[0].answer
        solver.observe(session.parse("BBWW"), *answer)
        rrgg = session.parse("RRGG")
        expected = partition(answers(session.space, rrgg, solver.candidates), session.space)
        bars = app.screen.query_one(PartitionBars)
        assert bars.rival == ("RRGG", expected, "what if")
        advice = solver.fork().decide()
        assert bars.partition == advice.partition and bars.answered is None
        assert message(pilot).startswith(f"What if RRGG: {len(expected)} classes; largest class")
        assert "guesses expected" in message(pilot)
        await pilot.press("f9")  # the laboratory view off: WHATIF is refused
        await enter(pilot, "WHATIF RRGG")
        assert message(pilot) == "WHATIF is part of the laboratory view: F9 turns it on."
        assert len(game_session(app).rows()) == 1
