"""Drive the real app and save an SVG of each main screen into this folder.

Run ``python screenshots/make_screenshots.py`` whenever a screen changes.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from mastermind_tui.game.duel import Players
from mastermind_tui.game.kinds import ADVERSARY, COMPARE, DUEL, MAKE, WATCH
from mastermind_tui.game.session import GameSession
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.records.store import Records
from mastermind_tui.records.types import Game

HERE = Path(__file__).parent
SIZE = (120, 36)


async def type_lines(pilot: Pilot, *lines: str) -> None:
    await pilot.app.workers.wait_for_complete()
    for line in lines:
        pilot.app.screen.query_one("#command", Input).value = line
        await pilot.press("enter")
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def shoot(
    name: str,
    app: MastermindApp,
    *lines: str,
    keys: tuple[str, ...] = (),
    then: tuple[str, ...] = (),
    size: tuple[int, int] = SIZE,
) -> None:
    """Type ``lines``, press ``keys``, let the workers finish, press ``then``, and save."""
    async with app.run_test(size=size) as pilot:
        await type_lines(pilot, *lines)
        await pilot.press(*keys)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press(*then)
        await pilot.pause()
        if name == "stats":
            app.action_statistics()
            await pilot.pause()
            await pilot.press("ctrl+r")
            await pilot.app.workers.wait_for_complete()
            await pilot.pause(0.2)
        app.save_screenshot(f"{name}.svg", str(HERE))
    print(f"saved {HERE / name}.svg")


def played_records(path: Path) -> None:
    """Real games into a records file: a player who follows knuth's advice on 6x4 (one
    game given up, one on 8x5), and one game the computer broke; one a day in March, so
    that the picture is the same each time."""

    def keep(day: int) -> Callable[[Game], object]:
        when = f"2026-03-{day:02}T20:{day:02}:00+00:00"
        return lambda game: Records(path).add(replace(game, finished_at=when))

    for seed, options in [*((s, {}) for s in range(1, 8)), (8, {"preset": "super"})]:
        session = GameSession(Settings.build(seed=seed, **options))  # type: ignore[arg-type]
        session.recorder = keep(seed)
        while not session.over:
            if seed == 4 and len(session.rows()) == 2:
                session.quit_game()
                break
            session.guessing.take_advice(session.generation, session.guessing.advice_work()())
            assert session.guessing.advice is not None
            session.guess(session.format(session.guessing.advice.guess))
    session = GameSession(Settings.build(mode=MAKE, seed=9))
    session.recorder = keep(9)
    session.answering.set_secret("RGOY")
    while not session.over:
        session.answering.decide()
        session.auto_answer()


async def adversary() -> None:
    """The adversary at 80x24, three moves in: the codes still possible on the status line."""
    start = Start(Settings.build(mode=ADVERSARY, strategy="knuth"))
    app = MastermindApp(start, record=False)
    await shoot("adversary", app, "RRGG", "BBWW", "BOBY", size=(80, 24))


async def duel() -> None:
    """A duel at 80x24: Ann's code typed once (dots only), waiting for its confirmation."""
    start = Start(Settings.build(mode=DUEL), options=Players("Ann", "Bob"))
    app = MastermindApp(start, record=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press(*"oywo", "enter", *"oy")
        await pilot.pause()
        app.save_screenshot("duel.svg", str(HERE))
    print(f"saved {HERE / 'duel'}.svg")


async def main() -> None:
    Input._toggle_cursor = lambda self: None  # type: ignore[method-assign]
    await shoot("home", MastermindApp())
    # The laboratory view (--lab): what the solver knows, as you play.
    await shoot(
        "play", MastermindApp(Start(Settings.build(seed=3, lab=True))), "RRGG", "BWOY", "board"
    )
    # A rated game at its end: each guess's cost, and the summary under the panes.
    await shoot(
        "rating",
        MastermindApp(Start(Settings.build(seed=3))),
        "RRGG",
        "BWOY",
        "WRBB",
        "YRBW",
        "ORBW",
    )
    await shoot("make", MastermindApp(Start(Settings.build(mode=MAKE, seed=3))), "", "1,0", "0,2")
    await adversary()
    await duel()
    watch = Settings.build(mode=WATCH, strategy="knuth", seed=3)
    secret = watch.notation.parse(watch.space, "RGOY")
    await shoot(
        "watch",
        MastermindApp(Start(watch, secret)),
        keys=("n",) * 3,
        then=("down", "down", "enter", "shift+right", "shift+down"),
    )
    await shoot(
        "tree",
        MastermindApp(Start(watch, secret)),
        keys=("n", "n", "n", "f4"),
        then=("down", "down", "enter"),
    )
    rwgg = watch.notation.parse(watch.space, "RWGG")
    await shoot(
        "what-if", MastermindApp(Start(watch, rwgg)), keys=("n", "n", "w", *"rrgg", "enter")
    )
    compare = Settings.build(mode=COMPARE, seed=3)
    await shoot(
        "compare",
        MastermindApp(Start(compare, secret, ("knuth", "optimal", "entropy"))),
        keys=("n", "n", "n"),
    )
    await shoot("stats", MastermindApp(Start(Settings.build(seed=3))))
    folder = Path(tempfile.gettempdir()) / "mastermind-screenshots"  # named on screen
    shutil.rmtree(folder, ignore_errors=True)
    played_records(folder / "records.sqlite3")
    await shoot("records", MastermindApp(records=folder / "records.sqlite3"), keys=("f8",))
    shutil.rmtree(folder)


if __name__ == "__main__":
    asyncio.run(main())
