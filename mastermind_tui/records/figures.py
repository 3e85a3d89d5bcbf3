"""The figures made from the records of finished games: per size, rules and move limit,
games played and won, average and best moves, streak and histogram."""

from __future__ import annotations

from collections import Counter

from .types import Game, Summary


def summarise(games_newest_first: list[Game]) -> list[Summary]:
    """Figures per size, rules and move limit for the games a person broke (practice
    and assisted games aside, assisted ones counted apart; an abandoned game always
    counts, as played and lost, so it ends a streak): a game won in 3 of 3 moves is
    not averaged with ones of 10."""
    by_size: dict[tuple[int, int, bool, int], list[Game]] = {}
    helped: dict[tuple[int, int, bool, int], list[Game]] = {}
    for game in reversed(games_newest_first):  # oldest first
        if game.breaker != "person":
            continue
        key = (game.colours, game.positions, game.repeats, game.max_moves)
        if game.abandoned or not (game.practice or game.assisted):
            by_size.setdefault(key, []).append(game)
        elif game.assisted:
            helped.setdefault(key, []).append(game)
            by_size.setdefault(key, [])
    out = []
    for key, games in sorted(by_size.items()):
        colours, positions, repeats, max_moves = key
        won = [g for g in games if g.won]
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
            )
        )
    return out
