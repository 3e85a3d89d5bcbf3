"""A game's challenge code on the play screen: at the end of a game the person broke (or
gave up), the code that lets a friend play the same secret, or the same adversary, with
how it went, and F6 to copy the command that plays it; a game played from a friend's code
says how they did."""

from __future__ import annotations

from collections.abc import Callable

from engine import Outcome
from engine.play.match import Role

from ..game.challenge import sent_code
from ..game.session import GameSession


class Challenging:
    """The play screen's part for challenges: what its message line says of them."""

    def __init__(self, session: GameSession, copy: Callable[[str], None]) -> None:
        """``copy``: puts a text on the clipboard (the app's)."""
        self.session = session
        self._copy = copy

    @property
    def _adversary(self) -> bool:
        return self.session.settings.mode.adversary

    def code(self) -> str | None:
        """The finished game's code (None while it goes on, or when the computer broke);
        against the adversary, the adversary's, which carries no secret."""
        session = self.session
        secret = session.game.secret
        if not session.over or session.role is not Role.PERSON or secret is None:
            return None
        solved = session.game.outcome is Outcome.SOLVED
        shared = None if self._adversary else secret
        return sent_code(session.settings, shared, len(session.moves()), solved)

    def opening(self) -> str:
        """What a game from a friend's code says as it starts ("" for any other)."""
        challenge = self.session.challenge
        if challenge is None:
            return ""
        sent = f"; {challenge.sent.words()}" if challenge.sent is not None else ""
        return f" A friend's challenge{sent}."

    def ending(self) -> str:
        """What the end of the game adds: the friend's result, and the code to send."""
        code = self.code()
        if code is None:
            return ""
        challenge = self.session.challenge
        sent = challenge.sent if challenge is not None else None
        friend = f" ({sent.words().capitalize()}.)" if sent is not None else ""
        to = " to the adversary" if self._adversary else ""
        return f"{friend} Challenge a friend{to}: {code} (F6 copies it)."

    def _command(self, code: str) -> str:
        """The command that plays ``code``: the adversary's own, for its code."""
        return f"mastermind {'adversary' if self._adversary else 'play'} --challenge {code}"

    def copy(self) -> str:
        """F6: the command that plays this game copied; what the message line says."""
        code = self.code()
        if code is None:
            return "The challenge code comes once the game is over."
        command = self._command(code)
        self._copy(command)
        return f"Copied `{command}`, if your terminal passes it on (else select it with the mouse)."
