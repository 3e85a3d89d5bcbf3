"""The first HINT and rating after a person's own first guess, on the
sizes too big for the interpreted kernel, come from shipped data (``engine.optimal.after``
and ``mapped``) that equals the search's own decisions (a sample here; all of it:
benchmarks/check_after_data.py), and wait on no compiler."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from first_guess import positions_after

from engine.codes import CodeSpace
from engine.optimal import after, mapped, shipped
from engine.optimal.search import OptimalSearch
from engine.optimal.tree import decision, least_cap, rate, tree_to_json

CRITERIA = [(False, False), (True, False), (False, True)]


def _search(space: CodeSpace, only_possible: bool, worst_first: bool) -> OptimalSearch:
    search = OptimalSearch(space, only_possible=only_possible)
    if worst_first:
        least_cap(search)
    return search


@pytest.mark.parametrize(("colours", "positions", "repeats"), [(7, 3, True), (6, 4, False)])
@pytest.mark.parametrize(("only_possible", "worst_first"), CRITERIA)
def test_the_decision_after_any_first_guess_is_the_searchs(
    colours: int, positions: int, repeats: bool, only_possible: bool, worst_first: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """Guess, total and the others shown beside it (ties, runner-up), and the total
    after a second guess (a what-if), for first guesses that are and are not their
    pattern's first code, at every answer."""
    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    space = CodeSpace(colours, positions, repeats)
    file = after.name(space, only_possible, worst_first)
    assert after.wanted(space) and after.read(file) is not None
    search = _search(space, only_possible, worst_first)
    rng = np.random.default_rng(28)
    firsts = [int(space.allowed[0]), *(int(g) for g in rng.choice(space.allowed, 3))]
    for first in firsts:
        assert mapped.representative(space, first) == search.representative((), first)
        for _, codes in positions_after(search, first):
            if 2 < len(codes) <= 80:
                want = decision(search, codes, (first,))
                assert mapped.decision(space, file, codes, first) == want
                for guess in (want[0], *(int(g) for g in rng.choice(space.allowed, 3))):
                    total = round(rate(search, codes, (first,), guess).expected * len(codes))
                    assert mapped.total_after(space, file, codes, first, guess) == total
                    quick = mapped.split_total(space, codes, guess)
                    assert quick is None or quick == total


