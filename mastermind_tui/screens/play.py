"""You break the computer's code; the trace pane shows what your answers have taught."""

from __future__ import annotations

from textual import on, work
from textual.worker import Worker, WorkerState

from engine import Decision, MastermindError, Outcome, Solver

from ..typed import Kind, read_line
from ..widgets.command_line import CommandLine
from ..widgets.trace import TracePane
from .base import GameScreen


class PlayScreen(GameScreen):
    """The person guesses; the strategy's advice is worked out in a thread."""

    def on_mount(self) -> None:
        space, notation = self.session.space, self.session.settings.notation
        example = notation.example(space.colours, space.positions)
        self.command_line.set_prompt("Your guess:", f"a guess like {example}, or BOARD, QUIT, HELP")
        symbols = " ".join(self.session.settings.notation.symbols(self.session.space.colours))
        self.say(f"I have a secret of {self.session.space.positions} pegs from {symbols}. Guess!")
        self.redraw()

    def redraw(self) -> None:
        self.draw_board()
        self._advice: Decision | None = None
        self.draw_trace(thinking=not self.session.over)
        if not self.session.over:
            self.think()

    def draw_trace(self, thinking: bool = False) -> None:
        session = self.session
        self.query_one(TracePane).show(
            session.person_trace(self._advice),
            session.format,
            session.space.colours,
            session.space.positions,
            thinking=thinking,
        )

    def think(self) -> None:
        self._work_out_advice(*self.session.advisor())

    @work(thread=True, exclusive=True, group="advice")
    def _work_out_advice(self, moves: int, advisor: Solver | None) -> None:
        decision = advisor.decide() if advisor is not None else None
        self.app.call_from_thread(self._advised, moves, decision)

    def _advised(self, moves: int, decision: Decision | None) -> None:
        person = self.session.person
        if person is not None and len(person.moves) == moves and self.is_mounted:
            self._advice = decision
            self.draw_trace()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is WorkerState.ERROR:
            self.say(f"The strategy failed: {event.worker.error}", "error")

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
            self.say(
                f"Move {moves}: {text.strip()} gets {answer.black} black, {answer.white} white."
            )
