"""The game a screen shows: one match of games on the engine, owned by one object.

Screens call these methods and render what they return; no game rule lives here or in a
widget (the match, scores and checks are the engine's). Each side of a game has its own
object, which sees the match through its view in ``context`` (``guessing`` when the
person breaks the code, ``answering`` when the computer does), the ratings their book
(``rating``). A part changes its own state only; the moves that change the match are
asked of the session (``guess``, ``answer``, ``fix``…), which does what follows. Records
and the trace pane have a builder each (``game_record``, ``trace_views``), and what the
breaker knows is read on demand (``breaker``). Slow work
runs on a snapshot in a job, its result taken back only if ``generation`` has not moved.
Nothing here imports Textual; the state changes only on the interface thread.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from engine import (
    Answer,
    CodeSpace,
    ComputerBreaks,
    Decision,
    MastermindError,
    Outcome,
    PersonBreaks,
    Rules,
    Step,
)
from engine.arrays import Codes
from engine.notation import parse_in_game
from engine.play.adversary import AdversaryBreaks
from engine.play.match import PERSON, Match, Role
from engine.words import plural

from ..records.types import Game
from .answering import Conflict, PersonAnswering
from .challenge import Challenge, encode
from .clock import GameClock, clock_text
from .game_record import game_record
from .guessing import PersonGuessing, Played
from .rating_book import RatingBook, Ratings
from .settings import Settings
from .views import Row
from .what_if import WhatIf

__all__ = ["Conflict", "GameSession", "Played", "Ratings"]


class GameSession:
    """A match: rounds, each made of one or two games, and both sides' running scores."""

    def __init__(
        self,
        settings: Settings,
        secret: int | None = None,
        recorder: Callable[[Game], None] | None = None,
    ) -> None:
        """``secret``: the first game's, when the person breaks it (the daily puzzle);
        drawn at random otherwise. ``recorder``: told of each game as it ends."""
        self.settings = settings
        self._given = secret
        self.rng = np.random.default_rng(settings.seed)
        self.match = Match(settings.rules, settings.roles)
        #: Changes whenever the history of moves changes: results computed for an older
        #: generation are stale.
        self.generation = 0
        #: Whether a guess of this game was taken back (UNDO): a practice game.
        self.practice = False
        #: Why it is practice, as the status line says (an earlier day's daily puzzle).
        self.practice_why = "UNDO used"
        #: The status line's name for the game in place of its round ("Daily puzzle …").
        self.title = ""
        #: The daily puzzle's date (YYYY-MM-DD), kept with the game: it counts for the day
        #: it was opened on, whenever it ends.
        self.day: str | None = None
        #: A duel's players, kept with the game: who breaks the code and who made it.
        self.players: tuple[str, str] | None = None
        #: The laboratory view (codes still possible, advice, ratings as they come): on
        #: from ``--lab``, turned on or off by a key; it lasts for the session.
        self.lab = settings.lab
        #: Whether the person played the current game with the laboratory view on.
        self.assisted = False
        #: Told of each game when it ends (won, lost or quit), and again when ratings
        #: that came late complete it (same key): the app keeps records with it.
        self.recorder = recorder
        #: The current game's record, once it has ended.
        self.finished: Game | None = None
        #: The challenge the first game plays (its secret given, or the adversary), kept
        #: with its record: set once that game has started, so the games after it drop it.
        self.challenge: Challenge | None = None
        #: The person's time on the current game (``clock``): its record keeps it.
        self.clock = GameClock()
        self.person: PersonBreaks | None = None
        self.computer: ComputerBreaks | None = None
        self.guessing = PersonGuessing(self)
        self.answering = PersonAnswering(self)
        self.rating = RatingBook(self)
        self._counted = False
        self._start_game()

    @property
    def space(self) -> CodeSpace:
        return self.settings.space

    @property
    def rules(self) -> Rules:
        return self.settings.rules

    @property
    def role(self) -> Role:
        """Who breaks the code in the current game."""
        return self.match.role

    @property
    def round(self) -> int:
        return self.match.round

    @property
    def scores(self) -> dict[Role, int]:
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

    @property
    def pending(self) -> Decision | None:
        """The computer's guess waiting for an answer, once decided."""
        if self.over or self.computer is None or self.role == PERSON:
            return None
        return self.computer.solver.pending

    def named(self, title: str, practice_why: str | None = None) -> None:
        """Name the game on the status line in place of its round (``title``: "Daily …")
        and, given ``practice_why``, make it a practice game from the start, for that
        reason."""
        self.title = title
        if practice_why is not None:
            self.make_practice(practice_why)

    def make_practice(self, why: str) -> None:
        """The game is practice (not counted) from here on, for ``why`` (the status line
        says it)."""
        self.practice = True
        self.practice_why = why

    def changed(self) -> None:
        """The history of moves changed: what was worked out for it is stale."""
        self.generation += 1
        self.guessing.reset()

    def _start_game(self) -> None:
        self.answering.reset()
        self._counted = False
        self.finished = None
        self.practice = False
        self.clock = GameClock()
        self.assisted = self.lab and self.role == PERSON
        self.changed()
        seed = int(self.rng.integers(2**63))
        if self.challenge is not None:  # the next game is no one's challenge, nor named one
            self.challenge, self.title = None, ""
        if self.role == PERSON and self.settings.mode.adversary:
            self.person = AdversaryBreaks.start(self.rules, self.settings.strategy)
        elif self.role == PERSON and self._given is not None:
            self.person = PersonBreaks(self.rules, self._given, self.settings.strategy)
            self._given = None
        elif self.role == PERSON:
            self.person = PersonBreaks.random(self.rules, self.rng, self.settings.strategy)
        else:
            self.computer = ComputerBreaks.start(self.rules, self.settings.strategy, seed=seed)

    def next_game(self) -> None:
        """Move on to the next game of the match (the other role, or the next round)."""
        if not self.over:
            raise MastermindError("finish this game first (or type QUIT)")
        self.rating.new_game()
        self.match.advance()
        self._start_game()

    def play_again(self) -> None:
        """A new match with the same settings once this one is over: the scores start
        from nothing and the secret is drawn afresh (the generator goes on, so a given
        seed does not replay the last secret)."""
        if not self.match_over:
            raise MastermindError("finish this game first (or type QUIT)")
        self.rating.new_game()
        self.match = Match(self.settings.rules, self.settings.roles)
        self._start_game()

    def toggle_lab(self) -> bool:
        """Turn the laboratory view on or off; a game of the person's in play with it on
        is recorded as assisted. Returns whether it is on now."""
        self.lab = not self.lab
        if self.lab and self.role == PERSON and not self.over:
            self.assisted = True
        return self.lab

    def count(self) -> None:
        """Score the game once it has ended, and hand its record to the recorder."""
        if self.over and not self._counted:
            self.clock.stop()
            self.match.count(self.game.score, len(self.moves()))
            self._counted = True
            self.finished = self.record()
            self.keep(self.finished)

    def abandon(self) -> Game | None:
        """The game left unfinished with a guess of the person's played (home, quit, a
        closed terminal or browser tab): its record, outcome "abandoned", which ends a
        streak, so that a losing game cannot be dodged. None when there is nothing to keep
        (over, no guess yet, the computer breaking, or a mode that keeps no records)."""
        if (
            self.over
            or self._counted
            or self.role != PERSON
            or not self.moves()
            or not self.settings.mode.record
        ):
            return None
        self._counted = True
        self.clock.stop()
        game = replace(self.record(), outcome="abandoned", abandoned=True)
        self.finished = game
        return game

    def assist(self) -> bool:
        """Help that names a code or shows the solver's thinking (a HINT's suggestion,
        WHATIF) was given: the game is recorded as assisted. True the first time."""
        if self.assisted or self.role != PERSON or self.over:
            return False
        self.assisted = True
        return True

    def keep(self, game: Game) -> None:
        """Hand an ended game to the recorder (the app), if there is one."""
        if self.recorder is not None:
            self.recorder(game)

    def recorded_again(self) -> None:
        """Ratings that came after the game ended complete its record: keep it again."""
        if self.finished is not None:
            self.finished = replace(self.finished, moves=self.record().moves)
            self.keep(self.finished)

    @property
    def spoilers_hidden(self) -> bool:
        return self.guessing.spoilers_hidden

    def advice_before(self, move: int) -> Decision | None:
        return self.rating.advised.get(move)

    def guess(self, text: str) -> Played:
        """The person plays a typed guess (``PersonGuessing.play``): the advice on hand
        kept for its rating, and the game counted if it ended."""
        return self._played(self.guessing.play(text))

    def answered(self, code: int, answer: Answer, kept: Codes) -> Played:
        """A guess against the adversary, read (``PersonGuessing.read``) and answered in
        a job for the codes still possible now (``keep_largest``): played as ``guess``."""
        adversary = self.adversary
        assert adversary is not None, "only the adversary's answers are worked out apart"
        earlier = self.guessing.earlier(code)
        return self._played(Played(code, adversary.take(code, answer, kept), earlier))

    def _played(self, played: Played) -> Played:
        advice = self.guessing.advice
        self.clock.start()
        if advice is not None:
            assert self.person is not None
            self.rating.advised[len(self.person.moves)] = advice
        self.changed()
        self.count()
        return played

    def take_back_guess(self) -> tuple[int, Answer]:
        """UNDO: the person's last guess taken back; the game becomes a practice game and
        the ratings past it are dropped."""
        move = self.guessing.take_back()
        assert self.person is not None
        self.practice = True
        self.rating.take_back(len(self.person.moves))
        self.changed()
        return move

    def hint(self) -> str:
        """HINT (``PersonGuessing.hint``): what the message line says; a hint that names
        a code makes the game assisted."""
        hint = self.guessing.hint()
        assisted = hint.names_code and self.assist()
        return hint.text + (" (This game is now recorded as assisted.)" if assisted else "")

    def what_if_work(self, text: str) -> Callable[[], WhatIf]:
        """WHATIF's work for a job (``PersonGuessing.what_if_work``): it names a code, so
        the game is assisted."""
        work = self.guessing.what_if_work(text)
        self.assist()
        return work

    def answer(self, black: int, white: int) -> Step:
        """The person answers the computer's guess (``PersonAnswering.answer``)."""
        step = self.answering.answer(black, white)
        self.changed()
        self.count()
        return step

    def auto_answer(self) -> Step:
        """The computer's guess answered from the secret the person gave."""
        step = self.answering.auto_answer()
        self.changed()
        self.count()
        return step

    def take_back_answer(self) -> Step:
        """UNDO: the last answer given to the computer taken back."""
        step = self.answering.undo()
        self.changed()
        return step

    def fix(self, move: int, black: int, white: int) -> None:
        """FIX: move ``move`` (from 1) given its right answer (``PersonAnswering.fix``)."""
        self.answering.fix(move, black, white)
        self.changed()
        self.count()

    def take_ratings(self, result: Ratings) -> bool:
        """Ratings back from a job (``RatingBook.take``): a record they complete is kept
        again. True if any was kept."""
        taken = self.rating.take(result)
        if taken.rerecord:
            self.recorded_again()
        if taken.earlier is not None:
            self.keep(taken.earlier)
        return taken.kept

    def moves(self) -> list[tuple[int, Answer]]:
        """The current game's moves as (guess, answer), whoever breaks the code."""
        if self.role == PERSON:
            assert self.person is not None
            return list(self.person.moves)
        assert self.computer is not None
        return [(s.guess, s.answer) for s in self.computer.steps]

    @property
    def adversary(self) -> AdversaryBreaks | None:
        """The current game, when the person plays against the adversary."""
        game = self.game
        return game if isinstance(game, AdversaryBreaks) else None

    @property
    def revealed(self) -> int | None:
        """The secret to show and keep once the game is over: none where the adversary,
        which commits to no secret, was not pinned down."""
        if self.adversary is not None and self.game.outcome is not Outcome.SOLVED:
            return None
        return self.game.secret

    def record(self) -> Game:
        """The current game as records keep it (``game_record``)."""
        moves = self.moves()
        secret = self.revealed
        if secret is None and self.game.outcome is Outcome.SOLVED:
            secret = moves[-1][0]  # the computer's last guess was the person's code
        outcome = self.game.outcome.value
        ratings = self.rating.ratings
        return game_record(
            self.settings,
            self.role,
            outcome,
            secret,
            moves,
            ratings,
            self.practice,
            self.assisted,
            self.day,
            self.players,
            None if self.challenge is None else encode(self.challenge),
            self.clock.seconds if self.role == PERSON else None,
        )

    def status(self) -> str:
        """Round (or ``title``), moves used and left, the score when both sides play, and
        the rule for a game not solved: the always-visible status line."""
        practice = f" · practice ({self.practice_why})" if self.practice else ""
        assisted = (", " if self.practice else " · ") + "assisted"  # one line of 80 columns
        practice += assisted * self.assisted + " · hard mode" * self.settings.hard
        seconds = self.clock.seconds if self.settings.timed else None
        practice += "" if seconds is None else f" · {clock_text(seconds)}"
        result = (self.game.outcome is Outcome.SOLVED, self.game.score) if self.over else None
        line = self.match.status(len(self.rows()), result) + practice
        adversary = self.adversary
        if adversary is not None and not self.over:
            line += f" · {plural(len(adversary.possible), 'code')} possible"
        return f"{self.title}{line[line.index(' · ') :]}" if self.title else line

    def verdict(self) -> str:
        """Who won the match, once it is over."""
        return self.match.verdict()

    def over_text(self) -> str:
        """What a move typed after the game ended is told."""
        if self.match_over and self.match.single_game:
            return "This game is over. Enter (or N) plays again; F5 opens the home screen."
        if self.match_over:
            return f"The match is over. {self.verdict()}. N starts a new match; F5 the home screen."
        return "This game is over: press Enter for the next one."

    def quit_game(self) -> str:
        """Give up the current game (it scores the limit plus one); return the secret."""
        if not self.over:
            self.game.quit()
            self.changed()
            self.count()
        return self.secret_text

    def format(self, code: int) -> str:
        return self.settings.notation.format(self.space, code)

    def parse(self, text: str) -> int:
        return parse_in_game(self.space, text, self.settings.notation)

    @property
    def secret_text(self) -> str:
        secret = self.revealed
        return "" if secret is None else self.format(secret)

    def rows(self) -> list[Row]:
        return [Row(self.space.to_digits(g), a) for g, a in self.moves()]
