"""You break the computer's code; the trace pane shows what your answers have taught, and
each guess is rated against the best one there."""

from __future__ import annotations

from functools import partial
from pathlib import PurePath
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Input, Static

from engine import Decision, MastermindError, Outcome, Solver
from engine.answers import CLASSIC
from engine.trace import Choice
from engine.words import plural

from ..game.session import GameSession, Played
from ..game.typed import Kind, read_line
from ..game.what_if import WhatIf
from ..jobs import Working
from ..navigation import Rate, Rated
from ..widgets.bars import PartitionBars
from ..widgets.command_line import CommandLine
from ..widgets.history import History
from ..widgets.peg_row import PegBoard, PegTray
from ..widgets.trace import TracePane
from .base import GAME_KEYS, GameTable, one_line
from .challenging import Challenging
from .peg_screen import PegRow
from .sized import HORIZONTAL, VERTICAL, WIDE, Sizing
from .timing import Timing

#: Where the Solver trace would be while it is hidden (the laboratory view off).
SPOILER_NOTE = (
    "Spoiler-free: what the solver knows and advises, and the ratings of your guesses, "
    "stay hidden until the game ends.\n\n"
    "HINT (or F3) tells how many codes are left; HINT again suggests a guess.\n\n"
    "F9 opens the laboratory view (the game is then recorded as assisted)."
)


