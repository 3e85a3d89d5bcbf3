"""The computer breaks the person's code: its guesses, the person's answers, SECRET, and
catching a slip (contradicting answers, FIX, UNDO)."""

from __future__ import annotations

from dataclasses import dataclass

from engine import (
    Answer,
    CodeSpace,
    ComputerBreaks,
    Decision,
    InconsistentAnswersError,
    MastermindError,
    Solver,
    Step,
)
from engine.explain.decisions import answer_text
from engine.explain.slips import Fix, describe_fix, find_slips
from engine.feedback import check_answer
from engine.play.match import Role
from engine.play.rules import first_misfit
from engine.words import plural

from .context import AnsweringView
from .trace_views import RivalMemo, computer_view
from .views import TraceView


@dataclass(frozen=True)
class Conflict:
    """Answers that fit no code: the refused one, and the likeliest fixes once found."""

    guess: int
    answer: Answer
    #: Up to three fixes, likeliest first (None while they are being worked out).
    fixes: list[Fix] | None = None


class PersonAnswering:
    """The person's side of a game the computer breaks; the session holds the match and
    does what an answer changes beyond this side (``GameSession.answer`` and the rest)."""

    def __init__(self, session: AnsweringView) -> None:
        self.session = session
        self.conflict: Conflict | None = None
        self._rival = RivalMemo()

    def reset(self) -> None:
        """A new game: no answers in conflict."""
        self.conflict = None

    @property
    def computer(self) -> ComputerBreaks:
        computer = self.session.computer
        assert computer is not None and self.session.role is Role.COMPUTER
        return computer

    @property
    def space(self) -> CodeSpace:
        return self.session.settings.space

    def decide(self) -> Decision:
        """The computer's next guess, worked out here and now (for callers without a job;
        a screen uses ``thinker`` and ``adopt``)."""
        return self.computer.decide()

    def thinker(self) -> Solver | None:
        """A fork of the computer's solver to decide its next guess on in a job; None when
        there is nothing to decide (game over, or the guess is already decided)."""
        computer = self.computer
        if self.session.over or computer.solver.pending is not None:
            return None
        return computer.solver.fork(seed=int(self.session.rng.integers(2**63)))

    def adopt(self, generation: int, twin: Solver) -> bool:
        """Take the guess a ``thinker`` decided, unless the history changed meanwhile."""
        if generation != self.session.generation or self.session.over:
            return False
        self.computer.solver.adopt(twin)
        return True

    def set_secret(self, text: str) -> None:
        """Take the person's secret, so the program can answer for them. A secret that
        contradicts an answer already given is refused, naming that move."""
        session, space = self.session, self.space
        code = session.parse(text)
        moves = [(s.guess, s.answer) for s in self.computer.steps]
        wrong = first_misfit(space, code, moves)
        if wrong is not None:
            guess, given = moves[wrong]
            right = space.answer(code, guess)
            raise MastermindError(
                f"that secret would have answered move {wrong + 1} ({session.format(guess)}) "
                f"with {right.black},{right.white}, not {given.black},{given.white}: "
                f"type FIX {wrong + 1} {right.black},{right.white} first"
            )
        self.computer.secret = code

    def answer(self, black: int, white: int) -> Step:
        """Answer the pending guess. Contradicting answers raise InconsistentAnswersError and
        leave ``conflict`` set (its fixes are found by ``slip_finder``); nothing is lost."""
        decision = self.computer.solver.pending
        if decision is None:
            raise MastermindError("wait: I am still thinking of my guess")
        try:
            step = self.computer.answer(black, white)
        except InconsistentAnswersError:
            answer = check_answer(black, white, self.space)
            self.conflict = Conflict(decision.guess, answer)
            raise
        self.conflict = None
        return step

    def auto_answer(self) -> Step:
        computer = self.computer
        if computer.secret is None:
            raise MastermindError(f"no secret was given: answer with {self.space.answers.form}")
        decision = computer.solver.pending
        if decision is None:
            raise MastermindError("wait: I am still thinking of my guess")
        right = self.space.answer(computer.secret, decision.guess)
        return self.answer(*right)

    def conflict_moves(self) -> list[tuple[int, Answer]]:
        """The answers given, then the refused one: what the slip finder looks at."""
        assert self.conflict is not None
        moves = [(s.guess, s.answer) for s in self.computer.steps]
        return [*moves, (self.conflict.guess, self.conflict.answer)]

    def slip_finder(self) -> tuple[CodeSpace, list[tuple[int, Answer]]] | None:
        """What a job needs to find the likely slips (``find_slips``), or None."""
        if self.conflict is None or self.conflict.fixes is not None:
            return None
        return self.space, self.conflict_moves()

    def take_fixes(self, generation: int, fixes: list[Fix]) -> bool:
        """Keep the fixes a job found, unless the answers changed meanwhile."""
        if generation != self.session.generation or self.conflict is None:
            return False
        self.conflict = Conflict(self.conflict.guess, self.conflict.answer, fixes)
        return True

    def find_fixes_now(self) -> list[Fix]:
        """Find and keep the likely slips at once (for callers without a job)."""
        space, moves = self.slip_finder() or (self.space, [])
        fixes = find_slips(space, moves)
        self.take_fixes(self.session.generation, fixes)
        return fixes

    def describe(self, fix: Fix) -> str:
        return describe_fix(fix, self.conflict_moves(), self.session.format)

    def describe_all(self, fixes: list[Fix]) -> str:
        """The likely slips in few words, so that all of them fit the message line at
        80x24: fixes of one answer each are grouped by move, in the order first offered
        ("move 3 (ROWY) 0,1 (1 code), 1,0 (1) or 0,2 (6), not 0,0"); a fix of several
        answers is said in full."""
        moves, fmt = self.conflict_moves(), self.session.format
        by_move: dict[int, list[Fix]] = {}
        phrases: list[str | int] = []  # a move's number stands for its group
        for fix in fixes:
            if len(fix.corrections) != 1:
                phrases.append(describe_fix(fix, moves, fmt))
                continue
            move = fix.corrections[0][0]
            if move not in by_move:
                by_move[move] = []
                phrases.append(move)
            by_move[move].append(fix)
        return "; ".join(
            phrase if isinstance(phrase, str) else self._one_move(phrase, by_move[phrase])
            for phrase in phrases
        )

    def _one_move(self, move: int, fixes: list[Fix]) -> str:
        guess, old = self.conflict_moves()[move]
        options = [
            f"{answer_text(f.corrections[0][1])} "
            + (f"({plural(f.codes_left, 'code')})" if n == 0 else f"({f.codes_left:,})")
            for n, f in enumerate(fixes)
        ]
        listed = options[0] if len(options) == 1 else ", ".join(options[:-1])
        if len(options) > 1:
            listed += f" or {options[-1]}"
        return f"move {move + 1} ({self.session.format(guess)}) {listed}, not {answer_text(old)}"

    def undo(self) -> Step:
        """Take back the last answer given to the computer."""
        if self.session.over:
            raise MastermindError(self.session.over_text())
        step = self.computer.undo()
        self.conflict = None
        return step

    def fix(self, move: int, black: int, white: int) -> None:
        """Give move ``move`` (from 1) its right answer, keep the later moves as played, and
        replay the refused answer too if there is one. Changes nothing if the answers
        still fit no code."""
        refused = None if self.conflict is None else (self.conflict.guess, self.conflict.answer)
        self.computer.correct(move, black, white, refused)
        self.conflict = None

    def trace(self) -> TraceView:
        """The computer's own knowledge: its pending decision and the last answer's split,
        beside its runner-up's."""
        session = self.session
        solver = self.computer.solver
        rival = self._rival.of(self.space, solver)
        outcome = self.computer.outcome
        return computer_view(session.settings, solver, session.pending, outcome, rival)
