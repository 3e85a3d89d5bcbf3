"""What every strategy sees and returns."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, cast

import numpy as np

from ..codes import CodeSpace
from ..trace import Choice

if TYPE_CHECKING:
    from ..arrays import Codes
    from ..run import Run

#: ``stats`` walks a deterministic strategy's whole tree once the secrets number at least
#: 1/WALK_SHARE of the space's codes (the walk costs about what playing every secret once
#: costs); a strategy may say otherwise (``Strategy.walks``).
WALK_SHARE = 4


@dataclass(frozen=True)
class Position:
    """The solver's knowledge: codes still possible (sorted indices) and the moves so far
    as (guess, answer class) pairs."""

    space: CodeSpace
    candidates: Codes
    history: tuple[tuple[int, int], ...]
    rng: np.random.Generator


class _NoDraws:
    """What deterministic strategies are handed instead of a generator where nothing
    random is wanted (decision trees, statistics): any draw is a bug, and making a real
    generator imports numpy.random, 24 ms of a 30 ms ``stats --all`` start-up."""

    def __getattr__(self, name: str) -> None:
        if name.startswith("__"):  # copy, pickle and hasattr ask for these: not a draw
            raise AttributeError(name)
        raise AssertionError(f"a deterministic strategy drew from its generator ({name})")


#: Stands in for ``Position.rng`` where the strategy is deterministic.
NO_DRAWS = cast("np.random.Generator", _NoDraws())


@dataclass(frozen=True)
class Measure:
    """What a strategy's score means, in every place that shows one: the trace's label,
    the rating's wording, and the explaining sentence's terms."""

    #: The trace's name for the number: ``largest class: 44``.
    label: str
    #: A score in a rating's sentence, ``{}`` the number: ``largest class {}``.
    reads: str
    #: What one guess does, what two tied guesses both do, what the next best does ({} is
    #: the amount), and the unit, one and many (``explain.sentence``).
    own: str
    both: str
    rival: str
    unit: str
    units: str
    #: Whether a bigger score is better (bits, classes).
    higher_is_better: bool = False
    #: The score counts guesses (the exact optimum): shown to two decimals, losses add up
    #: over a game, and the strategy's guess is the best there is.
    in_guesses: bool = False
    #: A score beside a split, short, ``{}`` the number: ``3.057 bits`` (``reads`` if "").
    brief: str = ""
    #: The score is the largest class (the codes left when the answer is the worst it
    #: can be): only then are a split's largest classes marked "worst case".
    worst_case: bool = False


@dataclass(frozen=True)
class Parameter:
    """A whole-number setting a strategy takes (a depth cap, say), passed by keyword to
    its constructor: ``make_strategy`` checks it against this."""

    name: str
    #: What it does, in a line for a help text.
    help: str
    #: The smallest value allowed.
    low: int = 1


class Strategy(ABC):
    """A way of choosing the next guess. Besides choosing, a strategy says what everything
    around it needs to know, so that nothing outside ``engine.strategies`` asks its name."""

    name: ClassVar[str]
    summary: ClassVar[str]
    #: Same position, same guess: the decision tree can be memoised. False: the strategy
    #: draws from ``position.rng`` (games are seeded one by one). A deterministic strategy
    #: may still score on a seeded sample of the codes: each choice says so (``estimated``).
    deterministic: ClassVar[bool] = True
    #: What its score means; None for strategies that do not score their guesses.
    measure: ClassVar[Measure | None] = None
    #: Ticked on the Statistics screen when it opens.
    shown_by_default: ClassVar[bool] = False
    #: The only sizes it plays, as (colours, positions, repeats); () for any (a tree kept
    #: as data plays its own size alone, and ``check`` refuses the others).
    sizes: ClassVar[tuple[tuple[int, int, bool], ...]] = ()
    #: Whether a long statistics run may split its games over worker processes.
    runs_apart: ClassVar[bool] = True
    #: The settings its constructor takes by keyword (none by default).
    parameters: ClassVar[tuple[Parameter, ...]] = ()
    #: Its rule card (``rule_card``), a plain sentence each: what it measures, how it
    #: breaks ties, how it opens, what a move costs to compute ("" : made from the rest).
    rule_measures: ClassVar[str] = ""
    rule_ties: ClassVar[str] = ""
    rule_opening: ClassVar[str] = ""
    rule_cost: ClassVar[str] = ""

    def prepare(self, space: CodeSpace, run: Run | None = None) -> str:
        """Make ready, before a run, what playing this size needs (read or search a
        tree: ``run`` hears how far a long search is, stops it, and may say where its
        parts run), and say in one line what a person should hear once about it; "" if
        nothing."""
        return ""

    def seconds(self, space: CodeSpace, games: int) -> float:
        """Roughly how long ``engine.walks.stats.run_stats`` takes for ``games`` games on one
        core (a fit to runs measured on a loaded 2-core machine, right within a factor
        of about two; see benchmarks/bench_solvers.py). A deterministic strategy thinks
        once per distinct secret and only looks the repeats up."""
        size = space.count  # codes the rules allow: what a game scans
        # The expected distinct secrets among `games` drawn at random.
        distinct = min(games, size * -np.expm1(-games / size)) if self.deterministic else games
        return float(distinct * self.game_seconds(space) + 2e-6 * games)

    def walks(self, space: CodeSpace, games: int) -> bool:
        """Whether ``stats`` walks the whole tree for ``games`` secrets rather than play
        them one by one (deterministic strategies only)."""
        return self.deterministic and games * WALK_SHARE >= space.count

    def game_seconds(self, space: CodeSpace) -> float:
        """What one distinct secret costs: the sequential scan's tree 10 us plus 2 ns a
        code; a random game 0.1 ms plus 14 ns a code (classic over every secret, CPU time
        on a 2-core machine at load 21: 6x4 0.11 s, 10x4 4.0 s, 7x5 6.9 s, 8x5 18.6 s; the
        old 0.3 ms plus 26 ns made 8x5 37.8 s)."""
        if self.deterministic:
            return 1e-5 + 2e-9 * space.count
        return 1e-4 + 14e-9 * space.count

    def sampled(self, space: CodeSpace) -> bool:
        """Whether, on this space, the guesses weighed are a sample rather than all."""
        return False

    def exactly(self) -> Strategy:
        """This strategy weighing every guess against every candidate on any space
        (``stats --exact``: hours on the biggest, meant for a cluster)."""
        return self

    def compiled(self, space: CodeSpace, backend: str | None = None) -> Strategy:
        """This strategy with its compiled kernels for ``space``, if it has any (from the
        backend called ``backend``: ``engine.backends``, numba's by default): for tree
        walks, which can afford numba's start-up (``play`` and the app never ask)."""
        return self

    def check(self, space: CodeSpace) -> None:  # noqa: B027 (optional hook: most play any size)
        """Raise ConfigError, saying why, when this strategy cannot play games of this size
        (before a game starts rather than at its first guess)."""

    @abstractmethod
    def choose(self, position: Position) -> Choice:
        """Pick the next guess; ``position.candidates`` is never empty."""

    def guess(self, position: Position) -> int:
        """The guess ``choose`` would pick, without building its trace: what statistics
        and decision trees call. Strategies override it where skipping the trace saves
        work; it must draw from ``position.rng`` exactly as ``choose`` does."""
        return self.choose(position).guess
