"""You break the computer's code; the trace pane shows what your answers have taught."""

from __future__ import annotations

from textual import on

from engine import MastermindError, Outcome, Solver

from ..typed import Kind, read_line
from ..widgets.command_line import CommandLine
from ..widgets.trace import TracePane
from .base import GameScreen


class PlayScreen(GameScreen):
    """The person guesses; what the guesses taught, and the strategy's advice, are worked
    out in a worker, so even an 8x8 guess never holds up the keyboard."""

    def on_mount(self) -> None:
        space, notation = self.session.space, self.session.settings.notation
        example = notation.example(space.colours, space.positions)
        self.command_line.set_prompt("Your guess:", f"a guess like {example}, or BOARD, QUIT, HELP")
        symbols = " ".join(self.session.settings.notation.symbols(self.session.space.colours))
        rule = "" if self.session.space.repeats else ", no colour twice"
        self.say(
            f"I have a secret of {self.session.space.positions} pegs from {symbols}{rule}. Guess!"
        )
        self.redraw()

    def redraw(self) -> None:
        """Draw the board at once, and set the knowledge and advice to be worked out."""
        self.draw_board()
        self.compute("advice", self.session.generation, self.session.advice_work())
        self.draw_trace()

    def draw_trace(self) -> None:
        session = self.session
        self.query_one(TracePane).show(
            session.person_trace(),
            session.format,
            session.space.colours,
            session.space.positions,
            thinking=self.busy("advice"),
        )

    def computed(self, job: str, tag: int, result: object) -> None:
        assert isinstance(result, tuple)
        solver, decision = result
        assert isinstance(solver, Solver)
        self.session.take_advice(tag, (solver, decision))
        self.draw_trace()

    def failed(self, job: str, error: str) -> None:
        super().failed(job, error)
        self.draw_trace()

    @on(CommandLine.Entered)
    def entered(self, event: CommandLine.Entered) -> None:
        session = self.session
        try:
            typed = read_line(event.text, "guess")
            if self.shared_command(typed):
                return
            if typed.kind is Kind.EMPTY:
                if session.over and not session.match_over:
                    self.next_game()
                elif session.over:
                    self.say(session.over_text())
                else:
                    self.say("Type a guess, or HELP.")
            elif typed.kind is Kind.QUIT:
                was_over = session.over
                secret = session.quit_game()
                self.redraw()
                if was_over:
                    self.say(f"The secret was {secret}." + self.next_game_hint())
                else:
                    self.say(f"QUIT. MY COMBINATION WAS: {secret}." + self.next_game_hint())
            elif typed.kind is Kind.GUESS:
                self.guess(typed.text)
            else:
                self.say(f"{typed.kind.name} is for when the computer breaks your code.", "error")
        except MastermindError as error:
            self.say(str(error), "error")

    def guess(self, text: str) -> None:
        session = self.session
        answer = session.guess(text)
        self.redraw()
        moves = len(session.rows())
        outcome = session.game.outcome
        if outcome is Outcome.SOLVED:
            self.say(f"YOU GUESSED IT IN {moves} MOVES!" + self.next_game_hint(), "good")
        elif outcome is Outcome.OUT_OF_MOVES:
            self.say(
                f"YOU RAN OUT OF MOVES! THE ACTUAL COMBINATION WAS: {session.secret_text}."
                + self.next_game_hint(),
                "error",
            )
        else:
            guess = session.format(session.parse(text))
            self.say(f"Move {moves}: {guess} gets {answer.black},{answer.white}.")
