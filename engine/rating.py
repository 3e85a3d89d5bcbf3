"""Rating a person's guesses: what each one cost against the best guess in its position.

Two rules, chosen by size:

* where the exact optimum is within reach (``engine.optimal.check_size``), a guess is
  rated by the guesses still expected after it, the rest being played perfectly, against
  the optimal strategy's guess there: a loss in guesses, and losses add up over a game;
* elsewhere, by the chosen strategy's own score of the split the guess makes (largest
  class, expected size, bits, classes) against that strategy's own guess. Strategies with
  no score of their own (the index scans, the random choice) are rated by expected size,
  the score that tracks guesses saved most closely. On big spaces a strategy scores its
  own guess on a sample of the codes, so a person's guess, scored exactly, may come out
  slightly ahead: such a guess counts as a best one.

Slow work (the first exact search of a size, or rating an odd opening on 6x4, take
seconds) belongs off the interface thread: ``rate_moves`` works on a copy of the moves,
and ``rate_moves_apart`` runs the exact rule in a process of its own, since the search
holds the interpreter lock for tens of milliseconds at a time (a thread running it made
keys take seconds to show on 6x4).
"""

from __future__ import annotations

import atexit
import os
import pickle
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from . import cache
from .codes import CodeSpace
from .errors import ConfigError, MastermindError
from .explain import estimated
from .feedback import Answer, against, partition
from .optimal import TREE_FORMAT, check_size, rate
from .solver import Solver
from .strategies import Position, Strategy, make_strategy
from .strategies.optimal import Optimal, solution
from .strategies.partitioning import ExpectedSize, PartitionStrategy
from .trace import Choice, format_score

#: Losses below this are rounding: the guess was as good as the best.
TOLERANCE = 1e-9
#: The rule's name where the exact optimum is known.
OPTIMAL = "optimal"
#: How a score reads, by the strategy that gives it.
MEASURES = {
    OPTIMAL: "{} more guesses expected",
    "knuth": "largest class {}",
    "expected-size": "expected size {}",
    "entropy": "{} bits of information",
    "most-parts": "{} classes",
}


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
    #: "optimal", or the strategy whose score rates the guess.
    rule: str
    #: Whether a bigger value is better (bits, classes).
    higher_is_better: bool = False

    @property
    def loss(self) -> float:
        """How much worse than the best guess, in the rule's unit; never below 0."""
        diff = self.value - self.best_value
        return max(0.0, -diff if self.higher_is_better else diff)

    @property
    def best(self) -> bool:
        return self.loss <= TOLERANCE

    def amount(self, value: float) -> str:
        """A value as the rule reads: ``3.48 more guesses expected``, ``largest class 44``."""
        number = f"{value:.2f}" if self.rule == OPTIMAL else format_score(value)
        return MEASURES[self.rule].format(number)

    def cost(self) -> str:
        """The loss in a few characters, for a table column: ``best``, ``+0.07``, ``+54``."""
        if self.best:
            return "best"
        loss = self.loss
        whole = abs(loss - round(loss)) < TOLERANCE or loss >= 100
        return f"+{loss:,.0f}" if whole and self.rule != OPTIMAL else f"+{loss:.2f}"

    def sentence(self, fmt: Callable[[int], str]) -> str:
        """``RRGG: 3.48 more guesses expected; the best guess here, BBWR, 3.41``."""
        head = f"{fmt(self.guess)}: {self.amount(self.value)}"
        whose = "the best guess here" if self.rule == OPTIMAL else f"{self.rule}'s choice here"
        if self.guess == self.best_guess:
            return f"{head}, {whose}"
        if self.best:
            return f"{head}, as good as {whose} ({fmt(self.best_guess)})"
        best = f"{self.best_value:.2f}" if self.rule == OPTIMAL else format_score(self.best_value)
        return f"{head}; {whose}, {fmt(self.best_guess)}, {best}"


