"""The exact optimal search beside arfst23's C search (the anchor), in CPU seconds, in one run.

    python benchmarks/bench_anchor.py [--rounds 5] [--sizes 6x4,6x4-no-repeats] [--anchor DIR]

The anchor (GPL-3, ../shared/anchors/arfst23) is compiled with ``gcc -O3`` into a temporary
directory outside the repository, from a copy whose ``#define`` lines set the colours and
the depth (as its own README says to); nothing of it is kept. Each round runs the anchor
and then ours, so both meet the same load on a shared machine; the table gives the median
and the least CPU seconds (user + system) of each over the rounds, and their ratio.

Ours is the whole command a person runs, ``mastermind stats --strategy optimal --all``,
from an empty cache of trees, its compiled kernel already on disk (as after the first run
after installing); that first run, which compiles the kernel, is timed once apart, and so
is the build of the kernel ahead of time that the background compile does after it
(``python -m engine.backends.numba_aot_build``: the runs after it import no numba; where
it cannot be built, no C compiler, the runs use numba's JIT and the line says so). Its
total is checked against the published one.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ANCHOR = Path(__file__).resolve().parents[2] / "shared" / "anchors" / "arfst23"


@dataclass(frozen=True)
class Size:
    """One size: our command's options, the anchor's source and defines, the total."""

    options: tuple[str, ...]
    source: str
    colours: int
    repeats: bool
    total: int


SIZES = {
    "6x4": Size((), "mastermind.c", 6, True, 5625),  # Koyama and Lai (1993)
    "6x4-no-repeats": Size(("--no-repeats",), "mastermind-unique.c", 6, False, 1446),
    "7x4": Size(("--colours", "7"), "mastermind.c", 7, True, 11228),  # arfst23: 4.67638 x 2401
}
#: The anchor's answer columns, as (right place, right colour elsewhere).
COLUMNS = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0), (1, 1), (1, 2), (1, 3), (2, 0)]
COLUMNS += [(2, 1), (2, 2), (3, 0), (4, 0)]


def anchor_total(text: str, size: Size) -> int:
    """The guesses the anchor's printed tree takes over every secret: each secret played
    down its rows with our own scoring (an independent count of its result)."""
    rows = {}
    for line in text.splitlines():
        if match := re.match(r"^(\d{3}) (\d) (\d{4}) (.*)$", line):
            number, depth, guess, cells = match.groups()
            rows[number] = (int(depth), guess, cells.split())
    total = 0
    digits = "".join(str(c) for c in range(size.colours))
    for secret in map("".join, itertools.product(digits, repeat=4)):
        if not size.repeats and len(set(secret)) < 4:
            continue
        depth, guess, cells = rows["000"]
        while guess != secret:
            black = sum(a == b for a, b in zip(guess, secret, strict=True))
            common = sum(min(guess.count(c), secret.count(c)) for c in set(guess))
            cell = cells[COLUMNS.index((black, common - black))]
            if cell.startswith(">"):
                depth, guess, cells = rows[cell[1:]]
            elif cell == secret:
                depth, guess = depth + 1, cell
            else:
                raise RuntimeError(f"the anchor's tree does not find {secret}")
        total += depth
    return total


@dataclass(frozen=True)
class Run:
    cpu: float
    peak_mb: float
    stdout: str
    wall: float


def run(argv: list[str], env: dict[str, str]) -> Run:
    """One process, its CPU seconds (user + system) and peak memory, from wait4."""
    with tempfile.TemporaryFile() as err:
        began = time.monotonic()
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=err, env=env)
        assert proc.stdout is not None
        out = proc.stdout.read()
        proc.stdout.close()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - began
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        if proc.returncode != 0:
            err.seek(0)
            raise RuntimeError(f"{argv[0]} failed: {err.read().decode().strip()}")
    return Run(usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.decode(), wall)


#: The search from nothing: no shipped tree, no background compile.
SEARCHED = {"MASTERMIND_SHIPPED": "0", "MASTERMIND_WARMUP": "0"}


def fresh_stats(arguments: list[str]) -> tuple[Run, Any]:
    """``mastermind stats ARGUMENTS --json`` as a person runs it: a fresh process with an
    empty cache of trees and the compiled kernel already on disk (``NUMBA_CACHE_DIR``
    passed on when set), searching past 4,096 codes too (``--yes``); its CPU, peak memory
    and the JSON it printed."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **SEARCHED}
    if "NUMBA_CACHE_DIR" in os.environ:
        env["NUMBA_CACHE_DIR"] = os.environ["NUMBA_CACHE_DIR"]
    command = [sys.executable, "-m", "mastermind_tui", "stats", *arguments, "--json", "--yes"]
    with tempfile.TemporaryDirectory() as trees:
        done = run(command, {**env, "MASTERMIND_CACHE_DIR": trees})
    return done, json.loads(done.stdout)


