"""The exact ties right after a person's own first guess, counted from
the shipped data and numpy alone (engine/optimal/mapped_ties.py), are the search's own
(``exact_ties``): every tied class with its size and the runner-up, for every answer to
first guesses spread over the list; under a cap, where the data cannot tell, None (the
search answers)."""

from __future__ import annotations

import numpy as np
import pytest
from first_guess import positions_after

from engine.codes import CodeSpace
from engine.optimal.capped import data_file
from engine.optimal.mapped_ties import after_ties
from engine.optimal.search import OptimalSearch
from engine.optimal.ties import ExactTies, exact_ties
from engine.optimal.tree import least_cap


@pytest.mark.parametrize(
    ("colours", "positions", "repeats", "fit", "cap", "worst"),
    [(4, 4, True, False, None, False), (5, 3, False, False, None, False),
     (3, 5, True, True, None, False), (2, 6, True, False, None, False),
     (7, 3, True, False, None, False),
     pytest.param(6, 4, True, False, 6, False, marks=pytest.mark.slow),
     pytest.param(6, 4, True, False, None, True, marks=pytest.mark.slow)],
)  # fmt: skip
def test_the_ties_after_a_first_guess_are_the_searchs(
    colours: int, positions: int, repeats: bool, fit: bool, cap: int | None, worst: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    space = CodeSpace(colours, positions, repeats)
    search = OptimalSearch(space, only_possible=fit, max_guesses=cap)
    if worst:
        least_cap(search)
    capped = search.max_guesses is not None
    name = data_file(space, fit, cap, worst)
    allowed = np.asarray(space.allowed)
    stored = unknown = 0
    for first in allowed[:: max(1, len(allowed) // 9)].tolist():
        for answer, codes in positions_after(search, first):
            if len(codes) <= 2:
                continue
            found = after_ties(space, name, codes, first, fit, capped)
            if found is None:
                assert capped, (first, answer)
                unknown += 1
                continue
            stored += 1
            assert isinstance(found, ExactTies)
            assert found == exact_ties(search, codes, (first,)), (first, answer)
    assert stored > 20 and (capped or unknown == 0)
