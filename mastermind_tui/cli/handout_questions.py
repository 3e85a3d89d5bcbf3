"""The handout's questions for a class, and their answer key: for each move with a choice
to make, predict the answer, say why not the runner-up, count the codes left. The key
starts a new page when printed, so that the questions can be handed out alone."""

from __future__ import annotations

from html import escape

from engine import CodeSpace, Solver
from engine.explain.decisions import answer_text, runner_up, tie_rule, tied
from engine.explain.measured import in_measure, pair_text, runner_up_of, why_text
from engine.explain.ties import estimated
from engine.strategies import measure_of
from engine.trace import Step
from engine.words import plural

from .handout_parts import Formatter


def questions(solver: Solver, strategy: str, fmt: Formatter) -> str:
    """The questions, one item per move with more than one code possible, then the answer
    key on a page of its own; "" for a game with no such move."""
    space = solver.space
    asked, keyed = [], []
    for step in solver.steps:
        if step.decision.candidates_before < 2:
            continue
        asked.append(_question(step, strategy, fmt))
        keyed.append(_key(solver, space, step, fmt))
    if not asked:
        return ""
    items = "".join(f"<li>{q}</li>" for q in asked)
    keys = "".join(f"<li>{k}</li>" for k in keyed)
    return (
        "<section class='questions'><h2>Questions</h2><p class='legend'>For each move, "
        "the guess played and the codes still possible then; the answer key is on a page "
        "of its own.</p>"
        f"<ol>{items}</ol></section>"
        f"<section class='key'><h2>Answer key</h2><ol>{keys}</ol></section>"
    )


def _question(step: Step, strategy: str, fmt: Formatter) -> str:
    d = step.decision
    guess = escape(fmt(step.guess))
    rival = runner_up_of(d)
    why_not = (
        f"Why did {escape(strategy)} not play {escape(fmt(rival.guess))}?"
        if rival is not None and rival.guess != step.guess
        else f"Why does {escape(strategy)} play {guess}?"
    )
    return (
        f"<b>Move {step.number}</b>: {guess} is played with "
        f"{plural(d.candidates_before, 'code')} still possible. (a) Predict its answer: which "
        f"is the most likely? (b) {why_not} (c) It gets {answer_text(step.answer)}: how "
        "many codes are left?"
    )


def _key(solver: Solver, space: CodeSpace, step: Step, fmt: Formatter) -> str:
    d = step.decision
    biggest = max(d.partition.values())
    likely = [answer_text(a) for a, n in d.partition.items() if n == biggest]
    share = 100 * biggest / d.candidates_before
    each = " each" if len(likely) > 1 else ""
    said = (
        f"<b>Move {step.number}</b>: (a) {' or '.join(likely)}, {biggest:,} of "
        f"{d.candidates_before:,} codes{each} ({share:.0f}%); it got "
        f"{answer_text(step.answer)}. "
    )
    rival = runner_up_of(d)
    drawn = runner_up(space, d, solver.candidates_before(step.number))
    if rival is not None and drawn is not None and rival.guess != step.guess:
        own = (fmt(step.guess), d.partition, d.score)
        pair = pair_text(d.score_label, own, (fmt(drawn[0]), drawn[1], rival.score), "runner-up")
        measure = None if d.score_label is None else measure_of(d.score_label)
        more = measure is not None and measure.higher_is_better
        tail = "" if measure is None else f" ({'more' if more else 'less'} is better)"
        if tied(d, rival.score):
            tail += f"; tied, broken so: {tie_rule(d, fmt)}"
        said += f"(b) weighed in its measure, {escape(pair)}{tail}. "
    else:
        reason = in_measure(d.score_label, d.score, estimated(d)) or why_text(d, fmt)
        said += f"(b) {escape(reason)}. "
    if step.answer.black == space.positions:
        return said + "(c) none to find: the guess was the secret, found."
    return said + f"(c) {plural(step.candidates_after, 'code')}."
