"""What the numba kernels of the level-by-level walk read (``numba_walk``, ``numba_split``;
driven by ``engine.walks.big``): codes numbered by their rank as written, each rank's
digits and table columns, and the answer tables of ``numba_partitions.answer_parts``
(the classic answer: the big walks answer classically alone)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ..answers import CLASSIC
from ..codes import CodeSpace


@lru_cache(maxsize=1)
def tables(colours: int, positions: int) -> dict[str, Any]:
    """What the kernels read, codes numbered by rank as written: each rank's digits and
    table columns, the answer tables, and the code of each rank."""
    from .numba_partitions import answer_parts  # numba: imported by the runs that walk

    space = CodeSpace(colours, positions)
    high, low, common, pattern_of = answer_parts(colours, positions, CLASSIC)
    digits = space.digits  # (positions, codes), position 0 first as written
    written = colours ** np.arange(positions - 1, -1, -1, dtype=np.int64)
    rank_of = (written @ digits.astype(np.int64)).astype(np.int64)
    code_of = np.empty(space.size, dtype=np.int64)
    code_of[rank_of] = np.arange(space.size)
    split = np.uint32(low.shape[0])
    codes = code_of.astype(np.uint32)
    return {
        "digits": np.ascontiguousarray(digits.T[code_of]),
        "cols": (codes // split, codes % split, pattern_of[code_of].astype(np.uint32)),
        "tabs": (high.ravel(), low.ravel(), common.ravel()),
        "widths": np.array([high.shape[1], low.shape[1], common.shape[1]], dtype=np.int64),
        "rank_of": rank_of,
        "code_of": code_of,
    }
