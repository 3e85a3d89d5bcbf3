"""The solver's bookkeeping: answers, slips, undo, a person's own guesses, rules."""

from typing import Any

import numpy as np
import pytest

from engine import (
    AnswerError,
    CodeSpace,
    ComputerBreaks,
    InconsistentAnswersError,
    MastermindError,
    Outcome,
    PersonBreaks,
    Rules,
    Solver,
    get_notation,
    make_strategy,
    score,
)
from engine.feedback import Answer

SPACE = CodeSpace(6, 4)
LETTERS = get_notation("letters")


def code(text: str) -> int:
    return LETTERS.parse(SPACE, text)


def test_decide_is_stable_until_answered() -> None:
    solver = Solver(SPACE, make_strategy("random"), seed=4)
    assert solver.decide() is solver.decide()


def test_impossible_answer_is_refused_and_nothing_is_lost() -> None:
    solver = Solver(SPACE, make_strategy("knuth"))
    with pytest.raises(AnswerError, match="only 4 positions"):
        solver.answer(3, 2)
    with pytest.raises(AnswerError, match="impossible"):
        solver.answer(3, 1)
    assert solver.steps == [] and len(solver.candidates) == 1296


def test_inconsistent_answers_are_caught_at_once_and_can_be_corrected() -> None:
    secret = code("RGBY")
    solver = Solver(SPACE, make_strategy("knuth"))
    solver.answer_for(secret)
    solver.answer_for(secret)
    before = solver.candidates.copy()
    guess = solver.decide().guess
    # A slip: the third answer claims all four colours but no black.
    with pytest.raises(InconsistentAnswersError, match="earlier answers"):
        solver.answer(0, 4)
    assert np.array_equal(solver.candidates, before)
    assert solver.decide().guess == guess
    solver.answer_for(secret)
    while not solver.solved:
        solver.answer_for(secret)
    assert solver.steps[-1].guess == secret


def test_undo_restores_the_previous_position() -> None:
    solver = Solver(SPACE, make_strategy("knuth"))
    first = solver.decide().guess
    solver.answer(0, 1)
    step = solver.undo()
    assert step.guess == first and solver.steps == [] and len(solver.candidates) == 1296
    with pytest.raises(MastermindError, match="no answer to take back"):
        solver.undo()


def test_observe_follows_a_person_and_advises() -> None:
    solver = Solver(SPACE, make_strategy("knuth"))
    step = solver.observe(code("BWRG"), 1, 1)
    assert step.decision.note == "chosen by the player"
    assert step.candidates_after == step.decision.partition[Answer(1, 1)] == 252
    advice = solver.decide()
    assert advice.score == 47 and advice.candidates_before == 252


def test_inconsistent_when_nothing_is_left_to_guess() -> None:
    solver = Solver(CodeSpace(2, 1), make_strategy("sequential"))
    solver.answer(0, 0)  # not B, so W
    with pytest.raises(InconsistentAnswersError):
        solver.answer(0, 0)


def test_person_breaks_to_a_win_and_to_a_loss() -> None:
    rules = Rules(max_moves=2)
    win = PersonBreaks(rules, code("RGBY"))
    assert win.guess(code("RRGG")) == Answer(1, 1)
    win.guess(code("RGBY"))
    assert win.outcome is Outcome.SOLVED and win.score == 2
    lose = PersonBreaks(rules, code("RGBY"))
    lose.guess(code("BBBB"))
    lose.guess(code("WWWW"))
    assert lose.outcome is Outcome.OUT_OF_MOVES and lose.score == 3  # the limit plus one
    with pytest.raises(MastermindError, match="over"):
        lose.guess(code("RGBY"))


def test_computer_breaks_with_auto_answers_and_a_move_limit() -> None:
    rules = Rules()
    game = ComputerBreaks.start(rules, "knuth", secret=code("YYOB"))
    while game.outcome is Outcome.PLAYING:
        game.auto_answer()
    assert game.outcome is Outcome.SOLVED and game.score == len(game.steps) <= 5
    short = ComputerBreaks.start(Rules(max_moves=1), "sequential", secret=code("YYOB"))
    short.auto_answer()
    assert short.outcome is Outcome.OUT_OF_MOVES and short.score == 2


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [({"rounds": 0}, "rounds"), ({"max_moves": 0}, "move limit"), ({"colours": 1}, "colours")],
)
def test_rules_validate(kwargs: dict[str, Any], fragment: str) -> None:
    with pytest.raises(MastermindError, match=fragment):
        Rules(**kwargs)


