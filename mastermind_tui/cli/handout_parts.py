"""The handout's pictures, drawn as the app draws them but in HTML and CSS (no script, no
image fetched): codes as pegs, the guesses weighed as bars in the strategy's measure, and
a split answer by answer beside the runner-up's on one scale."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from engine import Answer, CodeSpace, Decision
from engine.explain.decisions import answer_text, tie_rule, tied
from engine.notation import Notation
from engine.strategies import measure_of
from engine.strategies.weighing import Weighing
from engine.trace import format_score
from engine.words import plural

from ..game.peg_colours import PALETTE, text_colour

#: Writes a code as HTML (pegs), and as plain text.
Painter = Callable[[int], str]
Formatter = Callable[[int], str]
#: Guesses drawn in the chart (the chosen one first): a page's worth; the rest are summed
#: up in a line (how many, the codes they stand for, their scores).
CHART_ROWS = 24
#: Marks, as in the app.
POSSIBLE, TIE, BELOW = "✓", "=", "⋮"


def pegs(space: CodeSpace, notation: Notation, code: int) -> str:
    """A code as its symbols, each on its peg's colour (the letters stay)."""
    text = notation.format(space, code)
    digits = space.to_digits(code)
    if len(text) != len(digits):
        return f'<span class="code">{escape(text)}</span>'
    cells = "".join(
        f'<span class="peg" style="background:{PALETTE[d]};color:{text_colour(d)}">'
        f"{escape(c)}</span>"
        for c, d in zip(text, digits, strict=True)
    )
    return f'<span class="code" title="{escape(text)}">{cells}</span>'


def _bar(share: float, kind: str) -> str:
    width = max(0.5, min(100.0, 100.0 * share))
    return f'<span class="bar {kind}" style="width:{width:.1f}%"></span>'


def chart(
    decision: Decision,
    paint: Callable[[int], str],
    fmt: Callable[[int], str],
    weighing: Weighing | None = None,
) -> str:
    """The guesses weighed, best first, each a bar as long as its score: ▶ the choice, =
    a tie with it, ✓ a code that could be the secret, a row's codes where it stands for a
    family, ⋮ the best code that could be the secret where it ranks below the rows drawn.
    From the whole ``weighing`` (the watch's ranked list) where given: its first
    ``CHART_ROWS`` rows drawn, the rest summed up in a line; else the decision's few.
    "" where unscored."""
    label = decision.score_label
    measure = None if label is None else measure_of(label)
    if decision.score is None or measure is None:
        return ""
    rows, rest = _rows(decision, weighing)
    top = max(abs(score) for _, score, _, _, _ in rows) or 1.0
    mark = "≈" if decision.estimated else ""
    better = "more" if measure.higher_is_better else "less"
    lines = [
        f"<p class='title'>Guesses weighed, by {escape(measure.label)} ({better} is better)</p>",
        "<table class='chart'>",
    ]
    ties = False
    for row, (guess, score, possible, lead, family) in enumerate(rows):
        tie = row > 0 and tied(decision, score)
        ties = ties or tie
        marks = (TIE if tie else "") + (POSSIBLE if possible else "")
        marks += f" ({family:,} codes)" if family > 1 else ""
        kind = "chosen" if row == 0 else "other"
        lines.append(
            f"<tr class='{kind}'><td class='lead'>{lead}</td><td>{paint(guess)}</td>"
            f"<td class='track'>{_bar(abs(score) / top, kind)}</td>"
            f"<td class='num'>{mark}{format_score(score)}</td><td>{escape(marks)}</td></tr>"
        )
    lines.append("</table>")
    if rest:
        lines.append(f"<p class='legend'>{escape(rest)}</p>")
    legend = f"▶ chosen · {POSSIBLE} could be the secret"
    if any(lead == BELOW for *_, lead, _ in rows):
        legend += f" · {BELOW} the best that could be the secret"
    if ties:
        legend += f" · {TIE} tied, broken so: {tie_rule(decision, fmt)}"
    lines.append(f"<p class='legend'>{escape(legend)}</p>")
    return "\n".join(lines)


Row = tuple[int, float, bool, str, int]