class Rater:
    """The rule for one size and strategy: what scores a position's best guess and a
    person's guess there."""

    def __init__(self, space: CodeSpace, strategy: str) -> None:
        self.space = space
        self.scorer: Strategy
        try:
            check_size(space)
        except ConfigError:
            chosen = make_strategy(strategy)
            self.scorer = chosen if isinstance(chosen, PartitionStrategy) else ExpectedSize()
        else:
            self.scorer = Optimal()
        self.rule = OPTIMAL if isinstance(self.scorer, Optimal) else self.scorer.name
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
            return MoveRating(move, guess, expected - 1, best.guess, best.score - 1, OPTIMAL)
        assert isinstance(self.scorer, PartitionStrategy)
        value = self._value(solver.steps[-1].decision.partition, len(codes))
        best_value = best.score
        if estimated(best):
            # Scored on a sample, the best guess's figure is an estimate; the person's guess
            # is split exactly. Both exact, so that an equal guess is rated equal (8x8:
            # RRGGBBWW rated +28,365 against knuth's BBWWRRGG, which splits the same).
            classes = against(self.space, best.guess, codes)
            best_value = self._value(partition(classes, self.space.positions), len(codes))
        higher = self.scorer.name in ("entropy", "most-parts")
        return MoveRating(move, guess, value, best.guess, best_value, self.rule, higher)

    def _value(self, split: Mapping[Answer, int], codes: int) -> float:
        """A split's score as the rule reads it, on every code still possible."""
        assert isinstance(self.scorer, PartitionStrategy)
        key = self.scorer.keys(np.array([list(split.values())], dtype=np.int64))[0]
        return self.scorer.shown(float(key), codes, codes)

    def _expected(
        self, codes: np.ndarray, history: tuple[int, ...], guess: int, best: Choice
    ) -> float:
        """Guesses expected with ``guess`` played next and perfect play after it. A first
        guess is looked up by its orbit, kept on disk: searching what follows an odd
        opening (RRRR, RGBY on 6x4) takes seconds, and there are only a few orbits."""
        space = self.space
        search = solution(space.colours, space.positions, space.repeats).search
        n = len(codes)
        assert best.score is not None
        known = (best.guess, round(best.score * n))
        if history:
            return rate(search, codes, history, guess, known).expected
        group = search.symmetries(())
        orbit = str(int(group[np.argmin(search.rank[group[:, guess]]), guess]))
        name, key = _openings_file(space)
        try:
            stored = cache.load(name, key)
        except cache.DamagedCache:
            stored = None  # rebuilt below, one opening at a time
        totals = dict(stored) if isinstance(stored, dict) else {}
        total = totals.get(orbit)
        if not isinstance(total, int):
            total = round(rate(search, codes, (), guess, known).expected * n)
            totals[orbit] = total
            cache.save(name, key, totals)
        return total / n


def _openings_file(space: CodeSpace) -> tuple[str, dict[str, object]]:
    """Where the totals after each first guess are kept, and what they were made for."""
    from . import __version__

    tail = "" if space.repeats else "-no-repeats"
    key = {
        "what": "optimal totals after a first guess",
        "colours": space.colours,
        "positions": space.positions,
        "repeats": space.repeats,
        "tree_format": TREE_FORMAT,
        "engine": __version__,
    }
    return f"openings-{space.colours}x{space.positions}{tail}.json", key


def rate_moves(
    space: CodeSpace,
    strategy: str,
    moves: Sequence[tuple[int, Answer]],
    start: int = 0,
    advice: Mapping[int, Choice] | None = None,
) -> list[MoveRating]:
    """Ratings of ``moves[start:]`` (the earlier moves are followed, not rated).
    ``advice`` holds the chosen strategy's own choice before some moves (by move number,
    from 1), worked out already: used where it is this rule's best guess."""
    rater = Rater(space, strategy)
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
    if rule == OPTIMAL:
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


# -- the exact rule in a process of its own -------------------------------------------------


