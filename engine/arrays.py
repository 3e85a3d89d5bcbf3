"""The engine's arrays, named by what they hold and typed by their dtype, for annotations
(modules import these under ``TYPE_CHECKING``: numpy.typing costs start-up time).

Codes are indices into a ``CodeSpace`` (``CodeSpace.allowed`` is int32, and so is every
set of candidates or guesses cut from it); the exact search numbers them in int16
(below 32,768) and takes either; answer classes are ``feedback.class_dtype`` (uint8, or
uint16 past 15 positions).
"""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

#: Code indices: the codes the rules allow, candidates, guesses weighed, secrets.
Codes: TypeAlias = npt.NDArray[np.int32]
#: Code indices as the exact search keeps them.
SearchCodes: TypeAlias = npt.NDArray[np.int16]
#: Code indices of either width (what the exact search and the rating accept).
SomeCodes: TypeAlias = npt.NDArray[np.int16] | npt.NDArray[np.int32]
#: Answer classes, one per code scored (``feedback.class_dtype``).
Classes: TypeAlias = npt.NDArray[np.unsignedinteger[Any]]
#: Class counts, one row per guess (a partition's histogram).
Counts: TypeAlias = npt.NDArray[np.int64]
#: A partition strategy's keys, one per guess (lower is better).
Keys: TypeAlias = npt.NDArray[np.float64]
#: Guesses each secret takes, by code index (0 where none was played).
Depths: TypeAlias = npt.NDArray[np.uint8] | npt.NDArray[np.uint16]
#: One bit per code or guess.
Mask: TypeAlias = npt.NDArray[np.bool_]
#: Digit or colour-count tables, (positions or colours, codes).
Digits: TypeAlias = npt.NDArray[np.uint8]
#: Whole numbers of 64 bits: seeds, weights, ranks, bounds, group elements.
Int64s: TypeAlias = npt.NDArray[np.int64]
#: Any integer array (a function that takes indices of any width).
IntArray: TypeAlias = npt.NDArray[np.integer[Any]]
