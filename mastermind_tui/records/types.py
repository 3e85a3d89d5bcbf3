"""What the records hold: a finished game, its moves, and the figures of one size and
rules. Plain data, no database: the retro dialogue, the sessions and the screens build and
read these; ``records`` stores them."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from engine.answers import CLASSIC, AnswerRule
from engine.play.match import Role
from engine.words import plural


def code_text(digits: tuple[int, ...] | list[int]) -> str:
    """A code as stored: digits from 0, space-separated (colours may go past 9)."""
    return " ".join(str(d) for d in digits)


def code_digits(text: str) -> tuple[int, ...]:
    return tuple(int(d) for d in text.split())


@dataclass(frozen=True)
class Move:
    #: The code as stored by ``code_text``.
    guess: str
    black: int
    white: int
    #: A person's guess rated (``engine.rating.guesses.MoveRating``): its value and the best
    #: guess's in the rule's unit, the best guess, the rule; None where not rated.
    value: float | None = None
    best_value: float | None = None
    best_guess: str | None = None
    rule: str | None = None
    higher_is_better: bool = False


@dataclass(frozen=True)
class Game:
    colours: int
    positions: int
    max_moves: int
    mode: str
    breaker: Role
    outcome: str
    strategy: str
    moves: tuple[Move, ...]
    repeats: bool = True
    practice: bool = False
    secret: str | None = None
    #: Played with the laboratory view on (``--lab`` or its key): the codes still
    #: possible and the advice were on show.
    assisted: bool = False
    #: Left with a guess played and the game not over (outcome "abandoned"): counted as
    #: played and not won, whatever else it was, so it ends a streak.
    abandoned: bool = False
    #: Played in hard mode: every guess had to fit every answer so far.
    hard: bool = False
    #: How its guesses were answered: black and white pegs, or black pegs only.
    answers: AnswerRule = CLASSIC
    #: How codes were written in the game (a notation's name); None: letters up to 8
    #: colours, numbers beyond.
    notation: str | None = None
    #: The daily puzzle's date (YYYY-MM-DD, UTC) for a game of the day's puzzle: the day
    #: it was opened on, whenever it finished; None for other games (and for daily games
    #: kept before it was stored: their day is the one they finished on).
    day: str | None = None
    #: The challenge code the game was played from (``game.challenge``); None for a game
    #: on a secret of its own.
    challenge: str | None = None
    #: The person's time, first guess to last answer, pauses aside (None: not kept).
    seconds: float | None = None
    #: Played with the clock on show (``--timed``): figures apart.
    timed: bool = False
    #: A duel's players (two people at one terminal): who broke the code and who made
    #: it; None for the other games.
    breaker_name: str | None = None
    maker_name: str | None = None
    finished_at: str = field(
        default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds")
    )
    #: The same game written again (with ratings that came late) keeps one row.
    key: str = field(default_factory=lambda: uuid.uuid4().hex)
    id: int | None = None

    @property
    def won(self) -> bool:
        return self.outcome == "solved"


#: How many of the latest games a rating sets beside all of them.
RECENT = 10


@dataclass(frozen=True)
class Rating:
    """A player's rating on one size: the guesses lost per game against the exact
    optimum (the optimum among codes that fit, in hard mode), over every game rated and
    over the latest ones, and each game's loss in order: lower is better, 0 perfect."""

    #: The rule the guesses were rated against (``optimal``, ``optimal-fit``).
    against: str
    #: The loss of each game rated, oldest first.
    history: tuple[float, ...]

    @property
    def games(self) -> int:
        return len(self.history)

    @property
    def lost(self) -> float:
        """Guesses lost per game, over every game rated."""
        return sum(self.history) / len(self.history)

    @property
    def recent(self) -> float:
        """Guesses lost per game, over the latest ``RECENT`` games."""
        latest = self.history[-RECENT:]
        return sum(latest) / len(latest)

    def as_json(self) -> dict[str, Any]:
        return {
            "against": self.against,
            "games": self.games,
            "lost_per_game": round(self.lost, 3),
            "last_10": round(self.recent, 3),
            "history": [round(loss, 3) for loss in self.history],
        }


@dataclass(frozen=True)
class Summary:
    """The figures for one size and rules."""

    colours: int
    positions: int
    repeats: bool
    played: int
    won: int
    average: float | None
    best: int | None
    streak: int
    #: moves used -> games won in that many
    histogram: dict[int, int]
    #: The move limit: games of 3 moves are figures apart from games of 10.
    max_moves: int = 10
    #: Games played with help (a HINT that named a code, the lab view, WHATIF): kept
    #: apart, in none of the figures above; ``assisted_won`` of them won.
    assisted: int = 0
    assisted_won: int = 0
    #: Games left unfinished (counted in ``played``, never won).
    abandoned: int = 0
    #: Days in a row whose daily puzzle of this size was solved unaided (``figures``).
    daily_streak: int = 0
    #: Games in hard mode: figures apart from the others of the size.
    hard: bool = False
    #: Games played timed (``--timed``): figures apart, with the best and average time
    #: of the games won (seconds).
    timed: bool = False
    best_seconds: float | None = None
    average_seconds: float | None = None
    #: The rating over time (``figures.rating``); None with ``no_rating`` saying why.
    rating: Rating | None = None
    no_rating: str = ""

    def rating_words(self) -> str:
        """The rating in words: "0.42 guesses lost per game against the optimum (last 10
        games: 0.31; 23 games rated)", or "none" and why."""
        rated = self.rating
        if rated is None:
            return f"none ({self.no_rating})"
        against = "the optimum among codes that fit" if self.hard else "the optimum"
        last = plural(min(rated.games, RECENT), "game")
        return (
            f"{rated.lost:.2f} guesses lost per game against {against} "
            f"(last {last}: {rated.recent:.2f}; {plural(rated.games, 'game')} rated)"
        )

    #: How the games were answered: figures of black pegs only are kept apart.
    answers: AnswerRule = CLASSIC

    def as_json(self) -> dict[str, Any]:
        return {
            "size": f"{self.colours}x{self.positions}",
            "max_moves": self.max_moves,
            "repeats": self.repeats,
            "answers": self.answers.name,
            "played": self.played,
            "won": self.won,
            "average": None if self.average is None else round(self.average, 3),
            "best": self.best,
            "streak": self.streak,
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
            "assisted": self.assisted,
            "assisted_won": self.assisted_won,
            "abandoned": self.abandoned,
            "daily_streak": self.daily_streak,
            "hard": self.hard,
            "timed": self.timed,
            "best_seconds": self.best_seconds,
            "average_seconds": None
            if self.average_seconds is None
            else round(self.average_seconds, 1),
            "rating": None if self.rating is None else self.rating.as_json(),
            "no_rating": self.no_rating or None,
        }


def size_text(colours: int, positions: int, repeats: bool, answers: AnswerRule) -> str:
    """``6x4``, ``10x4 no repeats`` or ``6x4 black pegs only``: games of one size under
    other rules are apart."""
    rule = "" if answers == CLASSIC else f" {answers.title}"
    return f"{colours}x{positions}" + ("" if repeats else " no repeats") + rule
