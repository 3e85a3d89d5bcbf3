"""Rating a person's guesses: what each one cost against the best guess in its position.

Two rules, chosen by size:

* where the exact optimum is within reach (``engine.optimal.reach.check_size``) and quick to
  find, or already on disk (bigger sizes: ``mastermind stats --strategy optimal --all``
  stores it), a guess is rated by the guesses still expected after it, the rest being
  played perfectly, against the optimal strategy's guess there: a loss in guesses, and
  losses add up over a game;
* elsewhere, by the chosen strategy's own score of the split the guess makes (largest
  class, expected size, bits, classes) against that strategy's own guess. Strategies with
  no score of their own (the index scans, the random choice) are rated by expected size,
  the score that tracks guesses saved most closely. On big spaces a strategy scores its
  own guess on a sample of the codes, so a person's guess, scored exactly, may come out
  slightly ahead: such a guess counts as a best one.

Slow work (the first exact search of a size, or rating an odd opening on 6x4, take
seconds) belongs off the interface thread: ``rate_moves`` works on a copy of the moves,
and ``engine.rating.process.rate_moves_apart`` runs the exact rule in a process of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..codes import CodeSpace
from ..errors import ConfigError
from ..expected import DECIMALS, counted
from ..explain.decisions import estimated
from ..feedback import Answer, against, partition
from ..optimal.reach import check_size, quiet
from ..optimal.search import quick_limit
from ..optimal.tree import rate
from ..play.solver import Solver
from ..storage import cache
from ..strategies import Measure, Position, make_strategy, strategy_class
from ..strategies.heuristics import ExpectedSize, Knuth
from ..strategies.optimal import Optimal
from ..strategies.partitioning import PartitionStrategy
from ..trace import Choice, format_score
from .openings import openings_file, orbit, stored_totals

if TYPE_CHECKING:
    from ..arrays import Codes

#: Losses below this are rounding: the guess was as good as the best.
TOLERANCE = 1e-9
#: The rule's name where the exact optimum is known.
OPTIMAL = Optimal.name
#: How a rating names the best guess of the exact rules (others: "knuth's choice").
WHOSE = {OPTIMAL: "the exact optimum's guess", "optimal-fit": "the best code that fits"}


def exact_rule(rule: str) -> bool:
    """Whether ``rule`` is an exact optimum's (any criterion): ratings in guesses."""
    return issubclass(strategy_class(rule), Optimal)


@dataclass(frozen=True)
class MoveRating:
    """One guess of a person against the best guess where it was made."""

    #: The move's number, from 1.
    move: int
    guess: int
    #: The guess's value and the best guess's, in the rule's unit (``measure``).
    value: float
    best_guess: int
    best_value: float
    #: The strategy whose score rates the guess (an exact optimum's, ``exact_rule``, where
    #: the optimum is known: ``OPTIMAL``, or the criterion a person plays against).
    rule: str
    #: Whether a bigger value is better (bits, classes).
    higher_is_better: bool = False

    @property
    def measure(self) -> Measure:
        """What the rule's values mean (its strategy's measure)."""
        measure = strategy_class(self.rule).measure
        assert measure is not None  # a rule is a strategy that scores
        return measure

    def number(self, value: float) -> str:
        """A value as a number: guesses expected with the guess counted, to two decimals
        (``engine.expected``: ``value`` keeps those after it), other scores as the trace
        shows."""
        if self.measure.in_guesses:
            return f"{counted(value):.{DECIMALS}f}"
        return format_score(value)

    @property
    def loss(self) -> float:
        """How much worse than the best guess, in the rule's unit; never below 0."""
        diff = self.value - self.best_value
        return max(0.0, -diff if self.higher_is_better else diff)

    @property
    def best(self) -> bool:
        return self.loss <= TOLERANCE

    def amount(self, value: float) -> str:
        """A value as the rule reads: ``4.48 guesses expected, this one counted``, ``largest
        class 44``."""
        return self.measure.reads.format(self.number(value))

    def cost(self) -> str:
        """The loss in a few characters, for a table column: ``best``, ``+0.07``, ``+54``."""
        if self.best:
            return "best"
        loss = self.loss
        whole = abs(loss - round(loss)) < TOLERANCE or loss >= 100
        return f"+{loss:,.0f}" if whole and not self.measure.in_guesses else f"+{loss:.2f}"

    def sentence(self, fmt: Callable[[int], str]) -> str:
        """``RRGG: 4.48 guesses expected, this one counted; the exact optimum's guess at move
        1, BBWR, 4.41``: "here" is kept for the position now (``engine.expected``)."""
        head = f"{fmt(self.guess)}: {self.amount(self.value)}"
        whose = WHOSE.get(self.rule, f"{self.rule}'s choice") + f" at move {self.move}"
        if self.guess == self.best_guess:
            return f"{head}, {whose}"
        if self.best:
            return f"{head}, as good as {whose} ({fmt(self.best_guess)})"
        return f"{head}; {whose}, {fmt(self.best_guess)}, {self.number(self.best_value)}"


