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
import math
from collections import Counter
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta

from engine import Answer, CodeSpace, MastermindError, Rules
from engine.answers import CLASSIC
from engine.strategies import DEFAULT_STRATEGY
from engine.words import plural

from ..records.figures import counted_daily, daily_streak, puzzle_day
from ..records.types import Game
from .clock import clock_text
from .settings import Settings

#: Codes the rules allow up to which par is the exact optimum's (6x4 has 1,296).
EXACT_PAR_CODES = 1296
#: Beyond, the stated heuristic whose game sets par.
HEURISTIC = "knuth"
#: Beyond it in hard mode: a strategy whose every guess fits the answers so far.
HARD_HEURISTIC = "sequential"


def utc_now() -> datetime:
    return datetime.now(UTC)


def today() -> date:
    return utc_now().date()


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


def par_strategy(space: CodeSpace, hard: bool) -> tuple[str, str]:
    """The strategy whose game sets par, and par's words for it ("the optimum"): the
    exact optimum within reach (among codes that fit, in hard mode), else a heuristic
    (``HARD_HEURISTIC`` in hard mode: its every guess fits)."""
    if space.count > EXACT_PAR_CODES:
        return (HARD_HEURISTIC, HARD_HEURISTIC) if hard else (HEURISTIC, HEURISTIC)
    return (
        ("optimal-fit", "the optimum among codes that fit") if hard else ("optimal", "the optimum")
    )


def par_guesses(space: CodeSpace, secret: int, hard: bool = False) -> int:
    """The guesses par's strategy takes for ``secret`` (slow the first time on a size)."""
    from engine.play.solver import play
    from engine.strategies import make_strategy

    return len(play(space, make_strategy(par_strategy(space, hard)[0]), secret))


def par(space: CodeSpace, secret: int, hard: bool = False) -> Par:
    """Par for the day's secret (slow the first time on a size: a job's work), with the
    average of its strategy over every secret of the size."""
    from engine.walks.stats import run_stats

    name, by = par_strategy(space, hard)
    return Par(par_guesses(space, secret, hard), run_stats(space, name, space.allowed).average, by)


def pegs(answer: Answer, positions: int) -> str:
    """An answer as ●○· pegs: no colour and no code in it."""
    return "●" * answer.black + "○" * answer.white + "·" * (positions - answer.black - answer.white)


#: The day's rules, the same for every player whatever the home screen remembers: one
#: game, the original game's move limit and its answers (black and white pegs); the size
#: is the player's choice (each size has its own puzzle).
DAY_ROUNDS = 1
DAY_MOVES = Rules().max_moves


def day_settings(settings: Settings) -> Settings:
    """``settings`` with the day's rules, whatever the command line or the home screen
    held (the size, notation, hard mode and the lab view stay the player's)."""
    rules = settings.rules
    day = Rules(rules.colours, rules.positions, DAY_ROUNDS, DAY_MOVES, rules.repeats, CLASSIC)
    return replace(settings, rules=day, strategy=DEFAULT_STRATEGY, seed=None)


def differing(rules: Rules) -> tuple[str, ...]:
    """The rules of ``rules`` that are not the day's, in words (none for a daily puzzle
    opened as it should be: the share block's guard that a result says how it was had)."""
    said = [f"a {rules.max_moves}-move limit"] * (rules.max_moves != DAY_MOVES)
    said += [f"{rules.rounds} rounds"] * (rules.rounds != DAY_ROUNDS)
    return tuple(said + [rules.answers.title] * (rules.answers != CLASSIC))


@dataclass(frozen=True)
class Marks:
    """What the share block says of how the game was played, so that a result pasted
    elsewhere is honest: help taken, practice, hard mode, rules not the day's."""

    #: Why the game is practice (UNDO used, an earlier day, played already); None: counted.
    practice: str | None = None
    #: Help that names a code or shows the solver's thinking: HINT's guess, the lab
    #: view, WHATIF.
    assisted: bool = False
    hard: bool = False
    #: The rules that were not the day's, each in words ("a 6-move limit").
    differs: tuple[str, ...] = ()

    def words(self) -> str:
        """The marks in one line ("" for a counted game played unaided by the day's
        rules)."""
        said = [f"practice ({self.practice})"] if self.practice is not None else []
        said += ["assisted"] * self.assisted + ["hard mode"] * self.hard
        said += [f"not the day's rules: {', '.join(self.differs)}"] * bool(self.differs)
        return " · ".join(said)


