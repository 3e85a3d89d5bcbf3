"""The daily puzzle: one secret per UTC date and size, the same on every machine and every
version, with no network: SHA-256 of a fixed text naming the date, the size and the rules,
read as a big-endian number and reduced modulo the number of codes the rules allow, picks
one of them (``CodeSpace.allowed``, sorted). The text is, for 6x4 with repeats on
2026-11-26, ``mastermind-daily:2026-11-26:6x4:repeats`` (``no-repeats`` without).

Par is the exact optimum's number of guesses for that secret (the ``optimal`` strategy's
tree, its tie-break pinned by the engine) where the optimum is within reach, and the
``knuth`` heuristic's beyond. Nothing here imports Textual."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, date, datetime

from engine import Answer, CodeSpace, MastermindError

#: Codes the rules allow up to which par is the exact optimum's (6x4 has 1,296).
EXACT_PAR_CODES = 1296
#: Beyond, the stated heuristic whose game sets par.
HEURISTIC = "knuth"
#: Beyond it in hard mode: a strategy whose every guess fits the answers so far.
HARD_HEURISTIC = "sequential"


def today() -> date:
    return datetime.now(UTC).date()


def read_date(text: str | None, now: date | None = None) -> tuple[date, bool]:
    """The puzzle's date and whether it is today's (counted) rather than a replay of an
    earlier one (practice); a bad or future date is a MastermindError in one line."""
    now = now or today()
    if text is None:
        return now, True
    try:
        chosen = date.fromisoformat(text.strip())
    except ValueError:
        raise MastermindError(f"--date {text!r}: write the date as YYYY-MM-DD") from None
    if chosen > now:
        raise MastermindError(f"--date {chosen}: that puzzle is not out yet (today is {now} UTC)")
    return chosen, chosen == now


def seed_text(space: CodeSpace, day: date) -> str:
    rules = "repeats" if space.repeats else "no-repeats"
    return f"mastermind-daily:{day.isoformat()}:{space.colours}x{space.positions}:{rules}"


def daily_secret(space: CodeSpace, day: date) -> int:
    """The code index of the day's secret for this size and rules."""
    digest = hashlib.sha256(seed_text(space, day).encode("ascii")).digest()
    allowed = space.allowed
    return int(allowed[int.from_bytes(digest, "big") % len(allowed)])


@dataclass(frozen=True)
class Par:
    #: Guesses the strategy needs for the day's secret.
    guesses: int
    #: Its average over every secret of the size.
    average: float
    #: "the optimum" or the heuristic's name.
    by: str


def par(space: CodeSpace, secret: int, hard: bool = False) -> Par:
    """Par for the day's secret (slow the first time on a size: a job's work); in hard
    mode the exact optimum among guesses that fit (``optimal-fit``), and beyond its
    reach the heuristic's game, every guess of which fits (``HARD_HEURISTIC``)."""
    from engine.play.solver import play
    from engine.strategies import make_strategy
    from engine.walks.stats import run_stats

    exact = space.count <= EXACT_PAR_CODES
    if hard:
        name = "optimal-fit" if exact else HARD_HEURISTIC
        by = "the optimum among codes that fit" if exact else HARD_HEURISTIC
    else:
        name = "optimal" if exact else HEURISTIC
        by = "the optimum" if exact else HEURISTIC
    guesses = len(play(space, make_strategy(name), secret))
    average = run_stats(space, name, space.allowed).average
    return Par(guesses, average, by)


def pegs(answer: Answer, positions: int) -> str:
    """An answer as ●○· pegs: no colour and no code in it."""
    return "●" * answer.black + "○" * answer.white + "·" * (positions - answer.black - answer.white)


def share_block(
    space: CodeSpace,
    day: date,
    answers: list[Answer],
    solved: bool,
    par_: Par | None,
    hard: bool = False,
) -> str:
    """The spoiler-free result to paste: size (and hard mode), date, guesses / par, a
    line per move."""
    size = f"{space.colours}x{space.positions}" + ("" if space.repeats else " no repeats")
    size += " hard mode" if hard else ""
    moves = str(len(answers)) if solved else "X"
    guesses = "guess" if moves == "1" else "guesses"
    score = f"{moves}/{par_.guesses} par" if par_ is not None else f"{moves} {guesses}"
    lines = [f"Mastermind daily {day.isoformat()} {size}: {score}"]
    lines += [pegs(a, space.positions) for a in answers]
    return "\n".join(lines)