@pytest.mark.parametrize(("only_possible", "worst_first"), CRITERIA)
def test_the_tree_after_a_first_guess_is_the_searchs(
    only_possible: bool, worst_first: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """7x3: each pattern's first code but the tree's own, its tree grown by the search."""
    from engine.optimal.node import Node
    from engine.optimal.tree import grow

    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    space = CodeSpace(7, 3)
    file = after.name(space, only_possible, worst_first)
    search = _search(space, only_possible, worst_first)
    own = shipped.tree(shipped.file(space, only_possible, worst_first))
    assert own is not None
    for first in (int(g) for g in search.pool(())):
        stored = after.tree_after(file, first)
        if first == own[0]:
            assert stored is None
            continue
        split = search.answers[first, search.everything]
        children = {
            int(a): grow(search, search.everything[split == a], (first,))
            for a in np.unique(split)
            if a != search.found
        }
        total = len(search.everything) + sum(c.total for c in children.values())
        assert stored == tree_to_json(Node(first, len(search.everything), total, children))


def test_every_shipped_size_ships_what_follows_each_first_guess() -> None:
    made = {p.name for p in shipped.FOLDER.glob("after-*.json.gz")}
    for space in shipped.sizes():
        if after.wanted(space):
            for only_possible, worst_first in CRITERIA:
                assert f"{after.name(space, only_possible, worst_first)}.gz" in made
    assert sum(p.stat().st_size for p in shipped.FOLDER.glob("after-*")) < 2_000_000


@pytest.mark.parametrize("strategy", ["optimal", "optimal-fit", "optimal-worst"])
def test_a_hint_and_rating_after_a_bad_first_guess_wait_on_no_compiler(
    strategy: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """6x4 and 6x4 without repeats on a fresh install, numba's kernel unavailable: the
    hint after AAAA (its pattern's first code), after AABB spelt otherwise (CCDD) and the
    ratings of those guesses come from data, the search never asked for."""
    from engine.feedback import answers, decode
    from engine.optimal import warmup
    from engine.optimal.solutions import Solution, solution
    from engine.play.solver import Solver
    from engine.rating.guesses import rate_moves
    from engine.strategies import make_strategy

    def unavailable(*_: object, **__: object) -> str:
        raise AssertionError("waited on the compiled kernel")

    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(warmup, "kernel_for", unavailable)
    monkeypatch.setattr(warmup, "ready", lambda: False)  # not compiled yet, as when fresh
    monkeypatch.setattr(Solution, "search", property(unavailable))
    solution.cache_clear()
    try:
        for space, first in (
            (CodeSpace(6, 4), [0, 0, 0, 0]),
            (CodeSpace(6, 4), [2, 2, 3, 3]),
            (CodeSpace(6, 4, False), [5, 3, 1, 0]),
        ):
            guess, secret = space.from_digits(first), int(space.allowed[-1])
            answer = decode(int(answers(space, guess, np.array([secret]))[0]), space)
            solver = Solver(space, make_strategy(strategy))
            solver.observe(guess, *answer)
            hint = solver.decide()
            assert hint.guess in space.allowed
            rating = rate_moves(space, strategy, [(guess, answer)])[-1]
            assert rating.value >= rating.best_value
    finally:
        solution.cache_clear()


#: A game on a fresh install where numba cannot be imported at all: a guess, the
#: strategy's advice, HINT twice, the rating of the guess, as the app's jobs do them (the
#: hint's and rating's in the rating helper process, which inherits the environment).
#: Prints the hint and the rating.
GAME = """
import sys
from mastermind_tui.game.kinds import PLAY
from mastermind_tui.game.session import GameSession
from mastermind_tui.game.settings import Settings
colours, positions, repeats, strategy, first = sys.argv[1:6]
settings = Settings.build(mode=PLAY, colours=int(colours), positions=int(positions),
                          repeats=repeats == "r", strategy=strategy, seed=4)
session = GameSession(settings, int(settings.space.allowed[-1]))
session.guess(session.format(int(settings.space.allowed[int(first)])))
advice = session.guessing.advice_work()  # the strategy's own advice, in this process
session.guessing.take_advice(session.generation, advice(None))
session.hint()
session.hint()
work = session.guessing.best_work()  # None where the advice is the rule's best guess
if work is not None:
    session.guessing.take_best(session.generation, work())
print(session.guessing.suggestion())
from engine.rating.process import best_apart  # the helper's own answer, compared
assert best_apart(settings.space, strategy, session.person.moves).guess == (
    session.guessing.best.guess)
rating = session.rating.work()
assert rating is not None and session.take_ratings(rating())
print(session.rating.ratings[-1].sentence(session.format))
"""


@pytest.mark.parametrize(
    ("colours", "positions", "repeats", "strategy", "first"),
    [
        (6, 4, "r", "optimal", 0),
        (6, 4, "r", "optimal-worst", 600),
        (6, 4, "n", "optimal-fit", 200),
        (6, 4, "r", "optimal-max5", 900),  # the fewest any strategy keeps: worst's search
    ],
)
def test_a_game_hints_after_a_bad_first_guess_with_no_numba_at_all(
    colours: int, positions: int, repeats: str, strategy: str, first: int, tmp_path: Path
) -> None:
    import os
    import subprocess
    import sys

    fake = tmp_path / "fake" / "numba"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('numba made unavailable')\n")
    env = {
        **os.environ,
        "PYTHONPATH": str(fake.parent),
        "MASTERMIND_CACHE_DIR": str(tmp_path / "cache"),
        "NUMBA_CACHE_DIR": str(tmp_path / "numba"),
        "MASTERMIND_RECORDS": "",
        "MASTERMIND_SHIPPED": "1",
        "MASTERMIND_WARMUP": "1",  # a fresh install's: the kernel is not compiled yet
    }
    args = [str(a) for a in (colours, positions, repeats, strategy, first)]
    done = subprocess.run(
        [sys.executable, "-c", GAME, *args], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    hint, rating = done.stdout.splitlines()[-2:]
    assert hint.startswith("HINT: try ") and "expected" in rating


@pytest.mark.parametrize(("colours", "positions", "repeats"), [(3, 3, True), (4, 3, False)])
def test_the_least_cap_is_the_worst_first_search(
    colours: int, positions: int, repeats: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """optimal-maxL, L the fewest guesses any strategy keeps, is optimal-worst's search:
    its shipped tree and data serve, one more guess not."""
    from engine.optimal.shipped import _guesses, least_within
    from engine.optimal.tree import build_tree

    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    space = CodeSpace(colours, positions, repeats)
    worst = shipped.file(space, False, True)
    least = _guesses(worst)
    capped = OptimalSearch(space, max_guesses=least)
    assert tree_to_json(build_tree(capped)) == shipped.tree(worst)
    assert least_within(space, False, least)
    assert not least_within(space, False, least + 1) and not least_within(space, True, least)


@pytest.mark.slow
@pytest.mark.parametrize("only_possible", [False, True])
def test_a_small_position_two_guesses_in_is_searched_interpreted_while_compiling(
    only_possible: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """6x4, a person's own two guesses leaving at most ``reach.FEW`` codes on a fresh
    install: the interpreted search decides and rates there, as the compiled one does,
    without waiting for the compile."""
    from engine.optimal import reach, warmup
    from engine.optimal.solutions import solution

    space = CodeSpace(6, 4)
    search = OptimalSearch(space, only_possible=only_possible)  # compiled: the reference
    everything, table = search.everything, search.answers
    first, secret = space.from_digits([0, 1, 2, 3]), space.from_digits([5, 4, 3, 2])
    after_first = everything[table[first, everything] == table[first, secret]]
    second = next(  # the first code as written leaving 21-40 codes
        int(g)
        for g in space.allowed
        if 20 < int((table[g, after_first] == table[g, secret]).sum()) <= reach.FEW
    )
    codes = after_first[table[second, after_first] == table[second, secret]]
    assert 2 < len(codes) <= reach.FEW
    want = decision(search, codes, (first, second))
    third = int(space.allowed[100])
    total = rate(search, codes, (first, second), third).expected

    def unavailable(*_: object, **__: object) -> str:
        raise AssertionError("waited on the compiled kernel")

    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(warmup, "kernel_for", unavailable)
    monkeypatch.setattr(warmup, "ready", lambda: False)
    solution.cache_clear()
    try:
        found = solution(6, 4, only_possible=only_possible)
        history = ((first, int(table[first, secret])), (second, int(table[second, secret])))
        assert found.decision(codes, history) == want
        assert found.searched is None and found.interim is not None
        assert found.interim.backend == warmup.INTERIM
        assert rate(found.search_at(codes), codes, (first, second), third).expected == total
    finally:
        solution.cache_clear()