class PlayScreen(Working, Screen[None]):
    """The person guesses; what the guesses taught, the strategy's advice and the ratings
    are worked out in workers, so even an 8x8 guess (or a first rating on 6x4, which may
    search for seconds) never holds up the keyboard.

    The hint is a typed ``HINT`` or ``H`` (like the 1978 ``BOARD`` and ``QUIT``) or F3,
    never the bare H key: every printable key belongs to the command line here, where
    guesses (and ``HINT``, ``HELP``) are typed, unless F7 or a click gave the keys to the
    peg row (``pegs``), whose letters are colours. The session is the only state; the
    screen draws it (on its ``table``), following it through reactive state:
    ``generation`` (the session's, set once the moves changed) and its own vars, each
    watched by the one method that draws what it says."""

    # Textual declares these as optional instance-level lists, so no ClassVar here.
    HORIZONTAL_BREAKPOINTS = HORIZONTAL
    VERTICAL_BREAKPOINTS = VERTICAL
    CSS_PATH: ClassVar[list[str | PurePath]] = ["game.tcss", "pegs.tcss", "play.tcss"]
    #: The keys go to the command line from the first frame: Textual's own choice, the
    #: first focusable widget, is the peg row, whose tray would show until ``on_mount``.
    AUTO_FOCUS = "#command"
    BINDINGS: ClassVar[list[BindingType]] = [
        *GAME_KEYS,
        Binding("f3", "hint", "Hint", id="hint"),
        Binding("f7", "pegs", "Pegs", id="pegs"),
        Binding("f9", "lab", "Lab", id="lab"),
        Binding("f6", "challenge", "Challenge", id="challenge"),
    ]

    #: The session's history on show: set to the session's generation after a change of
    #: the moves, it draws them (and sets what they need worked out) in ``watch_generation``.
    generation: var[int] = var(-1, init=False)
    #: The laboratory view on show (the session's): a change draws the board and trace.
    lab: var[bool] = var(False, init=False)
    #: What the trace shows besides the moves (what they ruled out, the advice, HINT's
    #: count, a what-if, a job ended): each change draws the trace and the ratings.
    known: var[int] = var(0, init=False)
    #: The ratings come back (or failed): each change draws the rating line and costs.
    rated_count: var[int] = var(0, init=False)

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.table = GameTable(self, session)
        self.pegs = PegRow(self, session, self.table, self.guess)
        self.sizing = Sizing(self, self.table.command_line.focus_input)
        self.challenging = Challenging(session, lambda text: self.app.copy_to_clipboard(text))
        self.timing = Timing(self, session)
        #: Why the last rating failed, if it did (shown until a rating starts again).
        self.rating_error: str | None = None

    def compose(self) -> ComposeResult:
        """The game screen, with the rating line above the command line and, in the
        panes, the note that stands in for the Solver trace while it is hidden."""
        for widget in self.pegs.compose(self.table.compose()):
            if isinstance(widget, CommandLine):
                yield Static(id="rating", markup=False)
            yield widget
            if isinstance(widget, TracePane):  # still inside the panes' container
                note = Static(SPOILER_NOTE, id="spoiler-note", classes="pane", markup=False)
                note.border_title = "Solver trace"
                yield note

    def on_mount(self) -> None:
        space, notation = self.session.space, self.session.settings.notation
        example = notation.example(space.colours, space.positions)
        words = "BOARD, HINT, UNDO, QUIT, HELP"
        self.command_line.set_prompt("Your guess:", f"a guess like {example}, or {words}")
        symbols = " ".join(self.session.settings.notation.symbols(self.session.space.colours))
        space = self.session.space
        rule = "" if space.repeats else ", no colour twice"
        if space.answers != CLASSIC:
            rule += f", answered with {space.answers.title}"
        pegs = plural(space.positions, "peg")
        self.say(self.opening(f"{pegs} from {symbols}{rule}"))
        self.set_reactive(PlayScreen.lab, self.session.lab)
        self.generation = self.session.generation
        self.pegs.mount()
        self.table.mount()
        self.sizing.mount()
        self.timing.mount()

    def on_screen_suspend(self) -> None:
        self.timing.pause()  # a dialog, or another screen, over the game

    def on_screen_resume(self) -> None:
        self.timing.resume()

    def opening(self, codes: str) -> str:
        """The first line, ``codes`` saying what a code is made of (and a friend's
        result, in a challenge)."""
        return f"I have a secret of {codes}.{self.challenging.opening()} Guess!"

    def ending(self, outcome: Outcome, was_over: bool = False) -> str:
        """What the message line says as a game ends with ``outcome`` (a QUIT typed
        once it was over: ``was_over``), the next game's hint apart."""
        secret = self.session.secret_text
        if outcome is Outcome.SOLVED:
            return f"YOU GUESSED IT IN {plural(len(self.session.rows()), 'MOVE', 'MOVES')}!"
        if outcome is Outcome.OUT_OF_MOVES:
            return f"YOU RAN OUT OF MOVES! THE ACTUAL COMBINATION WAS: {secret}."
        return f"The secret was {secret}." if was_over else f"QUIT. MY COMBINATION WAS: {secret}."

    @property
    def command_line(self) -> CommandLine:
        return self.table.command_line

    def say(self, text: str, kind: str = "info") -> None:
        self.table.say(text, kind)

    def watch_generation(self) -> None:
        """The moves changed: draw the board at once, and set the knowledge, the advice
        and the ratings to be worked out."""
        self.table.draw_board()
        self.compute(
            "advice",
            self.session.guessing.advice_work(),
            partial(self._advised, self.session.generation),
            news=self._knew,
        )
        self.rate()
        self.known += 1

    def rate(self) -> None:
        """Have the guesses not rated yet rated, by the app (``Rate``): ratings of earlier
        moves stay good when more guesses come, so a running rating is never cancelled
        for a newer one, and one that comes after this screen is gone still completes
        the session's record of its game."""
        self.rating_error = None
        self.post_message(Rate(self.session))

    def watch_lab(self) -> None:
        self.table.draw_board()
        self.known += 1

    def watch_known(self) -> None:
        """Draw the trace (and the ratings, which the lab view shows or hides). A hidden
        trace (spoiler-free) is not drawn: whatever shows it (the lab view, the game's
        end) moves ``known`` on, which draws it then; drawing it
        unseen, three times before the first frame, was a part of that frame's time."""
        session = self.session
        if not session.guessing.spoilers_hidden:
            self.query_one(TracePane).show(
                session.guessing.trace(),
                session.format,
                session.space.colours,
                session.space.positions,
                thinking=self.busy("advice"),
            )
        self.draw_ratings()

    def watch_rated_count(self) -> None:
        self.draw_ratings()

    def draw_ratings(self) -> None:
        """The rating line and, when the terminal is wide enough to spare History the
        room, the Cost column; or the spoiler-free note instead."""
        session = self.session
        hidden = session.guessing.spoilers_hidden
        self.set_class(hidden, "-spoilers-hidden")
        text = session.rating.text()
        if self.rating_error and session.rating.pending and not hidden:
            text = f"No rating: {self.rating_error}"
        self.query_one("#rating", Static).update(text)
        costs = [r.cost() for r in session.rating.ratings]
        shown = not hidden and bool(session.rows()) and self.size.width >= WIDE
        self.query_one(History).show_costs(costs if shown else None)

    def on_resize(self, event: events.Resize) -> None:
        self.draw_ratings()
        self.table.resized(event.size)
        self.sizing.resized(event.size)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.pegs.focus_moved()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self.pegs.focus_moved()

    @on(PegBoard.Played)
    def play_pegs(self, event: PegBoard.Played) -> None:
        self.pegs.played(event)

    @on(PegBoard.Note)
    def peg_note(self, event: PegBoard.Note) -> None:
        self.say(event.text)

    @on(PegTray.Picked)
    def picked(self, event: PegTray.Picked) -> None:
        self.pegs.picked(event)

    @on(PartitionBars.Clicked)
    def open_bar(self, event: PartitionBars.Clicked) -> None:
        self.table.open_bar(event)

    @on(Input.Changed, "#command")
    def _n_plays_again(self, event: Input.Changed) -> None:
        self.table.end_key(event, self.play_again)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """F7 leaves the footer once the game is over, and F6 (its challenge code) joins
        it."""
        if action == "pegs":
            return not self.session.over
        if action == "challenge":
            return self.session.over and self.offers_challenge()
        return True

    def offers_challenge(self) -> bool:
        """Whether the end of a game offers its challenge code (every game the person
        breaks here)."""
        return True

    def action_challenge(self) -> None:
        self.say(self.challenging.copy())

    def action_pegs(self) -> None:
        self.pegs.take_keys()

    def action_board(self) -> None:
        self.table.board()

    def action_scroll_pane(self, pane: str, pages: int) -> None:
        self.table.scroll_pane(pane, pages)

    def action_command_line(self) -> None:
        self.command_line.focus_input()

    def action_help(self) -> None:
        self.table.help()

    def game_over_prompt(self) -> None:
        self.table.game_over_prompt()

    def next_game_hint(self) -> str:
        challenge = self.challenging.ending() if self.offers_challenge() else ""
        return self.timing.took() + self.table.next_game_hint() + challenge

    def play_again(self) -> None:
        self.table.play_again()

    @on(Rated)
    def rated(self, message: Rated) -> None:
        """A rating of this session's guesses came back to it (or failed): drawn."""
        if message.session is not self.session:
            return
        if message.error is not None:
            self.rating_error = message.error
            self.failed("rating", message.error)
        else:
            self.rated_count += 1
            if self.session.rating.notices:  # a damaged cache searched again, said once
                self.say("; ".join(self.session.rating.notices))
                self.session.rating.notices.clear()

    def _advised(self, generation: int, advice: tuple[Solver, Decision | None]) -> None:
        """The advice for the position of ``generation`` (kept unless the person moved)."""
        self.session.guessing.take_advice(generation, advice)
        self.known += 1

    def _knew(self, news: tuple[int, Solver]) -> None:
        """What the moves ruled out, before the advice: the codes left, HINT's count."""
        generation, twin = news
        if self.session.guessing.take_knowledge(generation, twin):
            self.known += 1

    def _hinted(self, generation: int, choice: Choice) -> None:
        if self.session.guessing.take_best(generation, choice):
            self.say(self.session.guessing.suggestion())

    def _split(self, generation: int, result: WhatIf) -> None:
        if self.session.guessing.take_what_if(generation, result):
            self.known += 1
            self.say(result.text)

    def failed(self, job: str, error: str) -> None:
        self.table.failed(job, error)
        self.known += 1  # no longer thinking

    @on(CommandLine.Entered)
    def entered(self, event: CommandLine.Entered) -> None:
        if self.table.left:
            return
        session = self.session
        try:
            typed = read_line(event.text, "guess")
            shared = self.table.shared_command(typed, self.action_hint, self.what_if)
            if shared or self.table.ended_line(typed, self.play_again):
                return
            if typed.kind is Kind.EMPTY:
                self.say("Type a guess, or HELP.")
            elif typed.kind is Kind.QUIT:
                was_over = session.over
                session.quit_game()
                self.game_over_prompt()
                self.generation = session.generation
                self.say(self.ending(Outcome.QUIT, was_over) + self.next_game_hint())
            elif typed.kind is Kind.GUESS:
                self.guess(typed.text)
            elif typed.kind is Kind.UNDO:
                guess, _ = session.take_back_guess()
                self.generation = session.generation
                self.say(
                    f"Took back move {len(session.rows()) + 1} ({session.format(guess)}): "
                    "this is now a practice game."
                )
            else:
                self.say(f"{typed.kind.name} is for when the computer breaks your code.", "error")
        except MastermindError as error:
            self.say(str(error), "error")

    def action_hint(self) -> None:
        """HINT or F3: how many codes are left, then one suggested guess."""
        try:
            text = self.session.hint()
        except MastermindError as error:
            self.say(str(error), "error")
            return
        self.known += 1
        self.say(text)
        self.query_one("#status", Static).update(
            one_line(self.session.status(), self.app.size.width - 2)
        )  # "· assisted"
        work = self.session.guessing.best_work()
        if work is not None:
            generation = self.session.generation
            self.compute("hint", lambda ticket: work(), partial(self._hinted, generation))

    def what_if(self, text: str) -> None:
        """WHATIF RRGG: how RRGG would split the codes still possible, beside the advice,
        worked out in a worker; refused in a line where it means nothing."""
        try:
            work = self.session.what_if_work(text)
        except MastermindError as error:
            self.say(str(error), "error")
            return
        self.say(f"Working out how {text.strip().upper()} would split the codes…")
        self.query_one("#status", Static).update(
            one_line(self.session.status(), self.app.size.width - 2)
        )  # "· assisted"
        generation = self.session.generation
        self.compute("what-if", lambda ticket: work(), partial(self._split, generation))

    def action_lab(self) -> None:
        """F9: the laboratory view on or off: the codes still possible, the advice, F4's
        tree and each guess's rating as it comes."""
        session = self.session
        on = self.lab = session.toggle_lab()
        if on:
            assisted = " (this game is recorded as assisted)" if session.assisted else ""
            self.say(f"Laboratory view on{assisted}. F9 hides it again.")
        else:
            self.say("Laboratory view off: spoiler-free again. F9 shows it.")

    def action_tree(self) -> None:
        """F4: the decision tree is advice, so a spoiler-free game keeps it to the lab view."""
        if self.session.guessing.spoilers_hidden:
            self.say("Spoiler-free: the tree is advice; F9 (the laboratory view) shows it.")
            return
        self.table.tree()

    def guess(self, text: str) -> None:
        self.show_played(self.session.guess(text))

    def show_played(self, played: Played) -> None:
        """A guess played: the board drawn, and the message line says its answer or how
        the game ended."""
        session = self.session
        self.generation = session.generation
        moves = len(session.rows())
        outcome = session.game.outcome
        if session.over:
            self.game_over_prompt()
        if outcome is Outcome.SOLVED:
            self.say(self.ending(outcome) + self.next_game_hint(), "good")
        elif outcome is Outcome.OUT_OF_MOVES:
            self.say(self.ending(outcome) + self.next_game_hint(), "error")
        else:
            guess, answer, earlier = session.format(played.code), played.answer, played.earlier
            said = f"Move {moves}: {guess} gets {answer.text}"
            if earlier is not None:
                said += f" again, as at move {earlier}: a repeated guess tells nothing new"
            self.say(said + ".", "error" if earlier is not None else "info")
