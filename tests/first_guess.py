"""The positions a first guess leaves, one per answer: what the tests of the data shipped
for what follows each first guess walk, each against the search."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from engine.arrays import SearchCodes
    from engine.optimal.search import OptimalSearch


def positions_after(search: OptimalSearch, first: int) -> Iterator[tuple[int, SearchCodes]]:
    """Each answer to ``first`` but "found", and the codes that give it (sorted)."""
    split = search.answers[first, search.everything]
    for answer in np.unique(split).tolist():
        if answer != search.found:
            yield answer, search.everything[split == answer]
