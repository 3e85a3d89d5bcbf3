"""The home screen's background search of the optimum: how quick the
app stays while it runs, and how long quitting takes in the middle of one.

    python benchmarks/bench_home_search.py [--colours 7] [--quits 3]

1. In one process (Textual's headless driver, 80x24, an empty cache): a key typed into
   the Seed field every quarter second, timed from the press to the field holding it,
   and the largest gap of a 10 ms timer, first with nothing running, then while Ctrl+O
   searches ``--colours`` x 4 to the end (keys posted as the terminal driver posts
   them).
2. The real app in a pseudo-terminal on 8x4 (a search of a minute), ``--quits`` times:
   Ctrl+O, Ctrl+Q once it reports progress, timed to the end of the process; then what
   is left in the cache (what the search proved, nothing half written) and whether any
   process of its session is left.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ["MASTERMIND_RECORDS"] = ""
os.environ["MASTERMIND_CONFIG_DIR"] = ""
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


async def responsiveness(colours: int) -> None:
    from textual import events
    from textual.widgets import Input

    from mastermind_tui.modes.app import MastermindApp
    from mastermind_tui.screens.home import HomeScreen

    os.environ["MASTERMIND_CACHE_DIR"] = tempfile.mkdtemp(prefix="home-search-")
    app = MastermindApp()
    async with app.run_test(size=(80, 24)) as pilot:
        home = app.screen
        assert isinstance(home, HomeScreen)
        ticks: list[float] = []
        app.set_interval(0.01, lambda: ticks.append(time.perf_counter()))
        seed = home.query_one("#seed", Input)

        async def keys(while_: object) -> tuple[list[float], float]:
            ticks.clear()
            latencies: list[float] = []
            for _ in range(400):
                if not callable(while_) or not while_():
                    break
                seed.focus()
                seed.value = ""
                began = time.perf_counter()
                # As the terminal's driver sends it: Pilot.press waits for the process
                # to be idle, which it never is while a search runs (a second a key).
                app.post_message(events.Key("7", "7"))
                while seed.value != "7":
                    await asyncio.sleep(0.001)
                latencies.append(time.perf_counter() - began)
                await asyncio.sleep(0.25)
            gaps = [b - a for a, b in itertools.pairwise(ticks)]
            return latencies, max(gaps, default=0.0)

        idle = iter(range(20))
        quiet, quiet_gap = await keys(lambda: next(idle, None) is not None)
        home.query_one("#colours", Input).value = str(colours)
        await pilot.pause()
        began = time.perf_counter()
        await pilot.press("ctrl+o")
        busy, busy_gap = await keys(lambda: app.optimum.run is not None)
        took = time.perf_counter() - began
        for name, lat, gap in (("idle", quiet, quiet_gap), ("searching", busy, busy_gap)):
            print(
                f"{name:>9}: {len(lat)} keys, press to field median "
                f"{statistics.median(lat) * 1000:.0f} ms, max {max(lat) * 1000:.0f} ms; "
                f"largest gap of a 10 ms timer {gap * 1000:.0f} ms"
            )
        print(f"the search of {colours}x4 took {took:.1f} s; line: {home_line(home)}")


def home_line(home: object) -> str:
    from textual.widgets import Static

    from mastermind_tui.screens.home import HomeScreen

    assert isinstance(home, HomeScreen)
    return str(home.query_one("#optimum", Static).render())


def quit_mid_search(tries: int) -> None:
    from test_hostile_quit import Terminal  # the hostile tests' pseudo-terminal

    for _ in range(tries):
        cache, config = tempfile.mkdtemp(prefix="cache-"), tempfile.mkdtemp(prefix="config-")
        saved = {"settings": {"colours": 8, "positions": 4}}
        Path(config, "preferences.json").write_text(json.dumps(saved), encoding="utf-8")
        env = {
            **os.environ,
            "MASTERMIND_CACHE_DIR": cache,
            "MASTERMIND_CONFIG_DIR": config,
            "TERM": "xterm-256color",
        }
        terminal = Terminal([sys.executable, "-m", "mastermind_tui"], env)
        terminal.wait_for(b"search (Ctrl+O)")
        os.write(terminal.master, b"\x0f")
        terminal.wait_for(b"searching in the background: 1", 120)  # 1% or more
        began = time.perf_counter()
        os.write(terminal.master, b"\x11")
        code = terminal.ended()
        took = time.perf_counter() - began
        left = sorted(p.name for p in Path(cache).iterdir())
        alive = os.popen(f"ps -o pid= -s {terminal.process.pid}").read().split()
        print(f"Ctrl+Q mid-search: ended in {took:.2f} s, exit {code}; cache: {left}; "
              f"processes of its session left: {len(alive)}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--colours", type=int, default=7)
    parser.add_argument("--quits", type=int, default=3)
    options = parser.parse_args()
    asyncio.run(responsiveness(options.colours))
    quit_mid_search(options.quits)


if __name__ == "__main__":
    main()
