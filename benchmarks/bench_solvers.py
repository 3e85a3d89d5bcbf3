"""Speed and memory of the engine beside its first published figures, as Markdown for the docs.

    python benchmarks/bench_solvers.py            # everything (about ten minutes)
    python benchmarks/bench_solvers.py --quick    # one run each, no 8x5 full runs
    python benchmarks/bench_solvers.py --runs 5   # more interleaved runs (with --quick too)
    python benchmarks/bench_solvers.py --before /tmp/before   # an old checkout beside ours

Every workload is a whole ``mastermind stats`` process, as a user runs it. The runs are
interleaved (each round runs every workload, the short ones three times) and the table
gives medians, so a busy moment of a shared machine spoils a few samples, not a row.
"compute" is the time the command itself reports (``seconds`` in its JSON): the process
minus start-up and imports. Beside each 6x4 tree walk, in the same rounds,
``plain_tree_walk.py`` walks the same tree without the engine, and a process that only
imports numpy gives the floor of all of them.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

from engine import CodeSpace, make_strategy
from engine.play.solver import Solver

#: Runs of each short workload per round: a 0.2 s process varies by a third from one run
#: to the next on a shared machine, and three a round make its median steady.
SMALL_REPEATS = 3


@dataclass
class Workload:
    label: str
    args: list[str]
    #: The first published figures: the engine before the tree walk, and a plain numpy tree walk.
    before: str
    plain: str
    big: bool = False
    #: The strategy for benchmarks/plain_tree_walk.py, run beside ours in each round.
    yardstick: str = ""
    plain_wall: list[float] = field(default_factory=list)
    #: With --before: the same games played by an older checkout, ms per game, and its
    #: whole process.
    old_ms: list[float] = field(default_factory=list)
    old_wall: list[float] = field(default_factory=list)
    plain_compute: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    compute: list[float] = field(default_factory=list)
    memory: list[float] = field(default_factory=list)
    result: str = ""


def workloads() -> list[Workload]:
    out = []
    before = {
        "knuth": ("0.96 s (0.65)", "0.27 s (0.10)"),
        "expected-size": ("1.15 s", "0.35 s"),
        "entropy": ("1.15 s", "0.34 s"),
        "most-parts": ("0.97 s", "0.35 s"),
        "sequential": ("0.65 s", "0.25 s"),
    }
    for name, (ours, plain) in before.items():
        out.append(
            Workload(
                f"{name}, 6x4, every secret",
                ["--strategy", name, "--all"],
                ours,
                plain,
                yardstick=name,
            )
        )
    random = ["--strategy", "random", "--seed", "1", "--jobs", "1"]
    out.append(
        Workload(
            "random, 4x6, 1000 games",
            [*random, "--colours", "4", "--positions", "6", "--games", "1000"],
            "0.90 s",
            "0.58 s",
        )
    )
    for colours, positions, games, ms in ((8, 5, 1000, 0.67), (8, 6, 100, 3.30), (7, 7, 100, 11.1)):
        size = ["--colours", str(colours), "--positions", str(positions)]
        out.append(
            Workload(
                f"random, {positions}x{colours}, {games} games (ms/game)",
                [*random, *size, "--games", str(games)],
                f"{ms} ms",
                "",
            )
        )
    knuth85 = ["--strategy", "knuth", "--colours", "8", "--positions", "5", "--all"]
    out.append(
        Workload(
            "knuth, 8x5, every secret, --jobs 1",
            [*knuth85, "--jobs", "1"],
            "60-100 s, 197 MB",
            "34-37 s, 1.13 GB",
            big=True,
        )
    )
    out.append(
        Workload("knuth, 8x5, every secret, --jobs 2", [*knuth85, "--jobs", "2"], "", "", big=True)
    )
    return out


def run(work: Workload) -> None:
    """One whole process: wall time, its own peak memory and the reported compute time."""
    command = [sys.executable, "-m", "mastermind_tui", "stats", "--json", *work.args]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    stdout = process.stdout.read() if process.stdout else b""
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{' '.join(command)} failed")
    result = json.loads(stdout)
    work.wall.append(wall)
    work.compute.append(result["seconds"])
    work.memory.append(usage.ru_maxrss / 1024)
    work.result = f"{result['total_guesses']:,} guesses"
    if "ms/game" in work.label:
        work.result = f"average {result['average']:.3f}"


def run_plain(work: Workload) -> None:
    """The plain numpy tree walk of the same strategy, a whole process too."""
    script = os.path.join(os.path.dirname(__file__), "plain_tree_walk.py")
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, script, work.yardstick], capture_output=True, text=True, check=True
    )
    work.plain_wall.append(time.perf_counter() - start)
    work.plain_compute.append(float(done.stdout.split()[1]))


def run_before(work: Workload, checkout: str) -> None:
    """The same games played by an older checkout of this project (its engine and
    command line imported from there; it had no --jobs): ms per game of the random
    games, the whole process of the others."""
    args = list(work.args)
    if "--jobs" in args:
        jobs = args.index("--jobs")
        del args[jobs : jobs + 2]
    code = (
        f"import sys; sys.path.insert(0, {checkout!r}); "
        f"sys.argv = ['mastermind', 'stats', '--json', *{args!r}]; "
        "from mastermind_tui.modes.main import main; sys.exit(main())"
    )
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=checkout
    )
    result = json.loads(done.stdout)
    work.old_ms.append(1000 * result["seconds"] / result["games"])
    work.old_wall.append(time.perf_counter() - start)


def compile_sources(*folders: str) -> None:
    """Write every module's bytecode first, as installing does: where nothing has written
    it (PYTHONDONTWRITEBYTECODE set, a fresh edit), each process would compile the
    modules it imports again, about 0.1 s of a 0.3 s run."""
    for folder in folders:
        for package in ("engine", "mastermind_tui", "benchmarks"):
            path = os.path.join(folder, package)
            if os.path.isdir(path) and not compileall.compile_dir(path, quiet=1):
                raise SystemExit(f"could not compile {path}")


def numpy_alone() -> float:
    """A process that only imports numpy: the floor of any of these."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import numpy"], check=True)
    return time.perf_counter() - start


