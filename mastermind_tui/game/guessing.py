"""The person breaks the code: their guesses, UNDO, HINT and the strategy's advice."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple, Protocol

from engine import Answer, Decision, MastermindError, PersonBreaks, Solver
from engine.explain.decisions import score_text
from engine.play.match import Role
from engine.rating.process import best_apart
from engine.trace import Choice
from engine.words import plural

from .context import GuessingView
from .hard import FIT, HEURISTIC_WORDS, contradiction, hard_best, rule_strategy
from .rating_book import rule_words, takes_advice
from .trace_views import person_view, weighed
from .views import TraceView
from .what_if import WhatIf, what_if


class Teller(Protocol):
    """Where a job tells what the moves ruled out (the generation it is for, and the
    solver that knows it) before its end (``jobs.Ticket``; the model imports no
    Textual, so not that class itself)."""

    def tell(self, news: tuple[int, Solver]) -> None: ...


class Played(NamedTuple):
    """A guess played: the code read from what was typed, its answer, and the move (from
    1) at which the same code was played before, if it was (a repeat tells nothing)."""

    code: int
    answer: Answer
    earlier: int | None


class Hint(NamedTuple):
    """What HINT says, and whether it named a code (the game is then assisted)."""

    text: str
    names_code: bool


class PersonGuessing:
    """The person's side of a game they break; the session holds the match around it
    and does what a move changes beyond this side (``GameSession.guess`` and the rest)."""

    def __init__(self, session: GuessingView) -> None:
        self.session = session
        self.reset()

    def reset(self) -> None:
        """The position changed: what was worked out or asked for here is stale."""
        #: The strategy's advice to the person for the current position, once worked out.
        self.advice: Decision | None = None
        #: The guess the ratings count as best here (the exact optimum's where it is the
        #: rule), once worked out for a HINT: the guess HINT suggests.
        self.best: Choice | None = None
        #: A code asked about with WHATIF in this position, split beside the advice.
        self.what_if: WhatIf | None = None
        #: HINTs asked for in this position: the first tells how many codes are left, the
        #: second suggests a guess (the advice and ratings stay hidden: the lab view's).
        self.hints = 0

    @property
    def person(self) -> PersonBreaks:
        person = self.session.person
        assert person is not None and self.session.role is Role.PERSON
        return person

    def play(self, text: str) -> Played:
        """Play a typed guess, read once here; a CodeError for a bad one costs no move."""
        code = self.read(text)
        earlier = self.earlier(code)
        return Played(code, self.person.guess(code), earlier)

    def read(self, text: str) -> int:
        """A typed guess read and checked, not played yet (hard mode's rule included): a
        MastermindError for one the game refuses, costing no move."""
        session = self.session
        if session.over:
            raise MastermindError(session.over_text())
        code = session.parse(text)
        if session.settings.hard:  # refused in a line, costing no move
            space = session.settings.space
            refusal = contradiction(space, self.person.moves, code, session.format)
            if refusal is not None:
                raise MastermindError(refusal)
        return code

    def earlier(self, code: int) -> int | None:
        """The move (from 1) at which ``code`` was played already, if it was."""
        moves = enumerate(self.person.moves, 1)
        return next((n for n, (guess, _) in moves if guess == code), None)

    def take_back(self) -> tuple[int, Answer]:
        """Take back the person's last guess."""
        session = self.session
        if session.over:
            raise MastermindError(session.over_text())
        if not self.person.moves:  # said as the app's other lines are (the engine's: lower case)
            raise MastermindError("There is no guess to take back yet.")
        return self.person.undo()

    @property
    def spoilers_hidden(self) -> bool:
        """Whether advice and ratings are kept back now: the person's game in play and the
        laboratory view off (a HINT's suggested guess shows nothing more)."""
        session = self.session
        hiding = not session.lab and session.role is Role.PERSON
        return hiding and not session.over

    def hint(self) -> Hint:
        """HINT, graduated: first how many codes are still possible; asked again (or with
        the laboratory view on), one suggested guess, nothing more (the codes still
        possible and the ratings are the laboratory view's). Returns what the message
        line says."""
        session = self.session
        if session.over:
            raise MastermindError(session.over_text())
        if self.hints == 0 and not session.lab:
            left = self.left()
            if left is None:
                return Hint(
                    "HINT: still working out what your guesses ruled out; ask again.", False
                )
            self.hints = 1
            return Hint(f"HINT: {left}. Type HINT again for a suggested guess.", False)
        self.hints = 2
        return Hint(self.suggestion(), True)

    def left(self) -> str | None:
        """How many codes are still possible, once the solver has caught up with every
        guess (None before)."""
        known = self.person.known
        if len(known.steps) < len(self.person.moves):
            return None
        count = len(known.candidates)
        total = self.session.settings.space.count
        verb = "is" if count == 1 else "are"
        return f"{plural(count, 'code')} of {total:,} {verb} still possible"

    def suggestion(self) -> str:
        """The guess HINT suggests: the one the ratings count as best (so playing it
        costs nothing); with the laboratory view on, the strategy's own advice beside it
        when they differ (spoiler-free, the one guess only)."""
        session = self.session
        known = self.person.known
        if len(known.steps) == len(self.person.moves) and len(known.candidates) == 1:
            return f"HINT: {session.format(int(known.candidates[0]))} is the only code left."
        hard, space = session.settings.hard, session.settings.space
        worst_case = session.settings.mode.adversary
        if (
            self.best is None
            and self.advice is not None
            and not hard
            and takes_advice(space, session.settings.strategy, worst_case)
        ):
            self.best = self.advice  # the rule is the strategy's own: its advice is best
        if self.best is None:
            return "HINT: working out the best guess here…"
        strategy = session.settings.strategy
        rule_by = rule_strategy(space, strategy, hard)
        if hard and rule_by != FIT:
            rule = f"{HEURISTIC_WORDS} ({self.best.score:.1f})"
        else:
            rule = rule_words(space, rule_by, self.best, worst_case)
        guess = session.format(self.best.guess)
        said = f"HINT: try {guess}, {rule}"
        advice = None if self.spoilers_hidden else self.advice
        fits = advice is not None and (advice.consistent or not hard)
        if fits and advice is not None and advice.guess != self.best.guess:
            score = score_text(advice)
            own = f" ({score})" if score else ""
            said += f"; {strategy} would play {session.format(advice.guess)}{own}"
        return said + "."

    def best_work(self) -> Callable[[], Choice] | None:
        """Work for a job, on a snapshot: the best guess HINT suggests (None when known
        already or not wanted yet)."""
        if self.best is not None or self.hints < 2 or self.session.over:
            return None
        settings = self.session.settings
        space, moves = settings.space, list(self.person.moves)
        strategy = rule_strategy(space, settings.strategy, settings.hard)
        if settings.hard and strategy != FIT:
            return lambda: hard_best(space, moves)
        worst_case = settings.mode.adversary
        return lambda: best_apart(space, strategy, moves, worst_case)

    def take_best(self, generation: int, choice: Choice) -> bool:
        """Keep the best guess a job found, unless the person has moved since."""
        if generation != self.session.generation:
            return False
        self.best = choice
        return True

    def advice_work(self) -> Callable[[Teller | None], tuple[Solver, Decision | None]]:
        """Work for a job, on a snapshot: bring a fork of the solver up to date with the
        person's moves and, while the game goes on, work out the strategy's advice. What
        the moves ruled out is told as soon as it is known (``take_knowledge``: the
        advice may take a minute, the optimum of 8x4 searched first); the result comes
        back through ``take_advice``."""
        twin = self.person.learner(seed=self.session.settings.seed)
        moves = list(self.person.moves)
        playing = not self.session.over
        seed = self.session.settings.seed
        generation = self.session.generation

        def work(ticket: Teller | None = None) -> tuple[Solver, Decision | None]:
            for guess, answer in moves[len(twin.steps) :]:
                twin.observe(guess, *answer)
            if playing and ticket is not None:
                ticket.tell((generation, twin.fork(seed=seed)))
            return twin, twin.fork(seed=seed).decide() if playing else None

        return work

    def take_knowledge(self, generation: int, twin: Solver) -> bool:
        """Keep what the moves ruled out before the advice comes, unless the person has
        moved since."""
        return generation == self.session.generation and self.person.learned(twin)

    def take_advice(self, generation: int, result: tuple[Solver, Decision | None]) -> bool:
        """Keep what ``advice_work`` learnt, unless the person has moved since."""
        if generation != self.session.generation:
            return False
        twin, self.advice = result
        return self.person.learned(twin)

    def what_if_work(self, text: str) -> Callable[[], WhatIf]:
        """Work for a job, on a snapshot: how the code ``text`` would split the codes still
        possible, beside the strategy's advice (a laboratory view's question: refused,
        saying why, while the advice is hidden, after the game or for a bad code). It
        names a code: the session records the game as assisted."""
        session = self.session
        if session.over:
            raise MastermindError(session.over_text())
        if self.spoilers_hidden:
            raise MastermindError("WHATIF is part of the laboratory view: F9 turns it on.")
        if not text.strip():
            example = session.format(session.settings.space.allowed[0])
            raise MastermindError(f"Type WHATIF and a code, e.g. WHATIF {example}.")
        code = session.parse(text)
        twin = self.person.learner(seed=session.settings.seed)
        moves, settings, advice = list(self.person.moves), session.settings, self.advice

        def work() -> WhatIf:
            for guess, answer in moves[len(twin.steps) :]:
                twin.observe(guess, *answer)
            choice = advice if advice is not None else twin.fork(seed=settings.seed).decide()
            return what_if(settings, moves, twin.candidates, choice, code)

        return work

    def take_what_if(self, generation: int, result: WhatIf) -> bool:
        """Keep a what-if a job worked out, unless the person has moved since."""
        if generation != self.session.generation:
            return False
        self.what_if = result
        return True

    def trace(self) -> TraceView:
        """What the solver has learnt of the person's moves so far (it may lag a move or
        two behind while a job catches up) and the advice, once worked out."""
        session = self.session
        knowledge = self.person.known
        seen = len(knowledge.steps)
        view = person_view(
            session.settings,
            knowledge,
            list(self.person.moves),
            self.advice,
            session.advice_before(seen),
            self.person.outcome,
        )
        asked = self.what_if
        if asked is None:
            return view
        # The position now: the strategy's choice would split the codes so, the code
        # asked about so, and no answer yet.
        return replace(
            view,
            partition=asked.choice.partition,
            partition_of=session.format(asked.choice.guess),
            answered=None,
            rival=(asked.code, asked.split),
            rival_label="what if",
            weighed=weighed(
                session.settings, asked.choice, (asked.code, asked.split), asked.score, "what if"
            ),
        )
