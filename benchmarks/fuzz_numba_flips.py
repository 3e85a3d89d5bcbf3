"""Random byte flips in numba's compiled cache of the search kernel, each followed by the
command that reads it (numba's JIT in use: ``MASTERMIND_AOT=0``): how many runs end by a
signal (a native crash), with exit 70, with a wrong answer, or with more than one line on
stderr. With ``--record`` the record of the last check stays (each data file vouched for
by its digest), without it every run starts unvouched (a fresh cache of trees, a cache
copied from elsewhere).

    python benchmarks/fuzz_numba_flips.py [--cases 30] [--flips 4] [--record] [--by-size]
        [--root DIR] [--seed 1]

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

#: 4x3's optimum, as the command prints it.
RIGHT = "total guesses  206"
COMMAND = ["-m", "mastermind_tui", "stats", "--strategy", "optimal"]
COMMAND += ["--colours", "4", "--positions", "3", "--all"]


def run(root: Path, numba: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": str(numba),
        "MASTERMIND_CACHE_DIR": "",  # no tree cache: every run searches
        "MASTERMIND_SHIPPED": "0",
        "MASTERMIND_AOT": "0",
        "MASTERMIND_WARMUP": "0",
    }
    return subprocess.run(
        [sys.executable, *COMMAND], env=env, cwd=root, capture_output=True, text=True, timeout=600
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
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
    first = run(args.root, sound)
    assert RIGHT in first.stdout, first.stderr[-2000:]
    tally = {"signal": 0, "exit 70": 0, "wrong": 0, "two lines or more": 0, "right": 0}
    for case in range(args.cases):
        shutil.rmtree(numba, ignore_errors=True)
        shutil.copytree(sound, numba)
        if not args.record:
            for record in numba.rglob("kernel-*.compiled"):
                record.unlink()
        kernel = sorted(p for p in numba.rglob("numba_search.*") if p.suffix in (".nbi", ".nbc"))
        sizes = [p.stat().st_size for p in kernel] if args.by_size else None
        path = rng.choices(kernel, weights=sizes)[0]
        data = bytearray(path.read_bytes())
        for _ in range(args.flips):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        done = run(args.root, numba)
        lines = done.stderr.strip().splitlines()
        if done.returncode < 0:
            verdict = "signal"
        elif done.returncode == 70:
            verdict = "exit 70"
        elif done.returncode != 0 or RIGHT not in done.stdout:
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
