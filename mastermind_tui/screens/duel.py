"""A duel's game: the play screen for the breaker, with every command of play, the duel's
round and scores on the status line; at its end, the other player's turn to make a code
(``SecretScreen``), and after the last game the verdict (lower wins)."""

from __future__ import annotations

from engine import Outcome
from engine.words import plural

from ..game.duel import Duel
from ..game.session import GameSession
from ..navigation import Show
from .duel_secret import SecretScreen
from .play import PlayScreen
from .sized import say_in


class DuelScreen(PlayScreen):
    """The breaker's game on the code the other player locked."""

    def __init__(self, duel: Duel, session: GameSession) -> None:
        super().__init__(session)
        self.duel = duel

    def offers_challenge(self) -> bool:
        """No challenge code: the code is the other player's, chosen for this duel."""
        return False

    def opening(self, codes: str) -> str:
        duel = self.duel
        return f"{duel.breaker}: break {duel.maker}'s code, {codes}. Guess!"

    def ending(self, outcome: Outcome, was_over: bool = False) -> str:
        duel, session = self.duel, self.session
        secret = session.secret_text
        if outcome is Outcome.SOLVED:
            moves = plural(len(session.rows()), "move")
            return f"{duel.breaker} broke {duel.maker}'s code in {moves}!"
        if outcome is Outcome.OUT_OF_MOVES:
            return f"Out of moves: {duel.maker}'s code was {secret}."
        return f"The code was {secret}." if was_over else f"QUIT: {duel.maker}'s code was {secret}."

    def game_over_prompt(self) -> None:
        """The scores with this game, and what Enter does now."""
        session, duel = self.session, self.duel
        session.named(duel.title())
        say_in(self, session.status())
        if duel.over:
            self.command_line.set_prompt("Duel over:", "Enter or N: a new duel; D debrief; F5 home")
        else:
            turn = f"{duel.breaker}'s turn to make a code"
            self.command_line.set_prompt("Game over:", f"Enter: {turn}; D debrief")

    def next_game_hint(self) -> str:
        if self.duel.over:
            return f" {self.duel.verdict()}. Enter (or N) starts a new duel."
        return f" Enter: {self.duel.breaker} makes the next code."

    def play_again(self) -> None:
        """Enter (or N) once the game is over: the next code's maker, or a new duel."""
        duel = self.duel
        if duel.over:
            duel.again()
        else:
            duel.advance()
        self.table.left = True
        self.post_message(Show(SecretScreen(duel, game_screen)))


def game_screen(duel: Duel, session: GameSession) -> DuelScreen:
    """The breaker's game on the code just locked (the secret's screen opens it)."""
    return DuelScreen(duel, session)
