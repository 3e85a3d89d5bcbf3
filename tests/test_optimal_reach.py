"""The exact search's reach past 8 colours: codes recoloured on the fly where the table of
colour images would be too big (Bulls and Cows: 72 GB), the whole group of symmetries
never stored, and the limits said in one line. The searches themselves (9x4 and 10x4
without repeats) take seconds to minutes: benchmarks/bench_reach.py."""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import CodeSpace, ConfigError
from engine.optimal import reach as optimal_module
from engine.optimal.reach import (
    check_size,
    colour_table,
    memory_needed,
    permutation_images,
    permutations,
)
from engine.optimal.search import OptimalSearch

search_kernel = pytest.importorskip("engine.backends.numba_search")


@pytest.mark.parametrize("n", range(1, 7))
def test_permutations_come_in_itertools_order(n: int) -> None:
    assert permutations(n).tolist() == [list(p) for p in itertools.permutations(range(n))]


@cache
def both_tables(space: CodeSpace) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The table of colour images, the permutations that stand for it, position images."""
    table, positions = permutation_images(space)
    return table, permutations(space.colours), positions


@given(
    size=st.sampled_from([(4, 3, True), (5, 4, True), (6, 4, False), (3, 5, True)]),
    data=st.data(),
)
def test_codes_recoloured_on_the_fly_match_the_table(
    size: tuple[int, int, bool], data: st.DataObject
) -> None:
    space = CodeSpace(*size)
    table, sigmas, positions = both_tables(space)
    s = data.draw(st.integers(0, len(sigmas) - 1))
    p = data.draw(st.integers(0, len(positions) - 1))
    code = data.draw(st.integers(0, space.size - 1))
    element = p << 32 | s
    want = search_kernel.image(table, positions, element, code)
    assert search_kernel.image(sigmas, positions, element, code) == want
    digits = [sigmas[s][d] for d in space.to_digits(code)]  # recoloured, then moved
    pi = list(itertools.permutations(range(size[1])))[p]
    moved = space.from_digits([digits[i] for i in pi])
    assert want == moved


def every_element(table: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """The whole group spelt out, as the search stored it before: p << 32 | s."""
    return (np.arange(len(positions))[:, None] << 32 | np.arange(len(table))).ravel()


@pytest.mark.parametrize(
    "size", [pytest.param((4, 3, True), marks=pytest.mark.kernel), (5, 3, False), (3, 4, True)]
)
def test_the_whole_group_unstored_and_recoloured_gives_the_same_groups_and_pools(
    size: tuple[int, int, bool],
) -> None:
    """Fixing a guess, one guess per orbit and the first image, from the whole group as
    the empty set of elements and from every element listed, with either colour table."""
    space = CodeSpace(*size)
    table, sigmas, positions = both_tables(space)
    rank = OptimalSearch(space).rank
    allowed = np.zeros(space.size, dtype=np.bool_)
    allowed[space.allowed] = True
    everything = np.array(space.allowed, dtype=np.int16)
    listed, unstored = every_element(table, positions), np.empty(0, dtype=np.int64)
    for colours in (table, sigmas):
        assert np.array_equal(
            search_kernel.orbit_pool(colours, positions, rank, allowed, everything, unstored),
            search_kernel.orbit_pool(table, positions, rank, allowed, everything, listed),
        )
        for guess in everything[:: max(1, len(everything) // 7)]:
            fixed = search_kernel.fixing(table, positions, listed, guess)
            assert np.array_equal(search_kernel.fixing(colours, positions, unstored, guess), fixed)
            last = everything[-1]
            after = search_kernel.fixing(colours, positions, fixed, last)
            assert np.array_equal(after, search_kernel.fixing(table, positions, fixed, last))
            first = search_kernel.first_image(table, positions, rank, listed, guess)
            assert search_kernel.first_image(colours, positions, rank, unstored, guess) == first


def test_a_search_recolouring_on_the_fly_finds_the_same_total(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    space = CodeSpace(6, 4, False)
    monkeypatch.setattr(optimal_module, "COLOUR_TABLE_LIMIT", 0)
    assert not colour_table(space)
    search = OptimalSearch(space)
    assert search.images[0].shape == (720, 6)
    assert search.value(search.everything) == 1446  # as with the table (test_optimal.py)


@pytest.mark.parametrize(("colours", "codes"), [(9, 3024), (10, 5040)])
def test_bulls_and_cows_and_nine_colours_without_repeats_are_offered(
    colours: int, codes: int
) -> None:
    space = CodeSpace(colours, 4, False)
    assert space.count == codes and not colour_table(space)
    check_size(space)
    assert memory_needed(space) < 2 << 30  # no table of 72 GB, no group of 87 million


@pytest.mark.parametrize(
    ("colours", "positions", "repeats", "reason"),
    [
        (7, 5, True, r"up to 7,776 codes .*5,040 without repeats.* make 16,807"),
        (
            11,
            4,
            False,
            r"up to 5,040 codes without repeats \(10 colours x 4 positions\).* make 7,920",
        ),
        (7, 6, False, r"below 32,768; .* would need 117,649 numbers"),
        (11, 3, False, r"only up to 10 colours .* have 11"),
        (2, 12, True, r"268,435,456 symmetries .* have 958,003,200"),
    ],
)
def test_out_of_reach_is_refused_with_its_reason(
    colours: int, positions: int, repeats: bool, reason: str
) -> None:
    with pytest.raises(ConfigError, match=reason + ": try --strategy most-parts"):
        check_size(CodeSpace(colours, positions, repeats))


@pytest.mark.slow
def test_fixing_in_the_whole_group_finds_more_fixers_than_its_first_room() -> None:
    """00 of 10 colours x 2 positions is left unchanged by 2 x 9! = 725,760 elements, more
    than the first pass has room for: all found, each fixing it."""
    space = CodeSpace(10, 2)
    sigmas, positions = permutation_images(space)  # recoloured: the table would take 0.7 GB
    assert sigmas.shape == (3628800, 10)
    fixers = search_kernel.fixing(sigmas, positions, np.empty(0, dtype=np.int64), 0)
    assert len(fixers) == len(set(fixers.tolist())) == 2 * 362880
    sample = fixers[:: len(fixers) // 100]
    assert all(search_kernel.image(sigmas, positions, r, 0) == 0 for r in sample)
    assert {r >> 32 for r in fixers.tolist()} == {0, 1}
