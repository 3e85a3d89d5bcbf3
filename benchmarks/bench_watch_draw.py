"""How long drawing one beat of a watched game takes on the interface thread:
Knuth watched on 8x5 and 8x8 at 120x36 and 80x24, every beat of one game stepped
forward, then back.

    python benchmarks/bench_watch_draw.py [--sizes 8x5 8x8] [--secret-seed 1] [--each]

For each size it prints the beats drawn and, median and worst, (1) the key's handler:
the session's step and every widget told what to show (trace, choice chart, split bars,
code map, board), and (2) the frame after it: layout and rendering of the whole screen
(what Textual does on its next refresh). Both run on the interface thread; the games
themselves are worked out in a worker before the first beat and are not counted.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

os.environ["MASTERMIND_RECORDS"] = ""
os.environ.setdefault("MASTERMIND_CACHE_DIR", tempfile.mkdtemp(prefix="watch-draw-"))
os.environ["MASTERMIND_CONFIG_DIR"] = ""

import numpy as np

from mastermind_tui.game.kinds import WATCH
from mastermind_tui.game.settings import Settings
from mastermind_tui.modes.app import MastermindApp
from mastermind_tui.navigation import Start
from mastermind_tui.screens.watch import WatchScreen


async def measure(
    colours: int, positions: int, size: tuple[int, int], seed: int, each: bool
) -> str:
    settings = Settings.build(mode=WATCH, colours=colours, positions=positions, seed=seed)
    secret = settings.space.random_code(np.random.default_rng(seed))
    app = MastermindApp(Start(settings, secret))
    handler: list[float] = []
    frame: list[float] = []
    async with app.run_test(size=size) as pilot:
        began = time.perf_counter()
        await app.workers.wait_for_complete()
        await pilot.pause()
        solved = time.perf_counter() - began
        screen = app.screen
        assert isinstance(screen, WatchScreen) and screen.session.solved
        beats = screen.session.beats
        for delta in [1] * (beats - 1) + [-1] * (beats - 1):
            t0 = time.perf_counter()
            screen.action_step(delta)
            t1 = time.perf_counter()
            screen._refresh_layout(app.size)
            screen._compositor.render_strips()
            t2 = time.perf_counter()
            handler.append(t1 - t0)
            frame.append(t2 - t1)
            if each:
                beat, codes = screen.session.beat, screen.session.trace().candidates
                print(f"  beat {beat:2}: {codes:>10,} codes, frame {1000 * (t2 - t1):5.1f} ms")
            await pilot.pause()

    def ms(values: list[float]) -> str:
        median, worst = 1000 * statistics.median(values), 1000 * max(values)
        return f"median {median:5.1f} ms, worst {worst:5.1f} ms"

    return (
        f"{colours}x{positions} at {size[0]}x{size[1]}: {beats} beats ({solved:.1f} s to work "
        f"out the game in the worker)\n  handler: {ms(handler)}\n  frame:   {ms(frame)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["8x5", "8x8"])
    parser.add_argument("--secret-seed", type=int, default=1)
    parser.add_argument("--each", action="store_true", help="print every beat's frame")
    args = parser.parse_args()
    for text in args.sizes:
        colours, positions = map(int, text.split("x"))
        for size in ((120, 36), (80, 24)):
            run = measure(colours, positions, size, args.secret_seed, args.each)
            print(asyncio.run(run), flush=True)


if __name__ == "__main__":
    main()
