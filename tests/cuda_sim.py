"""Run by tests/test_cuda_backend.py in a process of its own with NUMBA_ENABLE_CUDASIM=1
(numba reads it at import, so the suite's other processes keep the real numba): the CUDA
kernels in numba-cuda's simulator against the numba kernel, small sizes, every count.
Prints one JSON object of what it compared; any difference fails an assert here."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import numpy as np

from engine import CodeSpace, make_strategy
from engine.answers import BLACK, CLASSIC
from engine.backends import numba_partitions as cpu
from engine.backends import partition_kernel, resolve
from engine.strategies.partition_pool import Limits
from engine.strategies.partitioning import PartitionStrategy
from engine.trees.levels import walk_any
from engine.trees.strategy_tree import Node, walk

assert os.environ.get("NUMBA_ENABLE_CUDASIM") == "1", "run in the simulator only"


def same_tree(a: Node | None, b: Node | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.guess, a.candidates, a.height, sorted(a.children)) == (
        b.guess,
        b.candidates,
        b.height,
        sorted(b.children),
    ) and all(same_tree(a.children[k], b.children[k]) for k in a.children)


def main() -> dict[str, Any]:
    from engine.backends import cuda

    gpu = partition_kernel("cuda")
    out: dict[str, Any] = {"auto": resolve("auto"), "counts": 0, "largest": 0, "many": 0}
    spaces = ((3, 3, CLASSIC), (4, 3, CLASSIC), (3, 4, CLASSIC), (2, 6, CLASSIC), (4, 3, BLACK))
    for colours, positions, answers in spaces:
        space = CodeSpace(colours, positions, answers=answers)
        pool = np.ascontiguousarray(space.allowed, dtype=np.int32)
        assert np.array_equal(gpu.counts(space, pool, pool), cpu.counts(space, pool, pool))
        out["counts"] += 1
        for stop in (0.0, 2.0):
            exact = cpu.counts(space, pool, pool[:9]).max(axis=1).astype(np.float64)
            ours = gpu.largest(space, pool, pool[:9], stop)
            first = int(np.flatnonzero(exact <= stop)[0]) if (exact <= stop).any() else None
            upto = len(pool) if first is None else first + 1
            assert np.array_equal(ours[:upto], exact[:upto])
            assert (ours[upto:] > 9).all()
            out["largest"] += 1
        rng = np.random.default_rng(colours * 10 + positions)
        sizes = ((5, 7), (1, 1), (12, 20), (0, 4), (3, len(pool)))
        requests = [
            (rng.choice(pool, n, replace=False), np.sort(rng.choice(pool, m, replace=False)))
            for n, m in sizes
        ]
        counted = cuda.many(space, requests)
        tops = cuda.many(space, requests, counts=False)
        for (p, c), n, t in zip(requests, counted, tops, strict=True):
            assert np.array_equal(n, cpu.counts(space, p, c))
            assert np.array_equal(t, cpu.counts(space, p, c).max(axis=1, initial=0))
            out["many"] += 1
    out["walks"] = []
    for name in ("knuth", "most-parts", "expected-size", "entropy"):
        for space in (CodeSpace(4, 3), CodeSpace(3, 4)):
            kind = type(make_strategy(name))
            assert issubclass(kind, PartitionStrategy)
            strategy = kind(Limits(table=10))
            on_gpu = walk_any(space, strategy.compiled(space, "cuda"), keep=True)
            on_cpu = walk(space, strategy.compiled(space, "numba"), keep=True)
            assert np.array_equal(on_gpu.depths, on_cpu.depths), name
            assert same_tree(on_gpu.root, on_cpu.root), name
            out["walks"].append([name, space.colours, space.positions, int(on_gpu.depths.sum())])
    return out


if __name__ == "__main__":
    print(json.dumps(main()))
    sys.exit(0)
