"""First use of the exact optimum: the first HINT, rating and what-if
of a fresh install, timed in a fresh process from empty caches (``NUMBA_CACHE_DIR`` and
``MASTERMIND_CACHE_DIR`` pointed at empty folders), then warm (kernel compiled, tree
cached), for each size and strategy of the optimal family.

    python benchmarks/bench_first_use.py [--sizes 4x4 5x4 6x4 6x4n] [--strategies ...]
        [--skip-before] [--more]

Three runs a case: ``before`` (no shipped trees, no background compile: as before they
were made), ``cold`` (what a fresh install does now: the app starts the background compile,
then the action is asked at once), ``warm`` (a second process, everything on disk).
Actions, each timed: HINT after a good first guess (the tree's own), HINT after a bad one
(the first code, AAAA), the rating of that bad guess, HINT after and rating of another
first guess (a code two thirds down the list: not its pattern's first code, so mapped by
symmetry, ``engine.optimal.mapped``), a what-if of a second guess after the bad one, and
the HINT after that second guess played (a person's own two guesses: off every tree), and
after the other first guess and a second one leaving 10-40 codes where one does (the
codes left, then the HINT).
Each cell: wall seconds, then in brackets the CPU seconds of the process that asks (a
background compile runs in a process of its own): on a loaded machine the second is
the one to read.
The warm runs share one compile of the kernel (made once, before the first case).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = r"""
import json, sys, time
import numpy as np
from engine.codes import CodeSpace
from engine.rating.guesses import rate_moves
from engine.feedback import answers
from engine.play.solver import Solver
from engine.strategies import make_strategy
from engine.optimal import warmup
colours, positions, repeats, name = sys.argv[1:5]
space = CodeSpace(int(colours), int(positions), repeats == "r")
warmup.start()  # as the app does after its first frame
secret = int(space.allowed[-1])
out = {}
def timed(label, work):
    began, cpu = time.perf_counter(), time.process_time()
    value = work()
    out[label] = [round(time.perf_counter() - began, 3), str(value),
                  round(time.process_time() - cpu, 3)]
    return value
from engine.feedback import decode
def score(space, guess, secret):
    return decode(int(answers(space, guess, np.array([secret]))[0]), space.positions)
def play(solver, guess):
    solver.observe(guess, *score(space, guess, secret))