def rate_moves_apart(
    space: CodeSpace,
    strategy: str,
    moves: Sequence[tuple[int, Answer]],
    start: int = 0,
    advice: Mapping[int, Choice] | None = None,
) -> list[MoveRating]:
    """``rate_moves``, the exact rule worked out in a helper process (``_serve``), kept
    between calls so that its searches stay warm; the other rule (numpy at work, which
    lets other threads run) here. Blocks the calling thread only. A helper that dies is
    replaced at the next call; it ends with this process."""
    if Rater(space, strategy).rule != OPTIMAL:
        return rate_moves(space, strategy, moves, start, advice)
    size = (space.colours, space.positions, space.repeats)
    job = (size, strategy, list(moves), start, dict(advice or {}), _cache_setting())
    with _helper_lock:
        helper = _helper_process()
        assert helper.stdin is not None and helper.stdout is not None
        try:
            pickle.dump(job, helper.stdin)
            helper.stdin.flush()
            ok, value = pickle.load(helper.stdout)
        except (OSError, EOFError, pickle.UnpicklingError):
            helper.kill()
            _helper.clear()
            raise MastermindError("the rating process ended unexpectedly") from None
    if not ok:
        raise MastermindError(value)
    ratings, notice = value
    if notice:
        with _helper_lock:
            _notices.append(notice)
    return ratings


def stop_rating() -> None:
    """End a rating under way in the helper (its caller gets a MastermindError at once):
    a program that is quitting must not wait seconds for a search nobody will read. An
    idle helper is left running, warm for the next caller."""
    if _helper_lock.locked() and _helper:
        _helper[0].kill()


def take_notices() -> list[str]:
    """What the rating process had to say, each line once (a damaged cache of the
    optimal tree it searched again); empty when nothing."""
    with _helper_lock:
        taken = list(_notices)
        _notices.clear()
    return taken


#: The helper process, once started (at most one).
_helper: list[subprocess.Popen[bytes]] = []
_helper_lock = threading.Lock()
#: The helper's notices not taken yet.
_notices: list[str] = []


def _cache_setting() -> str | None:
    """The cache place the caller sees (tests point it elsewhere after the helper began)."""
    return os.environ.get("MASTERMIND_CACHE_DIR")


def _helper_process() -> subprocess.Popen[bytes]:
    """The helper, started if need be: jobs and answers pickled over its stdin and stdout,
    its stderr silenced (a full-screen app owns the terminal), killed when this process
    exits."""
    if _helper and _helper[0].poll() is None:
        return _helper[0]
    _helper.clear()
    helper = subprocess.Popen(
        # -P: nothing from the working directory shadows the engine.
        [sys.executable, "-P", "-c", "from engine.rating import _serve; _serve()"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # Ctrl+C in the terminal is the parent's business
    )
    atexit.register(helper.kill)
    _helper.append(helper)
    return helper


def _serve() -> None:
    """The helper's loop: rate each job read, answer (True, (ratings, a notice said once
    or "")) or (False, the failure in one line); end when the other side is gone."""
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    told: set[str] = set()
    while True:
        try:
            size, strategy, moves, start, advice, cache_dir = pickle.load(source)
        except (EOFError, OSError):
            return
        if cache_dir is None:
            os.environ.pop("MASTERMIND_CACHE_DIR", None)
        else:
            os.environ["MASTERMIND_CACHE_DIR"] = cache_dir
        answer: tuple[bool, tuple[list[MoveRating], str] | str]
        try:
            ratings = rate_moves(CodeSpace(*size), strategy, moves, start, advice)
            notice = solution(*size).notice
            answer = (True, (ratings, "" if notice in told else notice))
            told.add(notice)
        except Exception as error:  # sent back, said in one line by the caller
            text = str(error) if isinstance(error, MastermindError) else repr(error)
            answer = (False, text.splitlines()[0] if text else type(error).__name__)
        try:
            pickle.dump(answer, sink)
            sink.flush()
        except OSError:
            return
