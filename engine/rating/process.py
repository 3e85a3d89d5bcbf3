"""The exact rating rule in a helper process of its own: the optimal search holds the
interpreter lock for tens of milliseconds at a time, and a thread running it made keys
take seconds to show on 6x4. One helper at most, kept warm between calls, ended with this
process; its protocol is pickled jobs and answers over its stdin and stdout.
"""

from __future__ import annotations

import atexit
import os
import pickle
import subprocess
import sys
import threading
from collections.abc import Mapping, Sequence
from typing import cast

from ..codes import CodeSpace
from ..errors import MastermindError
from ..feedback import Answer
from ..play.solver import Solver
from ..strategies.optimal import Optimal
from ..trace import Choice
from .guesses import MoveRating, Rater, exact_rule, rate_moves
from .openings import take_said


def rate_moves_apart(
    space: CodeSpace,
    strategy: str,
    moves: Sequence[tuple[int, Answer]],
    start: int = 0,
    advice: Mapping[int, Choice] | None = None,
    worst_case: bool = False,
) -> list[MoveRating]:
    """``rate_moves``, the exact rule worked out in a helper process (``serve``), kept
    between calls so that its searches stay warm; the other rule (numpy at work, which
    lets other threads run) here, the adversary's (``worst_case``) among them. Blocks
    the calling thread only. A helper that dies is replaced at the next call; it ends
    with this process."""
    if worst_case or not exact_rule(Rater(space, strategy).rule):
        return rate_moves(space, strategy, moves, start, advice, worst_case)
    ratings = _ask(space, strategy, list(moves), start, dict(advice or {}))
    assert isinstance(ratings, list)
    return ratings


def best_apart(
    space: CodeSpace,
    strategy: str,
    moves: Sequence[tuple[int, Answer]],
    worst_case: bool = False,
) -> Choice:
    """The rating rule's best guess after ``moves``: the one a guess played there is rated
    against (the exact optimum's where it is the rule, worked out in the helper; the
    smallest largest class against the adversary, ``worst_case``), so that advice taken
    from it is never charged a loss."""
    if worst_case or not exact_rule(Rater(space, strategy).rule):
        return best_after(space, strategy, moves, worst_case)
    choice = _ask(space, strategy, list(moves), BEST, {})
    assert isinstance(choice, Choice)
    return choice


def best_after(
    space: CodeSpace,
    strategy: str,
    moves: Sequence[tuple[int, Answer]],
    worst_case: bool = False,
) -> Choice:
    """``best_apart``'s work, here and now."""
    rater = Rater(space, strategy, worst_case)
    solver = Solver(space, rater.scorer)
    for guess, answer in moves:
        solver.observe(guess, *answer)
    return rater.best(solver)


#: The ``start`` of a job that asks for the best guess after the moves, not ratings.
BEST = -1


def _ask(
    space: CodeSpace,
    strategy: str,
    moves: list[tuple[int, Answer]],
    start: int,
    advice: dict[int, Choice],
) -> list[MoveRating] | Choice:
    """One job for the helper, its answer back (a MastermindError for a failure)."""
    job = (space, strategy, moves, start, advice, _cache_setting())
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
    result, notices = value
    if notices:
        with _helper_lock:
            _notices.extend(notices)
    return cast("list[MoveRating] | Choice", result)


def stop_rating() -> bool:
    """End a rating under way in the helper (its caller gets a MastermindError at once):
    a program that is quitting must not wait seconds for a search nobody will read. An
    idle helper is left running, warm for the next caller. Whether one was ended."""
    if _helper_lock.locked() and _helper:
        _helper[0].kill()
        return True
    return False


def take_notices() -> list[str]:
    """What the rating process had to say, each line once (a damaged cache of the
    optimal tree or of the totals after a first guess, searched again); empty when
    nothing."""
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
        [sys.executable, "-P", "-c", "from engine.rating.process import serve; serve()"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # Ctrl+C in the terminal is the parent's business
    )
    atexit.register(helper.kill)
    _helper.append(helper)
    return helper


def serve() -> None:
    """The helper's loop: rate each job read (or find the best guess, ``BEST``), answer
    (True, (ratings or the choice, the lines it has to say, each once)) or (False, the
    failure in one line); end when the other side is gone."""
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    told: set[str] = set()
    while True:
        try:
            space, strategy, moves, start, advice, cache_dir = pickle.load(source)
        except (EOFError, OSError):
            return
        if cache_dir is None:
            os.environ.pop("MASTERMIND_CACHE_DIR", None)
        else:
            os.environ["MASTERMIND_CACHE_DIR"] = cache_dir
        answer: tuple[bool, tuple[list[MoveRating] | Choice, list[str]] | str]
        try:
            ratings: list[MoveRating] | Choice
            if start == BEST:
                ratings = best_after(space, strategy, moves)
            else:
                ratings = rate_moves(space, strategy, moves, start, advice)
            scorer = Rater(space, strategy).scorer  # an optimum's: only those come here
            notice = scorer.notice(space) if isinstance(scorer, Optimal) else ""
            lines = [line for line in (notice, *take_said()) if line and line not in told]
            answer = (True, (ratings, lines))
            told.update(lines)
        except Exception as error:  # sent back, said in one line by the caller
            text = str(error) if isinstance(error, MastermindError) else repr(error)
            answer = (False, text.splitlines()[0] if text else type(error).__name__)
        try:
            pickle.dump(answer, sink)
            sink.flush()
        except OSError:
            return
