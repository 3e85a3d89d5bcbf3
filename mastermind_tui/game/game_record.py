"""A game as the records keep it: the one conversion from the engine's moves and ratings
to a ``records.Game``, for the games of a match and for ratings that complete one late."""

from __future__ import annotations

from engine import Answer, CodeSpace
from engine.play.match import Role
from engine.rating.guesses import MoveRating

from ..records.types import Game, Move, code_text
from .settings import Settings


def recorded_moves(
    space: CodeSpace, moves: list[tuple[int, Answer]], ratings: list[MoveRating]
) -> tuple[Move, ...]:
    """Moves as records keep them, with the person's ratings where known."""
    rated = {r.move: r for r in ratings}

    def text(code: int) -> str:
        return code_text(space.to_digits(code))

    def move(number: int, guess: int, answer: Answer) -> Move:
        r = rated.get(number)
        if r is None:
            return Move(text(guess), answer.black, answer.white)
        rating = (r.value, r.best_value, text(r.best_guess), r.rule, r.higher_is_better)
        return Move(text(guess), answer.black, answer.white, *rating)

    return tuple(move(n, g, a) for n, (g, a) in enumerate(moves, 1))


def game_record(
    settings: Settings,
    breaker: Role,
    outcome: str,
    secret: int | None,
    moves: list[tuple[int, Answer]],
    ratings: list[MoveRating],
    practice: bool,
    assisted: bool = False,
    day: str | None = None,
    players: tuple[str, str] | None = None,
    challenge: str | None = None,
    seconds: float | None = None,
) -> Game:
    """The record of one game: the moves (with the person's ratings so far), the outcome,
    the secret where known, who broke it with which strategy, the daily puzzle's date
    for a game of one, a duel's ``players`` (who broke the code, who made it), the
    challenge code of a game played from one, and the person's time."""
    space = settings.space
    return Game(
        colours=space.colours,
        positions=space.positions,
        max_moves=settings.rules.max_moves,
        mode=settings.mode.record,
        breaker=breaker,
        outcome=outcome,
        strategy=settings.strategy,
        moves=recorded_moves(space, moves, ratings),
        repeats=space.repeats,
        practice=practice,
        assisted=assisted,
        hard=settings.hard,
        answers=space.answers,
        secret=None if secret is None else code_text(space.to_digits(secret)),
        notation=settings.notation.name,
        day=day,
        breaker_name=None if players is None else players[0],
        maker_name=None if players is None else players[1],
        challenge=challenge,
        seconds=None if seconds is None else round(seconds, 1),
        timed=settings.timed,
    )