def score_text(guesses: int, solved: bool, par_: Par | None) -> str:
    """The result as it reads at a glance: "5 guesses, par 4", "not solved in 10
    guesses, par 4" (no par yet: the guesses alone)."""
    played = plural(guesses, "guess", "guesses")
    said = played if solved else f"not solved in {played}"
    return said if par_ is None else f"{said}, par {par_.guesses}"


def share_block(
    space: CodeSpace,
    day: date,
    answers: list[Answer],
    solved: bool,
    par_: Par | None,
    marks: Marks = Marks(),
    seconds: float | None = None,
) -> str:
    """The spoiler-free result to paste, exactly as the share box shows it: the size,
    date and result (with the time of a timed game); the marks of how it was played, if
    any; a line of pegs per move."""
    size = f"{space.colours}x{space.positions}" + ("" if space.repeats else " no repeats")
    score = score_text(len(answers), solved, par_)
    score += "" if seconds is None else f", in {clock_text(seconds)}"
    lines = [f"Mastermind daily {day.isoformat()} {size}: {score}"]
    lines += [marks.words()] if marks.words() else []
    lines += [pegs(a, space.positions) for a in answers]
    return "\n".join(lines)


def next_puzzle_in(now: datetime) -> str:
    """How long until the next UTC day's puzzle, in round words ("5 h", "40 min")."""
    midnight = datetime.combine(now.date() + timedelta(days=1), time(), UTC)
    minutes = max(1, math.ceil((midnight - now).total_seconds() / 60))
    return f"{minutes} min" if minutes < 60 else f"{round(minutes / 60)} h"


def todays_game(games: list[Game], size: tuple[int, int, bool], day: date) -> Game | None:
    """The game that counts for the puzzle of ``day`` and ``size`` (the first to finish),
    if there is one."""
    counted = [
        g
        for g in games
        if counted_daily(g)
        and puzzle_day(g) == day.isoformat()
        and (g.colours, g.positions, g.repeats) == size
    ]
    return min(counted, key=lambda g: g.finished_at, default=None)


def today_line(
    games: list[Game], size: tuple[int, int, bool], now: datetime, par_: int | None = None
) -> str:
    """What the home screen says of today's puzzle of ``size``: whether it is played and
    how, the daily streak, and when the next comes ("solved in 4, par 4, streak 3 · next
    puzzle in 5 h (UTC)"). ``par_``: par's guesses for it, once worked out."""
    game = todays_game(games, size, now.date())
    if game is None:
        said = "not played yet"
    else:
        guesses = plural(len(game.moves), "guess", "guesses")
        if game.won:
            said = f"solved in {len(game.moves)}"
        elif game.abandoned:
            said = f"left unfinished after {guesses}"
        else:
            said = f"not solved in {guesses}"
        said += f", par {par_}" if par_ is not None else ""
        said += f", streak {daily_streak(games, size, now.date())}"
        said += " (assisted)" if game.assisted else ""
    return f"Today's puzzle: {said} · next puzzle in {next_puzzle_in(now)} (UTC)"


#: The widest bar of the guess distribution, in characters.
BAR = 24


def distribution(games: list[Game], size: tuple[int, int, bool], this: Game | None) -> list[str]:
    """The guess distribution of the player's counted daily puzzles of ``size`` (one per
    day), ``this`` game among them (marked) where it counts: a bar per number of guesses
    and one for those not solved (X); none before the first."""
    days: dict[str, Game] = {}
    for game in sorted([*games, *([this] if this else [])], key=lambda g: g.finished_at):
        if counted_daily(game) and (game.colours, game.positions, game.repeats) == size:
            days.setdefault(puzzle_day(game), game)
    if not days:
        return []
    solved = Counter(len(g.moves) for g in days.values() if g.won)
    lost = len(days) - sum(solved.values())
    top = max([*solved.values(), lost])
    mine = None if this is None or days.get(puzzle_day(this)) is not this else this
    won = sum(solved.values())
    lines = [f"Your daily puzzles of this size: {plural(len(days), 'day')}, {won} solved"]
    rows: list[tuple[str, int, bool]] = [
        (str(n), solved[n], mine is not None and mine.won and len(mine.moves) == n)
        for n in range(min(solved, default=1), max(solved, default=0) + 1)
    ]
    if lost:
        rows.append(("X", lost, mine is not None and not mine.won))
    for label, count, marked in rows:
        bar = "█" * max(count > 0, round(BAR * count / top))
        lines.append(f"{label:>2} {bar} {count}" + (" ◀ today" if marked else ""))
    return lines
