"""The game a screen shows, owned by one object built on the engine.

Screens call these methods and render what they return; no game rule lives in a widget.
Nothing here imports Textual, so all of it can be tested directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from engine import (
    Answer,
    CodeSpace,
    ComputerBreaks,
    Decision,
    InconsistentAnswersError,
    MastermindError,
    Outcome,
    PersonBreaks,
    Rules,
    Solver,
    Step,
    likely_slips,
    make_strategy,
    parse_any,
    score,
)
from engine.feedback import check_answer

from .settings import MODE_TITLES, MODES, Settings

__all__ = ["MODES", "MODE_TITLES", "GameSession", "Settings", "WatchSession"]

#: Largest game for which every code is drawn as a cell of the code map.
MAP_LIMIT = 2304


@dataclass(frozen=True)
class Row:
    """One move as the board draws it: colour digits and the answer."""

    digits: tuple[int, ...]
    answer: Answer


@dataclass(frozen=True)
class TraceView:
    """What the solver trace pane shows, ready to draw."""

    candidates: int
    space_size: int
    #: Answer -> codes, for the last guess (largest first), and the answer it actually got.
    partition: dict[Answer, int] = field(default_factory=dict)
    answered: Answer | None = None
    partition_of: str = ""
    #: The strategy's advice: its guess, score and the alternatives it weighed.
    decision: Decision | None = None
    headline: str = ""
    #: Codes still possible, for the code map (None when the game is too big to draw).
    possible: np.ndarray | None = None


@dataclass(frozen=True)
class Conflict:
    """Answers that fit no code: the new one that was refused, and the likely slips."""

    guess: int
    answer: Answer
    #: (move index from 0, codes left if that move's answer were wrong), likeliest first.
    slips: list[tuple[int, int]]


class GameSession:
    """A match: rounds, each made of one or two games, and both sides' running scores."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.rng = np.random.default_rng(settings.seed)
        self.roles = MODES[settings.mode]
        self.round = 1
        self.role_index = 0
        self.scores = {"person": 0, "computer": 0}
        self.conflict: Conflict | None = None
        self._counted = False
        self.person: PersonBreaks | None = None
        self.computer: ComputerBreaks | None = None
        self._start_game()

    # ----- the match -----
    @property
    def space(self) -> CodeSpace:
        return self.settings.space

    @property
    def rules(self) -> Rules:
        return self.settings.rules

    @property
    def role(self) -> str:
        """Who breaks the code in the current game: "person" or "computer"."""
        return self.roles[self.role_index]

    @property
    def game(self) -> PersonBreaks | ComputerBreaks:
        game = self.person if self.role == "person" else self.computer
        assert game is not None
        return game

    @property
    def over(self) -> bool:
        """Whether the current game has ended."""
        return self.game.outcome is not Outcome.PLAYING

    @property
    def match_over(self) -> bool:
        last = self.round == self.rules.rounds and self.role_index == len(self.roles) - 1
        return self.over and last

    def _start_game(self) -> None:
        self.conflict = None
        self._counted = False
        seed = int(self.rng.integers(2**63))
        if self.role == "person":
            self.person = PersonBreaks.random(self.rules, self.rng, self.settings.strategy)
        else:
            self.computer = ComputerBreaks.start(self.rules, self.settings.strategy, seed=seed)

    def next_game(self) -> None:
        """Move on to the next game of the match (the other role, or the next round)."""
        if not self.over:
            raise MastermindError("finish this game first (or type QUIT)")
        if self.match_over:
            raise MastermindError("the match is over; start a new game")
        self.role_index += 1
        if self.role_index == len(self.roles):
            self.role_index = 0
            self.round += 1
        self._start_game()

    def _count(self) -> None:
        if self.over and not self._counted:
            self.scores[self.role] += self.game.score
            self._counted = True

    def status(self) -> str:
        """Round and the running score, for the always-visible status line."""
        scores = f"You {self.scores['person']} · Computer {self.scores['computer']}"
        role = "you break" if self.role == "person" else "computer breaks"
        return f"Round {self.round}/{self.rules.rounds} ({role}) · Moves: {scores} (lower wins)"

    def verdict(self) -> str:
        """Who won the match, once it is over."""
        you, it = self.scores["person"], self.scores["computer"]
        if self.settings.mode != "match":
            return f"Total moves: {you if self.role == 'person' else it}"
        if you == it:
            return f"A draw, {you} moves each"
        return f"{'You win' if you < it else 'The computer wins'}: {you} moves to {it}"

    # ----- codes -----
    def format(self, code: int) -> str:
        return self.settings.notation.format(self.space, code)

    def parse(self, text: str) -> int:
        return parse_any(self.space, text, self.settings.notation)

    @property
    def secret_text(self) -> str:
        secret = self.game.secret
        return "" if secret is None else self.format(secret)

    def rows(self) -> list[Row]:
        space = self.space
        if self.role == "person":
            assert self.person is not None
            return [Row(space.to_digits(g), a) for g, a in self.person.moves]
        return [Row(space.to_digits(s.guess), s.answer) for s in self.game.steps]

    # ----- the person breaks -----
    def guess(self, text: str) -> Answer:
        """Play a typed guess; a CodeError for a bad one costs no move."""
        assert self.person is not None and self.role == "person"
        if self.over:
            raise MastermindError("this game is over: press Enter for the next one")
        answer = self.person.guess(self.parse(text))
        self._count()
        return answer

    def quit_game(self) -> str:
        """Give up the current game (it scores the limit plus one); return the secret."""
        if not self.over:
            if self.role == "person":
                assert self.person is not None
                self.person.quit()
            else:
                assert self.computer is not None
                self.computer.quit()
            self._count()
        return self.secret_text

    def advisor(self) -> tuple[int, Solver | None]:
        """A private copy of the solver that follows the person's game, to work out the
        strategy's advice in a worker while the person plays on, with the move count it
        stands for; None once the code is broken. Call it from the interface thread."""
        assert self.person is not None
        moves = len(self.person.moves)
        if self.person.outcome is Outcome.SOLVED:
            return moves, None
        return moves, self.person.knowledge.fork(seed=self.settings.seed)

    def person_trace(self, advice: Decision | None = None) -> TraceView:
        """Codes still possible given the person's moves, and the last guess's partition."""
        assert self.person is not None
        space = self.space
        knowledge = self.person.knowledge
        possible = knowledge.candidates
        partition = knowledge.steps[-1].decision.partition if knowledge.steps else {}
        last = self.person.moves[-1] if self.person.moves else None
        return TraceView(
            candidates=len(possible),
            space_size=space.size,
            partition=partition,
            answered=last[1] if last else None,
            partition_of=self.format(last[0]) if last else "",
            decision=advice,
            headline=f"{self.settings.strategy} would play next",
            possible=possible if space.size <= MAP_LIMIT else None,
        )

    # ----- the computer breaks -----
    def decide(self) -> Decision:
        """The computer's next guess (may take seconds on big games: call from a worker)."""
        assert self.computer is not None
        return self.computer.decide()

    @property
    def pending(self) -> Decision | None:
        """The guess waiting for an answer, if the computer has decided it."""
        return None if self.over or self.computer is None else self.computer.solver.pending

    def set_secret(self, text: str) -> None:
        """Take the person's secret, so the program can answer for them. A secret that
        contradicts an answer already given is refused, naming that move."""
        assert self.computer is not None
        code = self.parse(text)
        space = self.space
        for step in self.computer.steps:
            right = score(space.to_digits(code), space.to_digits(step.guess))
            if right != step.answer:
                raise MastermindError(
                    f"that secret would have answered move {step.number} "
                    f"({self.format(step.guess)}) with {right}, not {step.answer}: "
                    f"type FIX {step.number} {right.black},{right.white} first"
                )
        self.computer.secret = code

    def answer(self, black: int, white: int) -> Step:
        """Answer the pending guess. Contradicting answers raise InconsistentAnswersError and
        leave ``conflict`` set with the likely slips; nothing is lost."""
        assert self.computer is not None
        decision = self.computer.decide()
        try:
            step = self.computer.answer(black, white)
        except InconsistentAnswersError:
            answer = check_answer(black, white, self.space.positions)
            moves = [(s.guess, s.answer) for s in self.computer.steps]
            slips = likely_slips(self.space, [*moves, (decision.guess, answer)])
            self.conflict = Conflict(decision.guess, answer, slips)
            raise
        self.conflict = None
        self._count()
        return step

    def auto_answer(self) -> Step:
        assert self.computer is not None
        step = self.computer.auto_answer()
        self._count()
        return step

    def undo(self) -> Step:
        """Take back the last answer given to the computer."""
        assert self.computer is not None
        if self.over:
            raise MastermindError("this game is over")
        self.conflict = None
        return self.computer.undo()

    def fix(self, move: int, black: int, white: int) -> None:
        """Give move ``move`` (from 1) its right answer, keep the later moves as played, and
        replay the refused answer too if there is one. Changes nothing if the answers
        still fit no code."""
        assert self.computer is not None
        refused = None if self.conflict is None else (self.conflict.guess, self.conflict.answer)
        self.computer.correct(move, black, white, refused)
        self.conflict = None
        self._count()

    def computer_trace(self) -> TraceView:
        """The computer's own knowledge: its pending decision and the last answer's split."""
        assert self.computer is not None
        solver = self.computer.solver
        last = solver.steps[-1] if solver.steps else None
        return TraceView(
            candidates=len(solver.candidates),
            space_size=self.space.size,
            partition=last.decision.partition if last else {},
            answered=last.answer if last else None,
            partition_of=self.format(last.guess) if last else "",
            decision=self.pending,
            headline=f"{self.settings.strategy} plays",
            possible=solver.candidates if self.space.size <= MAP_LIMIT else None,
        )


