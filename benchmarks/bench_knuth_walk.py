"""CPU seconds of Knuth's tree over every secret, as a whole ``mastermind stats`` process
(the aim: 8x5 in under 5 s of CPU in one process), and what the compiled kernel costs
the first time.

    python benchmarks/bench_knuth_walk.py                       # 3 interleaved rounds
    python benchmarks/bench_knuth_walk.py --runs 5 --before /tmp/before   # an old checkout beside

Each round runs 8x5 with ``--jobs 1`` and 6x4 (three times: it is short), this checkout
and, with ``--before``, the old one, one after the other, so that a busy moment of a shared
machine spoils a few samples of each rather than one side. CPU is user + system of the
process and its children (``os.wait4``); the table gives medians and ranges. Then 8x5 runs
twice with an empty numba cache (``NUMBA_CACHE_DIR``): the first run after installing
compiles the kernel, the second reads it back; the difference is the compile cost.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict

SIZES = {"8x5": ["--colours", "8", "--positions", "5"], "6x4": []}
REPEATS = {"8x5": 1, "6x4": 3}


def cpu_of(size: str, checkout: str | None, env: dict[str, str] | None = None) -> float:
    """One whole process's CPU seconds; checks the total it prints."""
    argv = ["stats", "--json", "--strategy", "knuth", "--all", "--jobs", "1", *SIZES[size]]
    path = f"sys.path.insert(0, {checkout!r}); " if checkout else ""
    code = (
        f"import sys; {path}sys.argv = ['mastermind', *{argv!r}]; "
        "from mastermind_tui.modes.main import main; sys.exit(main())"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, cwd=checkout, env=env
    )
    out = process.stdout.read() if process.stdout else b""
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        raise SystemExit(f"stats {size} failed")
    total = json.loads(out)["total_guesses"]
    assert total == {"8x5": 183_966, "6x4": 5_801}[size], total
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", metavar="CHECKOUT", help="an older checkout, timed beside")
    args = parser.parse_args()
    sides = {"now": None, **({"before": args.before} if args.before else {})}
    cpu: dict[tuple[str, str], list[float]] = defaultdict(list)
    for _ in range(args.runs):
        for size in SIZES:
            for _ in range(REPEATS[size]):
                for side, checkout in sides.items():
                    cpu[side, size].append(cpu_of(size, checkout))
    print(f"CPU seconds (user + system), medians of {args.runs} interleaved rounds [range]:\n")
    print("| Knuth, every secret, one process | " + " | ".join(sides) + " |")
    print("|---" * (len(sides) + 1) + "|")
    for size in SIZES:
        cells = [
            f"{statistics.median(v):.2f} [{min(v):.2f}-{max(v):.2f}]"
            for v in (cpu[side, size] for side in sides)
        ]
        print(f"| {size} | " + " | ".join(cells) + " |")
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        first, second = cpu_of("8x5", None, env), cpu_of("8x5", None, env)
    print(
        f"\n8x5 with an empty numba cache: {first:.2f} s, then {second:.2f} s from the cache: "
        f"compiling costs about {first - second:.1f} s of CPU, once."
    )


if __name__ == "__main__":
    main()
