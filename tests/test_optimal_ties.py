"""The exact optimum's ties counted exactly after the opening: every guess whose exact cost
equals the best, the classes of guesses alike by the position's symmetry counted whole,
checked against a brute force that works out every guess's exact cost plainly (no
symmetry, no bounds) on small sizes."""

from __future__ import annotations

import json
from functools import cache, partial
from pathlib import Path

import numpy as np
import pytest

from engine import CodeSpace, Solver, get_notation, make_strategy
from engine.explain.decisions import sentence, tie_text
from engine.feedback import table
from engine.optimal.search import OptimalSearch
from engine.optimal.ties import exact_ties
from engine.strategies import NO_DRAWS, Position
from engine.strategies.optimal_ties import tie_facts
from engine.trace import Alternative
from mastermind_tui.modes.main import main

LETTERS = get_notation("letters")


def brute_costs(
    space: CodeSpace, codes: tuple[int, ...], only_possible: bool = False
) -> dict[int, int]:
    """Every guess's exact total for ``codes`` (guesses that tell nothing left out): the
    guess's codes, plus each class's optimum but the class of the guess itself, each
    optimum the plain minimum over every guess (memoised by the set); ``only_possible``:
    every guess a code still possible (optimal-fit's rule)."""
    answers = table(space)
    found = int(answers[0, 0])  # the answer class "all black"

    @cache
    def value(s: tuple[int, ...]) -> int:
        if len(s) == 1:
            return 1
        return min(cost(s).values())

    def cost(s: tuple[int, ...]) -> dict[int, int]:
        arr = np.array(s)
        out = {}
        for g in arr if only_possible else space.allowed:
            split = answers[g, arr]
            kinds = np.unique(split)
            if len(kinds) == 1 and kinds[0] != found:
                continue  # tells nothing
            rest = (tuple(arr[split == a].tolist()) for a in kinds if a != found)
            out[int(g)] = len(s) + sum(value(c) for c in rest)
        return out

    return cost(codes)


def positions(
    space: CodeSpace, moves: int, only_possible: bool = False
) -> list[tuple[np.ndarray, tuple[int, ...]]]:
    """Every position the optimum's own first ``moves`` guesses lead to, with 3 to 24
    codes (small enough for the brute force)."""
    search = OptimalSearch(space, only_possible=only_possible)
    level: list[tuple[np.ndarray, tuple[int, ...]]] = [(search.everything, ())]
    for _ in range(moves):
        deeper: list[tuple[np.ndarray, tuple[int, ...]]] = []
        for codes, history in level:
            _, (guess, *_) = search.decide(codes, history)
            split = search.answers[guess, codes]
            for a in np.unique(split):
                if a != search.found:
                    deeper.append((codes[split == a], (*history, guess)))
        level = deeper
    return [(c, h) for c, h in level if 3 <= len(c) <= 24]


@pytest.mark.slow
@pytest.mark.parametrize(("colours", "places", "moves"), [(3, 3, 1), (4, 3, 1), (4, 4, 2)])
def test_exact_ties_equal_a_brute_force(colours: int, places: int, moves: int) -> None:
    """At each position: the optimum, the codes reaching it, those that could be the
    secret, and the next best total, as the brute force finds them."""
    space = CodeSpace(colours, places)
    search = OptimalSearch(space)
    checked = 0
    for codes, history in positions(space, moves):
        costs = brute_costs(space, tuple(codes.tolist()))
        best = min(costs.values())
        tied = {g for g, t in costs.items() if t == best}
        exact = exact_ties(search, codes, history)
        assert exact is not None and exact.total == best
        assert exact.count == len(tied), (history, len(codes))
        possible = set(codes.tolist())
        reps_possible = sum(s for g, s in exact.tied if g in possible)
        assert reps_possible == len(tied & possible)
        assert {g for g, _ in exact.tied} <= tied
        worse = [t for t in costs.values() if t > best]
        assert (exact.worse[1] if exact.worse else None) == (min(worse) if worse else None)
        checked += 1
    assert checked >= 3


