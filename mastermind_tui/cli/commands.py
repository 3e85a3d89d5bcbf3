"""``mastermind solve`` and ``mastermind stats``: plain text or JSON, no Textual."""

from __future__ import annotations

import argparse
import os
import sys
from functools import partial
from typing import TYPE_CHECKING

from engine import CodeSpace, make_strategy
from engine.answers import RULES
from engine.codes import rules_text
from engine.errors import ConfigError, MastermindError
from engine.explain.decisions import (
    answer_text,
    reasons,
    runner_up,
    sentence,
    split_text,
    twins_text,
)
from engine.explain.measured import pair_text, runner_up_of
from engine.explain.ties import estimated
from engine.notation import Notation, written_in
from engine.play.solver import Solver
from engine.run import Run
from engine.strategies import prepare as prepare_strategy
from engine.strategies import shown_name
from engine.trace import Step
from engine.walks.stats import StatsResult, choose_secrets, run_stats

from ..ending import ctrl_c_stops
from .backend import chosen_backend
from .launch import build_settings
from .parser import Failed
from .progress import ProgressBar

if TYPE_CHECKING:
    from engine.arrays import Codes

BAR_WIDTH = 40


def solve(args: argparse.Namespace) -> int:
    if args.json and getattr(args, "html", None) is not None:
        raise MastermindError("--json does nothing with --html: the handout is HTML")
    if getattr(args, "html", None) == "":
        raise MastermindError("--html needs a file name ('-' writes to standard output)")
    settings = build_settings(args)
    space, name = settings.space, settings.strategy
    # Written as the secret was: `solve 4204` shows its guesses in digits too.
    notation = written_in(space, args.secret, settings.notation)
    secret = notation.parse(space, args.secret)
    target = None  # the handout's place, refused in one line before any work
    if getattr(args, "html", None) is not None:
        from .handout import file_name, place

        target = place(args.html, file_name(name, notation.format(space, secret)))
    backend = chosen_backend(args)
    strategy = make_strategy(name)
    solver = Solver(space, strategy.compiled(space, backend) if backend else strategy, args.seed)
    while not solver.solved:
        solver.answer_for(secret)
    fmt = partial(notation.format, space)
    if target is not None:
        from .handout import handout, write

        write(target, handout(solver, notation, secret, name, shown_name(name, space, notation)))
        return 0
    if args.json:
        import json  # only for --json: 3 ms of a 0.2 s start-up otherwise

        from engine.explain.reasoning import reasoning

        print(
            json.dumps(
                {
                    "secret": notation.format(space, secret),
                    "strategy": name,
                    "colours": space.colours,
                    "positions": space.positions,
                    "repeats": space.repeats,
                    "guesses": [
                        {
                            "guess": notation.format(space, s.guess),
                            "black": s.answer.black,
                            "white": s.answer.white,
                            "candidates_before": s.decision.candidates_before,
                            "candidates_after": s.candidates_after,
                            "reasoning": reasoning(
                                space, s.decision, solver.candidates_before(s.number), fmt
                            ),
                        }
                        for s in solver.steps
                    ],
                    "solved": solver.solved,
                }
            )
        )
        return 0
    print(
        f"Breaking {notation.format(space, secret)} with {shown_name(name, space, notation)} "
        f"({space.rules_text()}, {space.count:,} codes)\n"
    )
    for step in solver.steps:
        print(_describe(step, space, notation, solver.candidates_before(step.number)))
    n = len(solver.steps)
    print(f"\nSolved in {n} guess{'es' * (n != 1)}.")
    return 0