class Rater:
    """The rule for one size and strategy: what scores a position's best guess and a
    person's guess there."""

    def __init__(self, space: CodeSpace, strategy: str, worst_case: bool = False) -> None:
        """``worst_case``: against the adversary, which keeps the largest class, a guess is
        rated on every size by the largest class it leaves (Knuth's score) against the
        guess that leaves the smallest."""
        self.space = space
        self.scorer: Optimal | PartitionStrategy
        chosen = make_strategy(strategy)
        if worst_case:
            self.scorer = Knuth()
            self.rule = self.scorer.name
            self.takes_advice = self.scorer.name == strategy.lower()
            return
        # Played against one criterion of the optimum (optimal-worst, a cap), rated by it.
        optimum = chosen if isinstance(chosen, Optimal) else Optimal()
        try:
            check_size(space)
            if space.count > quick_limit(space) and not optimum.cached(space):
                raise ConfigError("the optimum of this size has not been searched yet")
            if not quiet(space):  # off its tree a guess would be searched for minutes
                raise ConfigError("the optimum of this size is searched only when asked for")
        except ConfigError:
            self.scorer = chosen if isinstance(chosen, PartitionStrategy) else ExpectedSize()
        else:
            self.scorer = optimum
        self.rule = self.scorer.name
        #: Whether the chosen strategy's own advice is this rule's best guess.
        self.takes_advice = self.scorer.name == strategy.lower()

    def best(self, solver: Solver) -> Choice:
        """The best guess where ``solver`` stands, with its score."""
        position = Position(self.space, solver.candidates, solver.history, solver.rng)
        return self.scorer.choose(position)

    def rate(self, solver: Solver, guess: int, answer: Answer, best: Choice) -> MoveRating:
        """Rate ``guess`` where ``solver`` stands (it observes the guess and its answer)."""
        codes = solver.candidates
        history = solver.history
        solver.observe(guess, *answer)
        move = len(solver.steps)
        assert best.score is not None  # every scorer here scores its choice
        if isinstance(self.scorer, Optimal):
            expected = best.score
            if guess != best.guess:
                guesses = tuple(g for g, _ in history)
                expected = self._expected(codes, guesses, guess, best)
            return MoveRating(move, guess, expected - 1, best.guess, best.score - 1, self.rule)
        assert isinstance(self.scorer, PartitionStrategy)
        value = self.scorer.split_value(solver.steps[-1].decision.partition)
        best_value = best.score
        if estimated(best):
            # Scored on a sample, the best guess's figure is an estimate; the person's guess
            # is split exactly. Both exact, so that an equal guess is rated equal (8x8:
            # RRGGBBWW rated +28,365 against knuth's BBWWRRGG, which splits the same).
            classes = against(self.space, best.guess, codes)
            best_value = self.scorer.split_value(partition(classes, self.space))
        higher = self.scorer.measure.higher_is_better
        return MoveRating(move, guess, value, best.guess, best_value, self.rule, higher)

    def _expected(self, codes: Codes, history: tuple[int, ...], guess: int, best: Choice) -> float:
        """Guesses expected with ``guess`` played next and perfect play after it. A first
        guess is looked up by its orbit, kept on disk: searching what follows an odd
        opening (RRRR, RGBY on 6x4) takes seconds, and there are only a few orbits."""
        space = self.space
        assert isinstance(self.scorer, Optimal)
        n = len(codes)
        assert best.score is not None
        known = (best.guess, round(best.score * n))
        if history:
            total = self.scorer.total(space, codes, history, guess)
            if total is not None:  # shipped, or nothing to search
                return total / n
            search = self.scorer.search_for(space, codes)
            return rate(search, codes, history, guess, known).expected
        opening = str(orbit(space, self.scorer, guess))
        criterion = self.scorer.criterion
        # No opening is below the best's, but where a cap or the worst case comes first.
        plain = not criterion.max_guesses and not criterion.worst_first
        floor = (str(orbit(space, self.scorer, best.guess)), known[1]) if plain else None
        totals = stored_totals(space, self.scorer, self.rule, floor)
        total = totals.get(opening)
        if total is None:
            search = self.scorer.search_for(space)
            total = round(rate(search, codes, (), guess, known).expected * n)
            totals[opening] = total
            name, key = openings_file(space, self.rule)
            cache.save(name, key, totals)
        return total / n


