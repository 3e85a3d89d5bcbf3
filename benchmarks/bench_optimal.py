"""Time and memory of the optimal strategy's exact search, printed as a Markdown table.

    python benchmarks/bench_optimal.py

Each size runs in a fresh process with an empty cache directory (a cold start: the whole
search), then once more reading the tree the first run stored (a warm start). Times are
CPU seconds (user + system) of whole processes, the compiled kernel already on disk.
"""

from __future__ import annotations

import json
import sys
import tempfile

from bench_anchor import SEARCHED, run

SIZES = [(3, 3), (4, 4), (5, 4), (6, 4)]

CHILD = """
import json, resource, sys, time
start = time.perf_counter()
from engine.optimal.solutions import solution
found = solution(int(sys.argv[1]), int(sys.argv[2]))
depth = max(d for d, _ in found.tree.walk())
nodes = found.searched.nodes if found.searched is not None else 0  # none: read from disk
print(json.dumps({"total": found.tree.total, "nodes": nodes,
                  "seconds": time.perf_counter() - start, "depth": depth,
                  "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(colours: int, positions: int, cache: str) -> tuple[dict, float]:
    # The search itself: no shipped tree, no background compile.
    env = {"MASTERMIND_CACHE_DIR": cache, "PATH": "/usr/bin:/bin", **SEARCHED}
    done = run([sys.executable, "-c", CHILD, str(colours), str(positions)], env)
    return json.loads(done.stdout), done.cpu


def main() -> None:
    print(
        "| size | codes | optimal total | average | sets searched "
        "| cold start (CPU s) | warm start (CPU s) | peak memory (MB) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for colours, positions in SIZES:
        with tempfile.TemporaryDirectory() as cache:
            cold, cold_cpu = measure(colours, positions, cache)
            _, warm_cpu = measure(colours, positions, cache)
        codes = colours**positions
        print(
            f"| {colours}x{positions} | {codes:,} | {cold['total']:,} "
            f"| {cold['total'] / codes:.3f} | {cold['nodes']:,} | {cold_cpu:.2f} "
            f"| {warm_cpu:.2f} | {cold['mb']:.0f} |"
        )


if __name__ == "__main__":
    main()