class WatchSession:
    """A strategy breaking a known secret, recorded whole so one can step back and forth."""

    def __init__(self, settings: Settings, secret: int) -> None:
        self.settings = settings
        self.secret = secret
        self.steps: list[Step] = []
        self.possible: list[np.ndarray | None] = []
        #: How many steps are shown: 0 is the empty board.
        self.position = 0

    @property
    def space(self) -> CodeSpace:
        return self.settings.space

    def solve(self) -> None:
        """Play the whole game (slow on big games: call from a worker)."""
        space = self.space
        solver = Solver(space, make_strategy(self.settings.strategy), seed=self.settings.seed)
        small = space.size <= MAP_LIMIT
        possible: list[np.ndarray | None] = [solver.candidates if small else None]
        while not solver.solved:
            solver.answer_for(self.secret)
            possible.append(solver.candidates if small else None)
        self.steps, self.possible = solver.steps, possible

    @property
    def solved(self) -> bool:
        return bool(self.steps)

    @property
    def at_end(self) -> bool:
        return self.solved and self.position == len(self.steps)

    def go(self, delta: int) -> bool:
        """Step forward or back; False at either end."""
        target = self.position + delta
        if not 0 <= target <= len(self.steps):
            return False
        self.position = target
        return True

    def rows(self) -> list[Row]:
        return [Row(self.space.to_digits(s.guess), s.answer) for s in self.steps[: self.position]]

    def format(self, code: int) -> str:
        return self.settings.notation.format(self.space, code)

    def caption(self) -> str:
        """One line about the step on show."""
        if not self.solved:
            return "Thinking…"
        if self.position == 0:
            return f"{self.space.size:,} codes possible. Press n or → to see the first guess."
        step = self.steps[self.position - 1]
        text = (
            f"Step {step.number}: {self.format(step.guess)} → {step.answer}; "
            f"{step.decision.candidates_before:,} → {step.candidates_after:,} codes"
        )
        if self.at_end:
            text += f". Solved in {len(self.steps)} guesses"
        return text

    def trace(self) -> TraceView:
        """The decision of the step on show (or the first decision, before any step)."""
        space = self.space
        if self.position == 0:
            first = self.steps[0].decision if self.steps else None
            return TraceView(
                candidates=space.size,
                space_size=space.size,
                partition=first.partition if first else {},
                partition_of=self.format(first.guess) if first else "",
                decision=first,
                headline=f"{self.settings.strategy} will play",
                possible=self.possible[0] if self.possible else None,
            )
        step = self.steps[self.position - 1]
        return TraceView(
            candidates=step.candidates_after,
            space_size=space.size,
            partition=step.decision.partition,
            answered=step.answer,
            partition_of=self.format(step.guess),
            decision=step.decision,
            headline=f"{self.settings.strategy} chose",
            possible=self.possible[self.position],
        )
