"""The exact optimum: the strategy that needs the fewest guesses in total over every secret,
any code being allowed as a guess, found by depth-first branch and bound.

The cost of a set S of codes still possible is ``T(S) = |S| + min_g sum T(S_a)`` over every
guess g, the sum running over the classes S_a of codes that give g answer a, except the
class of g itself (found: nothing more to pay). ``T`` depends on S alone, so values are
memoised by the set. What keeps the search small:

* a lower bound for any set of n codes: one code can be found by the next guess, at most K
  by the one after (K answers besides "all black"), K**2 by the one after that, and so on;
  a guess whose bound reaches the best total found so far is not looked at;
* the symmetries of the game (permuting positions and colours) that leave every guess made
  so far unchanged also leave S unchanged, so of each orbit of guesses only the smallest
  index is weighed; guesses that split S exactly alike are weighed once;
* a set that some possible code splits into single codes costs 2n - 1, and one that any
  other code splits so costs 2n: nothing beats either.

6x4: Koyama and Lai's 5625 (1993); Bulls and Cows (10x4, no repeats): the published 26274.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from ..answers import CLASSIC
from ..backends import DEFAULT
from ..backends import search_kernel as compiled_search
from ..codes import CodeSpace
from ..feedback import answer_count, classes, encode, level_bounds, table
from ..run import INTERVAL, Run, Stopped
from .node import pick, written_rank
from .reach import OTHER_RULE_QUICK_LIMIT, check_size, permutation_images, table_slots
from .stabiliser import stabiliser_rows

if TYPE_CHECKING:
    import numpy.typing as npt

    from ..arrays import Int64s, SearchCodes, SomeCodes

#: A long search's progress, in millionths: ``Run.report(done, PROGRESS_TOTAL)``.
PROGRESS_TOTAL = 1_000_000
#: Most codes for which the search is made on the spot where a rating needs it (a second
#: or less); bigger sizes are rated exactly once their tree is on disk.
QUICK_LIMIT = 1296


def quick_limit(space: CodeSpace) -> int:
    """Most codes of ``space``'s size and rule searched on the spot for a rating."""
    return QUICK_LIMIT if space.answers == CLASSIC else OTHER_RULE_QUICK_LIMIT


#: Groups of symmetries kept, one per history asked about (a tree of 6x4 asks for 1,315).
GROUPS_KEPT = 1 << 14
#: Sets a search may weigh before it stops as if interrupted (tests stop it early).
NODE_LIMIT = 1 << 62
#: A total this high or higher: no strategy finishes the codes within the cap on guesses
#: (the search's default budget, so a set that cannot be finished reads at least this).
BEYOND = 1 << 40
T = TypeVar("T")


class SearchStopped(Stopped):
    """The search stopped before the end (its run's stop, Ctrl+C, or its sets spent): what
    it proved is in its table (``OptimalSearch.proved``), and a new search can start from
    it. A KeyboardInterrupt, as ``engine.run.Stopped`` is."""