def _describe(step: Step, space: CodeSpace, notation: Notation, before: Codes) -> str:
    d = step.decision
    guess = notation.format(space, step.guess)
    lines = [
        f"{step.number:>3}. {guess}   {answer_text(step.answer)}   "
        f"possible codes {d.candidates_before:,} -> {step.candidates_after:,}"
    ]
    fmt = partial(notation.format, space)
    lines.append(f"      {sentence(d, fmt)}")
    why = reasons(d, fmt)
    if why:
        lines.append("      why: " + "; ".join(why))
    lines.append(f"      split: {split_text(d.partition, shown=len(d.partition))}")
    twins = twins_text(d, fmt)
    if twins:
        lines.append(f"      {twins}")
    rival = runner_up(space, d, before) if d.score is not None else None
    if rival is not None:
        split = split_text(rival[1], shown=len(rival[1]))
        lines.append(f"      runner-up {notation.format(space, rival[0])} would split: {split}")
        theirs = runner_up_of(d)
        value = None if theirs is None else theirs.score
        pair = pair_text(
            d.score_label,
            (guess, d.partition, d.score),
            (fmt(rival[0]), rival[1], value),
            "runner-up",
            estimated(d),
        )
        lines.append(f"      weighed: {pair}")
    return "\n".join(lines)


def prepare(
    space: CodeSpace, strategy: str, run: Run | None = None, deliberate: bool = False
) -> None:
    """The optimal tree, read or searched here before anything else needs it (by the
    run's runner when it has one: a Dask cluster), so that a damaged cache file that had
    to be searched again is said in one line on stderr (a size out of the search's reach
    is refused there, as the strategy's own check does). Without a ``run``, Ctrl+C stops
    the search (``ctrl_c_stops``) and ``deliberate`` (asked for by ``--yes``) goes into
    the run made here; a given run carries its own. A search past 4,096 codes says its
    estimate first."""
    if run is None:
        with ctrl_c_stops() as stop:
            return prepare(space, strategy, Run(stop=stop, deliberate=deliberate))
    _say_estimate(space, strategy, run)
    bar = ProgressBar("of the search")
    try:
        notice = prepare_strategy(space, strategy, run.with_progress(bar))
    finally:
        bar.close()
    for line in notice.splitlines():  # a line per file it names
        print(f"mastermind: {line}", file=sys.stderr)


def _say_estimate(space: CodeSpace, strategy: str, run: Run) -> None:
    """One line on stderr before an exact search asked for past 4,096 codes: how long it
    is expected to take, and that Ctrl+C keeps what it proved."""
    from engine.optimal.reach import estimate_words, quiet
    from engine.strategies.optimal import Optimal

    chosen = make_strategy(strategy)
    if not isinstance(chosen, Optimal) or not run.deliberate or quiet(space):
        return
    chosen.check(space)  # out of reach: refused by the search's own words
    if chosen.cached(space) or chosen.shipped(space):
        return
    again = "resuming" if chosen.begun(space) else "searching"
    print(
        f"mastermind: {again} the {chosen.criterion.name} tree of {space.short_text()} "
        f"({estimate_words(space, chosen.criterion.plain)}); Ctrl+C stops it and keeps "
        "what it proved",
        file=sys.stderr,
    )


#: ``stats`` with neither --all nor --games plays every secret up to this many codes
#: (6x4 takes a fraction of a second); past it, a sentence says what to type.
QUICK_ALL = 1296


