"""The ratings of the person's guesses: which are still to be worked out, taking them
back from a job, and completing the record of a game that ended before they came."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import NamedTuple

from engine import Answer, CodeSpace, Decision, PersonBreaks
from engine.play.match import Role
from engine.rating.guesses import WHOSE, MoveRating, Rater, exact_rule, summary
from engine.rating.process import rate_moves_apart, take_notices
from engine.trace import Choice

from ..records.types import Game
from .context import RatingView
from .game_record import recorded_moves
from .hard import rule_strategy


@dataclass
class Unrated:
    """A game of the person's that ended with guesses still being rated: the ratings
    that come after the match moved on complete its record."""

    person: PersonBreaks
    ratings: list[MoveRating]
    finished: Game
    #: The advice on hand before each move, which the ratings reuse.
    advised: dict[int, Decision]


class Taken(NamedTuple):
    """What ratings taken back from a job changed: whether any was kept, whether they
    complete the current game's record (``rerecord``: the session records it again), and
    an earlier game's record they complete, to keep."""

    kept: bool
    rerecord: bool = False
    earlier: Game | None = None


#: What ``work`` computes: the game rated (its identity is the tag), the moves rated,
#: their ratings, and what the rating process had to say (``take_notices``).
Ratings = tuple[PersonBreaks, list[tuple[int, Answer]], list[MoveRating], list[str]]


class RatingBook:
    """One session's ratings: those of the current game, aligned with its moves (they lag
    while a job rates), and earlier games still waiting for some."""

    def __init__(self, session: RatingView) -> None:
        self.session = session
        self.ratings: list[MoveRating] = []
        #: Lines the rating process had to say (a damaged cache searched again), to show.
        self.notices: list[str] = []
        #: Earlier games still waiting for ratings of some guesses, oldest first.
        self.unrated: list[Unrated] = []
        #: The advice that was on hand before each move (by move number, from 1): the
        #: ratings need the very same guess and score.
        self.advised: dict[int, Decision] = {}

    def take_back(self, moves_left: int) -> None:
        """Moves past ``moves_left`` were taken back: so are their ratings."""
        del self.ratings[moves_left:]

    def new_game(self) -> None:
        """The game ends: park its record if some guesses are unrated, and start afresh."""
        session = self.session
        if self.pending and session.finished is not None:
            assert session.person is not None
            earlier = Unrated(session.person, self.ratings, session.finished, self.advised)
            self.unrated.append(earlier)
        self.ratings, self.advised = [], {}

    @property
    def pending(self) -> bool:
        """Whether some guess of the person's is still waiting for its rating."""
        person = self.session.person
        return person is not None and len(self.ratings) < len(person.moves)

    def work(self) -> Callable[[], Ratings] | None:
        """Work for a job, on a snapshot: rate the person's guesses not rated yet (the
        first on 6x4 may search for seconds, in a helper process: ``rate_moves_apart``),
        this game's first, then those of earlier games that ended unrated. None when
        every guess is rated."""
        session = self.session
        if session.role is Role.PERSON and self.pending:
            assert session.person is not None
            person, ratings, advised = session.person, self.ratings, dict(self.advised)
        elif self.unrated:
            earlier = self.unrated[0]
            person, ratings, advised = earlier.person, earlier.ratings, dict(earlier.advised)
        else:
            return None
        settings = session.settings
        space = settings.space
        strategy = rule_strategy(space, settings.strategy, settings.hard)
        if strategy != settings.strategy:
            advised = {}  # the game's strategy's advice is not this rule's best guess
        moves = list(person.moves)
        start = len(ratings)

        worst_case = settings.mode.adversary

        def work() -> Ratings:
            ratings = rate_moves_apart(space, strategy, moves, start, advised, worst_case)
            return person, moves, ratings, take_notices()

        return work

    def take(self, result: Ratings) -> Taken:
        """Keep the ratings ``work`` found that still apply: a rating depends only on the
        moves up to its own, so it stands while those stand (later guesses do not make it
        stale; an UNDO does). Ratings of a game that ended before they came complete that
        game's record, even once the match has moved on."""
        person, moves, ratings, notices = result
        session = self.session
        self.notices.extend(notices)
        if person is session.person and session.role is Role.PERSON:
            kept = _add(self.ratings, person, moves, ratings)
            return Taken(kept, kept and session.finished is not None and not self.pending)
        for earlier in self.unrated:
            if earlier.person is person:
                kept = _add(earlier.ratings, person, moves, ratings)
                if kept and len(earlier.ratings) == len(person.moves):
                    self.unrated.remove(earlier)
                    space = session.settings.space
                    rated = recorded_moves(space, list(person.moves), earlier.ratings)
                    earlier.finished = replace(earlier.finished, moves=rated)
                    return Taken(kept, earlier=earlier.finished)
                return Taken(kept)
        return Taken(False)

    def text(self) -> str:
        """The line under the panes: the last guess's rating, the game's summary once it is
        over, or what is hidden in a spoiler-free game."""
        session = self.session
        if session.role is not Role.PERSON or session.person is None or not session.person.moves:
            return ""
        if session.spoilers_hidden:
            return "Spoiler-free: ratings come at the end. HINT (F3) helps; F9: lab view."
        if self.pending:
            guess = session.format(session.person.moves[len(self.ratings)][0])
            return f"Rating {guess}…"
        if session.over:
            lead = f"Practice game ({session.practice_why}). " if session.practice else ""
            return lead + summary(self.ratings, session.format)
        return self.ratings[-1].sentence(session.format)


def takes_advice(space: CodeSpace, strategy: str, worst_case: bool = False) -> bool:
    """Whether the rule that rates a guess is the chosen strategy's own score, so that
    its advice is the best guess (bigger games than the exact optimum reaches, and the
    adversary's game, ``worst_case``)."""
    return Rater(space, strategy, worst_case).takes_advice


def rule_words(space: CodeSpace, strategy: str, best: Choice, worst_case: bool = False) -> str:
    """The best guess ``best`` as the ratings name it, with its value: ``the exact
    optimum's guess, 4.34 guesses expected, this one counted`` (``engine.expected``; or
    the strategy's own score)."""
    rule = Rater(space, strategy, worst_case).rule
    assert best.score is not None
    value = best.score - 1 if exact_rule(rule) else best.score
    as_rated = MoveRating(0, best.guess, value, best.guess, value, rule)
    whose = WHOSE.get(rule, f"{rule}'s choice")
    return f"{whose}, {as_rated.amount(value)}"


def _add(
    kept: list[MoveRating],
    person: PersonBreaks,
    moves: list[tuple[int, Answer]],
    ratings: list[MoveRating],
) -> bool:
    """Append to ``kept`` the ratings that come next in order and rated the moves still
    played; True if any was."""
    added = False
    for rating in ratings:
        n = rating.move
        if n != len(kept) + 1 or person.moves[:n] != moves[:n]:
            continue
        kept.append(rating)
        added = True
    return added