class OptimalSearch:
    """Exact values of code sets, and the optimal guess at any position, for one size.
    The search runs in the compiled kernel (``engine.backends.numba_search``); this keeps its
    tables and its memory between calls."""

    def __init__(
        self,
        space: CodeSpace,
        slots: int | None = None,
        only_possible: bool = False,
        max_guesses: int | None = None,
        backend: str = DEFAULT,
    ) -> None:
        check_size(space)
        # The compiled search (numba: only the commands that search import it), or the
        # same code interpreted while it compiles (``warmup.kernel_for``).
        self.kernel = search_kernel = compiled_search(backend)
        self.backend = backend
        self.space = space
        self.only_possible = only_possible
        #: No strategy may need more guesses than this for any secret (None: no cap). The
        #: table keys a set with the guesses left, so one table serves every cap.
        self.max_guesses = max_guesses
        self.answers = table(space)
        self.k = classes(space.positions)
        self.found = encode(space.positions, 0, space.positions)
        #: The codes the rules allow: the codes at the start, and every guess allowed.
        self.everything = np.array(space.allowed, dtype=np.int16)
        #: Rank of each code as written (first position most significant): the tie rule's
        #: order, so each orbit of guesses is represented by its first code as written.
        self.rank = written_rank(space)
        # K answers besides "all black".
        self.branching = answer_count(space) - 1
        self.bound = level_bounds(space.size, self.branching)
        colour_images, position_images = permutation_images(space, search_kernel)
        allowed = np.zeros(space.size, dtype=np.bool_)
        allowed[space.allowed] = True
        #: The kernel's view of the group and of the guesses: images, ranks, rules.
        self.images = (colour_images, position_images, self.rank, allowed, self.everything)
        #: The transposition table (see the kernel), the counters and the parameters.
        slots = slots or table_slots(space)
        self.memory = (np.zeros((slots, 2), np.uint64), np.zeros(slots, np.int64))
        self.counters = np.zeros(search_kernel.COUNTERS, dtype=np.int64)
        self.counters[search_kernel.LIMIT] = NODE_LIMIT
        params = np.array([self.found, self.k, self.branching, only_possible], dtype=np.int64)
        self.ctx = (self.answers, *self.images, self.bound, *self.memory, self.counters, params)
        # Group elements p << 32 | s (none: the whole group, 87 million on 10x4); pools when
        # first asked for (two guesses in, no other's is needed: 10x3's took 0.6 s).
        self._groups: dict[tuple[int, ...], Int64s] = {(): np.empty(0, dtype=np.int64)}
        self._pools: dict[tuple[int, ...], SearchCodes] = {}

    @property
    def nodes(self) -> int:
        """How many sets the search has weighed guesses for."""
        return int(self.counters[self.kernel.NODES])

    # -- positions -------------------------------------------------------------------------
    def _group(self, history: tuple[int, ...]) -> tuple[Int64s, SearchCodes]:
        """The elements fixing ``history`` and the guesses left to weigh (both kept)."""
        rows = self._rows(history)
        pool = self._pools.get(history)
        if pool is None:
            pool = self._pools[history] = self.kernel.orbit_pool(*self.images, rows)
        return rows, pool

    def _rows(self, history: tuple[int, ...]) -> Int64s:
        """The group elements fixing ``history``: from the shorter history's where known
        (a tree), else listed at once (``stabiliser_rows``: no group of millions scanned)."""
        rows = self._groups.get(history)
        if rows is None:
            before = self._groups.get(history[:-1])
            if before is None:
                rows = stabiliser_rows(self.space, list(history))
            else:
                rows = self.kernel.fixing(*self.images[:2], before, history[-1])
            if len(self._groups) >= GROUPS_KEPT:
                self._groups = {(): self._groups[()]}
                self._pools = {}
            self._groups[history] = rows
        return rows

    def pool(self, history: tuple[int, ...]) -> SearchCodes:
        """The guesses the search weighs after ``history``: one of each orbit."""
        return self._group(history)[1]

    def representative(self, history: tuple[int, ...], guess: int) -> int:
        """The first as written of the guesses that split every position after
        ``history`` as ``guess`` does by symmetry (the guess the search weighs for it)."""
        rows = self._rows(history)
        return int(self.kernel.first_image(*self.images[:3], rows, guess))

    def left(self, history: tuple[int, ...]) -> int:
        """The guesses the cap leaves after ``history`` (the kernel's UNLIMITED if none)."""
        if self.max_guesses is None:
            return int(self.kernel.UNLIMITED)
        return max(0, self.max_guesses - len(history))

    def _run(
        self,
        codes: SomeCodes,
        history: tuple[int, ...],
        beta: int,
        mode: int,
        skip: list[int],
        want: int = 1,
        left: int | None = None,
    ) -> tuple[int, list[int]]:
        codes = np.ascontiguousarray(codes, dtype=np.int16)
        out = np.empty(want, dtype=np.int64)
        rows, pool = self._group(history)
        skips = np.array(skip, np.int64)
        left = self.left(history) if left is None else left
        self.counters[self.kernel.DEPTH] = self.counters[self.kernel.PROGRESS] = 0
        best = self.kernel.search(self.ctx, codes, rows, pool, beta, mode, skips, out, left)
        if self.counters[self.kernel.STOP]:
            raise SearchStopped  # a stopped search stays stopped: make a new one
        return int(best), out[: self.counters[self.kernel.CHOSEN]].tolist()

    def finishable(self, guesses: int) -> bool:
        """Whether every code can be found within ``guesses`` guesses: a yes or no, far
        quicker than a total under that cap (9x4: 6 cannot, proved in 39 s of CPU)."""
        codes = np.ascontiguousarray(self.everything, dtype=np.int16)
        rows, pool = self._group(())
        yes = self.kernel.finishable(self.ctx, codes, rows, pool, guesses)
        if self.counters[self.kernel.STOP]:
            raise SearchStopped
        return bool(yes)

    def watched_value(self, codes: SomeCodes, run: Run | None = None) -> int:
        """``value`` of a long search, run in a thread (the kernel lets go of the
        interpreter) so that this one reports its progress to ``run`` (millionths of the
        search) and takes its stop, and Ctrl+C, at once: the kernel then stops at the next
        set, keeping what it proved."""
        return self.watched(lambda: self.value(codes), run)

    def watched(self, call: Callable[[], T], run: Run | None = None) -> T:
        """``call`` (a kernel's) run in a thread, as ``watched_value`` runs ``value``."""
        found: list[T] = []

        def work() -> None:
            with contextlib.suppress(SearchStopped):  # said below: nothing found
                found.append(call())

        thread = threading.Thread(target=work, daemon=True)
        if run is not None:
            run.report(0, PROGRESS_TOTAL)  # begun: what it proves from now on is kept
        thread.start()
        try:
            while thread.is_alive():
                thread.join(0.1)
                if run is not None:
                    if run.stopped:
                        self.halt()
                    run.report(int(self.counters[self.kernel.PROGRESS]), PROGRESS_TOTAL)
        except BaseException:
            self.halt()
            thread.join()
            raise
        if not found:  # the thread stopped on its limit of sets, or was stopped
            raise SearchStopped
        return found[0]

    def halt(self) -> None:
        """Stop the search from any thread: the kernel ends at its next set, and every
        call from then on raises ``SearchStopped`` (a stopped search stays stopped)."""
        self.counters[self.kernel.STOP] = 1

    @contextmanager
    def watching(self, run: Run | None) -> Iterator[None]:
        """Within it, ``run``'s stop halts the search within ``INTERVAL`` seconds, even
        while the kernel runs in this thread (a thread beside it polls the check)."""
        if run is None or not run.watched:
            yield
            return
        done = threading.Event()

        def watch() -> None:
            while not done.wait(INTERVAL):
                if run.stopped:
                    self.halt()
                    return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        try:
            yield
        finally:
            done.set()
            watcher.join()

    def proved(self) -> dict[str, npt.NDArray[np.uint64] | Int64s]:
        """What the search has proved, to start a new one from: its table's entries."""
        keys, vals = self.memory
        kept = vals != 0
        return {"keys": keys[kept], "vals": vals[kept]}

    def restore(self, proved: dict[str, npt.NDArray[Any]]) -> None:
        """Start from what an earlier search of the same size proved (``proved``)."""
        self.kernel.restore(*self.memory, proved["keys"], proved["vals"])

    # -- the search ------------------------------------------------------------------------
    def value(self, codes: SomeCodes, history: tuple[int, ...] = (), beta: int = BEYOND) -> int:
        """T(codes) after the guesses ``history`` if it is below ``beta``; otherwise some
        lower bound that is >= beta (at least BEYOND when the cap cannot be kept)."""
        return self._run(codes, history, beta, self.kernel.VALUE, [])[0]

    def _reach(self, codes: SomeCodes, history: tuple[int, ...]) -> tuple[int, int]:
        """The optimal total after ``history`` and the guesses left it is found within: the
        cap's, or none where a person's own guesses spent it (the fewest on average then)."""
        left = self.left(history)
        best = self._run(codes, history, BEYOND, self.kernel.VALUE, [], left=left)[0]
        if best >= BEYOND:
            left = int(self.kernel.UNLIMITED)
            best = self._run(codes, history, BEYOND, self.kernel.VALUE, [], left=left)[0]
        return best, left

    def cost(self, codes: SomeCodes, history: tuple[int, ...]) -> int:
        """The optimal total after ``history``, the cap kept where it can be."""
        return self._reach(codes, history)[0]

    def decide(
        self, codes: SomeCodes, history: tuple[int, ...], want: int = 1
    ) -> tuple[int, list[int]]:
        """The optimal total for ``codes`` (sorted indices) after ``history``, and the first
        ``want`` guesses reaching it in the tie rule's order (all, when there are fewer)."""
        best, left = self._reach(codes, history)
        if len(codes) <= 2:
            return best, [int(c) for c in codes]  # guessing either of two codes costs 3
        _, guesses = self._run(codes, history, best, self.kernel.TIES, [], want, left)
        return best, guesses

    def runner_up(
        self, codes: SomeCodes, history: tuple[int, ...], chosen: list[int]
    ) -> tuple[int, int] | None:
        """The best guess splitting ``codes`` unlike each ``chosen`` (optimal) one, and its
        total, for the trace to show beside the optimum; None when every other guess splits
        as one of them does (one swapping their colours or positions) or tells nothing."""
        if len(codes) <= 2:
            return None
        # A budget a little above the optimum first (it prunes), then wider ones.
        (optimum, left), window = self._reach(codes, history), 8
        while True:
            beta = optimum + window if window < len(codes) ** 2 else BEYOND
            run = self.kernel.RUNNER_UP
            total, guesses = self._run(codes, history, beta, run, chosen, left=left)
            if guesses:
                return pick(guesses, codes, self.rank), total
            if beta == BEYOND:
                return None
            window *= 8
