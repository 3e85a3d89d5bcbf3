"""The game against the adversary (``engine.play.adversary``): the strategy whose advice
and ratings are in worst-case terms, par, and what the end says. Nothing here imports
Textual.

Par is the size's worst-case optimum, the fewest guesses within which some strategy finds
every secret whatever the answers (5 on 6x4), read off the shipped worst-first trees.
Where none is shipped (bigger sizes, black pegs only) it is Knuth's worst case over every
secret, a bound on that optimum, said as one; past the time a walk of Knuth's games would
take here, there is none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from engine import CodeSpace
from engine.arrays import Codes
from engine.run import HERE, Run
from engine.words import plural

#: The strategy the adversary's game advises with and rates by: Knuth's, which picks the
#: guess whose largest class is smallest, the very class the adversary keeps.
ADVICE: Final = "knuth"
#: Seconds of Knuth's games over every secret past which no bound is worked out.
BOUND_SECONDS: Final = 60.0
#: Codes listed by name where a move limit ends the game (the rest are counted).
LISTED: Final = 12


@dataclass(frozen=True)
class Par:
    guesses: int
    #: The worst-case optimum itself; False: Knuth's worst case, a bound on it.
    exact: bool

    @property
    def text(self) -> str:
        """``par 5, the worst-case optimum`` or ``par 7, Knuth's worst case (a bound)``."""
        if self.exact:
            return f"par {self.guesses}, the worst-case optimum"
        return f"par {self.guesses}, Knuth's worst case (a bound: the optimum is not at hand)"


def par(space: CodeSpace, run: Run = HERE) -> Par | None:
    """Par for ``space`` (a job's work: Knuth's games over every secret take seconds, 8x5
    12 s at load 6; ``run`` stops them); None where neither the optimum nor a bound is
    within reach."""
    from engine.optimal.shipped import worst_case
    from engine.walks.stats import estimate_seconds, run_stats

    exact = worst_case(space)
    if exact is not None:
        return Par(exact, True)
    if estimate_seconds(space, ADVICE, space.count) > BOUND_SECONDS:
        return None
    knuth = run_stats(space, ADVICE, space.allowed, run=run)
    return Par(knuth.worst, False) if knuth.exact else None


def against_par(moves: int, found: Par | None) -> str:
    """How ``moves`` (the secret pinned down) compares with par, in a sentence."""
    if found is None:
        return "No par at this size: the worst case is out of reach here."
    if moves < found.guesses:
        return f"Under {found.text}: the adversary's greed let you through."
    if moves == found.guesses:
        return f"You matched {found.text}."
    return f"Over {found.text}, by {plural(moves - found.guesses, 'move')}."


def still_possible(codes: Codes, fmt: Callable[[int], str], listed: int = LISTED) -> str:
    """The codes still possible where a move limit ended the game: any of them could have
    been "the" secret, since the adversary committed to none; ``listed`` of them named
    (none: only counted)."""
    if len(codes) == 1:
        return f"only {fmt(int(codes[0]))} was still possible"
    counted = f"{len(codes):,} codes were still possible"
    if listed == 0:
        return counted
    named = " ".join(fmt(int(c)) for c in codes[:listed])
    more = len(codes) - min(len(codes), listed)
    named += f" … and {more:,} more" if more else ""
    return f"{counted}, any of them the secret: {named}"
