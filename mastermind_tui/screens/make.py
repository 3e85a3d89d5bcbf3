"""The computer breaks your code: you answer its guesses, or give your secret once."""

from __future__ import annotations

from functools import partial
from pathlib import PurePath
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Input

from engine import InconsistentAnswersError, MastermindError, Outcome, Solver
from engine.answers import CLASSIC
from engine.explain.decisions import answer_text
from engine.explain.slips import Fix, find_slips
from engine.words import plural

from ..game.session import GameSession
from ..game.typed import Kind, read_line
from ..jobs import Working
from ..widgets.bars import PartitionBars
from ..widgets.command_line import CommandLine
from ..widgets.trace import TracePane
from .base import GAME_KEYS, GameTable
from .sized import HORIZONTAL, VERTICAL, Sizing


class MakeScreen(Working, Screen[None]):
    """The strategy thinks on a fork of its solver in a worker; the guess is taken back
    only if no answer was changed meanwhile, and answers wait until it is on the board.
    The session is the only state; the screen draws it (on its ``table``), following it
    through reactive state: ``generation`` (the session's, set once the moves changed)
    and its own vars, each watched by the one method that draws what it says."""

    # Textual declares these as optional instance-level lists, so no ClassVar here.
    HORIZONTAL_BREAKPOINTS = HORIZONTAL
    VERTICAL_BREAKPOINTS = VERTICAL
    CSS_PATH: ClassVar[list[str | PurePath]] = ["game.tcss"]
    AUTO_FOCUS = "#command"
    BINDINGS: ClassVar[list[BindingType]] = GAME_KEYS

    #: The session's history on show: set to the session's generation after a change of
    #: the moves, it draws them (and sets the next guess to be worked out) in
    #: ``watch_generation``.
    generation: var[int] = var(-1, init=False)

    #: Whether the person has had the time to think of a code (as the 1978 game's "NOW I
    #: GUESS. THINK OF A COMBINATION."): no guess shows before they say so.
    ready_to_guess: var[bool] = var(False, init=False)
    #: Answers refused as contradicting the others (the session's ``conflict``).
    refused: var[int] = var(0, init=False)
    #: Guesses decided and taken: each draws the board and the trace.
    decided: var[int] = var(0, init=False)
    #: What the trace shows besides (the guess being worked out or not).
    known: var[int] = var(0, init=False)

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.table = GameTable(self, session)
        self.sizing = Sizing(self, self.table.command_line.focus_input)

    def compose(self) -> ComposeResult:
        return self.table.compose()

    def on_mount(self) -> None:
        self._awaiting_secret = False
        self._lead = ""
        session = self.session
        self.set_reactive(MakeScreen.ready_to_guess, bool(session.rows()) or session.over)
        if self.ready_to_guess:
            self.ask_answer()
        else:
            self.command_line.set_prompt("Ready?", "Enter once you have a code in mind — or HELP")
            space = session.space
            symbols = " ".join(session.settings.notation.symbols(space.colours))
            rule = "" if space.repeats else ", no colour twice"
            told = "" if space.answers == CLASSIC else f" You answer with {space.answers.title}."
            self.say(
                f"NOW I GUESS. Think of a code of {plural(space.positions, 'peg')} from "
                f"{symbols}{rule}, and keep it to yourself; press Enter when you have it.{told}"
            )
        self.generation = session.generation
        self.table.mount()
        self.sizing.mount()

    def on_resize(self, event: events.Resize) -> None:
        self.table.resized(event.size)
        self.sizing.resized(event.size)

    @property
    def command_line(self) -> CommandLine:
        return self.table.command_line

    def say(self, text: str, kind: str = "info") -> None:
        self.table.say(text, kind)

    @on(PartitionBars.Clicked)
    def open_bar(self, event: PartitionBars.Clicked) -> None:
        self.table.open_bar(event)

    @on(Input.Changed, "#command")
    def _n_plays_again(self, event: Input.Changed) -> None:
        self.table.end_key(event, self.table.play_again)

    def action_board(self) -> None:
        self.table.board()

    def action_scroll_pane(self, pane: str, pages: int) -> None:
        self.table.scroll_pane(pane, pages)

    def action_command_line(self) -> None:
        self.command_line.focus_input()

    def action_help(self) -> None:
        self.table.help()

    def action_tree(self) -> None:
        self.table.tree()

    def ask_answer(self) -> None:
        self._awaiting_secret = False
        if self.session.over:
            self.table.game_over_prompt()
            return
        rule = self.session.space.answers
        self.command_line.set_prompt(
            "Your answer:", f"{rule.form} e.g. {rule.example} — or SECRET, HELP"
        )

    def watch_generation(self) -> None:
        self._follow()

    def watch_ready_to_guess(self) -> None:
        self._follow()

    def watch_refused(self) -> None:
        self._follow()

    def _follow(self) -> None:
        """The moves, the person's readiness or a refused answer changed: draw what is
        known, and set the next guess to be worked out if it is needed (once the person
        has a code in mind)."""
        session = self.session
        twin = None if session.answering.conflict is not None else session.answering.thinker()
        if not self.ready_to_guess:
            twin = None
        if twin is not None:
            self.compute(
                "guess",
                lambda ticket: (twin.decide(), twin)[1],
                partial(self._decided, session.generation),
            )
        elif session.pending is not None or session.over:
            self.forget("guess")
        self.decided += 1

    def watch_decided(self) -> None:
        self.table.draw_board()
        self.known += 1

    def watch_known(self) -> None:
        session = self.session
        self.query_one(TracePane).show(
            session.answering.trace(),
            session.format,
            session.space.colours,
            session.space.positions,
            thinking=self.busy("guess"),
        )

    def _slipped(self, generation: int, fixes: list[Fix]) -> None:
        """The likely slips found for the answers of ``generation``."""
        if self.session.answering.take_fixes(generation, fixes):
            self.show_fixes()

    def _decided(self, generation: int, twin: Solver) -> None:
        """The guess decided for the history of ``generation``, unless it changed since."""
        if not self.session.answering.adopt(generation, twin):
            return
        self.decided += 1
        pending = self.session.pending
        assert pending is not None
        guess = self.session.format(pending.guess)
        form = self.session.space.answers.form
        how = "Enter answers for you" if self.session.game.secret is not None else f"{form}?"
        self.say(f"{self._lead}Move {len(self.session.rows()) + 1}: my guess is {guess}. {how}")
        self._lead = ""

    def failed(self, job: str, error: str) -> None:
        self.table.failed(job, error)
        self.known += 1  # no longer thinking

    @on(CommandLine.Entered)
    def entered(self, event: CommandLine.Entered) -> None:
        if self.table.left:
            return
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
            self.say(f"No secret given: answer with {self.session.space.answers.form}.")
            if not self.ready_to_guess:
                self.start_guessing()
            return
        try:
            self.session.answering.set_secret(text)
        except MastermindError as error:
            if not self._awaiting_secret:
                raise
            # Still asking: say so, or the next line (an answer?) would be read as a secret.
            self.say(
                f"{error}. Type your secret again, or Enter alone to answer yourself.", "error"
            )
            return
        self.ask_answer()
        self.say("Secret kept (hidden). Press Enter to let me answer each guess for you.")
        if not self.ready_to_guess:
            self.start_guessing()

    def start_guessing(self) -> None:
        """The person has a code in mind: work out the first guess."""
        self.ask_answer()
        self.ready_to_guess = True

    def dropped(self) -> str:
        """Said when a history-changing command cancels the guess being worked out."""
        return " (the guess I was working out is dropped)" if self.busy("guess") else ""

    def command(self, text: str) -> None:
        session = self.session
        typed = read_line(text, "answer", self.session.space.answers.uses_colours)
        table = self.table
        if table.shared_command(typed, table.refuse_hint, table.refuse_what_if):
            return
        if not self.ready_to_guess and typed.kind is not Kind.SECRET:
            if typed.kind is Kind.EMPTY:
                self.start_guessing()
                self.say("Thinking of my first guess…")
            elif typed.kind is Kind.QUIT:
                self.say("I have not guessed yet: press Enter once you have a code in mind.")
            else:
                self.say("Think of a code first, then press Enter: I have not guessed yet.")
            return
        if table.ended_line(typed, table.play_again):
            return
        if typed.kind is Kind.EMPTY:
            if session.game.secret is not None:
                session.auto_answer()
                self.generation = session.generation
                self.after_answer()
            else:
                rule = self.session.space.answers
                self.say(f"Answer with {rule.form}, e.g. {rule.example} (or HELP).")
        elif typed.kind is Kind.QUIT:
            session.quit_game()
            self.table.game_over_prompt()
            self.generation = session.generation
            moves = plural(len(session.rows()), "move")
            self.say(
                f"QUIT: game over; the computer scores the {moves} it used."
                + self.table.next_game_hint()
            )
        elif typed.kind is Kind.SECRET:
            if typed.text:
                self.take_secret(typed.text)
            else:
                self._awaiting_secret = True
                self.command_line.set_prompt("Your secret:", "typed hidden; Enter", hidden=True)
                self.say("Type your secret; it stays hidden.")
        elif typed.kind is Kind.UNDO:
            note = self.dropped()
            step = session.take_back_answer()
            self._lead = f"Took back move {step.number} ({answer_text(step.answer)}){note}. "
            self.say(self._lead)
            self.generation = session.generation
        elif typed.kind is Kind.FIX:
            assert typed.move is not None and typed.black is not None and typed.white is not None
            note = self.dropped()
            session.fix(typed.move, typed.black, typed.white)
            self._lead = f"Move {typed.move} now reads {typed.black},{typed.white}{note}. "
            self.say(self._lead, "good")
            self.generation = session.generation
            self.after_answer()
        elif typed.kind is Kind.ANSWER:
            if session.over:
                self.say(session.over_text())
            else:
                assert typed.black is not None and typed.white is not None
                session.answer(typed.black, typed.white)
                self.generation = session.generation
                self.after_answer()

    def after_answer(self) -> None:
        session = self.session
        moves = len(session.rows())
        if session.over:
            self.table.game_over_prompt()
        if session.game.outcome is Outcome.SOLVED:
            said = plural(moves, "MOVE", "MOVES")
            self.say(f"I GOT IT IN {said}!" + self.table.next_game_hint(), "good")
        elif session.game.outcome is Outcome.OUT_OF_MOVES:
            self.say("I RAN OUT OF MOVES." + self.table.next_game_hint(), "error")

    def inconsistent(self, reason: str) -> None:
        """Say the answers contradict, and look for the likely slips in a worker."""
        self._reason = reason
        self.refused += 1
        answering = self.session.answering
        job = answering.slip_finder()
        if job is None:  # no search started: the slips are known already, or none can be
            known = answering.conflict is not None and answering.conflict.fixes is not None
            if known:
                self.show_fixes("That FIX still fits no code.")
            else:
                self.say(f"INCONSISTENT: {reason}. UNDO takes back your last answer.", "error")
            return
        self.say(f"INCONSISTENT: {reason}. Looking for the likely slip…", "error")
        if job is not None:
            space, moves = job
            self.compute(
                "slips",
                lambda ticket: find_slips(space, moves),
                partial(self._slipped, self.session.generation),
            )

    def show_fixes(self, lead: str = "INCONSISTENT: no code fits every answer.") -> None:
        """The search for slips has ended: every path says what to do next (a FIX of a
        slip found, or UNDO when none is), in three lines of 80 columns."""
        conflict = self.session.answering.conflict
        assert conflict is not None and conflict.fixes is not None
        if not conflict.fixes:
            self.say(
                f"INCONSISTENT: {self._reason}. No single slip explains it: UNDO takes back "
                "your last answer (again for more), or FIX n "
                + ("b,w." if self.session.space.answers.uses_colours else "b."),
                "error",
            )
            return
        offers = self.session.answering.describe_all(conflict.fixes)
        first = conflict.fixes[0].corrections[0]
        example = f"FIX {first[0] + 1} {answer_text(first[1])}"
        self.say(f"{lead} Likely slip: {offers}. {example} mends it; or UNDO.", "error")