def median(values: list[float]) -> float:
    return statistics.median(values)


def print_table(works: list[Workload], runs: int, floor: list[float]) -> None:
    print(
        f"Medians of {runs} interleaved rounds of whole processes ({SMALL_REPEATS} runs a "
        "round of every row but 8x5's); compute in brackets."
    )
    print(f"A process that only imports numpy: {median(floor):.2f} s.\n")
    print(
        "| workload | before | plain tree walk "
        "| plain_tree_walk.py, same rounds | now | peak MB | result |"
    )
    print("|---|---|---|---|---|---|---|")
    for work in works:
        if not work.wall:
            continue
        before = work.before
        if "ms/game" in work.label:
            games = int(work.args[-1])
            now = f"{1000 * median(work.compute) / games:.2f} ms"
            if work.old_ms:
                before = f"{median(work.old_ms):.2f} ms (--before, same rounds)"
        else:
            now = f"{median(work.wall):.2f} s ({median(work.compute):.2f})"
            if work.old_wall:
                before = f"{before}; {median(work.old_wall):.2f} s (--before, same rounds)"
        yardstick = (
            f"{median(work.plain_wall):.2f} s ({median(work.plain_compute):.2f})"
            if work.plain_wall
            else ""
        )
        print(
            f"| {work.label} | {before} | {work.plain} | {yardstick} | {now} "
            f"| {median(work.memory):.0f} | {work.result} |"
        )


def latency() -> None:
    """What the app does on its interface thread for a person's guess on 8x8, and the
    computer's first decision there (which the app runs in a worker)."""
    space = CodeSpace(8, 8)
    assert space.counts.any()  # the tables are built when the game starts
    observe, decide = [], []
    for guess in (12_345, 4_000_000, 9_999_999):
        solver = Solver(space, make_strategy("knuth"))
        start = time.perf_counter()
        solver.observe(guess, 1, 2)
        observe.append(time.perf_counter() - start)
        start = time.perf_counter()
        solver.decide()
        decide.append(time.perf_counter() - start)
    print("| 8x8, one call | median ms |")
    print("|---|---|")
    print(f"| `Solver.observe` of a person's first guess | {1000 * median(observe):.0f} |")
    print(f"| `Solver.decide` after it (Knuth, sampled) | {1000 * median(decide):.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--runs", type=int)
    parser.add_argument(
        "--before",
        metavar="CHECKOUT",
        help="an older checkout (git worktree add /tmp/before 218e792^) whose runs "
        "are timed in the same rounds, for the 'before' column",
    )
    args = parser.parse_args()
    runs = args.runs or (1 if args.quick else 3)
    compile_sources(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if args.before:
        compile_sources(args.before)
    works = [w for w in workloads() if not (args.quick and w.big)]
    floor = []
    for _ in range(runs):
        floor.extend(numpy_alone() for _ in range(SMALL_REPEATS))
        for work in works:
            for _ in range(1 if work.big else SMALL_REPEATS):
                run(work)
                if work.yardstick:
                    run_plain(work)
                if args.before and not work.big:
                    run_before(work, args.before)
    print_table(works, runs, floor)
    print()
    latency()


if __name__ == "__main__":
    main()
