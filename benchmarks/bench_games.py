"""The README's timings not in bench_solvers.py or bench_optimal.py, as Markdown tables.

    python benchmarks/bench_games.py             # everything (about two minutes)
    python benchmarks/bench_games.py --only 8x8  # one table: 8x8, bulls-and-cows or ratings

- one game on 8x8 by each strategy that plays there: guesses, seconds, peak memory;
- every Bulls and Cows secret by each strategy (``mastermind stats --all --preset
  bulls-and-cows``): total, average, worst, seconds;
- rating a person's first guess on 6x4 by the exact rule with an empty cache: the optimum's
  search, then openings of other kinds, in one process; and each opening in a fresh
  process once only the optimum is cached (what the app's rating helper waits the first
  time a player makes it), wall and CPU seconds.

Every figure is a whole process on this machine, whatever else it is doing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

EIGHT = """
import resource, time
from engine import CodeSpace, make_strategy, play
space = CodeSpace(8, 8)
start = time.perf_counter()
steps = play(space, make_strategy("{name}"), 12_345_678, seed=2)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"| {name} | {{len(steps)}} | {{time.perf_counter() - start:.1f}} | {{peak:.0f}} |")
"""

RATING = """
import sys, time
from engine import CodeSpace, get_notation
from engine.feedback import score
from engine.rating.guesses import rate_moves
space, letters = CodeSpace(6, 4), get_notation("letters")
secret = letters.parse(space, "RGOY")
for text in sys.argv[1:]:
    guess = letters.parse(space, text)
    start, cpu = time.perf_counter(), time.process_time()
    rate_moves(space, "knuth", [(guess, score(space.to_digits(secret), space.to_digits(guess)))])
    print(f"{text} {time.perf_counter() - start:.1f} {time.process_time() - cpu:.1f}")
"""

BULLS = [
    ("entropy", []),
    ("expected-size", []),
    ("most-parts", []),
    ("knuth", []),
    ("classic", ["--seed", "1"]),
    ("classic", ["--seed", "2"]),
    ("random", ["--seed", "1"]),
    ("sequential", []),
]


def python(code: str, *args: str, env: dict[str, str] | None = None) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True, env=env
    )
    return out.stdout.strip()


def eight() -> None:
    print("| strategy (8x8, 16,777,216 codes) | guesses | seconds | peak memory (MB) |")
    print("|---|---|---|---|")
    for name in ("sequential", "classic", "random", "knuth"):
        print(python(EIGHT.format(name=name)))


def bulls() -> None:
    print("| strategy | total | average | worst | time (s) |")
    print("|---|---|---|---|---|")
    for name, extra in BULLS:
        command = [sys.executable, "-m", "mastermind_tui", "stats", "--all", "--json"]
        command += ["--preset", "bulls-and-cows", "--strategy", name, "--jobs", "1", *extra]
        start = time.perf_counter()
        out = subprocess.run(command, capture_output=True, text=True, check=True)
        wall = time.perf_counter() - start
        r = json.loads(out.stdout)
        label = f"`{name}`" + (f" ({' '.join(extra)})" if extra else "")
        print(
            f"| {label} | {r['total_guesses']:,} | {r['average']:.3f} | {r['worst']} | {wall:.1f} |"
        )


def ratings() -> None:
    print("| first guess rated on 6x4 | one process, empty cache: s | fresh process: s | CPU s |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as empty, tempfile.TemporaryDirectory() as optimum:
        # BBWR searches the optimum (kept in the cache); RRRR and RGBY are openings of
        # other kinds, each searched the first time it is played: in one process the
        # search RRRR warmed makes RGBY's quick. A fresh process (the app's rating helper)
        # for each opening then starts from a cache holding the optimum only.
        one = python(RATING, "BBWR", "RRRR", "RGBY", env=_cache(empty)).splitlines()
        for line in one:
            text, seconds, _ = line.split()
            with tempfile.TemporaryDirectory() as copy:
                if text != "BBWR":
                    shutil.copytree(optimum, copy, dirs_exist_ok=True)
                start = time.perf_counter()
                out = python(RATING, text, env=_cache(optimum if text == "BBWR" else copy))
                wall = time.perf_counter() - start
            print(f"| {text} | {seconds} | {wall:.1f} | {out.split()[2]} |")


def _cache(folder: str) -> dict[str, str]:
    return {**os.environ, "MASTERMIND_CACHE_DIR": folder}


TABLES = {"8x8": eight, "bulls-and-cows": bulls, "ratings": ratings}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", choices=sorted(TABLES))
    args = parser.parse_args()
    for name, table in TABLES.items():
        if args.only in (None, name):
            table()
            print()


if __name__ == "__main__":
    main()
