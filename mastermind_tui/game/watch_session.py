"""Watch a strategy break a known secret: the whole game recorded, stepped back and forth."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from engine import Answer, CodeSpace, Solver, Step, make_strategy
from engine.explain.decisions import answer_text, class_codes, code_text, runner_up
from engine.feedback import encode
from engine.strategies.guess_pools import written_order
from engine.words import plural

from .explore import Branch, path_text
from .settings import Settings
from .trace_views import watch_view, weighed
from .views import RIVAL_LIMIT, TREE_LIMIT, Row, TraceView
from .what_if import WhatIf

if TYPE_CHECKING:
    from engine.arrays import Codes


@dataclass(frozen=True)
class Recording:
    """A whole game as ``play`` recorded it."""

    steps: list[Step] = field(default_factory=list)
    #: Codes still possible before each step and after the last (None past ``TREE_LIMIT``).
    possible: list[Codes | None] = field(default_factory=list)
    #: Each step's runner-up and how it would have split the same codes.
    rivals: list[tuple[int, dict[Answer, int]] | None] = field(default_factory=list)
    #: The secret its answers came from (on a branch, the stand-in: the first code left).
    secret: int = -1


class WatchSession:
    """A strategy breaking a known secret, recorded whole so one can step back and forth."""

    def __init__(self, settings: Settings, secret: int) -> None:
        self.settings = settings
        self.secret = secret
        #: The secret of the path on show: ``secret``, or a branch's stand-in.
        self.target = secret
        #: A random strategy plays every path with one seed, so a branch is the same game
        #: up to the move it leaves.
        self.seed = settings.seed if settings.seed is not None else secrets.randbits(32)
        #: The branches explored, outermost first, and the path and beat each one left.
        self.branches: list[Branch] = []
        self._left: list[tuple[Recording, int]] = []
        self.steps: list[Step] = []
        self.possible: list[Codes | None] = []
        self.rivals: list[tuple[int, dict[Answer, int]] | None] = []
        #: A code the viewer asked to see split beside the strategy's choice.
        self.what_if: WhatIf | None = None
        #: The beat on show: two per move, the position (2k: the codes still possible, the
        #: guess chosen and how it would split them) then its answer (2k + 1).
        self.beat = 0

    @property
    def space(self) -> CodeSpace:
        return self.settings.space

    def play(
        self,
        check: Callable[[], None] = lambda: None,
        forced: Sequence[Answer] = (),
        told: Callable[[int], None] = lambda move: None,
        known: Recording | None = None,
    ) -> Recording:
        """Play the whole game on a private solver and return it, changing nothing here
        (slow on big games: call from a worker, then ``take`` the result); ``check`` is
        called before each guess and may raise to stop, ``told`` hears the move worked
        out. With ``forced`` answers (a branch), the first moves get those, and the
        later ones a stand-in secret's: the first code left after them as written.
        ``known``: the moves already recorded up to the branch (``prefix``), replayed
        rather than thought out again where the strategy is deterministic (a random
        one plays from move 1 with its seed, so its draws come out as before)."""
        space = self.space
        solver = Solver(space, make_strategy(self.settings.strategy), seed=self.seed)
        secret = self.secret
        reuse = known if known is not None and solver.strategy.deterministic else Recording()

        def kept(codes: Codes) -> Codes | None:
            return codes if len(codes) <= TREE_LIMIT else None

        game = Recording(possible=[kept(solver.candidates)])
        while not solver.solved:
            check()
            move = len(solver.steps)
            before = solver.candidates
            if move < len(reuse.steps):  # the same position: its decision as recorded
                decision = solver.recall(reuse.steps[move].decision)
                game.rivals.append(reuse.rivals[move])
            else:
                told(move + 1)
                decision = solver.decide()
                small = len(before) <= RIVAL_LIMIT
                game.rivals.append(runner_up(space, decision, before) if small else None)
            if move < len(forced):
                solver.answer(*forced[move])
                left = solver.candidates
                secret = int(left[np.argmin(written_order(space, left))])
            else:
                solver.answer_for(secret)
            game.possible.append(kept(solver.candidates))
        game.steps.extend(solver.steps)
        return replace(game, secret=secret)

    def take(self, game: Recording) -> None:
        """Keep a game ``play`` recorded (on the interface thread)."""
        self.steps, self.possible, self.rivals = game.steps, game.possible, game.rivals
        self.target = game.secret if game.secret >= 0 else self.secret

    def branch(self, answer: Answer) -> tuple[Branch, tuple[Answer, ...]]:
        """The branch where the move on show got ``answer``, and the answers its game is
        played with (those of the path on show before it, then ``answer``)."""
        got = self.steps[self.move].answer
        forced = (*(s.answer for s in self.steps[: self.move]), answer)
        return Branch(self.move, answer, got), forced

    def prefix(self, branch: Branch) -> Recording:
        """The moves of the path on show up to the branch's own (whose guess the branch
        keeps), to replay rather than work out again (``play``'s ``known``)."""
        end = branch.move + 1
        return Recording(self.steps[:end], self.possible[: end + 1], self.rivals[:end])

    def explore(self, branch: Branch, game: Recording) -> None:
        """Go along a branch ``play`` worked out: its answer on show, the path left kept."""
        here = Recording(self.steps, self.possible, self.rivals, self.target)
        self._left.append((here, self.beat))
        self.branches.append(branch)
        self.take(game)
        self.beat = 2 * branch.move + 1
        self.what_if = None

    def leave(self) -> bool:
        """Back to the path the last branch left, at the beat it was left on; False on
        the secret's own path."""
        if not self._left:
            return False
        game, self.beat = self._left.pop()
        self.branches.pop()
        self.take(game)
        self.what_if = None
        return True

    def path(self) -> str:
        """The branches taken, in a line ("" on the secret's own path)."""
        return path_text(self.branches, self.format(self.target))

    def solve(self) -> None:
        """Play and keep the whole game at once (for callers without a worker)."""
        self.take(self.play())

    @property
    def solved(self) -> bool:
        return bool(self.steps)

    @property
    def beats(self) -> int:
        return 2 * len(self.steps)

    @property
    def move(self) -> int:
        """The move on show, from 0 (its guess is weighed, or answered)."""
        return self.beat // 2

    @property
    def answered(self) -> bool:
        """Whether the beat on show is the answer's (else the position's)."""
        return self.beat % 2 == 1

    @property
    def shown(self) -> int:
        """How many moves the board shows answered."""
        return self.move + self.answered

    @property
    def at_end(self) -> bool:
        return self.solved and self.beat == self.beats - 1

    def go(self, delta: int) -> bool:
        """Step forward or back by beats; False at either end."""
        target = self.beat + delta
        if not 0 <= target < self.beats:
            return False
        self.beat = target
        self._forget_what_if()
        return True

    def _forget_what_if(self) -> None:
        """A what-if belongs to the move it was asked at (both its beats)."""
        if self.what_if is not None and self.what_if.move != self.move:
            self.what_if = None

    def asked(self, what_if: WhatIf) -> bool:
        """Show a what-if worked out, if its move is still on show; whether it is."""
        if what_if.move != self.move:
            return False
        self.what_if = what_if
        return True

    def drop_what_if(self) -> bool:
        """Back to the runner-up beside the strategy's choice; whether a what-if was on."""
        dropped, self.what_if = self.what_if is not None, None
        return dropped

    def jump(self, where: int) -> None:
        """To the first beat (0) or the last (-1)."""
        self.beat = max(0, self.beats - 1) if where < 0 else where
        self._forget_what_if()

    def rows(self) -> list[Row]:
        return [Row(self.space.to_digits(s.guess), s.answer) for s in self.steps[: self.shown]]

    def pending(self) -> tuple[int, ...] | None:
        """The guess weighed at a position beat, waiting for its answer on the board."""
        if not self.solved or self.answered:
            return None
        return self.space.to_digits(self.steps[self.move].guess)

    def moment(self) -> str:
        """Which moment the beat on show is: ``Move 2, before its answer``."""
        if not self.solved:
            return "Before the first move"
        when = "answered" if self.answered else "before its answer"
        return f"Move {self.move + 1}, {when}"

    def format(self, code: int) -> str:
        return self.settings.notation.format(self.space, code)

    def caption(self) -> str:
        """One line about the beat on show, saying which it is and what the next key does."""
        if not self.solved:
            return "Thinking…"
        step = self.steps[self.move]
        guess = self.format(step.guess)
        if not self.answered:
            before = step.decision.candidates_before
            return (
                f"Move {step.number}, before its answer: {plural(before, 'code')} possible; "
                f"{self.settings.strategy_shown} plays {guess}. n or →: the answer."
            )
        text = (
            f"Move {step.number}, answered: {guess} gets {answer_text(step.answer)}; "
            f"{step.decision.candidates_before:,} → {plural(step.candidates_after, 'code')}"
        )
        if self.at_end:
            return text + f". Solved in {plural(len(self.steps), 'guess', 'guesses')}."
        return text + ". n or →: the next move."

    def trace(self) -> TraceView:
        """The trace at the beat on show: the move's decision, and the codes still possible
        before its answer or after it."""
        now = self.possible[self.shown] if self.possible else None
        view = watch_view(
            self.settings, self.steps, now, self.rivals, self.move, self.answered, self.moment()
        )
        if self.what_if is None:
            return view
        asked = self.what_if
        rival = (asked.code, asked.split)
        said = weighed(self.settings, self.steps[self.move].decision, rival, asked.score, "what if")
        return replace(view, rival=rival, rival_label="what if", weighed=said)

    def position_now(self) -> tuple[Codes | None, tuple[tuple[int, int], ...]]:
        """The codes still possible at the beat on show (None when too many were kept)
        and the moves answered so far as (guess, answer class): where a decision tree starts."""
        p = self.space.positions
        history = tuple((s.guess, encode(*s.answer, p)) for s in self.steps[: self.shown])
        return (self.possible[self.shown] if self.possible else None), history

    def before(self) -> Codes | None:
        """The codes the move on show was decided on (None when too many were kept)."""
        return self.possible[self.move] if self.possible else None

    def class_codes(self, answer: Answer) -> Codes | None:
        """The codes of one class of the split on show: those that would answer its guess
        with ``answer`` (None when the codes were too many to keep)."""
        before = self.before() if self.steps else None
        if before is None:
            return None
        return class_codes(self.space, self.steps[self.move].guess, before, answer)

    def code_text(self, code: int) -> str:
        """Why ``code`` is still possible at the beat on show, or which move ruled it out."""
        moves = [(s.guess, s.answer) for s in self.steps[: self.shown]]
        return code_text(self.space, code, moves, self.format)
