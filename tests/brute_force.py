"""The exact optimum by plain recursion over every guess allowed, for the tests that
check the engine's branch-and-bound search on small sizes: slow, obviously right."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

Code = tuple[int, ...]


def answer(a: Code, b: Code) -> tuple[int, int]:
    black = sum(x == y for x, y in zip(a, b, strict=True))
    return black, sum((Counter(a) & Counter(b)).values()) - black


def brute_force(
    colours: int, positions: int, repeats: bool = True
) -> tuple[list[Code], Callable[[tuple[Code, ...]], int], Callable[[tuple[Code, ...], Code], int]]:
    """``after(left, g)``: total guesses to find every code of ``left`` when ``g`` comes
    next and the rest is played perfectly, by plain recursion over every guess allowed."""
    codes = (
        list(itertools.product(range(colours), repeat=positions))
        if repeats
        else list(itertools.permutations(range(colours), positions))
    )

    def split(left: tuple[Code, ...], guess: Code) -> dict[tuple[int, int], tuple[Code, ...]]:
        parts: dict[tuple[int, int], list[Code]] = {}
        for code in left:
            parts.setdefault(answer(code, guess), []).append(code)
        return {a: tuple(p) for a, p in parts.items()}

    @lru_cache(None)
    def cost(left: tuple[Code, ...]) -> int:
        if len(left) == 1:
            return 1
        return min(after(left, g) for g in codes if g in left or len(split(left, g)) > 1)

    def after(left: tuple[Code, ...], guess: Code) -> int:
        found = (positions, 0)
        return len(left) + sum(cost(p) for a, p in split(left, guess).items() if a != found)

    return codes, cost, after
