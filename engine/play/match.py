"""The match: rounds, who breaks the code in each game, the running scores and the verdict.

The one owner of these rules for the full-screen game (the retro dialogue keeps the 1978
listing's own wording). A game's score comes from the game itself (``PersonBreaks.score``,
``ComputerBreaks.score``): moves used, and the limit plus one for a game not solved.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ..errors import MastermindError
from ..words import plural
from .rules import Rules


class Role(enum.StrEnum):
    """Who breaks the code in a game (its value is the word the records keep)."""

    PERSON = enum.auto()
    COMPUTER = enum.auto()


PERSON, COMPUTER = Role.PERSON, Role.COMPUTER


@dataclass
class Match:
    """Rounds of one or two games (``roles``: who breaks the code in each, in order)."""

    rules: Rules
    roles: tuple[Role, ...]
    round: int = 1
    role_index: int = 0
    scores: dict[Role, int] = field(default_factory=lambda: {PERSON: 0, COMPUTER: 0})
    #: Moves each side actually played, and its games not solved (scored the limit plus
    #: one): the verdict says what happened, not only the score.
    played: dict[Role, int] = field(default_factory=lambda: {PERSON: 0, COMPUTER: 0})
    unsolved: dict[Role, int] = field(default_factory=lambda: {PERSON: 0, COMPUTER: 0})

    def __post_init__(self) -> None:
        if not self.roles or any(r not in (PERSON, COMPUTER) for r in self.roles):
            raise MastermindError(f"a match needs roles from {PERSON.value!r}, {COMPUTER.value!r}")

    @property
    def role(self) -> Role:
        """Who breaks the code in the current game."""
        return self.roles[self.role_index]

    @property
    def last_game(self) -> bool:
        return self.round == self.rules.rounds and self.role_index == len(self.roles) - 1

    @property
    def both_roles(self) -> bool:
        return len(self.roles) > 1

    @property
    def single_game(self) -> bool:
        """Whether the match is one game only (nothing to total)."""
        return self.rules.rounds == 1 and not self.both_roles

    def count(self, score: int, moves: int | None = None) -> None:
        """Add a finished game's score to the side that broke the code, and the ``moves``
        it played (the score itself when not given)."""
        self.scores[self.role] += score
        self.played[self.role] += score if moves is None else moves
        if score == self.rules.max_moves + 1:
            self.unsolved[self.role] += 1

    def advance(self) -> None:
        """On to the next game: the other role, or the next round."""
        if self.last_game:
            raise MastermindError("the match is over: F5 starts a new game")
        self.role_index += 1
        if self.role_index == len(self.roles):
            self.role_index = 0
            self.round += 1

    def status(self, moves_used: int, result: tuple[bool, int] | None = None) -> str:
        """One line for the status bar: the round, then moves used and left in this game,
        or once it is over (``result``: solved?, its score) what it scored, with the rule
        when a game was lost or quit; then the running totals when there are any."""
        limit = self.rules.max_moves
        who = "you break" if self.role == PERSON else "the computer breaks"
        parts = [f"Round {self.round}/{self.rules.rounds}: {who}"]
        if result is None:
            move = f"move {moves_used + 1} of {limit}"
            # A match's line also carries both scores: it keeps to one line of 80 columns.
            parts.append(move if self.both_roles else f"{move} ({limit - moves_used} left)")
        elif result[0]:
            parts.append(f"solved in {plural(moves_used, 'move')}")
        elif result[1] == limit + 1:
            parts.append(f"not solved: scores {result[1]}, the move limit plus one")
        else:
            parts.append(f"stopped: scores the {plural(result[1], 'move')} used")
        you, it = self.scores[PERSON], self.scores[COMPUTER]
        if self.both_roles:
            parts.append(f"score you {you}, computer {it} (lower wins)")
        elif self.rules.rounds > 1:
            parts.append(f"score: {you if self.role == PERSON else it} (lower is better)")
        return " · ".join(parts)

    def played_text(self, role: Role) -> str:
        """What ``role``'s score is made of: ``played 3 moves, 2 games not solved scoring
        4 each`` (a game not solved scores the move limit plus one)."""
        said = f"played {plural(self.played[role], 'move')}"
        lost, penalty = self.unsolved[role], self.rules.max_moves + 1
        if lost:
            each = "" if lost == 1 else " each"
            said += f", {plural(lost, 'game')} not solved scoring {penalty}{each}"
        return said

    def verdict(self) -> str:
        """Who won, by score (lower wins), with the moves each side really played."""
        you, it = self.scores[PERSON], self.scores[COMPUTER]
        if not self.both_roles:
            total = you if self.role == PERSON else it
            who = "you" if self.role == PERSON else "the computer"
            return f"Final score: {total} ({who} {self.played_text(self.role)})"
        mine, its = self.played_text(PERSON), self.played_text(COMPUTER)
        detail = f" (you {mine}; the computer {its})"
        if you == it:
            return f"A draw, {you} each" + detail
        if you < it:
            return f"You win, {you} to the computer's {it}" + detail
        return f"The computer wins, {it} to your {you}" + detail
