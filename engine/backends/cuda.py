"""The CUDA backend (``engine.backends``): the partition kernel on an NVIDIA GPU, through
numba-cuda (the extra ``gpu``). It twins the numba kernel (``numba_partitions``): the same
three answer tables (blacks of the high halves, of the low halves, colours in common by
count pattern) and the same loop body, ``gpu_`` kernels where the CPU has ``njit`` ones.

One thread weighs one guess against a chunk of the candidates (``CHUNK``), its class
counts in the thread's own array, then adds them to the guess's row: a guess against
32,768 candidates is 32 threads, so even a pool of a few guesses fills the GPU. Many
positions go in one launch (``many``): a level of a tree walk is weighed at once
(``engine.trees.levels``) rather than one launch per position, which would cost more in
launches and copies than in weighing. Knuth's keys (``largest``) are exact for every
guess: a GPU weighs them all in step, so the CPU's early exit has nothing to save.

numba-cuda 0.30 registers ``np.row_stack``, which numpy 2.5 removed: the name is put back
as ``np.vstack`` (what numpy made it an alias of) before numba-cuda is imported.
Without a GPU, ``available`` says why; ``NUMBA_ENABLE_CUDASIM=1`` runs the kernels on the
CPU in numba-cuda's simulator (the tests do, on small sizes).
"""

from __future__ import annotations

import importlib
import importlib.util
import warnings
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import Unavailable, extra_hint
from ..feedback import classes
from .cuda_limits import CHUNK, ROWS, SLOTS

if TYPE_CHECKING:
    import numpy.typing as npt

    from ..arrays import Counts, IntArray, Keys
    from ..codes import CodeSpace
    from .protocols import PartitionKernel, SearchKernel

__all__ = ["CHUNK", "available", "many", "partitions", "search"]


def shim_row_stack() -> bool:
    """Put ``np.row_stack`` back where numpy has dropped it (2.5); True if it was put."""
    if "row_stack" in np.__dict__:
        return False
    vars(np)["row_stack"] = np.vstack
    return True


shim_row_stack()


@lru_cache(maxsize=1)
def _cuda() -> Any:
    """numba-cuda's ``cuda`` module, with its kernels compiled on first launch; Unavailable
    in one line where it is not installed or finds no GPU."""
    # numba 0.68 still ships a numba.cuda of its own, which finds no GPU: without
    # numba-cuda, say that it is missing rather than that no GPU is here.
    missing = Unavailable(f"the cuda backend needs numba-cuda, the gpu extra: {extra_hint('gpu')}")
    if importlib.util.find_spec("numba_cuda") is None:
        raise missing
    try:
        cuda: Any = importlib.import_module("numba.cuda")
    except ImportError:
        raise missing from None
    if not cuda.is_available():
        raise Unavailable(
            "no CUDA GPU here (numba-cuda found no driver or device); use --backend numba, or auto"
        )
    # A walk's deep levels and the last chunks launch few blocks by design; on an H200
    # numba-cuda warned of low occupancy (in colour codes) on stderr at every such launch.
    warnings.filterwarnings("ignore", message=r".*Grid size \d+ will likely result in GPU")
    return cuda


def available() -> bool:
    """Whether a GPU (or numba-cuda's simulator) is here to run the kernels."""
    try:
        _cuda()
    except Unavailable:
        return False
    return True


def _kernels() -> Any:
    """The kernels' module (``cuda_kernels``), imported once numba-cuda is known to be here."""
    _cuda()
    from . import cuda_kernels

    return cuda_kernels


@lru_cache(maxsize=2)
def _tables(space: CodeSpace) -> tuple[Any, ...]:
    """The numba kernel's tables, on the GPU: the three tables and each code's pattern
    (the answer rule is in the tables, as on the CPU)."""
    from .numba_partitions import answer_parts

    cuda = _cuda()
    parts = answer_parts(space.colours, space.positions, space.answers)
    return tuple(cuda.to_device(np.ascontiguousarray(t)) for t in parts)


def _columns(space: CodeSpace, cands: npt.NDArray[np.int32]) -> tuple[IntArray, ...]:
    """Each candidate's high half, low half and pattern (the tables' columns)."""
    from .numba_partitions import answer_parts

    low, pattern_of = answer_parts(space.colours, space.positions, space.answers)[1::2]
    split = len(low)
    return cands // split, cands % split, pattern_of[cands]