def test_optimal_fit_s_ties_equal_a_brute_force() -> None:
    """Every guess a code still possible (optimal-fit): the same count, on 4x3 and 4x4."""
    checked = 0
    for space, moves in ((CodeSpace(4, 3), 1), (CodeSpace(4, 4), 2)):
        search = OptimalSearch(space, only_possible=True)
        for codes, history in positions(space, moves, only_possible=True):
            costs = brute_costs(space, tuple(codes.tolist()), only_possible=True)
            best = min(costs.values())
            exact = exact_ties(search, codes, history)
            assert exact is not None and exact.total == best
            assert exact.count == sum(1 for t in costs.values() if t == best)
            checked += 1
    assert checked >= 6


@pytest.mark.slow
def test_the_choice_counts_every_tie_and_twin(cache_dir: Path) -> None:
    """4x4 after two moves: the Choice's ties, ties that could be the secret and twins
    (tied codes splitting the codes exactly as the choice) against the brute force."""
    space = CodeSpace(4, 4)
    optimal = make_strategy("optimal")
    answers = table(space)
    checked = 0
    for codes, history in positions(space, 2):
        solver_history = []
        left = space.allowed
        for g in history:  # the answers that lead to ``codes``
            cls = int(answers[g, codes[0]])
            solver_history.append((g, cls))
            left = left[answers[g, left] == cls]
        assert np.array_equal(left, codes)
        choice = optimal.choose(Position(space, codes, tuple(solver_history), NO_DRAWS))
        costs = brute_costs(space, tuple(codes.tolist()))
        best = min(costs.values())
        tied = [g for g, t in costs.items() if t == best]
        own = np.bincount(answers[choice.guess, codes], minlength=answers.max() + 1)
        twins = [
            g
            for g in tied
            if g != choice.guess
            and np.array_equal(np.bincount(answers[g, codes], minlength=len(own)), own)
        ]
        assert choice.ties_known
        assert choice.ties == len(tied)
        assert choice.ties_possible == len(set(tied) & set(codes.tolist()))
        assert choice.twins == len(twins)
        checked += 1
    assert checked >= 3


@pytest.mark.slow
def test_oyrg_move_two_is_counted_exactly_and_said_so(cache_dir: Path) -> None:
    """6x4 OYRG, move 2 (276 codes after BBWR): every guess's exact cost from the search's
    value of each class (no ties mode, no classes of guesses), the count the same, and the
    sentence with no "at least"; solve's JSON says every tie is counted."""
    space = CodeSpace(6, 4)
    solver = Solver(space, make_strategy("optimal"))
    solver.decide()
    solver.answer_for(LETTERS.parse(space, "OYRG"))
    before = solver.candidates
    decision = solver.decide()
    search = OptimalSearch(space)
    history = (solver.steps[0].guess,)
    costs = []
    for g in space.allowed:
        split = search.answers[g, before]
        kinds = np.unique(split)
        if len(kinds) == 1:
            continue
        total = len(before) + sum(
            search.value(before[split == a], (*history, int(g))) for a in kinds if a != search.found
        )
        costs.append((total, int(g)))
    best = min(t for t, _ in costs)
    tied = [g for t, g in costs if t == best]
    assert decision.score is not None and round(decision.score * len(before)) == best
    assert decision.ties_known and decision.ties == len(tied) == 24
    assert decision.ties_possible == len(set(tied) & set(before.tolist()))
    fmt = partial(LETTERS.format, space)
    said = sentence(decision, fmt)
    assert "at least" not in said and " found " not in said
    assert tie_text(decision, fmt).startswith("WGGO and 23 others (the codes that swapping")


def test_solve_json_says_every_tie_counted(
    cache_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "OYRG", "--strategy", "optimal", "--json"]) == 0
    moves = json.loads(capsys.readouterr().out)["guesses"]
    told = [m["reasoning"] for m in moves]
    assert all(r["ties_all_counted"] for r in told)
    assert told[1]["ties"] == 24 and "at least" not in told[1]["sentence"]


