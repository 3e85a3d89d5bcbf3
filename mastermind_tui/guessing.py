"""The person breaks the code: their guesses, UNDO, HINT and the strategy's advice."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import Answer, Decision, MastermindError, PersonBreaks, Solver
from engine.explain import score_text

from .trace_views import person_view
from .views import TraceView

if TYPE_CHECKING:
    from .session import GameSession


class PersonGuessing:
    """The person's side of a game they break; the session holds the match around it."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        #: The strategy's advice to the person for the current position, once worked out.
        self.advice: Decision | None = None
        #: Spoiler-free games: whether HINT has shown the advice for this position.
        self.revealed = False

    @property
    def person(self) -> PersonBreaks:
        person = self.session.person
        assert person is not None and self.session.role == "person"
        return person

    def guess(self, text: str) -> Answer:
        """Play a typed guess; a CodeError for a bad one costs no move."""
        session = self.session
        if session.over:
            raise MastermindError(session.over_text())
        before = len(self.person.moves) + 1
        answer = self.person.guess(session.parse(text))
        if self.advice is not None:
            session.rating.advised[before] = self.advice
        session.changed()
        session.count()
        return answer

    def played_before(self, text: str) -> int | None:
        """The move (from 1) at which the guess ``text`` was already played, if it was
        (None too when it does not read as a guess: ``guess`` says why)."""
        try:
            code = self.session.parse(text)
        except MastermindError:
            return None
        for number, (guess, _) in enumerate(self.person.moves, 1):
            if guess == code:
                return number
        return None

    def undo(self) -> tuple[int, Answer]:
        """Take back the person's last guess; the game becomes a practice game."""
        session = self.session
        if session.over:
            raise MastermindError(session.over_text())
        move = self.person.undo()
        session.practice = True
        del session.rating.ratings[len(self.person.moves) :]
        session.changed()
        return move

    @property
    def spoilers_hidden(self) -> bool:
        """Whether advice and ratings are kept back now: a spoiler-free game in play, and
        no HINT asked for since the last guess."""
        session = self.session
        hiding = session.settings.spoiler_free and session.role == "person"
        return hiding and not session.over and not self.revealed

    def hint(self) -> str:
        """HINT: show the advice and the ratings until the next guess; returns what the
        message line says (the strategy's next guess, once worked out)."""
        session = self.session
        if session.over:
            raise MastermindError(session.over_text())
        self.revealed = True
        strategy = session.settings.strategy
        if self.advice is None:
            return f"HINT: {strategy}'s advice is being worked out; it shows in the Solver trace."
        score = score_text(self.advice)
        said = f" ({score})" if score else ""
        return f"HINT: {strategy} would play {session.format(self.advice.guess)} next{said}."

    def advice_work(self) -> Callable[[], tuple[Solver, Decision | None]]:
        """Work for a job, on a snapshot: bring a fork of the solver up to date with the
        person's moves and, while the game goes on, work out the strategy's advice. The
        result comes back through ``take_advice``."""
        twin = self.person.learner(seed=self.session.settings.seed)
        moves = list(self.person.moves)
        playing = not self.session.over
        seed = self.session.settings.seed

        def work() -> tuple[Solver, Decision | None]:
            for guess, answer in moves[len(twin.steps) :]:
                twin.observe(guess, *answer)
            return twin, twin.fork(seed=seed).decide() if playing else None

        return work

    def take_advice(self, generation: int, result: tuple[Solver, Decision | None]) -> bool:
        """Keep what ``advice_work`` learnt, unless the person has moved since."""
        if generation != self.session.generation:
            return False
        twin, self.advice = result
        return self.person.learned(twin)

    def trace(self) -> TraceView:
        """What the solver has learnt of the person's moves so far (it may lag a move or
        two behind while a job catches up) and the advice, once worked out."""
        session = self.session
        knowledge = self.person.known
        seen = len(knowledge.steps)
        return person_view(
            session.settings,
            knowledge,
            list(self.person.moves),
            self.advice,
            session.rating.advised.get(seen),
            session.game.outcome,
        )
