"""Speed and memory of the engine, printed as Markdown tables for the README.

    python benchmarks/bench_solvers.py            # everything (a few minutes)
    python benchmarks/bench_solvers.py --quick    # fewer games

Each figure is wall-clock time on this machine, whatever else it is doing: run it on a
quiet machine and read the numbers as orders of magnitude.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time

from engine import CodeSpace, make_strategy, play
from engine.stats import choose_secrets, run_stats

#: seed 004's C++ figures: (positions, colours) -> (average guesses, ms per game)
SEED_004 = {(4, 6): (4.62, 6.1), (5, 8): (5.86, 128), (6, 8): (6.31, 1139), (7, 7): (6.47, 3477)}


def random_table(quick: bool) -> None:
    print("| positions, colours | games | average | ms/game here | seed 004 ms/game | speed-up |")
    print("|---|---|---|---|---|---|")
    for (positions, colours), (_, their_ms) in SEED_004.items():
        space = CodeSpace(colours, positions)
        assert space.counts.any()  # build the digit and count tables outside the timing
        games = (200 if quick else 1000) if space.size < 100_000 else (30 if quick else 100)
        r = run_stats(space, "random", choose_secrets(space, games, 1), seed=1)
        print(
            f"| {positions}, {colours} | {games} | {r.average:.3f} | {r.ms_per_game:.2f} "
            f"| {their_ms} | {their_ms / r.ms_per_game:.0f}x |"
        )


def strategies_table() -> None:
    space = CodeSpace(6, 4)
    print("| strategy (6x4, every secret) | total | average | worst | seconds |")
    print("|---|---|---|---|---|")
    for name in ("knuth", "expected-size", "entropy", "most-parts", "sequential"):
        r = run_stats(space, name, choose_secrets(space, None, None))
        print(f"| {name} | {r.total_guesses} | {r.average:.3f} | {r.worst} | {r.seconds:.3f} |")


def knuth_8x5(quick: bool) -> None:
    space = CodeSpace(8, 5)
    secrets = choose_secrets(space, 3 if quick else 10, 5)
    times = []
    for secret in secrets:
        start = time.perf_counter()
        play(space, make_strategy("knuth"), int(secret))
        times.append(time.perf_counter() - start)
    print(
        f"Knuth on 8 colours x 5 positions, {len(times)} single games (fresh solver each): "
        f"mean {sum(times) / len(times):.2f} s, max {max(times):.2f} s"
    )


MEMORY_PROBE = """
import resource, time
from engine import CodeSpace, make_strategy, play
space = CodeSpace(8, 8)
start = time.perf_counter()
steps = play(space, make_strategy("{name}"), 12_345_678, seed=2)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"| {name} | {{len(steps)}} | {{time.perf_counter() - start:.1f}} | {{peak:.0f}} |")
"""


def big_space_memory() -> None:
    print("| strategy (8x8, 16,777,216 codes) | guesses | seconds | peak memory (MB) |")
    print("|---|---|---|---|")
    for name in ("sequential", "classic", "random", "knuth"):
        out = subprocess.run(
            [sys.executable, "-c", MEMORY_PROBE.format(name=name)],
            capture_output=True,
            text=True,
            check=True,
        )
        print(out.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    strategies_table()
    print()
    random_table(args.quick)
    print()
    knuth_8x5(args.quick)
    print()
    big_space_memory()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\n(benchmark process peak memory {peak:.0f} MB)")


if __name__ == "__main__":
    main()
