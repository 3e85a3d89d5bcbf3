"""Two people at one terminal (``mastermind duel``), as the board game is played: in each
round both make a code the other breaks, the roles swapping game by game, and the scores
are kept as in the 1978 match: the moves a player needed to break the other's code, the
move limit plus one for a code not broken; lower wins.

The secret is typed with nothing of it shown and read here once confirmed (the screens
never draw it while its game runs); each game is a ``GameSession`` of its own, the
breaker's, with every command of play. Nothing here imports Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from engine import MastermindError, Outcome
from engine.notation import parse_in_game
from engine.words import plural

from ..records.types import Game
from .settings import Settings

if TYPE_CHECKING:  # the home screen reads the names before any game is loaded
    from .session import GameSession

#: The names when none are given.
DEFAULT_NAMES: Final = ("Player 1", "Player 2")
#: The longest name, so that the status line keeps to one line of 80 columns.
NAME_LENGTH: Final = 12


@dataclass(frozen=True)
class Players:
    """The two players' names, the first making the first code."""

    first: str = DEFAULT_NAMES[0]
    second: str = DEFAULT_NAMES[1]

    @property
    def names(self) -> tuple[str, str]:
        return self.first, self.second


def read_players(given: str | Sequence[str] | None) -> Players:
    """Two names, from ``--players Ann Bob`` or the home form's "Ann, Bob"; none given:
    the defaults. A MastermindError in one line for anything else."""
    if given is None or (isinstance(given, str) and not given.strip()):
        return Players()
    names = [n.strip() for n in (given.split(",") if isinstance(given, str) else given)]
    if len(names) != 2 or not all(names):
        raise MastermindError("a duel takes two names, e.g. Ann, Bob")
    if names[0].casefold() == names[1].casefold():
        raise MastermindError("the two players need different names")
    if any(len(n) > NAME_LENGTH or not n.isprintable() or "[" in n or "]" in n for n in names):
        # Brackets: the screens' titles read them as styles.
        raise MastermindError(
            f"a name is at most {NAME_LENGTH} printable characters, brackets aside"
        )
    return Players(names[0], names[1])


@dataclass(frozen=True)
class Result:
    """A finished game of the duel: who broke the code (0 or 1), its score, the moves."""

    breaker: int
    score: int
    moves: int
    solved: bool


class Duel:
    """The duel: its rounds of two games, the game on now and the scores so far."""

    def __init__(
        self, settings: Settings, players: Players, recorder: Callable[[Game], None] | None
    ) -> None:
        self.rounds = settings.rules.rounds
        #: Each game's settings: one game (the duel counts the rounds).
        self.settings = replace(settings, rules=replace(settings.rules, rounds=1), hard=False)
        self.names = players.names
        self.recorder = recorder
        #: The game now (from 0): player ``index % 2`` makes the code.
        self.index = 0
        self.results: list[Result] = []
        self.session: GameSession | None = None

    @property
    def round(self) -> int:
        return self.index // 2 + 1

    @property
    def maker(self) -> str:
        return self.names[self.index % 2]

    @property
    def breaker(self) -> str:
        return self.names[1 - self.index % 2]

    @property
    def last_game(self) -> bool:
        return self.index == 2 * self.rounds - 1

    @property
    def over(self) -> bool:
        """Whether the last game has ended."""
        return self.last_game and self.session is not None and self.session.over

    def what_a_code_is(self) -> str:
        """``4 pegs from B W R G O Y``, as the secret's prompt says."""
        space, notation = self.settings.space, self.settings.notation
        rule = "" if space.repeats else ", no colour twice"
        symbols = " ".join(notation.symbols(space.colours))
        return f"{plural(space.positions, 'peg')} from {symbols}{rule}"

    def read_secret(self, text: str) -> int:
        """The code typed, or a MastermindError that says nothing of what was typed (the
        error is drawn on screen, where the secret must never be)."""
        try:
            return parse_in_game(self.settings.space, text, self.settings.notation)
        except MastermindError:
            raise MastermindError(
                f"That is no code of this game ({self.what_a_code_is()}): type it again."
            ) from None

    def lock(self, secret: int) -> GameSession:
        """The code made and confirmed: the breaker's game on it begins."""
        from .session import GameSession

        session = GameSession(self.settings, secret, self.recorder)
        session.players = (self.breaker, self.maker)
        self.session = session
        session.named(self.title())
        return session

    def scores(self) -> tuple[int, int]:
        """Each player's score so far, the game now included once it has ended."""
        totals = [0, 0]
        for result in self.finished():
            totals[result.breaker] += result.score
        return totals[0], totals[1]

    def finished(self) -> list[Result]:
        """The games that have ended, the one now included."""
        session = self.session
        if session is None or not session.over:
            return list(self.results)
        solved = session.game.outcome is Outcome.SOLVED
        now = Result(1 - self.index % 2, session.game.score, len(session.rows()), solved)
        return [*self.results, now]

    def title(self) -> str:
        """The status line's head: ``Duel 1/2: Bob breaks · Ann 0, Bob 0``."""
        (a, b), (sa, sb) = self.names, self.scores()
        return f"Duel {self.round}/{self.rounds}: {self.breaker} breaks · {a} {sa}, {b} {sb}"

    def advance(self) -> None:
        """On to the next game (the other player makes the code), once this one ended."""
        if self.session is None or not self.session.over or self.last_game:
            raise MastermindError("finish this game first (or type QUIT)")
        self.results = self.finished()
        self.index += 1
        self.session = None

    def again(self) -> None:
        """A new duel with the same players and settings, the scores from nothing."""
        self.index, self.results, self.session = 0, [], None

    def verdict(self) -> str:
        """Who won, by score (lower wins), with what each score is made of."""
        (a, b), (sa, sb) = self.names, self.scores()
        detail = f" ({self.made_of(0)}; {self.made_of(1)})"
        if sa == sb:
            return f"A draw, {sa} each" + detail
        winner, loser = (a, b) if sa < sb else (b, a)
        return f"{winner} wins, {min(sa, sb)} to {loser}'s {max(sa, sb)}" + detail

    def made_of(self, player: int) -> str:
        """``Ann played 7 moves, 1 code not broken``."""
        mine = [r for r in self.finished() if r.breaker == player]
        said = f"{self.names[player]} played {plural(sum(r.moves for r in mine), 'move')}"
        lost = sum(not r.solved for r in mine)
        return said + (f", {plural(lost, 'code')} not broken" if lost else "")