def build_anchor(source: Path, size: Size, folder: Path) -> Path | None:
    """The anchor compiled for ``size`` (average criterion: depth at most 6), or None
    without gcc."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    text = source.read_text()
    text = re.sub(r"#define COLORS \d+", f"#define COLORS {size.colours}", text, count=1)
    text = re.sub(r"#define DEPTH_MAX \d+", "#define DEPTH_MAX 6", text, count=1)
    variant = folder / f"anchor-{size.colours}-{source.stem}.c"
    variant.write_text(text)
    binary = variant.with_suffix("")
    flags = ["-std=c99", "-O3", "-march=native", "-fopenmp"]
    subprocess.run([gcc, *flags, "-o", str(binary), str(variant)], check=True)
    return binary


def ours(size: Size, env: dict[str, str]) -> Run:
    """Our command from an empty cache of trees, its total checked."""
    with tempfile.TemporaryDirectory() as trees:
        argv = [sys.executable, "-m", "mastermind_tui", "stats", "--strategy", "optimal", "--all"]
        done = run([*argv, "--json", *size.options], {**env, "MASTERMIND_CACHE_DIR": trees})
    total = json.loads(done.stdout)["total_guesses"]
    if total != size.total:
        raise RuntimeError(f"ours found {total}, the published total is {size.total}")
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sizes", default="6x4,6x4-no-repeats")
    parser.add_argument("--anchor", type=Path, default=ANCHOR)
    args = parser.parse_args()
    sizes = [SIZES[name] for name in args.sizes.split(",")]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "OMP_NUM_THREADS": "1", **SEARCHED}
    with tempfile.TemporaryDirectory() as work:
        kernel = {**env, "NUMBA_CACHE_DIR": str(Path(work) / "numba")}
        first = ours(sizes[0], kernel)  # compiles the kernel into the empty NUMBA_CACHE_DIR
        print(f"first run after installing (kernel compiled): {first.cpu:.1f} s of CPU")
        try:
            built = run([sys.executable, "-m", "engine.backends.numba_aot_build"], kernel)
            print(f"the kernel built ahead of time: {built.cpu:.1f} s of CPU\n")
        except RuntimeError as error:  # no C compiler: numba's JIT it is
            print(f"the kernel was not built ahead of time ({error}): numba's JIT timed\n")
        print(
            "| size | total | anchor CPU s (median, least) | ours CPU s (median, least) "
            "| ours / anchor (median) | wall s, anchor / ours (median) | anchor peak MB "
            "| ours peak MB |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for name, size in zip(args.sizes.split(","), sizes, strict=True):
            source = args.anchor / size.source
            binary = build_anchor(source, size, Path(work)) if source.exists() else None
            theirs: list[Run] = []
            mine: list[Run] = []
            for _ in range(args.rounds):
                if binary is not None:
                    theirs.append(run([str(binary)], env))
                    if anchor_total(theirs[-1].stdout, size) != size.total:
                        raise RuntimeError(f"the anchor's tree does not total {size.total}")
                mine.append(ours(size, kernel))
            ours_cpu = [r.cpu for r in mine]
            line = f"| {name} | {size.total:,} "
            if theirs:
                anchor_cpu = [r.cpu for r in theirs]
                ratio = statistics.median(ours_cpu) / statistics.median(anchor_cpu)
                line += (
                    f"| {statistics.median(anchor_cpu):.2f}, {min(anchor_cpu):.2f} "
                    f"| {statistics.median(ours_cpu):.2f}, {min(ours_cpu):.2f} | {ratio:.2f}x "
                    f"| {statistics.median(r.wall for r in theirs):.2f} / "
                    f"{statistics.median(r.wall for r in mine):.2f} "
                    f"| {max(r.peak_mb for r in theirs):.0f} "
                )
            else:
                line += f"| (no gcc or no anchor) | {statistics.median(ours_cpu):.2f} | - | - | - "
            print(line + f"| {max(r.peak_mb for r in mine):.0f} |", flush=True)


if __name__ == "__main__":
    main()
