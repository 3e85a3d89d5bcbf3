"""What the breaker of a session's game knows, read on demand by the panes that ask (the
decision tree, the codes of one class of the split on show), from the solver of
whichever side breaks the code."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import Answer
from engine.explain.decisions import class_codes
from engine.play.match import PERSON

from .views import RIVAL_LIMIT

if TYPE_CHECKING:
    from engine.arrays import Codes

    from .session import GameSession


def breaker_position(session: GameSession) -> tuple[Codes, tuple[tuple[int, int], ...]]:
    """The breaker's position for the decision tree: the codes still possible and the
    moves as (guess, answer class). The person's knowledge catches up here if a job
    has not yet learnt the last guess (a scan of the codes: only on an explicit ask)."""
    if session.role == PERSON:
        solver = session.guessing.person.knowledge
    else:
        solver = session.answering.computer.solver
    return solver.candidates, solver.history


def codes_of_class(session: GameSession, answer: Answer) -> Codes | None:
    """The codes of one class of the split on show (whoever breaks the code): those
    possible before its guess that answer it with ``answer``; None before a guess, or
    past RIVAL_LIMIT codes."""
    if session.role == PERSON:
        assert session.person is not None
        solver = session.person.known
    else:
        solver = session.answering.computer.solver
    if not solver.steps:
        return None
    last = solver.steps[-1]
    before = solver.candidates_before(last.number)
    if len(before) > RIVAL_LIMIT:
        return None
    return class_codes(session.space, last.guess, before, answer)
