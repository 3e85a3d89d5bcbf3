"""The figures made from the records of finished games: per size, rules and move limit,
games played and won, average and best moves, streak and histogram."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date, datetime, timedelta

from engine.answers import RULES
from engine.play.match import Role

from .types import Game, Move, Rating, Summary

#: The rules a rating is against: the exact optimum, and in hard mode the optimum among
#: codes that fit (the names the ratings keep, ``engine.rating.guesses``).
OPTIMAL = "optimal"
FIT = "optimal-fit"

#: The modes, as records name them, whose games stay out of the figures per size: against
#: the adversary every game is its worst case, not a secret drawn at random; a duel's
#: games are two people's, on codes they chose.
APART = frozenset({"adversary", "duel"})


def _today() -> date:
    return datetime.now(UTC).date()


def counted_daily(game: Game) -> bool:
    """A game of today's daily puzzle that counts (the first of its UTC day and size;
    an earlier day's replay, or a second game of the same day, is practice)."""
    return game.mode == "daily" and game.breaker is Role.PERSON and not game.practice


def puzzle_day(game: Game) -> str:
    """The date of the daily puzzle ``game`` played (YYYY-MM-DD)."""
    return game.day or game.finished_at[:10]


def daily_streak(games: list[Game], size: tuple[int, int, bool], today: date | None = None) -> int:
    """Days in a row, up to today (or yesterday while today's puzzle is still to play),
    whose daily puzzle of ``size`` (colours, positions, repeats) was solved unaided: a
    day lost, abandoned or assisted ends it. A game's day is its puzzle's (``puzzle_day``)."""
    days: dict[str, Game] = {}
    for game in games:
        if counted_daily(game) and (game.colours, game.positions, game.repeats) == size:
            first = days.setdefault(puzzle_day(game), game)
            if game.finished_at < first.finished_at:  # the day's first game counts
                days[puzzle_day(game)] = game
    day = today or _today()
    if day.isoformat() not in days:
        day -= timedelta(days=1)
    streak = 0
    while day.isoformat() in days:
        game = days[day.isoformat()]
        if not game.won or game.assisted or game.abandoned:
            break
        streak += 1
        day -= timedelta(days=1)
    return streak


def played_today(games: list[Game], size: tuple[int, int, bool], today: date | None = None) -> bool:
    """Whether today's daily puzzle of ``size`` has a counted game already."""
    day = (today or _today()).isoformat()
    return any(
        counted_daily(g) and puzzle_day(g) == day and (g.colours, g.positions, g.repeats) == size
        for g in games
    )


def summarise(games_newest_first: list[Game], today: date | None = None) -> list[Summary]:
    """Figures per size, rules and move limit for the games a person broke (practice
    and assisted games aside, assisted ones counted apart; an abandoned game always
    counts, as played and lost, so it ends a streak; the modes ``APART`` aside): a game
    won in 3 of 3 moves is not averaged with ones of 10, nor hard mode's or timed games
    with the others."""
    by_size: dict[tuple[int, int, bool, int, str, bool, bool], list[Game]] = {}
    helped: dict[tuple[int, int, bool, int, str, bool, bool], list[Game]] = {}
    for game in reversed(games_newest_first):  # oldest first
        if game.breaker is not Role.PERSON or game.mode in APART:
            continue
        rules = (game.colours, game.positions, game.repeats, game.max_moves, game.answers.name)
        key = (*rules, game.hard, game.timed)
        if game.abandoned or not (game.practice or game.assisted):
            by_size.setdefault(key, []).append(game)
        elif game.assisted:
            helped.setdefault(key, []).append(game)
            by_size.setdefault(key, [])
    out = []
    for key, games in sorted(by_size.items()):
        colours, positions, repeats, max_moves, answers, hard, timed = key
        rated = rating(games, hard)
        won = [g for g in games if g.won]
        times = [g.seconds for g in won if g.seconds is not None] if timed else []
        streak = 0
        for game in reversed(games):
            if not game.won:
                break
            streak += 1
        histogram = Counter(len(g.moves) for g in won)
        out.append(
            Summary(
                colours,
                positions,
                repeats,
                played=len(games),
                won=len(won),
                average=sum(len(g.moves) for g in won) / len(won) if won else None,
                best=min(histogram) if histogram else None,
                streak=streak,
                histogram=dict(sorted(histogram.items())),
                max_moves=max_moves,
                assisted=len(helped.get(key, [])),
                assisted_won=sum(g.won for g in helped.get(key, [])),
                abandoned=sum(g.abandoned for g in games),
                daily_streak=daily_streak(games, (colours, positions, repeats), today),
                answers=RULES[answers],
                hard=hard,
                timed=timed,
                best_seconds=min(times, default=None),
                average_seconds=sum(times) / len(times) if times else None,
                rating=rated if isinstance(rated, Rating) else None,
                no_rating=rated if isinstance(rated, str) else "",
            )
        )
    return out


def rating(games_oldest_first: list[Game], hard: bool) -> Rating | str:
    """The guesses lost per game against the exact optimum (the optimum among codes that
    fit, in hard mode) of the games whose every guess was rated against it; where none
    was, why, in words (the optimum out of reach: rated by a strategy's own score)."""
    against = FIT if hard else OPTIMAL
    history: list[float] = []
    others: set[str] = set()
    for game in games_oldest_first:
        if game.abandoned or not game.moves:
            continue
        rules = {move.rule for move in game.moves}
        if rules == {against}:
            history.append(sum(_loss(move) for move in game.moves))
        others |= {rule for rule in rules if rule is not None and rule != against}
    if history:
        return Rating(against, tuple(history))
    if others:
        by = ", ".join(sorted(others))
        return f"the exact optimum is out of reach on this size (guesses rated by {by})"
    return "no game rated against the optimum yet"


def _loss(move: Move) -> float:
    """A guess's loss against the best guess where it was made; never below 0."""
    if move.value is None or move.best_value is None:
        return 0.0
    diff = move.value - move.best_value
    return max(0.0, -diff if move.higher_is_better else diff)
