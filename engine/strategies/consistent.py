"""Strategies that always guess a code that could be the secret: the two index scans of the
seed listings and the uniformly random choice."""

from __future__ import annotations

from collections.abc import Callable

from ..codes import CodeSpace
from ..trace import Choice
from ..words import plural
from .base import Position, Strategy


def _choice(guess: int, note: str, why: str, **details: int) -> Choice:
    return Choice(guess=guess, consistent=True, note=note, details=details, why=why)


def _allowed_between(space: CodeSpace, low: int, high: int) -> int:
    """How many codes the rules allow with an index in ``low``..``high - 1``: without
    repeats the scan passes over forbidden indices too, and those are not "impossible
    codes" a player would count."""
    if space.repeats:
        return high - low
    allowed = space.allowed
    return space.locate(allowed, high) - space.locate(allowed, low)


class Sequential(Strategy):
    """Seed 000: guess index 0, then always the next higher index consistent with every
    answer. Every lower consistent code would have been guessed already, so the next
    guess is the lowest code still possible."""

    name = "sequential"
    summary = "first consistent code in index order (seed 000's BBC BASIC program)"
    WHY = "{guess} is the first code still possible in index order."
    rule_measures = "nothing: it plays the first code still possible in index order"
    rule_ties = "none arise: index order decides"
    rule_opening = "index 0: BBBB in letters on 6x4 (1111 in numbers)"
    rule_cost = "one look at the sorted codes still possible: microseconds"

    def guess(self, position: Position) -> int:
        return int(position.candidates[0])

    def choose(self, position: Position) -> Choice:
        guess = int(position.candidates[0])
        if not position.history:
            return _choice(guess, "starts at index 0", self.WHY, scan_start=0, skipped=0)
        last = position.history[-1][0]
        skipped = _allowed_between(position.space, last + 1, guess)
        return _choice(
            guess,
            f"scanned up from index {last + 1}: skipped {skipped:,} impossible "
            f"code{'s' * (skipped != 1)}, first possible is index {guess}",
            self.WHY,
            scan_start=last + 1,
            skipped=skipped,
        )


class Classic(Strategy):
    """The 1978 listing's computer player: a random index, then the first code still
    possible scanning forward from it, wrapping round to index 0."""

    name = "classic"
    summary = "random start, then first possible code scanning forward (the 1978 listing)"
    deterministic = False
    shown_by_default = True
    rule_measures = (
        "nothing: from a random index it scans forward to the first code still possible, "
        "wrapping round to index 0"
    )
    rule_ties = "none arise: the scan decides"
    rule_opening = "the code at a random index (the seed decides)"
    rule_cost = "one look at the sorted codes still possible: microseconds"

    def __init__(self, draw: Callable[[int], int] | None = None) -> None:
        """``draw(n)`` gives the start index in 0..n-1; by default the solver's RNG.
        The retro mode passes GW-BASIC's RND here."""
        self._draw = draw

    def choose(self, position: Position) -> Choice:
        size = position.space.size
        start = self._draw(size) if self._draw else int(position.rng.integers(size))
        cands = position.candidates
        i = position.space.locate(cands, start)
        wrapped = i == len(cands)
        guess = int(cands[0] if wrapped else cands[i])
        if wrapped:
            skipped = _allowed_between(position.space, start, size)
            skipped += _allowed_between(position.space, 0, guess)
        else:
            skipped = _allowed_between(position.space, start, guess)
        note = f"random start at index {start}"
        note += (
            f", wrapped round to 0: skipped {skipped:,}" if wrapped else f": skipped {skipped:,}"
        )
        note += f" impossible code{'s' * (skipped != 1)}, guessing index {guess}"
        why = (
            "{guess} is the first code still possible scanning forward from a random start "
            f"(index {start})."
        )
        return _choice(guess, note, why, scan_start=start, skipped=skipped)


class RandomConsistent(Strategy):
    """Seeds 003 (step 3c) and 004: any code still possible, uniformly at random."""

    name = "random"
    summary = "a uniformly random code among those still possible (seeds 003, 004)"
    deterministic = False
    rule_measures = "nothing: any code still possible, each as likely"
    rule_ties = "none arise: the draw decides"
    rule_opening = "any code, drawn at random (the seed decides)"
    rule_cost = "one draw: microseconds"

    def guess(self, position: Position) -> int:
        return int(position.candidates[position.rng.integers(len(position.candidates))])

    def choose(self, position: Position) -> Choice:
        pick = int(position.rng.integers(len(position.candidates)))
        guess = int(position.candidates[pick])
        left = plural(len(position.candidates), "code")
        why = f"{{guess}} was drawn at random from the {left} still possible."
        return _choice(guess, "each of them as likely to be the secret", why)
