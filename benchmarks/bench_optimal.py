"""Time and memory of the optimal strategy's exact search, printed as a Markdown table.

    python benchmarks/bench_optimal.py

Each size runs in a fresh process with an empty cache directory (a cold start: the whole
search), then once more reading the tree the first run stored (a warm start). Times are
whole processes on this machine, whatever else it is doing.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time

SIZES = [(3, 3), (4, 4), (5, 4), (6, 4)]

CHILD = """
import json, resource, sys, time
start = time.perf_counter()
from engine.strategies.optimal import solution
found = solution(int(sys.argv[1]), int(sys.argv[2]))
depth = max(d for d, _ in found.tree.walk())
print(json.dumps({"total": found.tree.total, "nodes": found.search.nodes,
                  "seconds": time.perf_counter() - start, "depth": depth,
                  "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def run(colours: int, positions: int, cache: str) -> tuple[dict, float]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(colours), str(positions)],
        capture_output=True,
        text=True,
        check=True,
        env={"MASTERMIND_CACHE_DIR": cache, "PATH": "/usr/bin:/bin"},
    )
    return json.loads(done.stdout), time.perf_counter() - start


def main() -> None:
    print(
        "| size | codes | optimal total | average | sets searched "
        "| cold start (s) | warm start (s) | peak memory (MB) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for colours, positions in SIZES:
        with tempfile.TemporaryDirectory() as cache:
            cold, cold_wall = run(colours, positions, cache)
            _, warm_wall = run(colours, positions, cache)
        codes = colours**positions
        print(
            f"| {colours}x{positions} | {codes:,} | {cold['total']:,} "
            f"| {cold['total'] / codes:.3f} | {cold['nodes']:,} | {cold_wall:.1f} "
            f"| {warm_wall:.2f} | {cold['mb']:.0f} |"
        )


if __name__ == "__main__":
    main()
