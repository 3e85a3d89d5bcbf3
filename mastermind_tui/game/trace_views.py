"""Building the Solver trace pane's view: the one place that turns a solver's knowledge
into a ``TraceView``, whoever breaks the code (the person, the computer, a watched
strategy)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import Answer, CodeSpace, Decision, Outcome, Solver, Step
from engine.explain.decisions import runner_up
from engine.explain.measured import pair_text, runner_up_of
from engine.explain.ties import estimated
from engine.rating.guesses import split_score
from engine.strategies import strategy_class
from engine.words import plural

from .settings import Settings
from .views import MAP_LIMIT, RIVAL_LIMIT, TraceView, few

if TYPE_CHECKING:
    from engine.arrays import Codes

#: Another guess and how it would have split the same codes.
Rival = tuple[int, dict[Answer, int]]


def idle_text(outcome: Outcome, candidates: int) -> str:
    """The advice line once nothing is being worked out: a whole sentence once the game
    has ended (no "would play next" before it), else "" (the headline and "nothing yet")."""
    if outcome is Outcome.SOLVED:
        return "The code is broken: no guess left to advise."
    if outcome is Outcome.QUIT:
        return f"The game was given up with {plural(candidates, 'code')} still possible."
    if outcome is Outcome.OUT_OF_MOVES:
        return f"Out of moves with {plural(candidates, 'code')} still possible."
    return ""


def allowed(space: CodeSpace) -> Codes | None:
    """For the code map: the codes the rules allow, when some indices are no code."""
    if space.repeats or space.size > MAP_LIMIT:
        return None
    return space.allowed


def mapped(space: CodeSpace, codes: Codes | None) -> Codes | None:
    """The codes still possible for the code map, when the game is small enough to draw."""
    return codes if space.size <= MAP_LIMIT else None


def weighed(
    settings: Settings,
    decision: Decision,
    rival: Rival | None,
    value: float | None = None,
    kind: str = "runner-up",
) -> str:
    """``decision``'s split beside ``rival``'s, both in the decision's measure (the
    runner-up's score as the strategy weighed it; another code's, ``value``, where
    known); "" without a rival."""
    if rival is None:
        return ""
    if value is None:
        alternative = runner_up_of(decision)
        value = alternative.score if alternative and alternative.guess == rival[0] else None
    fmt = settings.notation.format
    own = (fmt(settings.space, decision.guess), decision.partition, decision.score)
    theirs = (fmt(settings.space, rival[0]), rival[1], value)
    return pair_text(decision.score_label, own, theirs, kind, estimated(decision))


def worst_marked(strategy: str) -> bool:
    """Whether ``strategy``'s splits mark their largest classes "worst case": only where
    it weighs a guess by its largest class."""
    measure = strategy_class(strategy).measure
    return measure is not None and measure.worst_case


def person_view(
    settings: Settings,
    knowledge: Solver,
    moves: list[tuple[int, Answer]],
    advice: Decision | None,
    choice: Decision | None,
    outcome: Outcome,
) -> TraceView:
    """What the solver has learnt of the person's moves (``knowledge`` may lag a move or
    two behind ``moves``), the advice once worked out, and the strategy's ``choice`` where
    the person made their last guess, split beside theirs."""
    space, strategy = settings.space, settings.strategy
    possible = knowledge.candidates
    seen = len(knowledge.steps)
    last = moves[seen - 1] if seen else None
    fmt = settings.notation.format
    partition = knowledge.steps[-1].decision.partition if knowledge.steps else {}
    said = ""
    if choice is not None and last is not None:  # the person's guess in the choice's measure
        scored = split_score(strategy, partition)
        own = (fmt(space, last[0]), partition, None if scored is None else scored[0])
        theirs = (fmt(space, choice.guess), choice.partition, choice.score)
        said = pair_text(choice.score_label, own, theirs, f"{strategy}'s choice")
    return TraceView(
        candidates=len(possible),
        space_size=space.count,
        partition=partition,
        answered=last[1] if last else None,
        partition_of=fmt(space, last[0]) if last else "",
        decision=advice,
        headline=f"{strategy} would play next",
        possible=mapped(space, possible),
        allowed=allowed(space),
        idle=idle_text(outcome, len(possible)),
        remaining=few(possible),
        rival=None if choice is None or last is None else (choice.guess, choice.partition),
        rival_label=f"{strategy}'s choice",
        weighed=said,
        worst=worst_marked(strategy),
    )


class RivalMemo:
    """The runner-up of a solver's last guess and how it would have split the codes
    possible then: worked out once per step (the trace is drawn often)."""

    def __init__(self) -> None:
        self._kept: tuple[Step, Rival | None] | None = None

    def of(self, space: CodeSpace, solver: Solver) -> Rival | None:
        if not solver.steps:
            return None
        last = solver.steps[-1]
        if self._kept is not None and self._kept[0] is last:
            return self._kept[1]
        before = solver.candidates_before(last.number)
        rival = runner_up(space, last.decision, before) if len(before) <= RIVAL_LIMIT else None
        self._kept = (last, rival)
        return rival


def computer_view(
    settings: Settings,
    solver: Solver,
    pending: Decision | None,
    outcome: Outcome,
    rival: Rival | None,
) -> TraceView:
    """The computer's own knowledge: its pending decision and the last answer's split
    (before the first answer, the first guess's), beside its runner-up's."""
    space = settings.space
    last = solver.steps[-1] if solver.steps else None
    # Before any answer, the first guess's split as it would be ("No guess yet." sat
    # under "knuth plays: BBWW").
    shown = last.decision if last else pending
    return TraceView(
        candidates=len(solver.candidates),
        space_size=space.count,
        partition=shown.partition if shown else {},
        answered=last.answer if last else None,
        partition_of=settings.notation.format(space, shown.guess) if shown else "",
        decision=pending,
        headline=f"{settings.strategy_shown} plays",
        possible=mapped(space, solver.candidates),
        allowed=allowed(space),
        idle=idle_text(outcome, len(solver.candidates)),
        remaining=few(solver.candidates),
        rival=rival,
        weighed="" if last is None else weighed(settings, last.decision, rival),
        worst=worst_marked(settings.strategy),
    )


def watch_view(
    settings: Settings,
    steps: list[Step],
    now: Codes | None,
    rivals: list[Rival | None],
    move: int,
    answered: bool,
    moment: str,
) -> TraceView:
    """A watched game at one beat of move ``move`` (from 0): before its answer (the codes
    still possible, the guess chosen and how it would split them) or once ``answered``
    (the answer marked, the codes shrunk); ``now`` the codes still possible then."""
    space, strategy = settings.space, settings.strategy_shown
    step = steps[move]
    return TraceView(
        candidates=step.candidates_after if answered else step.decision.candidates_before,
        before=step.decision.candidates_before if answered else None,
        moment=moment,
        partition=step.decision.partition,
        answered=step.answer if answered else None,
        partition_of=settings.notation.format(space, step.guess),
        decision=step.decision,
        headline=f"Move {step.number}, {strategy} {'chose' if answered else 'chooses'}",
        rival=rivals[move],
        space_size=space.count,
        possible=mapped(space, now),
        allowed=None if now is None else allowed(space),
        remaining=None if now is None else few(now),
        weighed=weighed(settings, step.decision, rivals[move]),
        worst=worst_marked(settings.strategy),
    )
