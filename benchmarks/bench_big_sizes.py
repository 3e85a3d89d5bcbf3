"""Knuth and Most Parts over every secret of the big sizes mikemag
played, from mikemag's openings, against mikemag's published totals (its 2023 RTX 4090
runs, ``results/2023_4090`` of mikemag/Mastermind), on this machine.

    python benchmarks/bench_big_sizes.py                    # 9x5, 7x6, 6x7 (Knuth)
    python benchmarks/bench_big_sizes.py 7x7 9x6 --jobs 2   # the big ones
    python benchmarks/bench_big_sizes.py 7x7 --strategy most-parts --folder /tmp/walk

Each size runs in a fresh process (``engine.walks.big``, compiling included where the
numba cache is empty), and prints its total and worst case against mikemag's, the wall
and CPU seconds (the process and its workers), peak memory and the load average before
and after. ``--folder`` keeps each part's progress: a run stopped (Ctrl+C) goes on from
where it was when started again with the same folder.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

#: (colours, positions, strategy) -> (mikemag's opening, total, worst).
MIKEMAG = {
    (9, 5, "knuth"): ("11234", 351_385, 8),
    (9, 5, "most-parts"): ("11234", 348_597, 8),
    (7, 6, "knuth"): ("112234", 672_380, 8),
    (7, 6, "most-parts"): ("112233", 663_885, 9),
    (6, 7, "knuth"): ("1122334", 1_624_868, 8),
    (6, 7, "most-parts"): ("1112233", 1_602_722, 9),
    (7, 7, "knuth"): ("1122334", 5_124_234, 8),
    (7, 7, "most-parts"): ("1112233", 5_073_674, 10),
    (9, 6, "knuth"): ("112234", 3_416_564, 9),
    (9, 6, "most-parts"): ("112234", 3_396_961, 9),
}
ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys, time
from pathlib import Path
sys.path.insert(0, {root!r})
from engine.walks.big import big_walk_depths
from engine.codes import CodeSpace
c, p, strategy, opening, jobs, folder = {args!r}
space = CodeSpace(c, p)
code = space.from_digits([int(d) - 1 for d in opening])
start = time.perf_counter()
depths = big_walk_depths(space, strategy, code, jobs, Path(folder) if folder else None)
print(json.dumps({{"total": int(depths.sum(dtype="int64")), "worst": int(depths.max()),
    "unplayed": int((depths == 0).sum()), "seconds": time.perf_counter() - start}}))
"""


def run(size: str, strategy: str, jobs: int, folder: str | None) -> None:
    c, p = (int(x) for x in size.split("x"))
    opening, total, worst = MIKEMAG[c, p, strategy]
    sub = str(Path(folder) / f"{strategy}-{size}") if folder else None
    code = CHILD.format(root=str(ROOT), args=(c, p, strategy, opening, jobs, sub))
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        print(f"{size} {strategy}: failed\n{out.stderr[-2000:]}")
        return
    got = json.loads(out.stdout.strip().splitlines()[-1])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    verdict = "equal" if (got["total"], got["worst"]) == (total, worst) else "DIFFERENT"
    print(
        f"| {size} | {strategy} | {opening} | {got['total']:,} (worst {got['worst']}) | "
        f"{total:,} (worst {worst}) | {verdict} | {wall:.1f} s | {cpu:.1f} s | "
        f"{after.ru_maxrss / 1024:.0f} MB | {load:.1f} / {os.getloadavg()[0]:.1f} |",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sizes", nargs="*", default=["9x5", "7x6", "6x7"])
    parser.add_argument("--strategy", action="append", choices=["knuth", "most-parts"])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--folder", help="keep each part's progress here (resumable)")
    args = parser.parse_args()
    print(
        "| size | strategy | opening | here | mikemag | | wall | CPU | peak memory "
        "(largest process) | load before / after |\n|---|---|---|---|---|---|---|---|---|---|"
    )
    for size in args.sizes:
        for strategy in args.strategy or ["knuth"]:
            run(size, strategy, args.jobs, args.folder)


if __name__ == "__main__":
    main()