def split_score(strategy: str, split: Mapping[Answer, int]) -> tuple[float, Measure] | None:
    """A split's score in ``strategy``'s own measure, for strategies that score splits
    (a what-if guess beside the strategy's choice); None for the others."""
    chosen = make_strategy(strategy)
    if isinstance(chosen, PartitionStrategy):
        return chosen.split_value(split), chosen.measure
    return None


def rate_moves(
    space: CodeSpace,
    strategy: str,
    moves: Sequence[tuple[int, Answer]],
    start: int = 0,
    advice: Mapping[int, Choice] | None = None,
    worst_case: bool = False,
) -> list[MoveRating]:
    """Ratings of ``moves[start:]`` (the earlier moves are followed, not rated).
    ``advice`` holds the chosen strategy's own choice before some moves (by move number,
    from 1), worked out already: used where it is this rule's best guess; ``worst_case``:
    the adversary's rule (``Rater``)."""
    rater = Rater(space, strategy, worst_case)
    solver = Solver(space, rater.scorer)
    out = []
    for number, (guess, answer) in enumerate(moves, 1):
        if number <= start:
            solver.observe(guess, *answer)
            continue
        known = (advice or {}).get(number) if rater.takes_advice else None
        best = known if known is not None and known.score is not None else rater.best(solver)
        out.append(rater.rate(solver, guess, answer, best))
    return out


def summary(ratings: Sequence[MoveRating], fmt: Callable[[int], str]) -> str:
    """A game's guesses against the best, in a sentence or two."""
    if not ratings:
        return "No guesses to rate."
    count = len(ratings)
    guesses = f"your {count} guess{'es' * (count != 1)}"
    worst = max(ratings, key=lambda r: (r.loss, -r.move))
    if worst.best:
        return f"All {guesses} were as good as the best." if count > 1 else "Your guess was best."
    costliest = f"move {worst.move} ({fmt(worst.guess)}) was the costliest"
    rule = ratings[0].rule
    if count == 1:
        return f"Your guess: {worst.sentence(fmt)}."
    if worst.measure.in_guesses:
        total = sum(r.loss for r in ratings)
        return (
            f"{guesses[0].upper()}{guesses[1:]} cost {total:.2f} guesses more than the best "
            f"play in all; {costliest}, {worst.loss:.2f}."
        )
    matched = sum(r.best for r in ratings)
    return (
        f"{matched or 'None'} of {guesses} matched {rule}'s best score; {costliest}: "
        f"{worst.amount(worst.value)} against {format_score(worst.best_value)}."
    )
