"""The CUDA backend on a GPU: its counts against numba's, guess-secret pairs a
second, and Knuth over every secret, warm. Imports only the engine (from this checkout,
no install needed), numpy and numba (with numba-cuda), so that it runs on a bare GPU
machine in a few minutes.

    python benchmarks/bench_gpu.py                 # 8x5; "no GPU here" without one
    python benchmarks/bench_gpu.py --size 7x5      # another size (at most 131,072 codes)
    python benchmarks/bench_gpu.py --simulate      # numba-cuda's simulator, 4x3: proves it runs

What is timed, each warm (the kernels compiled, the answer tables already on the GPU, no
process start): (1) every guess against every secret, every class count, GPU against
numba's kernel on one CPU thread, checked equal count for count; (2) pairs a second of
the whole call (copies both ways included) and of the kernel alone (launches and a
synchronize; the probe's figure, 3.5-4.4e10 pairs/s on an H200, was a kernel alone);
(3) Knuth's tree over every secret, walked a level at a time (one launch per level,
``engine.trees.levels``), best of ``--runs`` after one untimed walk, beside numba's walk
of the same tree position by position on one CPU thread. mikemag's RTX 4090: 8x5 Knuth
in 0.018 s.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: The probe's kernel-alone rate on an H200, pairs a second.
PROBE = (3.5e10, 4.4e10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="8x5", help="colours x positions (default 8x5)")
    parser.add_argument("--runs", type=int, default=3, help="timed repeats (best is shown)")
    parser.add_argument(
        "--simulate", action="store_true", help="numba-cuda's simulator on the CPU, 4x3"
    )
    args = parser.parse_args()
    if args.simulate:
        os.environ["NUMBA_ENABLE_CUDASIM"] = "1"  # before numba is imported
        args.size = "4x3"
    import numpy as np

    from engine import CodeSpace, make_strategy
    from engine.backends import cuda, numba_partitions
    from engine.strategies.partition_pool import Limits
    from engine.strategies.partitioning import PartitionStrategy
    from engine.trees.levels import walk_levels
    from engine.trees.strategy_tree import walk

    if not cuda.available():
        print("no GPU here: numba-cuda found no CUDA driver or device (or is not installed)")
        print("nothing measured; run this on a machine with an NVIDIA GPU, or with --simulate")
        return 0
    from numba import cuda as numba_cuda

    colours, positions = (int(n) for n in args.size.lower().split("x"))
    space = CodeSpace(colours, positions)
    device = "numba-cuda's simulator (CPU)" if args.simulate else numba_cuda.get_current_device()
    print(f"{space.rules_text()}, {space.count:,} codes, on {device}")
    every = np.ascontiguousarray(space.allowed, dtype=np.int32)
    pairs = len(every) ** 2

    cuda.counts(space, every[:64], every)  # compile and upload the tables: not timed
    numba_partitions.counts(space, every[:2], every[:2])
    start = time.perf_counter()
    on_gpu = cuda.counts(space, every, every)
    gpu_seconds = time.perf_counter() - start
    start = time.perf_counter()
    on_cpu = numba_partitions.counts(space, every, every)
    cpu_seconds = time.perf_counter() - start
    same = bool(np.array_equal(on_gpu, on_cpu))
    print(f"every guess x every secret: {pairs:,} pairs, counts equal to numba's: {same}")
    print(f"  GPU {gpu_seconds:.3f} s (whole call), numba on one CPU thread {cpu_seconds:.2f} s")
    if not same:
        return 1

    best_call = min(_timed(lambda: cuda.many(space, [(every, every)], counts=False))
                    for _ in range(args.runs))  # fmt: skip
    kernel = _kernel_alone(cuda, numba_cuda, space, every, args.runs)
    print(f"pairs a second, whole call (largest class, copies included): {pairs / best_call:.3g}")
    print(
        f"pairs a second, kernel alone: {pairs / kernel:.3g} "
        f"(the probe: {PROBE[0]:.2g}-{PROBE[1]:.2g} on an H200)"
    )

    limits = Limits(table=10) if args.simulate else Limits()
    knuth = type(make_strategy("knuth"))(limits)
    assert isinstance(knuth, PartitionStrategy)
    gpu_knuth, cpu_knuth = knuth.compiled(space, "cuda"), knuth.compiled(space, "numba")
    walked = walk_levels(space, gpu_knuth)  # untimed: every pool and kernel warm
    best_walk = min(_timed(lambda: walk_levels(space, gpu_knuth)) for _ in range(args.runs))
    total = int(walked.depths.sum())
    start = time.perf_counter()
    cpu_total = int(walk(space, cpu_knuth).depths.sum())
    cpu_walk = time.perf_counter() - start
    print(
        f"Knuth over every secret: {total:,} guesses (numba's walk: {cpu_total:,}), "
        f"worst {int(walked.depths.max())}"
    )
    print(
        f"  GPU, a level a launch, warm: {best_walk:.3f} s (best of {args.runs}); "
        f"numba, one CPU thread, warm: {cpu_walk:.2f} s; mikemag's RTX 4090 on 8x5: 0.018 s"
    )
    return 0 if total == cpu_total else 1


def _timed(work: Any) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _kernel_alone(cuda: Any, nc: Any, space: Any, every: Any, runs: int) -> float:
    """The histogram kernel's seconds, its inputs already on the GPU: best of ``runs``."""
    import numpy as np

    from engine.backends import cuda_kernels
    from engine.backends.cuda import _columns, _tables  # the whole call's pieces
    from engine.backends.cuda_limits import CHUNK
    from engine.feedback import classes

    pool = np.asarray(every, dtype=np.int32)
    slots = classes(space.positions)
    tables = _tables(space.colours, space.positions)
    to = nc.to_device
    columns = [to(np.ascontiguousarray(c)) for c in _columns(space, pool)]
    node_of = to(np.zeros(len(pool), dtype=np.int32))
    starts, ends = to(np.zeros(1, dtype=np.int32)), to(np.array([len(pool)], dtype=np.int32))
    found = nc.device_array((len(pool), slots), dtype=np.int32)
    on_gpu = to(pool)
    threads = 128
    grid = (-(-len(pool) // threads), max(1, -(-len(pool) // CHUNK)))
    best = float("inf")
    for _ in range(runs + 1):
        cuda_kernels.gpu_zero[grid[0], threads](found)
        nc.synchronize()
        start = time.perf_counter()
        cuda_kernels.gpu_histograms[grid, (threads, 1)](
            *tables, on_gpu, node_of, starts, ends, *columns, slots, found
        )
        nc.synchronize()
        best = min(best, time.perf_counter() - start)
    return best


if __name__ == "__main__":
    sys.exit(main())