def test_past_the_limit_the_tree_s_few_are_told_as_a_lower_bound(
    cache_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the count out of reach (a position past the limit), the tree's few tied
    guesses are counted and said as "at least"."""
    monkeypatch.setattr("engine.optimal.ties.TIES_LIMIT", 10)
    space = CodeSpace(4, 3)
    solver = Solver(space, make_strategy("optimal"))
    solver.decide()
    solver.answer_for(LETTERS.parse(space, "RGB"))
    decision = solver.decide()
    assert decision.candidates_before > 10 and not decision.ties_known
    assert "at least" in sentence(decision, partial(LETTERS.format, space))


def test_a_tree_off_the_search_keeps_the_lower_bound(cache_dir: Path) -> None:
    """A stored total that the search does not reach (a stale tree) is not trusted for an
    exact count: the tree's own few are told."""
    space = CodeSpace(4, 3)
    strategy = make_strategy("optimal")
    solver = Solver(space, strategy)
    solver.decide()
    solver.answer_for(LETTERS.parse(space, "RGB"))
    cands = solver.candidates
    found = strategy._solution(space)  # type: ignore[attr-defined]
    position = Position(space, cands, solver.history, NO_DRAWS)
    node = found.follow(solver.history)
    assert node is not None
    alternatives = tuple(Alternative(g, t / len(cands), True) for g, t in node.others)
    facts = tie_facts(found, position, node.guess, node.total + 1, alternatives)
    assert facts["ties_known"] is False or facts["ties"] <= 1 + len(alternatives)


@pytest.mark.parametrize(
    ("colours", "positions", "repeats", "fit", "cap"),
    [(4, 4, True, False, None), (5, 4, True, False, None), (6, 4, True, False, None),
     (6, 4, True, True, None), (6, 4, False, False, None), (7, 3, True, False, None),
     (3, 5, True, True, None), (5, 3, False, False, None), (2, 6, True, False, None),
     (6, 4, True, False, 5), (6, 4, True, False, 6), (6, 4, True, True, 6),
     (6, 4, True, False, 7), (5, 4, True, False, 6), (4, 4, True, True, 5)],
)  # fmt: skip
def test_the_openings_ties_from_the_shipped_data_equal_the_searchs(
    colours: int, positions: int, repeats: bool, fit: bool, cap: int | None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """At the opening the ties come from the data shipped for what follows each first
    guess, with no search (9x3's search took 8 s of CPU warm, its data 0.4 s): the same
    total, classes, sizes and next best as the search's count; under a cap (6x4's max5
    is optimal-worst's) from the file that plays it."""
    from engine.optimal.capped import openings_file
    from engine.strategies.optimal_ties import stored_opening

    space = CodeSpace(colours, positions, repeats)
    codes = np.asarray(space.allowed, dtype=np.int16)
    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    name = openings_file(space, fit, cap)
    stored = stored_opening(space, name, codes)
    monkeypatch.setenv("MASTERMIND_SHIPPED", "0")
    assert stored is not None, name
    search = OptimalSearch(space, only_possible=fit, max_guesses=cap)
    assert stored == exact_ties(search, codes, ())


def test_one_or_two_codes_left_need_no_search() -> None:
    """What ``exact_ties`` finds there, with no search built (2x9's took 3 s)."""
    from engine.strategies.optimal_ties import few_codes

    space = CodeSpace(6, 4)
    search = OptimalSearch(space)
    for codes in ([5], [7, 300], [1000, 17]):
        sorted_codes = np.array(sorted(codes), dtype=np.int16)
        assert few_codes(space, sorted_codes) == exact_ties(search, sorted_codes, (0,))


def test_the_opening_on_9x3_counts_its_ties_without_a_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine.strategies import optimal_ties

    def no_search(*_: object) -> None:
        raise AssertionError("the opening's ties searched")

    monkeypatch.setattr(optimal_ties, "_search_now", no_search)
    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    space = CodeSpace(9, 3)
    choice = make_strategy("optimal").choose(Position(space, space.allowed, (), NO_DRAWS))
    assert choice.ties_known and choice.ties == 504 and choice.twins == 503
