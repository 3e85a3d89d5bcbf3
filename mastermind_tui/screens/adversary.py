"""The game against the adversary: the play screen, whose codemaker keeps no secret and
answers each guess so that as many codes as possible stay possible; par (the worst-case
optimum) worked out in a job, and said at the end against the moves it took, with the
challenge code that gives a friend the same adversary."""

from __future__ import annotations

import textwrap
from functools import partial
from typing import Final

from engine import Answer, Outcome
from engine.arrays import Codes
from engine.play.adversary import keep_largest

from ..game.adversary import LISTED, Par, against_par, par, still_possible
from ..game.session import GameSession
from .play import PlayScreen

#: The lines of its message line (``game.tcss``: one more than play's, for the end's par
#: or codes still possible beside the challenge code).
MESSAGE_LINES: Final = 4


class AdversaryScreen(PlayScreen):
    """The person breaks a code the computer never chose; the status line counts the
    codes still possible."""

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self.par: Par | None = None
        #: Whether par has been worked out (it may be None: out of reach).
        self.par_known = False

    def on_mount(self) -> None:
        space = self.session.space
        self.compute("par", lambda ticket: par(space, ticket.run()), self._par)

    def _par(self, found: Par | None) -> None:
        self.par, self.par_known = found, True
        if self.session.over and self.session.game.outcome is Outcome.SOLVED:
            self.say(self.ending(Outcome.SOLVED) + self.next_game_hint(), "good")

    def guess(self, text: str) -> None:
        """The guess read now, its answer worked out in a job on the codes still possible
        (a second on 8x8): the keys never wait for it. A guess typed meanwhile waits its
        turn, said in a line; a move taken back meanwhile drops the answer."""
        session = self.session
        adversary = session.adversary
        assert adversary is not None, "the adversary's screen shows its game"
        if self.busy("answer"):
            self.say("Still answering your last guess: a moment.")
            return
        code = session.guessing.read(text)
        space, possible = session.space, adversary.possible
        self.compute(
            "answer",
            lambda ticket: keep_largest(space, code, possible),
            partial(self._answered, session.generation, code),
        )

    def _answered(self, generation: int, code: int, answer: tuple[Answer, Codes]) -> None:
        if generation != self.session.generation:
            return  # UNDO or QUIT came first
        self.show_played(self.session.answered(code, *answer))
        if self.session.over:
            self.table.command_line.focus_input()  # from the peg row, if it played

    def opening(self, codes: str) -> str:
        return (
            f"I keep no secret: codes of {codes}, and each answer keeps as many of them "
            f"possible as it can.{self.challenging.opening()} Pin one down!"
        )

    def ending(self, outcome: Outcome, was_over: bool = False) -> str:
        """Solved: the moves against par. Otherwise the codes still possible: any could
        have been the secret, as many named as the message line has room for beside
        what follows them (``next_game_hint``)."""
        session = self.session
        if outcome is Outcome.SOLVED:
            moves = len(session.rows())
            said = f"YOU PINNED IT DOWN IN {moves} MOVE{'S' * (moves != 1)}! "
            if not self.par_known:
                return said + "(Par is still being worked out.)"
            return said + against_par(moves, self.par)
        adversary = session.adversary
        assert adversary is not None, "the adversary's screen shows its game"
        head = "YOU RAN OUT OF MOVES!" if outcome is Outcome.OUT_OF_MOVES else "QUIT."
        codes, after = adversary.possible, self.next_game_hint()
        width = max(self.size.width - 2, 40)  # the message line's padding aside
        for listed in range(LISTED, -1, -1):
            said = f"{head} I had no secret: {still_possible(codes, session.format, listed)}."
            if len(textwrap.wrap(said + after, width)) <= MESSAGE_LINES:
                break
        return said