def many(
    space: CodeSpace,
    requests: list[tuple[IntArray, IntArray]],
    counts: bool = True,
) -> list[npt.NDArray[np.int32]]:
    """For each (pool, candidates) its class counts, (guesses, classes), or with
    ``counts`` False each guess's largest class: as few launches as ``ROWS`` allows.
    int32, as the GPU counts them (half the memory of a level's int64 counts)."""
    out: list[npt.NDArray[np.int32]] = []
    batch: list[tuple[IntArray, IntArray]] = []
    rows = 0
    for request in requests:
        if batch and rows + len(request[0]) > ROWS:
            out += _launch(space, batch, counts)
            batch, rows = [], 0
        batch.append(request)
        rows += len(request[0])
    if batch:
        out += _launch(space, batch, counts)
    return out


def _launch(
    space: CodeSpace, batch: list[tuple[IntArray, IntArray]], counts: bool
) -> list[npt.NDArray[np.int32]]:
    """One launch for every request of ``batch`` (and one more for the largest classes)."""
    cuda = _cuda()
    kernels = _kernels()
    slots = classes(space.positions)
    if slots > SLOTS:
        raise Unavailable(f"the cuda backend counts at most {SLOTS} answer classes")
    sizes = np.array([len(pool) for pool, _ in batch], dtype=np.int64)
    lengths = np.array([len(cands) for _, cands in batch], dtype=np.int64)
    pool = np.concatenate([np.asarray(p, dtype=np.int32) for p, _ in batch])
    cands = np.concatenate([np.asarray(c, dtype=np.int32) for _, c in batch])
    node_of = np.repeat(np.arange(len(batch), dtype=np.int32), sizes)
    ends = np.cumsum(lengths).astype(np.int32)
    starts = (ends - lengths).astype(np.int32)
    if len(pool) == 0:
        return [np.zeros((0, slots) if counts else 0, dtype=np.int32) for _ in batch]
    tables = _tables(space)
    columns = [cuda.to_device(np.ascontiguousarray(c)) for c in _columns(space, cands)]
    found = cuda.device_array((len(pool), slots), dtype=np.int32)
    threads = _threads(cuda)
    kernels.gpu_zero[-(-len(pool) // threads), threads](found)
    chunks = max(1, -(-int(lengths.max()) // CHUNK))
    grid = (-(-len(pool) // threads), chunks)
    kernels.gpu_histograms[grid, (threads, 1)](
        tables[0], tables[1], tables[2], tables[3], cuda.to_device(pool),
        cuda.to_device(node_of), cuda.to_device(starts), cuda.to_device(ends),
        *columns, slots, found,
    )  # fmt: skip
    if counts:
        flat = found.copy_to_host()
    else:
        top = cuda.device_array(len(pool), dtype=np.int32)
        kernels.gpu_largest[-(-len(pool) // threads), threads](found, top)
        flat = top.copy_to_host()
    return np.split(flat, np.cumsum(sizes)[:-1])


def _threads(cuda: Any) -> int:
    """Threads a block: 128 on a GPU; 16 in the simulator, whose threads are Python's."""
    from numba import config

    return 16 if getattr(config, "ENABLE_CUDASIM", 0) else 128


def counts(space: CodeSpace, pool: IntArray, cands: IntArray) -> Counts:
    """Every guess's class counts, (guesses, classes), in one launch."""
    return many(space, [(pool, cands)])[0].astype(np.int64)


def largest(space: CodeSpace, pool: IntArray, cands: IntArray, stop: float) -> Keys:
    """Knuth's keys: every guess's largest class, exact; past the first guess at most
    ``stop``, every later one above any class (as the numba kernel leaves them)."""
    out = many(space, [(pool, cands)], counts=False)[0].astype(np.float64)
    reached = np.flatnonzero(out <= stop)
    if len(reached):
        out[reached[0] + 1 :] = len(cands) + 1
    return out


class Partitions:
    """The partition kernel as the seam names it (``PartitionKernel``), with ``many``."""

    counts = staticmethod(counts)
    largest = staticmethod(largest)
    many = staticmethod(many)


def partitions() -> PartitionKernel:
    """The CUDA partition kernel; Unavailable (one line) without numba-cuda or a GPU."""
    _cuda()
    return Partitions()


def search() -> SearchKernel | None:
    """No exact search on the GPU (yet): it stays numba's."""
    return None
