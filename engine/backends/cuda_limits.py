"""The CUDA backend's sizes, apart from its kernels (``cuda_kernels`` needs numba-cuda to
be imported; ``cuda`` reads these without it)."""

from __future__ import annotations

#: Candidates one thread weighs a guess against.
CHUNK = 1024
#: The most answer slots a thread counts in (``classes(positions)``: 17 positions), the
#: size of its own array of counts (a constant: numba-cuda sizes it when compiling).
SLOTS = 324
#: Guess rows weighed in one launch at most (their counts stay on the GPU: int32 each).
ROWS = 1 << 20
