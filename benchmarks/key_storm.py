"""Soak run of key storms: many seeded storms per start, longer than
the suite's, each on a fresh app; prints every failure with the storm that replays it.

    python benchmarks/key_storm.py [--seeds 50] [--events 300] [--start play ...]

Exit status 1 if any storm ended the app with an error. Runs with records off and an
empty cache of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ["MASTERMIND_RECORDS"] = ""
os.environ.setdefault("MASTERMIND_CACHE_DIR", tempfile.mkdtemp(prefix="storm-cache-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from storm import ENDED_CLEANLY, STARTS, Storm, run_storm


async def soak(starts: list[str], seeds: int, events: int) -> int:
    failures = 0
    began = time.monotonic()
    for start in starts:
        for seed in range(1, seeds + 1):
            storm = Storm(start, seed, events)
            try:
                app = await run_storm(storm)
                ok = app.return_code in ENDED_CLEANLY
            except Exception:
                traceback.print_exc(limit=3)
                ok = False
            if not ok:
                failures += 1
                print(f"FAILED: {storm}", flush=True)
        print(f"{start}: {seeds} storms of {events} events", flush=True)
    cases = len(starts) * seeds
    print(f"{cases} storms, {failures} failed, {time.monotonic() - began:.0f} s")
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--events", type=int, default=300)
    parser.add_argument("--start", action="append", choices=list(STARTS))
    args = parser.parse_args()
    return asyncio.run(soak(args.start or list(STARTS), args.seeds, args.events))


if __name__ == "__main__":
    raise SystemExit(main())
