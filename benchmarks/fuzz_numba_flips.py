"""Random byte flips in numba's compiled cache of a kernel (the search's unless
``--kernel`` names another: partitions, walk), each followed by a run that reads it
(numba's JIT in use: ``MASTERMIND_AOT=0``): how many runs end by a signal (a native
crash), with exit 70, with a wrong answer, or with more than one line on stderr. With
``--record`` the record of the last check stays (each data file vouched for by its
digest), without it every run starts unvouched (a fresh cache of trees, a cache copied
from elsewhere).

    python benchmarks/fuzz_numba_flips.py [--kernel search] [--cases 30] [--flips 4]
        [--record] [--by-size] [--root DIR] [--seed 1]

``--root``: the checkout whose code runs (another version, to compare); the cache is
compiled once by its first run, and each case starts from a copy of it.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

#: A run of each kernel and what it prints when right: 4x3's optimum; Knuth's and Most
#: Parts' trees past the answer table (set aside below 10 codes); the big spaces' walk at
#: small sizes.
RUNS = {
    "search": (
        [
            *("-m", "mastermind_tui", "stats", "--strategy", "optimal"),
            *("--colours", "4", "--positions", "3", "--all"),
        ],
        "total guesses  206",
    ),
    "partitions": (
        [
            "-c",
            "from engine import CodeSpace, make_strategy\n"
            "from engine.strategies.partition_pool import Limits\n"
            "from engine.trees.strategy_tree import walk\n"
            "space = CodeSpace(4, 3)\n"
            "for name in ('knuth', 'most-parts'):\n"
            "    strategy = type(make_strategy(name))(Limits(table=10))\n"
            "    print(name, int(walk(space, strategy.compiled(space)).depths.sum()))\n",
        ],
        "knuth 216\nmost-parts 208\n",
    ),
    "walk": (
        [
            "-c",
            "from engine import CodeSpace\n"
            "from engine.walks.big import big_walk_depths\n"
            "for size, name in (((4, 3), 'knuth'), ((3, 3), 'most-parts')):\n"
            "    print(name, int(big_walk_depths(CodeSpace(*size), name).sum()))\n",
        ],
        "knuth 216\nmost-parts 73\n",
    ),
}
#: The stems of each kernel's source files: its cache files begin with them.
STEMS = {
    "search": ("numba_search",),
    "partitions": ("numba_partitions",),
    "walk": ("numba_walk", "numba_split"),
}


def run(root: Path, numba: Path, kernel: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": str(numba),
        "MASTERMIND_CACHE_DIR": "",  # no tree cache: every run searches
        "MASTERMIND_SHIPPED": "0",
        "MASTERMIND_AOT": "0",
        "MASTERMIND_WARMUP": "0",
    }
    return subprocess.run(
        [sys.executable, *RUNS[kernel][0]],
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernel", choices=sorted(RUNS), default="search")
    parser.add_argument("--cases", type=int, default=30)
    parser.add_argument("--flips", type=int, default=4)
    parser.add_argument("--record", action="store_true", help="keep the record of the check")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--by-size", action="store_true", help="files drawn by their size (each byte alike)"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    work = Path(tempfile.mkdtemp(prefix="flips-"))
    sound, numba = work / "sound", work / "numba"
    right = RUNS[args.kernel][1]
    first = run(args.root, sound, args.kernel)
    assert right in first.stdout, first.stderr[-2000:]
    tally = {"signal": 0, "exit 70": 0, "wrong": 0, "two lines or more": 0, "right": 0}
    for case in range(args.cases):
        shutil.rmtree(numba, ignore_errors=True)
        shutil.copytree(sound, numba)
        if not args.record:
            for record in numba.rglob("kernel-*.compiled"):
                record.unlink()
        kernel = sorted(
            p
            for stem in STEMS[args.kernel]
            for p in numba.rglob(f"{stem}.*")
            if p.suffix in (".nbi", ".nbc")
        )
        sizes = [p.stat().st_size for p in kernel] if args.by_size else None
        path = rng.choices(kernel, weights=sizes)[0]
        data = bytearray(path.read_bytes())
        for _ in range(args.flips):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        done = run(args.root, numba, args.kernel)
        lines = done.stderr.strip().splitlines()
        if done.returncode < 0:
            verdict = "signal"
        elif done.returncode == 70:
            verdict = "exit 70"
        elif done.returncode != 0 or right not in done.stdout:
            verdict = "wrong"
        elif len(lines) > 1:
            verdict = "two lines or more"
        else:
            verdict = "right"
        tally[verdict] += 1
        said = (lines[-1] if lines else "")[:100]
        print(f"{case:3} {path.name:<44} exit {done.returncode:<4} {verdict:<8} {said}", flush=True)
    shutil.rmtree(work, ignore_errors=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print(", ".join(f"{name}: {count}" for name, count in tally.items()))


if __name__ == "__main__":
    main()
