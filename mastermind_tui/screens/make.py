"""The computer breaks your code: you answer its guesses, or give your secret once."""

from __future__ import annotations

from textual import on, work
from textual.worker import Worker, WorkerState

from engine import InconsistentAnswersError, MastermindError, Outcome

from ..typed import Kind, read_line
from ..widgets.command_line import CommandLine
from ..widgets.trace import TracePane
from .base import GameScreen


class MakeScreen(GameScreen):
    """The strategy thinks in a thread; answers wait until its guess is on the board."""

    def on_mount(self) -> None:
        self._awaiting_secret = False
        self._lead = ""
        self.ask_answer()
        self.say("Think of a code. I will guess it; answer each guess with blacks,whites.")
        self.redraw()

    def ask_answer(self) -> None:
        self._awaiting_secret = False
        self.command_line.set_prompt("Your answer:", "blacks,whites e.g. 2,1 — or SECRET, HELP")

    def redraw(self) -> None:
        self.draw_board()
        self.draw_trace()
        if not self.session.over and self.session.pending is None:
            self.think()

    def draw_trace(self) -> None:
        session = self.session
        self.query_one(TracePane).show(
            session.computer_trace(),
            session.format,
            session.space.colours,
            session.space.positions,
            thinking=not session.over,
        )

    @work(thread=True, exclusive=True, group="decide")
    def think(self) -> None:
        self.session.decide()
        self.app.call_from_thread(self._decided)

    def _decided(self) -> None:
        if not self.is_mounted:
            return
        self.draw_trace()
        pending = self.session.pending
        if pending is not None and self.session.conflict is None:
            guess = self.session.format(pending.guess)
            how = (
                "Enter answers for you"
                if self.session.game.secret is not None
                else "blacks,whites?"
            )
            self.say(f"{self._lead}Move {len(self.session.rows()) + 1}: my guess is {guess}. {how}")
            self._lead = ""

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is WorkerState.ERROR:
            self.say(f"The strategy failed: {event.worker.error}", "error")

    @on(CommandLine.Entered)
    def entered(self, event: CommandLine.Entered) -> None:
        try:
            if self._awaiting_secret:
                self.take_secret(event.text)
            else:
                self.command(event.text)
        except InconsistentAnswersError as error:
            self.inconsistent(str(error))
        except MastermindError as error:
            self.say(str(error), "error")

    def take_secret(self, text: str) -> None:
        if read_line(text).kind is Kind.EMPTY:
            self.ask_answer()
            self.say("No secret given: answer with blacks,whites.")
            return
        self.session.set_secret(text)
        self.ask_answer()
        self.say("Secret kept (hidden). Press Enter to let me answer each guess for you.")

    def command(self, text: str) -> None:
        session = self.session
        typed = read_line(text, "answer")
        if self.shared_command(typed):
            return
        if typed.kind is Kind.EMPTY:
            if session.over and not session.match_over:
                self.next_game()
            elif session.over:
                self.say("The match is over." + self.next_game_hint())
            elif session.game.secret is not None and session.pending is not None:
                session.auto_answer()
                self.redraw()
                self.after_answer()
            else:
                self.say("Answer with blacks,whites, e.g. 2,1 (or HELP).")
        elif typed.kind is Kind.QUIT:
            session.quit_game()
            self.redraw()
            moves = len(session.rows())
            self.say(
                f"QUIT: game over; the computer scores the {moves} moves it used."
                + self.next_game_hint()
            )
        elif typed.kind is Kind.SECRET:
            if typed.text:
                self.take_secret(typed.text)
            else:
                self._awaiting_secret = True
                self.command_line.set_prompt("Your secret:", "typed hidden; Enter", hidden=True)
                self.say("Type your secret; it stays hidden.")
        elif typed.kind is Kind.UNDO:
            step = session.undo()
            self._lead = f"Took back move {step.number} ({step.answer}). "
            self.say(self._lead)
            self.redraw()
        elif typed.kind is Kind.FIX:
            assert typed.move is not None and typed.black is not None and typed.white is not None
            session.fix(typed.move, typed.black, typed.white)
            self._lead = f"Move {typed.move} now reads {typed.black},{typed.white}. "
            self.say(self._lead, "good")
            self.redraw()
            self.after_answer()
        elif typed.kind is Kind.ANSWER:
            if session.over:
                self.say("This game is over." + self.next_game_hint())
            elif session.pending is None:
                self.say("Wait: I am still thinking of my guess.", "error")
            else:
                assert typed.black is not None and typed.white is not None
                session.answer(typed.black, typed.white)
                self.redraw()
                self.after_answer()

    def after_answer(self) -> None:
        session = self.session
        moves = len(session.rows())
        if session.game.outcome is Outcome.SOLVED:
            self.say(f"I GOT IT IN {moves} MOVES!" + self.next_game_hint(), "good")
        elif session.game.outcome is Outcome.OUT_OF_MOVES:
            self.say("I RAN OUT OF MOVES." + self.next_game_hint(), "error")

    def inconsistent(self, reason: str) -> None:
        """Say which earlier answer is the likely slip and how to correct it."""
        conflict = self.session.conflict
        self.redraw()
        if conflict is None or not conflict.slips:
            self.say(f"Your answers are inconsistent: {reason}. Type UNDO or FIX.", "error")
            return
        moves = [(r.digits, r.answer) for r in self.session.rows()]
        move, freed = conflict.slips[0]
        if move == len(moves):
            where = "this answer"
        else:
            digits, answer = moves[move]
            code = self.session.format(self.session.space.from_digits(digits))
            where = f"move {move + 1} ({code}, answered {answer.black},{answer.white})"
        self.say(
            f"INCONSISTENT: {reason}. Likely slip: {where}; fixed, {freed:,} codes fit. "
            f"Type FIX {move + 1} b,w to correct it, or answer again.",
            "error",
        )
