"""``mastermind solve SECRET --html FILE``: the watch as a handout to take home, one
standalone HTML file (no script, nothing fetched): the strategy's rule card, the path
played with each move's other answers folded (F4's path), then each move's two beats as
the app draws them: the guesses weighed, the sentence, the split beside the runner-up's,
and the answer with the codes left. ``-`` writes to standard output; a name ending in a
slash, into that folder (``place``)."""

from __future__ import annotations

import os
import re
import sys
from functools import partial
from html import escape
from pathlib import Path

from engine import CodeSpace, Solver
from engine.errors import MastermindError
from engine.explain.decisions import (
    answer_text,
    reasons,
    runner_up,
    score_text,
    sentence,
    twins_text,
)
from engine.feedback import encode
from engine.notation import Notation
from engine.storage import output
from engine.storage.files import shown
from engine.strategies import NO_DRAWS, Position, strategy_class
from engine.strategies.rule_card import rule_card
from engine.strategies.weighing import Weighing, weigh_all
from engine.trace import Step
from engine.words import plural

from . import handout_parts as parts
from .parser import Failed

#: Codes listed by name once the answer is in, at most (else only counted).
LISTED = 24


def place(target: str, name: str) -> str:
    """Where ``--html TARGET`` writes: TARGET itself, or where it ends in a slash (a
    folder, as a person writes one) the file ``name`` inside that folder. A folder that
    is not there (or a file of that name) is refused in one line (exit 2): never made a
    file called as the folder."""
    if target == "-" or not target.endswith(("/", os.sep)):
        return target
    if not os.path.isdir(target):
        there = os.path.lexists(target.rstrip("/" + os.sep) or target)
        why = "a file of that name is not a folder" if there else "no folder of that name"
        raise MastermindError(
            f"--html {shown(target, 160)}: {why} (a name ending in / is a folder: make it "
            "first, or give a file name)"
        )
    return os.path.join(target, name)


def file_name(strategy: str, secret: str) -> str:
    """The handout's name inside a folder: the strategy and the secret as written, any
    character a file name might trip on made "_" ("knuth-YOBR.html")."""
    stem = re.sub(r"[^\w.-]+", "_", f"{strategy}-{secret}", flags=re.ASCII).lstrip(".")
    return f"{stem or 'handout'}.html"


def write(target: str, text: str) -> None:
    """``text`` to ``target`` (``-``: standard output) as ``output.write`` writes any
    file: a file replaced whole, a device or pipe written into, a link followed; a folder
    or a place that cannot be written is refused in one line (Failed: exit 1)."""
    if target == "-":
        sys.stdout.write(text)
        return
    try:
        output.write(Path(target), text.encode("utf-8"))
    except output.NotWritten as error:
        reason = str(error).lower()
        raise Failed(f"cannot write the handout to {shown(target)}: {reason}") from None


def handout(solver: Solver, notation: Notation, secret: int, strategy: str) -> str:
    """The whole handout of the game ``solver`` played against ``secret``."""
    space = solver.space
    fmt = partial(notation.format, space)

    def paint(code: int) -> str:
        return parts.pegs(space, notation, code)

    title = f"{strategy} breaks {fmt(secret)}"
    steps = solver.steps
    body = [
        f"<h1>{escape(title)}</h1>",
        f"<p>{escape(space.rules_text())}, {space.count:,} codes; solved in "
        f"{plural(len(steps), 'guess', 'guesses')}. Each move comes in two beats: the "
        "position (the guesses weighed and the one chosen, how it would split the codes "
        "still possible), then its answer.</p>",
        _card(strategy),
        _path(solver, paint, fmt),
    ]
    for step in steps:
        body.append(_move(solver, step, space, paint, fmt))
    return (
        "<!DOCTYPE html>\n<html lang='en'>\n<head>\n<meta charset='utf-8'>\n"
        f"<title>{escape(title)}</title>\n<style>{parts.STYLE}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n<footer><p class='legend'>Made by mastermind solve --html.</p></footer>"
        + "\n</body>\n</html>\n"
    )


