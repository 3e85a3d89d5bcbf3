"""The CUDA backend's kernels (``engine.backends.cuda`` launches them): ``gpu_`` twins of
the numba kernels of ``numba_partitions``, the same tables and loop body. Imported only
once numba-cuda is known to be installed and to see a GPU (or its simulator): numba-cuda
finds the kernels' ``cuda`` as a global of their module (its simulator swaps it there).
"""

from __future__ import annotations

from typing import Any

from numba import cuda as numba_cuda
from numba import int32, uint32

from .cuda_limits import CHUNK, SLOTS

#: numba-cuda, whose device functions (``grid``, ``atomic``…) it makes as it loads: typed
#: by numba in the kernels, not by mypy.
cuda: Any = numba_cuda

__all__ = ["gpu_histograms", "gpu_largest", "gpu_zero"]


def _histograms(high: Any, low: Any, common: Any, pattern_of: Any, pool: Any, node_of: Any,
                starts: Any, ends: Any, high_of: Any, low_of: Any, pattern: Any, slots: Any,
                out: Any) -> None:  # fmt: skip
    """Each guess row's class counts over its position's candidates (``out`` zeroed
    beforehand): thread (row, chunk) counts one chunk of ``CHUNK`` candidates in an array
    of its own, then adds its counts to the row. The CPU twin:
    ``numba_partitions.histograms``."""
    row = cuda.grid(1)
    chunk = cuda.blockIdx.y
    if row >= pool.shape[0]:
        return
    node = node_of[row]
    first = starts[node] + chunk * CHUNK
    last = min(ends[node], first + CHUNK)
    if first >= last:
        return
    g, split = uint32(pool[row]), uint32(low.shape[0])
    row_high = high[g // split]
    row_low = low[g % split]
    row_common = common[uint32(pattern_of[g])]
    hist = cuda.local.array(SLOTS, int32)
    for c in range(slots):
        hist[c] = 0
    for j in range(first, last):
        c = (
            uint32(row_high[high_of[j]])
            + uint32(row_low[low_of[j]])
            + uint32(row_common[pattern[j]])
        )
        hist[c] += 1
    for c in range(slots):
        if hist[c]:
            cuda.atomic.add(out, (row, c), hist[c])


def _largest(counts: Any, top: Any) -> None:
    """Each row's largest class (the CPU twin: ``numba_partitions.largest_classes``,
    without its early exit: a GPU weighs every guess in step)."""
    row = cuda.grid(1)
    if row >= counts.shape[0]:
        return
    best = 0
    for c in range(counts.shape[1]):
        best = max(best, counts[row, c])
    top[row] = best


def _zero(counts: Any) -> None:
    """Every count nought, on the GPU (no copy of zeros from the host)."""
    row = cuda.grid(1)
    if row < counts.shape[0]:
        for c in range(counts.shape[1]):
            counts[row, c] = 0


# numba-cuda's kernels (its ``jit`` is untyped: their calls are typed by numba, not mypy).
gpu_histograms = cuda.jit(_histograms)
gpu_largest = cuda.jit(_largest)
gpu_zero = cuda.jit(_zero)
