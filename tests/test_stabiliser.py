"""The symmetries keeping some codes, in numpy (engine/optimal/stabiliser.py): their
number counted equals the group's elements listed one by one, and their list is the
very list the search's kernel finds scanning the whole group guess by guess (``fixing``),
in its order, with and without the table of colour images."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.codes import CodeSpace
from engine.optimal import reach
from engine.optimal.search import OptimalSearch
from engine.optimal.stabiliser import stabiliser_order, stabiliser_rows

SIZES = [(4, 3, True), (3, 4, True), (5, 3, False), (2, 5, True), (6, 4, True), (9, 2, True)]


@given(
    st.sampled_from(SIZES[:4]),
    st.lists(st.integers(0, 10**6), min_size=1, max_size=3),
)
def test_a_stabilisers_order_counted_equals_the_elements_listed(
    size: tuple[int, int, bool], picks: list[int]
) -> None:
    space = CodeSpace(*size)
    allowed = np.asarray(space.allowed)
    codes = [int(allowed[p % len(allowed)]) for p in picks]
    digits = space.digits_of(np.array(codes)).astype(np.int64)
    kept = sum(
        bool((np.array(sigma)[digits[:, list(pi)]] == digits).all())
        for sigma in itertools.permutations(range(space.colours))
        for pi in itertools.permutations(range(space.positions))
    )
    assert stabiliser_order(space, codes) == kept


@pytest.mark.slow
@pytest.mark.parametrize("table", [True, False])
@given(st.sampled_from(SIZES), st.lists(st.integers(0, 10**6), min_size=1, max_size=3))
def test_the_listed_stabiliser_is_the_kernels(
    table: bool, size: tuple[int, int, bool], picks: list[int]
) -> None:
    space = CodeSpace(*size)
    allowed = np.asarray(space.allowed)
    history = tuple(int(allowed[p % len(allowed)]) for p in picks)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reach, "COLOUR_TABLE_PERMUTATIONS", 10**9 if table else 0)
        search = OptimalSearch(space)
    rows = np.empty(0, dtype=np.int64)
    for guess in history:  # the kernel's way: the whole group scanned, guess by guess
        rows = search.kernel.fixing(*search.images[:2], rows, guess)
    listed = stabiliser_rows(space, list(history))
    assert listed.tolist() == rows.tolist()
    assert len(listed) == stabiliser_order(space, list(history))
