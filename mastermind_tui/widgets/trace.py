"""The solver trace pane: what is known about the secret, and what the strategy thinks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from engine import Answer, Decision
from engine.explain import reasons, score_text, sentence
from engine.words import plural

from ..views import TraceView
from .bars import PartitionBars, spark, wrapped
from .codemap import CodeMap, map_width

#: Narrowest the partition bars may be beside the code map; narrower, they go above it.
BARS_MIN_WIDTH = 16
#: Lines of codes the pane lists at most (the codes still possible, when they fit).
LIST_LINES = 4


def describe(decision: Decision, fmt: Callable[[int], str]) -> Text:
    """The strategy's choice, the sentence that says why, then the other reasons
    ``mastermind solve`` prints too (its score is in the sentence)."""
    text = Text()
    text.append(fmt(decision.guess), style="bold")
    text.append(" (could be the secret)" if decision.consistent else " (cannot be the secret)")
    text.append("\n" + sentence(decision, fmt))
    said = {score_text(decision), "cannot be the secret, but splits the rest best"}
    why = [r for r in reasons(decision, fmt) if r not in said]
    if why:
        text.append("\n" + "; ".join(why), style="italic dim")
    return text


def classes_text(partition: dict[Answer, int]) -> str:
    """``largest 46, 14 classes``."""
    count = len(partition)
    return f"largest {max(partition.values()):,}, {count} class{'es' * (count != 1)}"


def comparison(
    guess: str,
    partition: dict[Answer, int],
    rival: tuple[str, dict[Answer, int]],
    label: str = "runner-up",
) -> Text:
    """A guess's split beside another's (the runner-up, or the strategy's choice), one
    line each on the same scale."""
    name, theirs = rival
    top = max(max(partition.values()), max(theirs.values()))
    width = max(len(guess), len(name))
    text = Text()
    for code, split, tail in ((guess, partition, ""), (name, theirs, f"  {label}")):
        text.append(f"\n{code:<{width}} ", style="bold" if code == guess else "")
        style = "" if code == guess else "dim"
        text.append(f"{spark(split, top):<{max(len(partition), len(theirs))}} ", style=style)
        text.append(classes_text(split) + tail, style=style)
    return text


class TracePane(VerticalScroll):
    """Summary and advice, then the partition bars beside the code map (or above it when the
    pane is too narrow for both), redrawn from a TraceView. It never takes focus (a click
    or Tab must not steal typing from the command line); the screen scrolls it."""

    can_focus = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._map_width = 0
        self._listed: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static(id="trace-summary")
        yield Static(id="trace-codes")
        yield Static(id="trace-advice")
        yield Static(id="trace-split")
        with Horizontal(id="trace-lower"):
            with Vertical(id="trace-left"):
                yield PartitionBars(id="trace-bars")
                yield Static(id="trace-cursor")
            yield CodeMap(id="trace-map")

    def on_resize(self, event: events.Resize) -> None:
        self._arrange()
        self._list_codes()
        self.call_after_refresh(self._fit_bars)

    def _fit_bars(self) -> None:
        """Give the bars the lines in view under what comes before them (at least three),
        so that the answer's bar is not scrolled out of view on a short terminal."""
        top = self.query_one("#trace-lower").virtual_region.y
        room = self.scrollable_content_region.height - top
        self.query_one(PartitionBars).limit = max(3, room)

    def on_code_map_pointed(self, event: CodeMap.Pointed) -> None:
        self._draw_cursor()

    def _draw_cursor(self) -> None:
        codemap = self.query_one(CodeMap)
        line = self.query_one("#trace-cursor", Static)
        line.display = bool(codemap.display)
        line.update(codemap.cursor_line())

    def _list_codes(self) -> None:
        """The codes still possible, one after another, when they fit in ``LIST_LINES``."""
        lines = wrapped(self._listed, max(10, self.scrollable_content_region.width))
        fits = bool(self._listed) and len(lines) <= LIST_LINES
        codes = self.query_one("#trace-codes", Static)
        codes.display = fits
        codes.update("\n".join(lines) if fits else "")

    def _arrange(self) -> None:
        """Bars beside the map when both fit the pane's width, else one above the other."""
        room = self.scrollable_content_region.width
        self.set_class(room < self._map_width + BARS_MIN_WIDTH, "-stacked")

    def show(
        self,
        view: TraceView,
        fmt: Callable[[int], str],
        colours: int,
        positions: int,
        thinking: bool = False,
    ) -> None:
        summary = Text()
        if view.moment:
            summary.append(f"{view.moment}: ", style="bold")
        if view.before is not None:
            summary.append(f"{view.before:,} → ")
        summary.append(f"{view.candidates:,}", style="bold")
        summary.append(f" of {view.space_size:,} code{'' if view.space_size == 1 else 's'}")
        summary.append(" still possible")
        self._listed = [] if view.remaining is None else [fmt(int(c)) for c in view.remaining]
        self.query_one("#trace-summary", Static).update(summary)
        self._list_codes()
        split = Text()
        if view.partition_of:
            total = sum(view.partition.values())
            verb = "would split" if view.answered is None else "split"
            split.append(f"How {view.partition_of} {verb} the {plural(total, 'code')}:")
            same = view.rival is not None and fmt(view.rival[0]) == view.partition_of
            if view.rival is not None and view.partition and not same:
                rival = (fmt(view.rival[0]), view.rival[1])
                split.append_text(
                    comparison(view.partition_of, view.partition, rival, view.rival_label)
                )
        self.query_one("#trace-split", Static).update(split)
        self.query_one(PartitionBars).show(view.partition, view.answered)
        advice = Text(f"{view.headline}: ", style="bold")
        if view.decision is not None:
            advice.append_text(describe(view.decision, fmt))
        elif thinking:
            advice.append("thinking…")
        elif view.idle:
            advice = Text(view.idle)
        else:
            advice.append("nothing yet")
        self.query_one("#trace-advice", Static).update(advice)
        self.query_one(CodeMap).show(view.possible, colours, positions, fmt, view.allowed)
        self._draw_cursor()
        self._map_width = 0 if view.possible is None else map_width(colours, positions) + 1
        self._arrange()
        self.call_after_refresh(self._fit_bars)