def stats(args: argparse.Namespace) -> int:
    if args.fresh:  # this process and any it starts: no cache, no shipped tree
        os.environ.update(MASTERMIND_CACHE_DIR="", MASTERMIND_SHIPPED="0")
    settings = build_settings(args)
    space = settings.space
    games = args.games
    if args.criteria:  # said before anything about how many games
        if args.openings or args.opening is not None:
            raise ConfigError("--criteria compares the optima, which choose no opening")
        if args.strategy is not None:
            raise ConfigError(
                "--criteria compares the optimal criteria itself: leave out --strategy "
                "(--max-guesses N adds optimal-maxN beside them)"
            )
        make_strategy("optimal").check(space)
    if not args.all and games is None and space.count > QUICK_ALL:
        raise ConfigError(
            f"{space.rules_text()} make {space.count:,} codes: say --all to play every one "
            f"or --games N to play N of them at random (e.g. --games 1000)"
        )
    secrets = choose_secrets(space, games, args.seed, walked=_walked(settings.strategy, space))
    backend = chosen_backend(args)
    here = 1 if backend == "cuda" else (os.cpu_count() or 1)  # one GPU: one process feeds it
    jobs = here if args.jobs is None else args.jobs
    if jobs < 1:
        raise ConfigError("--jobs must be at least 1")
    exact = args.exact if args.exact is not None else args.scheduler is not None
    if args.scheduler is not None and args.jobs is not None:
        raise ConfigError(
            "--jobs counts this machine's processes; "
            "with --scheduler the cluster's workers share the run"
        )
    cluster = None
    if args.scheduler is not None:
        from engine.walks.cluster import Cluster, ClusterError

        try:
            cluster = Cluster(args.scheduler)
        except ClusterError as error:
            raise Failed(str(error)) from None
        jobs = max(1, cluster.workers)
        sys.stderr.write(
            f"on the Dask cluster at {args.scheduler}: {jobs} worker{'s' * (jobs != 1)}"
            + (f", dashboard {cluster.dashboard}" if cluster.dashboard else "")
            + "\n"
        )
    if args.criteria:
        if cluster is not None:
            cluster.close()
            raise ConfigError("--criteria runs here: leave out --scheduler")
        return _criteria(args, space, settings.strategy, secrets)
    if args.openings:
        from .openings import sweep_openings

        return sweep_openings(args, settings, secrets, jobs, cluster, exact, ProgressBar())
    bar = ProgressBar()
    try:
        with ctrl_c_stops() as stop:
            if cluster is not None:
                cluster.stop = stop  # heard while the cluster's results are awaited
            run = Run(bar, stop, cluster, jobs, backend, deliberate=args.yes)
            prepare(space, settings.strategy, run)
            result = run_stats(space, settings.strategy, secrets, args.seed, run, exact=exact)
    except MastermindError as error:
        if cluster is None or isinstance(error, ConfigError):
            raise
        raise Failed(str(error)) from None  # the cluster went away: not the command line
    finally:
        bar.close()
        if cluster is not None:
            cluster.close()
    if args.json:
        import json

        print(json.dumps(result.as_json()))
    else:
        print(format_stats(result, say_weighed=exact))
    return 0


def _walked(strategy: str, space: CodeSpace) -> bool:
    """Whether ``--all`` walks the strategy's tree level by level (Knuth or Most Parts past
    131,072 codes): one walk, however many secrets, so the cap on games does not apply."""
    from engine.strategies.partitioning import PartitionStrategy

    plain = make_strategy(strategy)
    return isinstance(plain, PartitionStrategy) and plain.big_walks(space, space.count)


def _criteria(args: argparse.Namespace, space: CodeSpace, strategy: str, secrets: Codes) -> int:
    """``stats --criteria``: the optimal criteria side by side (``criteria_command``)."""
    from .criteria import criteria_names, format_criteria, run_criteria

    capped = strategy if args.max_guesses is not None else None
    names = criteria_names(capped)
    results = run_criteria(space, names, secrets, args.seed, partial(prepare, deliberate=args.yes))
    if args.json:
        import json

        print(json.dumps({"criteria": [result.as_json() for result in results]}))
    else:
        print(format_criteria(results, space.rules_text()))
    return 0


def format_stats(result: StatsResult, say_weighed: bool = False) -> str:
    """The summary; ``say_weighed`` says that every guess was weighed, as a sample always
    is said."""
    lines = [
        f"{result.strategy} on "
        + rules_text(result.colours, result.positions, result.repeats, RULES[result.answers]),
        f"games          {result.games:,}",
        f"total guesses  {result.total_guesses:,}",
        f"average        {result.average:.3f}",
        f"worst case     {result.worst}",
        f"time per game  {result.ms_per_game:.3f} ms ({result.seconds:.2f} s in all)",
    ]
    if not result.exact:
        lines.append("weighed        a sample of the guesses (--exact: every one)")
    elif say_weighed:
        lines.append("weighed        every guess")
    lines += [
        "",
        "guesses  games",
    ]
    top = max(result.distribution.values(), default=1)
    for guesses, games in sorted(result.distribution.items()):
        bar = "#" * max(1, round(BAR_WIDTH * games / top))
        lines.append(f"{guesses:>7}  {games:>6}  {bar}")
    return "\n".join(lines)
