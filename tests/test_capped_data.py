"""A cap on guesses (optimal-maxN, optimal-fit-maxN) on a fresh
install plays shipped files (``engine.optimal.capped``) that equal the capped search's own
tree and decisions after any first guess; and with two colours, first guesses of any
length are mapped by symmetry (``mapped._first_of_two``) as the search weighs them."""

from __future__ import annotations

import numpy as np
import pytest
from first_guess import positions_after

from engine.codes import CodeSpace
from engine.optimal import after, capped, mapped, shipped
from engine.optimal.search import OptimalSearch
from engine.optimal.tree import build_tree, decision, rate, tree_to_json


def _caps(space: CodeSpace, only_possible: bool) -> list[int]:
    """Every cap of the size from the fewest any strategy keeps to two past where the
    plain files take over."""
    least = shipped._guesses(shipped.file(space, False, True))
    start = capped.plain_from(space, only_possible)
    assert start is not None, "caps.json lists the size"
    return list(range(least, start + 3))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("colours", "positions", "repeats"), [(4, 4, True), (3, 5, True), (5, 3, True), (5, 4, False)]
)
@pytest.mark.parametrize("only_possible", [False, True])
def test_every_cap_plays_the_capped_searchs_tree_and_decisions(
    colours: int, positions: int, repeats: bool, only_possible: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    space = CodeSpace(colours, positions, repeats)
    rng = np.random.default_rng(28)
    for cap in _caps(space, only_possible):
        search = OptimalSearch(space, only_possible=only_possible, max_guesses=cap)
        try:
            want = tree_to_json(build_tree(search))
        except Exception:  # no strategy keeps the cap: nothing may serve it
            assert capped.serving(space, only_possible, cap) is None
            continue
        serves = capped.serving(space, only_possible, cap)
        assert serves is not None, cap
        assert shipped.tree(serves[0]) == want, cap
        assert serves[1] and after.read(serves[1]) is not None
        firsts = [int(g) for g in search.pool(())] + [int(g) for g in rng.choice(space.allowed, 3)]
        for first in firsts:
            for _, codes in positions_after(search, first):
                if len(codes) <= 2:
                    continue
                chosen = decision(search, codes, (first,))
                assert mapped.decision(space, serves[1], codes, first) == chosen, (cap, first)
                for guess in (chosen[0], *(int(g) for g in rng.choice(space.allowed, 2))):
                    total = round(rate(search, codes, (first,), guess).expected * len(codes))
                    assert mapped.total_after(space, serves[1], codes, first, guess) == total


def test_the_listed_caps_ship_their_files() -> None:
    """Every cap below where the plain files take over ships its own (but the fewest,
    optimal-worst's search), and the data stays small."""
    for space in shipped.sizes():
        for only_possible in (False, True):
            start = capped.plain_from(space, only_possible)
            if start is None:
                continue
            least = shipped._guesses(shipped.file(space, False, True))
            for cap in range(least + 1, start):
                own = shipped.file(space, only_possible, False, cap)
                assert shipped.has(own) == shipped.has(after.name(space, only_possible, False, cap))
    assert sum(p.stat().st_size for p in shipped.FOLDER.glob("*-max*")) < 1_500_000


@pytest.mark.parametrize("positions", [3, 5, 6])
def test_two_colours_map_as_the_permutations_do(positions: int) -> None:
    """The two-colour shortcut equals the enumeration of every permutation it replaces."""
    space = CodeSpace(2, positions)
    every = np.arange(space.size, dtype=np.int64)
    digits = mapped._spell(space, every)
    for guess in range(space.size):
        first = digits[guess]
        images = first[mapped._permutations(positions)].copy()
        mapped._relabel(images, np.ones(2, dtype=np.bool_))
        best = images[int(np.argmin(mapped._rank(space, images)))]
        rep, p, colours = mapped.symmetry(space, guess)
        assert rep == int(mapped._code(space, best[None, :])[0])
        assert int(mapped._code(space, colours[first[p]][None, :])[0]) == rep
        free = np.ones(2, dtype=np.bool_)
        free[first] = False
        lowest = np.full(len(every), np.iinfo(np.int64).max)
        found = every.copy()
        for q, colour_map in mapped._keepers(space, first):
            image = digits[:, q].copy()
            fixed = colour_map[image]
            mapped._relabel(image, free)
            image = np.where(fixed >= 0, fixed, image)
            rank = mapped._rank(space, image)
            better = rank < lowest
            lowest[better], found[better] = rank[better], mapped._code(space, image)[better]
        assert (mapped._first_of_two(space, first, digits) == found).all()


@pytest.mark.parametrize("only_possible", [False, True])
def test_two_colours_seven_positions_decide_as_the_search(
    only_possible: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """2x7 (5,040 position permutations, not enumerated): the decision and totals after
    first guesses that are not their pattern's first code equal the search's."""
    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    space = CodeSpace(2, 7)
    assert mapped.covered(space)
    file = after.name(space, only_possible, False)
    search = OptimalSearch(space, only_possible=only_possible)
    rng = np.random.default_rng(7)
    for first in (int(g) for g in rng.choice(space.allowed, 6, replace=False)):
        assert mapped.representative(space, first) == search.representative((), first)
        for _, codes in positions_after(search, first):
            if len(codes) <= 2:
                continue
            want = decision(search, codes, (first,))
            assert mapped.decision(space, file, codes, first) == want
            for guess in (want[0], int(rng.choice(space.allowed))):
                total = round(rate(search, codes, (first,), guess).expected * len(codes))
                assert mapped.total_after(space, file, codes, first, guess) == total