def _card(strategy: str) -> str:
    card = rule_card(strategy_class(strategy))
    rows = "".join(f"<dt>{head}</dt><dd>{escape(said)}</dd>" for head, said in card.lines())
    return (
        f"<section class='card'><h2>The rule of {escape(card.name)}</h2>"
        f"<p>{escape(card.summary)}.</p><dl>{rows}</dl></section>"
    )


def _path(solver: Solver, paint: parts.Painter, fmt: parts.Formatter) -> str:
    """The moves played from the top, each answer's branch followed and the others
    folded, as F4's tree shows the path."""
    items = []
    for step in solver.steps:
        d = step.decision
        others = {a: n for a, n in d.partition.items() if a != step.answer}
        folded = ""
        if others:
            folded = (
                f" <span class='folded'>({plural(len(others), 'other answer')}: "
                f"{plural(sum(others.values()), 'code')})</span>"
            )
        items.append(
            f"<li>{paint(step.guess)} answered "
            f"<b>{answer_text(step.answer)}</b>: {d.candidates_before:,} → "
            f"{plural(step.candidates_after, 'code')}{folded}</li>"
        )
    return f"<section><h2>The path played</h2><ol class='path'>{''.join(items)}</ol></section>"


def _weighing(solver: Solver, step: Step) -> Weighing | None:
    """Every guess the strategy weighed at ``step``, ranked (the watch's ``l``)."""
    space = solver.space
    history = tuple(
        (s.guess, encode(*s.answer, space.positions)) for s in solver.steps[: step.number - 1]
    )
    before = solver.candidates_before(step.number)
    position = Position(space, before, history, NO_DRAWS)
    return weigh_all(solver.strategy, position, step.decision)


def _move(
    solver: Solver, step: Step, space: CodeSpace, paint: parts.Painter, fmt: parts.Formatter
) -> str:
    d = step.decision
    before = solver.candidates_before(step.number)
    name = fmt(step.guess)
    could = "could be the secret" if d.consistent else "cannot be the secret"
    if d.candidates_before == 1:
        could = "the only code left"
    said = {score_text(d)}
    why = [r for r in reasons(d, fmt, brief=True) if r not in said and r]
    rival = runner_up(space, d, before)
    drawn = None if rival is None or rival[0] == step.guess else (fmt(rival[0]), rival[1])
    twins = twins_text(d, fmt)
    out = [
        f"<section class='move'><h2>Move {step.number}: {escape(name)}</h2>",
        f"<h3>Move {step.number}, before its answer: "
        f"{plural(d.candidates_before, 'code')} still possible</h3>",
        f"<p>{paint(step.guess)} ({could})</p>",
        f"<p class='sentence'>{escape(sentence(d, fmt))}</p>",
    ]
    if why:
        out.append(f"<p class='why'>{escape('; '.join(why))}</p>")
    out.append(parts.chart(d, paint, fmt, _weighing(solver, step)))
    out.append(f"<p class='title'>How {escape(name)} would split the codes, answer by answer</p>")
    if twins:
        out.append(f"<p class='legend'>{escape(twins)}: not drawn</p>")
    out.append(parts.split(name, d.partition, None, drawn))
    last = step.number == len(solver.steps)
    left = solver.candidates if last else solver.candidates_before(step.number + 1)
    out.append(
        f"<h3>Move {step.number}, answered: {escape(name)} gets {answer_text(step.answer)}; "
        f"{d.candidates_before:,} → {plural(step.candidates_after, 'code')}</h3>"
    )
    out.append(parts.split(name, d.partition, step.answer, None))
    if len(left) <= LISTED:
        listed = " ".join(paint(int(c)) for c in left)
        out.append(f"<p>Still possible: {listed}</p>")
    out.append("</section>")
    return "\n".join(out)
