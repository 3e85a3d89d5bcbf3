"""The game a screen shows: one match of games on the engine, owned by one object.

Screens call these methods and render what they return; no game rule lives in a widget,
and none lives here either: the match, the scores and the checks are the engine's
(``engine.match``, ``engine.rules``, ``engine.slips``). Nothing here imports Textual.

Anything slow (the computer's next guess, the advice, the slip finder) is split in two: a
method that hands out a snapshot to compute on in a worker, tagged with ``generation``,
and a method that takes the result back on the interface thread only if the history has
not changed since. The session's own state is only ever changed on the interface thread.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from engine import (
    Answer,
    CodeSpace,
    ComputerBreaks,
    Decision,
    InconsistentAnswersError,
    MastermindError,
    Outcome,
    PersonBreaks,
    Rules,
    Solver,
    Step,
    parse_any,
)
from engine.explain import class_codes, runner_up, score_text
from engine.feedback import check_answer, score
from engine.match import COMPUTER, PERSON, Match
from engine.rating import MoveRating, summary
from engine.rating_process import rate_moves_apart, take_notices
from engine.rules import first_misfit
from engine.slips import Fix, describe_fix, find_slips
from engine.words import plural

from .records import Game, Move, code_text
from .settings import Settings
from .views import MAP_LIMIT, RIVAL_LIMIT, Row, TraceView, few


@dataclass
class Unrated:
    """A game of the person's that ended with guesses still being rated: the ratings
    that come after the match moved on complete its record (``take_ratings``)."""

    person: PersonBreaks
    ratings: list[MoveRating]
    finished: Game
    #: The advice on hand before each move, which the ratings reuse.
    advised: dict[int, Decision]


#: What ``rating_work`` computes: the game rated (its identity is the tag), the moves
#: rated, their ratings, and what the rating process had to say (``take_notices``).
Ratings = tuple[PersonBreaks, list[tuple[int, Answer]], list[MoveRating], list[str]]


@dataclass(frozen=True)
class Conflict:
    """Answers that fit no code: the refused one, and the likeliest fixes once found."""

    guess: int
    answer: Answer
    #: Up to three fixes, likeliest first (None while they are being worked out).
    fixes: list[Fix] | None = None


class GameSession:
    """A match: rounds, each made of one or two games, and both sides' running scores."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.rng = np.random.default_rng(settings.seed)
        self.match = Match(settings.rules, settings.roles)
        self.conflict: Conflict | None = None
        #: Changes whenever the history of moves changes: results computed for an older
        #: generation are stale.
        self.generation = 0
        #: The strategy's advice to the person for the current position, once worked out.
        self.advice: Decision | None = None
        #: The ratings of the person's guesses, aligned with their moves (they lag while
        #: a worker rates; see ``rating_work``).
        self.ratings: list[MoveRating] = []
        #: Lines the rating process had to say (a damaged cache searched again), to show.
        self.notices: list[str] = []
        #: Earlier games still waiting for ratings of some guesses, oldest first.
        self.unrated: list[Unrated] = []
        #: Whether a guess of this game was taken back (UNDO): a practice game.
        self.practice = False
        #: Spoiler-free games: whether HINT has shown the advice for this position.
        self.revealed = False
        #: The advice that was on hand before each move (by move number, from 1), for the
        #: ratings, which need the very same guess and score.
        self._advised: dict[int, Decision] = {}
        self._counted = False
        #: The computer's last step and its runner-up, once worked out for the trace.
        self._rival: tuple[Step, tuple[int, dict[Answer, int]] | None] | None = None
        #: Told of each game when it ends (won, lost or quit), and again when ratings
        #: that came late complete it (same key): the app keeps records with it.
        self.recorder: Callable[[Game], None] | None = None
        #: The current game's record, once it has ended.
        self.finished: Game | None = None
        self.person: PersonBreaks | None = None
        self.computer: ComputerBreaks | None = None
        self._start_game()

    # ----- the match -----
    @property
    def space(self) -> CodeSpace:
        return self.settings.space

    @property
    def rules(self) -> Rules:
        return self.settings.rules

    @property
    def role(self) -> str:
        """Who breaks the code in the current game: "person" or "computer"."""
        return self.match.role

    @property
    def round(self) -> int:
        return self.match.round

    @property
    def scores(self) -> dict[str, int]:
        return self.match.scores

    @property
    def game(self) -> PersonBreaks | ComputerBreaks:
        game = self.person if self.role == PERSON else self.computer
        assert game is not None
        return game

    @property
    def over(self) -> bool:
        """Whether the current game has ended."""
        return self.game.outcome is not Outcome.PLAYING

    @property
    def match_over(self) -> bool:
        return self.over and self.match.last_game

    @property
    def in_progress(self) -> bool:
        """Whether leaving now would abandon moves played: a move or a game of this match
        is behind us and the match is not over."""
        return not self.match_over and (bool(self.rows()) or any(self.scores.values()))

    def _changed(self) -> None:
        self.generation += 1
        self.advice = None
        self.revealed = False

    def _start_game(self) -> None:
        self.conflict = None
        self._counted = False
        self.finished = None
        self.ratings, self.practice, self._advised = [], False, {}
        self._changed()
        seed = int(self.rng.integers(2**63))
        if self.role == PERSON:
            self.person = PersonBreaks.random(self.rules, self.rng, self.settings.strategy)
        else:
            self.computer = ComputerBreaks.start(self.rules, self.settings.strategy, seed=seed)

    def next_game(self) -> None:
        """Move on to the next game of the match (the other role, or the next round)."""
        if not self.over:
            raise MastermindError("finish this game first (or type QUIT)")
        if self.rating_pending and self.finished is not None:
            assert self.person is not None
            earlier = Unrated(self.person, self.ratings, self.finished, self._advised)
            self.unrated.append(earlier)
        self.match.advance()
        self._start_game()

    def _count(self) -> None:
        if self.over and not self._counted:
            self.match.count(self.game.score)
            self._counted = True
            self.finished = self.record()
            self._keep()

    def _keep(self) -> None:
        """Hand the ended game to the recorder (the app), if there is one."""
        if self.recorder is not None and self.finished is not None:
            self.recorder(self.finished)

    def record(self) -> Game:
        """The current game as records keep it: the moves (with the person's ratings so
        far), the outcome, the secret where known, and who broke it with which strategy."""
        space = self.space
        if self.role == PERSON:
            assert self.person is not None
            moves = list(self.person.moves)
        else:
            moves = [(s.guess, s.answer) for s in self._computer.steps]

        def text(code: int) -> str:
            return code_text(space.to_digits(code))

        secret = self.game.secret
        if secret is None and self.game.outcome is Outcome.SOLVED:
            secret = moves[-1][0]  # the computer's last guess was the person's code
        return Game(
            colours=space.colours,
            positions=space.positions,
            max_moves=self.rules.max_moves,
            mode=self.settings.mode,
            breaker=self.role,
            outcome=self.game.outcome.value,
            strategy=self.settings.strategy,
            moves=self._recorded_moves(moves, self.ratings),
            repeats=space.repeats,
            practice=self.practice,
            secret=None if secret is None else text(secret),
            notation=self.settings.notation.name,
        )

    def _recorded_moves(
        self, moves: list[tuple[int, Answer]], ratings: list[MoveRating]
    ) -> tuple[Move, ...]:
        """Moves as records keep them, with the person's ratings where known."""
        space = self.space
        rated = {r.move: r for r in ratings}

        def text(code: int) -> str:
            return code_text(space.to_digits(code))

        def move(number: int, guess: int, answer: Answer) -> Move:
            r = rated.get(number)
            if r is None:
                return Move(text(guess), answer.black, answer.white)
            best = text(r.best_guess)
            rating = (r.value, r.best_value, best, r.rule, r.higher_is_better)
            return Move(text(guess), answer.black, answer.white, *rating)

        return tuple(move(n, g, a) for n, (g, a) in enumerate(moves, 1))

    def status(self) -> str:
        """Round, moves used and left, the score when both sides play, and the rule for a
        game not solved: the always-visible status line."""
        practice = " · practice game (UNDO used)" if self.practice else ""
        if not self.over:
            return self.match.status(len(self.rows())) + practice
        solved = self.game.outcome is Outcome.SOLVED
        return self.match.status(len(self.rows()), (solved, self.game.score)) + practice

    def verdict(self) -> str:
        """Who won the match, once it is over."""
        return self.match.verdict()

    def over_text(self) -> str:
        """What a move typed after the game ended is told."""
        if self.match_over:
            return f"The match is over: {self.verdict()}. F5 starts a new game."
        return "This game is over: press Enter for the next one."

    # ----- codes -----
    def format(self, code: int) -> str:
        return self.settings.notation.format(self.space, code)

    def parse(self, text: str) -> int:
        return parse_any(self.space, text, self.settings.notation)

    @property
    def secret_text(self) -> str:
        secret = self.game.secret
        return "" if secret is None else self.format(secret)

    def rows(self) -> list[Row]:
        space = self.space
        if self.role == PERSON:
            assert self.person is not None
            return [Row(space.to_digits(g), a) for g, a in self.person.moves]
        assert self.computer is not None
        return [Row(space.to_digits(s.guess), s.answer) for s in self.computer.steps]

    def _idle(self, candidates: int) -> str:
        """The advice line once nothing is being worked out."""
        outcome = self.game.outcome
        if outcome is Outcome.SOLVED:
            return "nothing: the code is broken"
        if outcome is Outcome.QUIT:
            return f"nothing: the game was given up with {plural(candidates, 'code')} left"
        if outcome is Outcome.OUT_OF_MOVES:
            return f"nothing: out of moves with {plural(candidates, 'code')} left"
        return "nothing yet"

    def breaker_position(self) -> tuple[np.ndarray, tuple[tuple[int, int], ...]]:
        """The breaker's position for the decision tree: the codes still possible and the
        moves as (guess, answer class). The person's knowledge catches up here if a worker
        has not yet learnt the last guess (a scan of the codes: only on an explicit ask)."""
        if self.role == PERSON:
            assert self.person is not None
            solver = self.person.knowledge
        else:
            solver = self._computer.solver
        return solver.candidates, solver.history

    # ----- the person breaks -----
    def guess(self, text: str) -> Answer:
        """Play a typed guess; a CodeError for a bad one costs no move."""
        assert self.person is not None and self.role == PERSON
        if self.over:
            raise MastermindError(self.over_text())
        before = len(self.person.moves) + 1
        answer = self.person.guess(self.parse(text))
        if self.advice is not None:
            self._advised[before] = self.advice
        self._changed()
        self._count()
        return answer

    def undo_guess(self) -> tuple[int, Answer]:
        """Take back the person's last guess; the game becomes a practice game."""
        assert self.person is not None and self.role == PERSON
        if self.over:
            raise MastermindError(self.over_text())
        move = self.person.undo()
        self.practice = True
        del self.ratings[len(self.person.moves) :]
        self._changed()
        return move

    # ----- ratings and hints -----
    @property
    def spoilers_hidden(self) -> bool:
        """Whether advice and ratings are kept back now: a spoiler-free game in play, and
        no HINT asked for since the last guess."""
        hiding = self.settings.spoiler_free and self.role == PERSON
        return hiding and not self.over and not self.revealed

    def hint(self) -> str:
        """HINT: show the advice and the ratings until the next guess; returns what the
        message line says (the strategy's next guess, once worked out)."""
        if self.over:
            raise MastermindError(self.over_text())
        self.revealed = True
        strategy = self.settings.strategy
        if self.advice is None:
            return f"HINT: {strategy}'s advice is being worked out; it shows in the Solver trace."
        score = score_text(self.advice)
        said = f" ({score})" if score else ""
        return f"HINT: {strategy} would play {self.format(self.advice.guess)} next{said}."

    @property
    def rating_pending(self) -> bool:
        """Whether some guess of the person's is still waiting for its rating."""
        return self.person is not None and len(self.ratings) < len(self.person.moves)

    def rating_work(self) -> Callable[[], Ratings] | None:
        """Work for a thread, on a snapshot: rate the person's guesses not rated yet (the
        first on 6x4 may search for seconds, in a helper process: ``rate_moves_apart``),
        this game's first, then those of earlier games that ended unrated. None when
        every guess is rated."""
        if self.role == PERSON and self.rating_pending:
            assert self.person is not None
            person, ratings, advised = self.person, self.ratings, dict(self._advised)
        elif self.unrated:
            earlier = self.unrated[0]
            person, ratings, advised = earlier.person, earlier.ratings, dict(earlier.advised)
        else:
            return None
        space, strategy = self.space, self.settings.strategy
        moves = list(person.moves)
        start = len(ratings)

        def work() -> Ratings:
            ratings = rate_moves_apart(space, strategy, moves, start, advised)
            return person, moves, ratings, take_notices()

        return work

    def take_ratings(self, result: Ratings) -> bool:
        """Keep the ratings ``rating_work`` found that still apply: a rating depends only
        on the moves up to its own, so it stands while those stand (later guesses do not
        make it stale; an UNDO does). Ratings of a game that ended before they came
        complete that game's record, even once the match has moved on. True if any was
        kept."""
        person, moves, ratings, notices = result
        self.notices.extend(notices)
        if person is self.person and self.role == PERSON:
            kept = self._add_ratings(self.ratings, person, moves, ratings)
            if kept and self.finished is not None and not self.rating_pending:
                self.finished = replace(self.finished, moves=self.record().moves)
                self._keep()
            return kept
        for earlier in self.unrated:
            if earlier.person is person:
                kept = self._add_ratings(earlier.ratings, person, moves, ratings)
                if kept and len(earlier.ratings) == len(person.moves):
                    self.unrated.remove(earlier)
                    rated = self._recorded_moves(list(person.moves), earlier.ratings)
                    earlier.finished = replace(earlier.finished, moves=rated)
                    if self.recorder is not None:
                        self.recorder(earlier.finished)
                return kept
        return False

    @staticmethod
    def _add_ratings(
        kept: list[MoveRating],
        person: PersonBreaks,
        moves: list[tuple[int, Answer]],
        ratings: list[MoveRating],
    ) -> bool:
        """Append to ``kept`` the ratings that come next in order and rated the moves
        still played; True if any was."""
        added = False
        for rating in ratings:
            n = rating.move
            if n != len(kept) + 1 or person.moves[:n] != moves[:n]:
                continue
            kept.append(rating)
            added = True
        return added

    def rating_text(self) -> str:
        """The line under the panes: the last guess's rating, the game's summary once it is
        over, or what is hidden in a spoiler-free game."""
        if self.role != PERSON or not self.rows():
            return ""
        if self.spoilers_hidden:
            return "Spoiler-free: advice and ratings are hidden; HINT (or F3) shows them."
        assert self.person is not None
        if self.rating_pending:
            guess = self.format(self.person.moves[len(self.ratings)][0])
            return f"Rating {guess}…"
        if self.over:
            lead = "Practice game (UNDO used). " if self.practice else ""
            return lead + summary(self.ratings, self.format)
        return self.ratings[-1].sentence(self.format)

    def quit_game(self) -> str:
        """Give up the current game (it scores the limit plus one); return the secret."""
        if not self.over:
            self.game.quit()
            self._changed()
            self._count()
        return self.secret_text

    def advice_work(self) -> Callable[[], tuple[Solver, Decision | None]]:
        """Work for a thread, on a snapshot: bring a fork of the solver up to date with the
        person's moves and, while the game goes on, work out the strategy's advice. The
        session takes the result back with ``take_advice``."""
        assert self.person is not None
        twin = self.person.learner(seed=self.settings.seed)
        moves = list(self.person.moves)
        playing = not self.over
        seed = self.settings.seed

        def work() -> tuple[Solver, Decision | None]:
            for guess, answer in moves[len(twin.steps) :]:
                twin.observe(guess, *answer)
            return twin, twin.fork(seed=seed).decide() if playing else None

        return work

    def take_advice(self, generation: int, result: tuple[Solver, Decision | None]) -> bool:
        """Keep what ``advice_work`` learnt, unless the person has moved since."""
        assert self.person is not None
        if generation != self.generation:
            return False
        twin, self.advice = result
        return self.person.learned(twin)

    def person_trace(self) -> TraceView:
        """What the solver has learnt of the person's moves so far (it may lag a move or
        two behind while a worker catches up) and the advice, once worked out."""
        assert self.person is not None
        space = self.space
        knowledge = self.person.known
        possible = knowledge.candidates
        partition = knowledge.steps[-1].decision.partition if knowledge.steps else {}
        seen = len(knowledge.steps)
        last = self.person.moves[seen - 1] if seen else None
        # The strategy's choice where the person made that guess, split beside theirs.
        choice = self._advised.get(seen) if last else None
        strategy = self.settings.strategy
        return TraceView(
            candidates=len(possible),
            space_size=space.count,
            partition=partition,
            answered=last[1] if last else None,
            partition_of=self.format(last[0]) if last else "",
            decision=self.advice,
            headline=f"{self.settings.strategy} would play next",
            possible=possible if space.size <= MAP_LIMIT else None,
            allowed=self._allowed(),
            idle=self._idle(len(possible)),
            remaining=few(possible),
            rival=None if choice is None else (choice.guess, choice.partition),
            rival_label=f"{strategy}'s choice",
        )

    def class_codes(self, answer: Answer) -> np.ndarray | None:
        """The codes of one class of the split on show (whoever breaks the code): those
        possible before its guess that answer it with ``answer``; None before a guess, or
        past RIVAL_LIMIT codes."""
        if self.role == PERSON:
            assert self.person is not None
            solver = self.person.known
        else:
            solver = self._computer.solver
        if not solver.steps:
            return None
        last = solver.steps[-1]
        before = solver.candidates_before(last.number)
        if len(before) > RIVAL_LIMIT:
            return None
        return class_codes(self.space, last.guess, before, answer)

    def _allowed(self) -> np.ndarray | None:
        """For the code map: the codes the rules allow, when some indices are no code."""
        space = self.space
        return None if space.repeats or space.size > MAP_LIMIT else space.allowed

    # ----- the computer breaks -----
    @property
    def _computer(self) -> ComputerBreaks:
        assert self.computer is not None and self.role == COMPUTER
        return self.computer

    def decide(self) -> Decision:
        """The computer's next guess, worked out here and now (for callers without a
        worker; a screen uses ``thinker`` and ``adopt``)."""
        return self._computer.decide()

    def thinker(self) -> Solver | None:
        """A fork of the computer's solver to decide its next guess on in a worker; None
        when there is nothing to decide (game over, or the guess is already decided)."""
        computer = self._computer
        if self.over or computer.solver.pending is not None:
            return None
        return computer.solver.fork(seed=int(self.rng.integers(2**63)))

    def adopt(self, generation: int, twin: Solver) -> bool:
        """Take the guess a ``thinker`` decided, unless the history changed meanwhile."""
        if generation != self.generation or self.over:
            return False
        self._computer.solver.adopt(twin)
        return True

    @property
    def pending(self) -> Decision | None:
        """The guess waiting for an answer, if the computer has decided it."""
        if self.over or self.computer is None or self.role != COMPUTER:
            return None
        return self.computer.solver.pending

    def set_secret(self, text: str) -> None:
        """Take the person's secret, so the program can answer for them. A secret that
        contradicts an answer already given is refused, naming that move."""
        computer = self._computer
        code = self.parse(text)
        moves = [(s.guess, s.answer) for s in computer.steps]
        wrong = first_misfit(self.space, code, moves)
        if wrong is not None:
            guess, given = moves[wrong]
            right = score(self.space.to_digits(code), self.space.to_digits(guess))
            raise MastermindError(
                f"that secret would have answered move {wrong + 1} ({self.format(guess)}) "
                f"with {right.black},{right.white}, not {given.black},{given.white}: "
                f"type FIX {wrong + 1} {right.black},{right.white} first"
            )
        computer.secret = code

    def answer(self, black: int, white: int) -> Step:
        """Answer the pending guess. Contradicting answers raise InconsistentAnswersError and
        leave ``conflict`` set (its fixes are found by ``slip_finder``); nothing is lost."""
        computer = self._computer
        decision = computer.solver.pending
        if decision is None:
            raise MastermindError("wait: I am still thinking of my guess")
        try:
            step = computer.answer(black, white)
        except InconsistentAnswersError:
            answer = check_answer(black, white, self.space.positions)
            self.conflict = Conflict(decision.guess, answer)
            raise
        self.conflict = None
        self._changed()
        self._count()
        return step

    def auto_answer(self) -> Step:
        computer = self._computer
        if computer.secret is None:
            raise MastermindError("no secret was given: answer with blacks,whites")
        decision = computer.solver.pending
        if decision is None:
            raise MastermindError("wait: I am still thinking of my guess")
        right = score(self.space.to_digits(computer.secret), self.space.to_digits(decision.guess))
        return self.answer(*right)

    def conflict_moves(self) -> list[tuple[int, Answer]]:
        """The answers given, then the refused one: what the slip finder looks at."""
        assert self.conflict is not None
        moves = [(s.guess, s.answer) for s in self._computer.steps]
        return [*moves, (self.conflict.guess, self.conflict.answer)]

    def slip_finder(self) -> tuple[CodeSpace, list[tuple[int, Answer]]] | None:
        """What a worker needs to find the likely slips (``find_slips``), or None."""
        if self.conflict is None or self.conflict.fixes is not None:
            return None
        return self.space, self.conflict_moves()

    def take_fixes(self, generation: int, fixes: list[Fix]) -> bool:
        """Keep the fixes a worker found, unless the answers changed meanwhile."""
        if generation != self.generation or self.conflict is None:
            return False
        self.conflict = Conflict(self.conflict.guess, self.conflict.answer, fixes)
        return True

    def find_fixes_now(self) -> list[Fix]:
        """Find and keep the likely slips at once (for callers without a worker)."""
        space, moves = self.slip_finder() or (self.space, [])
        fixes = find_slips(space, moves)
        self.take_fixes(self.generation, fixes)
        return fixes

    def describe(self, fix: Fix) -> str:
        return describe_fix(fix, self.conflict_moves(), self.format)

    def undo(self) -> Step:
        """Take back the last answer given to the computer."""
        computer = self._computer
        if self.over:
            raise MastermindError(self.over_text())
        step = computer.undo()
        self.conflict = None
        self._changed()
        return step

    def fix(self, move: int, black: int, white: int) -> None:
        """Give move ``move`` (from 1) its right answer, keep the later moves as played, and
        replay the refused answer too if there is one. Changes nothing if the answers
        still fit no code."""
        computer = self._computer
        refused = None if self.conflict is None else (self.conflict.guess, self.conflict.answer)
        computer.correct(move, black, white, refused)
        self.conflict = None
        self._changed()
        self._count()

    def _computer_rival(self, solver: Solver) -> tuple[int, dict[Answer, int]] | None:
        """The runner-up of the computer's last guess and how it would have split the
        codes possible then; worked out once per step (the trace is drawn often)."""
        if not solver.steps:
            return None
        last = solver.steps[-1]
        kept = self._rival
        if kept is not None and kept[0] is last:
            return kept[1]
        before = solver.candidates_before(last.number)
        rival = runner_up(self.space, last.decision, before) if len(before) <= RIVAL_LIMIT else None
        self._rival = (last, rival)
        return rival

    def computer_trace(self) -> TraceView:
        """The computer's own knowledge: its pending decision and the last answer's split,
        beside its runner-up's."""
        solver = self._computer.solver
        last = solver.steps[-1] if solver.steps else None
        return TraceView(
            candidates=len(solver.candidates),
            space_size=self.space.count,
            partition=last.decision.partition if last else {},
            answered=last.answer if last else None,
            partition_of=self.format(last.guess) if last else "",
            decision=self.pending,
            headline=f"{self.settings.strategy} plays",
            possible=solver.candidates if self.space.size <= MAP_LIMIT else None,
            allowed=self._allowed(),
            idle=self._idle(len(solver.candidates)),
            remaining=few(solver.candidates),
            rival=self._computer_rival(solver),
        )
