"""The fewest guesses that find every secret (optimal-worst's first step) by a yes/no
search: it agrees with the exact search's total under each cap (finite exactly where
the cap can be kept), compiled and interpreted, and leaves what it proved for that
search to read."""

from __future__ import annotations

import pytest

from engine import CodeSpace
from engine.answers import BLACK, CLASSIC
from engine.optimal.search import BEYOND, OptimalSearch
from engine.optimal.tree import least_cap

SIZES = [
    CodeSpace(3, 3),
    CodeSpace(4, 3),
    CodeSpace(2, 6),
    CodeSpace(5, 3, repeats=False),
    CodeSpace(4, 4, repeats=False),
    CodeSpace(3, 3, answers=BLACK),
]


def kept(space: CodeSpace, cap: int, only_possible: bool = False) -> bool:
    """Whether the exact search finds a total under ``cap`` (a fresh search, apart)."""
    search = OptimalSearch(space, only_possible=only_possible, max_guesses=cap)
    return search.value(search.everything) < BEYOND


@pytest.mark.parametrize("space", SIZES, ids=str)
@pytest.mark.parametrize("only_possible", [False, True])
def test_it_agrees_with_the_total_under_each_cap(space: CodeSpace, only_possible: bool) -> None:
    search = OptimalSearch(space, only_possible=only_possible)
    least = least_cap(search)
    assert search.max_guesses == least
    for cap in range(max(2, least - 2), least + 2):
        assert search.finishable(cap) == (cap >= least) == kept(space, cap, only_possible)


@pytest.mark.parametrize("space", [CodeSpace(3, 3), CodeSpace(3, 3, answers=BLACK)], ids=str)
def test_interpreted_and_compiled_agree(space: CodeSpace) -> None:
    for cap in (2, 3, 4, 5):
        compiled = OptimalSearch(space).finishable(cap)
        assert OptimalSearch(space, backend="interpreted").finishable(cap) == compiled


def test_the_classic_game_needs_5_and_its_totals_follow() -> None:
    """Knuth's 5 on 6x4; what the yes/no search proved (4 cannot) is read back by the
    search of the fewest total under 5: 5,626, as the shipped optimal-worst tree."""
    space = CodeSpace(6, 4)
    search = OptimalSearch(space)
    assert least_cap(search) == 5
    assert space.answers == CLASSIC
    assert search.value(search.everything) == 5626