def _rows(decision: Decision, weighing: Weighing | None) -> tuple[list[Row], str]:
    """The rows drawn (guess, score, could be the secret, lead mark, codes it stands
    for) and a line on those left out ("" when none are)."""
    if weighing is None or not len(weighing):
        rows: list[Row] = [(decision.guess, decision.score or 0.0, decision.consistent, "▶", 1)]
        rows += [(a.guess, a.score, a.consistent, "", 1) for a in decision.alternatives]
        rows = rows[:CHART_ROWS]
        best = decision.best_possible
        if best is not None and all(g != best.guess for g, *_ in rows):
            rows.append((best.guess, best.score, True, BELOW, 1))
        return rows, ""
    w = weighing
    shown = min(len(w), CHART_ROWS)
    rows = [
        (
            int(w.guesses[i]),
            float(w.values[i]),
            bool(w.possible[i]),
            "" if i else "▶",
            int(w.family[i]),
        )
        for i in range(shown)
    ]
    possible = w.possible.nonzero()[0]
    if len(possible) and possible[0] >= shown:
        i = int(possible[0])
        rows.append((int(w.guesses[i]), float(w.values[i]), True, BELOW, int(w.family[i])))
    if shown == len(w):
        return rows, ""
    left = len(w) - shown - (1 if rows[-1][3] == BELOW else 0)
    codes = int(w.family[shown:].sum()) - (rows[-1][4] if rows[-1][3] == BELOW else 0)
    low, high = float(w.values[shown:].min()), float(w.values[shown:].max())
    scores = format_score(low) if low == high else f"{format_score(low)} to {format_score(high)}"
    kind = "row" if left == 1 else "rows"
    whole = "every guess weighed" if w.complete else "every guess it keeps"
    return rows, (
        f"… {left:,} more {kind} ({plural(codes, 'code')}) not drawn, scoring {scores}; "
        f"the watch's ranked list (l) shows {whole}."
    )


def split(
    name: str,
    partition: dict[Answer, int],
    answered: Answer | None,
    rival: tuple[str, dict[Answer, int]] | None,
    worst: bool = True,
) -> str:
    """One row per answer, largest class first: the guess's bar and, beside it on the
    same scale, the runner-up's (its answers the guess has no code for at the end); ◀
    the answer given, "worst case" the largest classes where the strategy weighs a
    guess by its largest class (``worst``)."""
    theirs = rival[1] if rival else {}
    order = list(partition) + sorted(
        (a for a in theirs if a not in partition), key=lambda a: -theirs[a]
    )
    top = max([*partition.values(), *theirs.values(), 1])
    biggest = max(partition.values(), default=0)
    head = f"<th>answer</th><th colspan='2'>{escape(name)}</th>"
    if rival:
        head += f"<th colspan='2'>{escape(rival[0])} (runner-up)</th>"
    lines = [f"<table class='split'><tr>{head}</tr>"]
    for answer in order:
        count = partition.get(answer, 0)
        mark = " ◀" if answer == answered else ""
        marked = " worst case" if worst and count == biggest and biggest > 1 else ""
        kind = "chosen" if mark else "own"
        row = (
            f"<td class='ans'>{answer_text(answer)}</td>"
            f"<td class='track'>{_bar(count / top, kind) if count else ''}</td>"
            f"<td class='num'>{count:,}<span class='mark'>{marked}{mark}</span></td>"
        )
        if rival:
            other = theirs.get(answer, 0)
            bar = _bar(other / top, "rival") if other else ""
            row += f"<td class='track'>{bar}</td><td class='num'>{other:,}</td>"
        lines.append(f"<tr{' class=given' if mark else ''}>{row}</tr>")
    lines.append("</table>")
    return "\n".join(lines)


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
  padding: 0 1rem; color: #1d1d1f; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.2rem; border-bottom: 2px solid #ccd; }
h3 { font-size: 1rem; margin: 1.2rem 0 0.3rem; color: #445; }
.code { font-family: ui-monospace, monospace; white-space: nowrap; }
.peg { display: inline-block; min-width: 1.35em; text-align: center; font-weight: bold;
  border-radius: 0.3em; margin-right: 1px; box-shadow: inset 0 0 0 1px #8886; }
.sentence { font-weight: 600; } .why { color: #555; font-style: italic; }
table { border-collapse: collapse; } td, th { padding: 0.1rem 0.4rem; }
.track { width: 14rem; } .bar { display: inline-block; height: 0.9em; vertical-align: middle; }
.bar.chosen { background: #d97706; outline: 2px solid #1d1d1f; }
.bar.other, .bar.own { background: #4f6db8; }
.bar.rival { background: repeating-linear-gradient(45deg, #8b5cf6 0 3px, #fff 3px 5px);
  box-shadow: inset 0 0 0 1px #8b5cf6; }
.answers { border-left: 4px solid #ccd; padding-left: 0.6rem; }
.key { break-before: page; page-break-before: always; }
.questions li, .key li { margin: 0.4rem 0; }
.num { text-align: right; font-family: ui-monospace, monospace; white-space: nowrap; }
.ans { font-family: ui-monospace, monospace; } tr.given td { font-weight: bold; }
.mark { color: #b45309; } .legend, .title { color: #555; font-size: 0.9rem; margin: 0.2rem 0; }
.title { font-weight: 600; } .card dt { font-weight: bold; float: left; width: 6rem; }
.card dd { margin-left: 6.5rem; margin-bottom: 0.3rem; }
.path li { margin: 0.2rem 0; } .folded { color: #666; }
@media print { h2 { page-break-before: auto; } section.move { page-break-inside: avoid; }
  * { print-color-adjust: exact; -webkit-print-color-adjust: exact; } }
"""
