"""The adversary: a codemaker that commits to no secret. Each guess is answered so that as
many codes as possible stay possible (the largest class of the split the guess makes of
the codes still possible; ties go to the answer with the fewest black pegs, then the
fewest white), so every answer is consistent with every earlier one and the game ends
only when one code is left and it is guessed. It is the opponent a worst-case strategy
such as Knuth's is built against: on 6x4, RRGG first is answered 0,0, keeping 256 codes.

Scoring goes through ``engine.feedback`` with the space, as every answer in the engine
does, so the rule of the game's answers is the space's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import MastermindError
from ..feedback import Answer, against, encode, partition
from ..strategies import DEFAULT_STRATEGY
from .rules import Outcome, PersonBreaks, Rules

if TYPE_CHECKING:
    from ..arrays import Codes
    from ..codes import CodeSpace


def keep_largest(space: CodeSpace, guess: int, possible: Codes) -> tuple[Answer, Codes]:
    """The adversary's answer to ``guess`` when ``possible`` are the codes still possible,
    and the codes it keeps: the largest class of the split, the fewest black pegs then
    the fewest white among classes of that size."""
    if len(possible) == 0:
        raise MastermindError("no code is still possible: the answers so far contradict")
    # Every code, in order (the first move with repeats): scored without gathering.
    classes = against(space, guess, None if len(possible) == space.size else possible)
    split = partition(classes, space)  # largest first; ties by (black, white)
    answer = next(iter(split))
    return answer, possible[classes == encode(answer.black, answer.white, space.positions)]


@dataclass
class AdversaryBreaks(PersonBreaks):
    """A person guesses against the adversary. ``secret`` is no commitment: it is the
    first code still possible (a code every answer so far fits), and once the game is
    solved the code guessed. ``kept`` holds the codes still possible after each move (the
    first entry: every code the rules allow), so UNDO gives the last answer back."""

    kept: list[Codes] = field(default_factory=list)

    @classmethod
    def start(cls, rules: Rules, strategy: str = DEFAULT_STRATEGY) -> AdversaryBreaks:
        allowed = rules.space.allowed
        return cls(rules, int(allowed[0]), strategy, kept=[allowed])

    @property
    def possible(self) -> Codes:
        """The codes every answer so far fits."""
        return self.kept[-1]

    def guess(self, code: int) -> Answer:
        self.rules.space.check_code(code)
        return self.take(code, *keep_largest(self.rules.space, code, self.possible))

    def take(self, code: int, answer: Answer, kept: Codes) -> Answer:
        """Play ``code`` with the answer ``keep_largest`` gave it where the codes still
        possible are these (worked out elsewhere, on a big space: a second on 8x8)."""
        if self.outcome is not Outcome.PLAYING:
            raise MastermindError(f"this round is over ({self.outcome.value})")
        self.kept.append(kept)
        self.moves.append((code, answer))
        self.secret = int(kept[0])
        if answer.black == self.rules.positions:
            self.outcome = Outcome.SOLVED
        elif len(self.moves) >= self.rules.max_moves:
            self.outcome = Outcome.OUT_OF_MOVES
        return answer

    def undo(self) -> tuple[int, Answer]:
        move = super().undo()
        self.kept.pop()
        self.secret = int(self.possible[0])
        return move