good = Solver(space, make_strategy(name))
first = timed("hint at start", lambda: good.decide().guess)
play(good, first)
timed("hint after good guess", lambda: good.decide().guess)
bad_guess = int(space.allowed[0]) if int(space.allowed[0]) != first else int(space.allowed[1])
bad = Solver(space, make_strategy(name))
play(bad, bad_guess)
timed("hint after bad guess", lambda: bad.decide().guess)
moves = [(bad_guess, score(space, bad_guess, secret))]
timed("rating of bad guess", lambda: round(rate_moves(space, name, moves)[-1].value, 4))
# A first guess that is not its pattern's first code (RGBY beside ABCD): mapped.
other_guess = int(space.allowed[(2 * len(space.allowed)) // 3])
other = Solver(space, make_strategy(name))
play(other, other_guess)
timed("hint after other guess", lambda: other.decide().guess)
others = [(other_guess, score(space, other_guess, secret))]
timed("rating of other guess", lambda: round(rate_moves(space, name, others)[-1].value, 4))
second = int(space.allowed[len(space.allowed) // 2])
moves2 = [*moves, (second, score(space, second, secret))]
timed("what-if (2nd guess)", lambda: round(rate_moves(space, name, moves2, start=1)[-1].value, 4))
two = Solver(space, make_strategy(name))  # a person's own two guesses: off every tree
play(two, bad_guess)
play(two, second)
timed("hint after 2 own guesses", lambda: two.decide().guess if len(two.candidates) > 1 else -1)
def leaves(guess):  # the codes a second guess leaves after the other first guess
    left = other.candidates
    return int((answers(space, guess, left) == answers(space, guess, np.array([secret]))).sum())
nearly = [int(g) for g in space.allowed if 10 <= leaves(int(g)) <= 40]  # a fair second guess
play(other, nearly[0] if nearly else int(space.allowed[len(space.allowed) // 3]))
timed("codes left", lambda: len(other.candidates))
timed("hint after 2 odd guesses", lambda: other.decide().guess if len(other.candidates) > 1 else -1)
print(json.dumps(out))
"""


#: Other sizes of 301 to 1,296 codes (``--more``), and 2x7, 2x8 (two colours, first
#: guesses mapped without enumerating permutations).
MORE = ["4x5", "3x6", "7x3", "8x3", "9x3", "10x3", "2x7", "2x8", "2x9"]
MORE += ["7x4n", "6x5n", "8x3n", "9x3n", "10x3n"]


def run(size: str, strategy: str, env: dict[str, str]) -> dict[str, list[object]]:
    colours, positions = size.rstrip("n").split("x")
    repeats = "n" if size.endswith("n") else "r"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, colours, positions, repeats, strategy],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    result: dict[str, list[object]] = json.loads(done.stdout.splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=["4x4", "5x4", "6x4", "6x4n"])
    parser.add_argument(
        "--strategies",
        nargs="+",
        default=["optimal", "optimal-fit", "optimal-worst", "optimal-max6"],
    )
    parser.add_argument("--skip-before", action="store_true", help="cold and warm runs only")
    parser.add_argument(
        "--no-module",
        action="store_true",
        help="as an install that could not build the search module (no C compiler)",
    )
    parser.add_argument(
        "--more", action="store_true", help=f"the sizes {' '.join(MORE)} instead, no caps"
    )
    options = parser.parse_args()
    if options.more:
        options.sizes = MORE
        options.strategies = [s for s in options.strategies if "-max" not in s]
    labels = ("cold", "warm") if options.skip_before else ("before", "cold", "warm")
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    compiled = tempfile.mkdtemp()  # the warm runs' numba cache, compiled once
    if "warm" in labels:
        env = {**os.environ, "NUMBA_CACHE_DIR": compiled, "MASTERMIND_CACHE_DIR": compiled}
        subprocess.run([sys.executable, "-m", "engine.optimal.warmup"], env=env, check=True)
    print("| size | strategy | run | " + " | ".join(
        ["hint at start", "hint after good guess", "hint after bad guess",
         "rating of bad guess", "hint after other guess", "rating of other guess",
         "what-if (2nd guess)", "hint after 2 own guesses", "codes left",
         "hint after 2 odd guesses"]) + " | same answers |")  # fmt: skip
    print("|---" * 14 + "|")
    for size in options.sizes:
        for strategy in options.strategies:
            rows = {}
            trees = tempfile.mkdtemp()
            for label in labels:
                numba = tempfile.mkdtemp()
                if label == "warm":  # the background compile ended, as it does in the app:
                    numba = compiled  # the trees the cold run cached, and its marker
                    for marker in Path(compiled).glob("kernel-*.compiled"):
                        shutil.copy(marker, trees)
                else:
                    trees = tempfile.mkdtemp()
                env = {**os.environ, "NUMBA_CACHE_DIR": numba, "MASTERMIND_CACHE_DIR": trees}
                if label == "before":
                    env.update(MASTERMIND_SHIPPED="0", MASTERMIND_WARMUP="0", MASTERMIND_AOT="0")
                elif options.no_module:
                    env.update(MASTERMIND_AOT="0")
                rows[label] = run(size, strategy, env)
            first = next(iter(rows.values()))
            same = all(
                [v[1] for v in row.values()] == [v[1] for v in first.values()]
                for row in rows.values()
            )
            for label, row in rows.items():
                cells = " | ".join(
                    str(v[1]) if k == "codes left" else f"{v[0]:.2f} ({v[2]:.2f})"
                    for k, v in row.items()
                )
                print(f"| {size} | {strategy} | {label} | {cells} | {same} |", flush=True)


if __name__ == "__main__":
    main()