def test_pending_is_the_decision_waiting_for_an_answer() -> None:
    solver = Solver(SPACE, make_strategy("knuth"))
    assert solver.pending is None
    decision = solver.decide()
    assert solver.pending is decision
    solver.answer(0, 1)
    assert solver.pending is None


def test_person_breaks_keeps_the_knowledge_for_the_trace() -> None:
    game = PersonBreaks(Rules(), code("RGBY"))
    assert game.guess(code("BWRG")) == Answer(0, 3)
    assert len(game.knowledge.candidates) == 136
    assert game.knowledge.steps[-1].decision.partition[Answer(0, 3)] == 136


def test_correcting_a_slip_keeps_the_game() -> None:
    secret = code("RGBY")
    game = ComputerBreaks.start(Rules(), "knuth")
    first = game.decide().guess
    game.answer(2, 2)  # a slip: BBWW against RGBY gets 0 black 1 white
    second = game.decide().guess
    true_second = score(SPACE.to_digits(secret), SPACE.to_digits(second))
    refused = None
    try:
        game.answer(*true_second)
    except InconsistentAnswersError:
        refused = (second, true_second)
    game.correct(1, 0, 1, refused)
    assert [s.guess for s in game.steps][:1] == [first]
    assert game.steps[0].answer == Answer(0, 1)
    assert secret in game.solver.candidates
    while game.outcome is Outcome.PLAYING:
        game.answer(*score(SPACE.to_digits(secret), SPACE.to_digits(game.decide().guess)))
    assert game.outcome is Outcome.SOLVED and game.steps[-1].guess == secret


def test_a_correction_that_still_fits_nothing_changes_nothing() -> None:
    game = ComputerBreaks.start(Rules(), "knuth")
    game.decide()
    game.answer(0, 0)
    game.decide()
    game.answer(0, 0)
    before = [(s.guess, s.answer) for s in game.steps]
    with pytest.raises(MastermindError, match="no move 5"):
        game.correct(5, 0, 0)
    with pytest.raises(InconsistentAnswersError, match="would have ended there"):
        game.correct(1, 4, 0)
    assert [(s.guess, s.answer) for s in game.steps] == before
    game.quit()
    assert game.outcome is Outcome.QUIT


def test_fork_thinks_alone_and_shares_what_is_known() -> None:
    solver = Solver(SPACE, make_strategy("knuth"))
    solver.observe(code("BBWW"), 0, 1)
    twin = solver.fork()
    assert twin.candidates is solver.candidates and len(twin.steps) == 1
    advice = twin.decide()
    assert solver.pending is None and advice.candidates_before == 256
    solver.observe(code("RGBY"), 0, 0)
    assert len(twin.steps) == 1 and twin.pending is advice


def test_a_refused_observation_leaves_nothing_pending() -> None:
    solver = Solver(SPACE, make_strategy("knuth"))
    solver.observe(code("BBBB"), 0, 0)  # no black at all
    with pytest.raises(InconsistentAnswersError):
        solver.observe(code("BBBB"), 1, 0)
    assert solver.pending is None and len(solver.steps) == 1


def test_fixing_a_move_not_played_names_the_moves_there_are() -> None:
    """Never "(moves 1 to 0)" or "(moves 1 to 1)"."""
    game = ComputerBreaks.start(Rules(), "knuth")
    with pytest.raises(MastermindError, match=r"no move 1 to fix \(no move played yet\)$"):
        game.correct(1, 0, 0)
    game.decide()
    game.answer(0, 0)
    with pytest.raises(MastermindError, match=r"no move 2 to fix \(only move 1\)$"):
        game.correct(2, 0, 0)


def test_every_solver_of_a_size_starts_from_one_shared_read_only_array() -> None:
    """A fork (made on the interface thread for each worker) and a new
    game built a fresh index array the size of the code space: about 35 ms on 8x8 on a
    quiet machine, 100-150 ms each under load."""
    first = Solver(SPACE, make_strategy("knuth")).fork()
    second = Solver(CodeSpace(6, 4), make_strategy("entropy"))
    assert first.candidates is second.candidates is SPACE.all_indices()
    assert not first.candidates.flags.writeable
