"""The solver trace pane: what is known about the secret, and what the strategy thinks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from engine import Decision
from engine.explain.decisions import alternatives_text, reasons, score_text, sentence, twins_text
from engine.words import plural

from ..game.views import TraceView
from .bars import PartitionBars, Rival, wrapped
from .choice import ChoiceChart
from .codemap import CodeMap
from .codemap_layout import map_width
from .pegs import Painter, plain_painter

#: Narrowest the partition bars may be beside the code map, alone and beside another
#: split; narrower, they go above it.
BARS_MIN_WIDTH = 16
PAIR_MIN_WIDTH = 44
#: Lines of codes the pane lists at most (the codes still possible, when they fit).
LIST_LINES = 4


def describe(
    decision: Decision, fmt: Callable[[int], str], charted: bool = False, brief: bool = False
) -> Text:
    """The strategy's choice, the sentence that says why, then the other reasons
    ``mastermind solve`` prints too (its score is in the sentence; the next best are in
    the chart when ``charted``; none of them when ``brief``)."""
    text = Text()
    text.append(fmt(decision.guess), style="bold")
    if decision.candidates_before == 1:
        text.append(" (the only code left)")
    else:
        text.append(" (could be the secret)" if decision.consistent else " (cannot be the secret)")
    text.append("\n" + sentence(decision, fmt))
    said = {score_text(decision), "cannot be the secret, but splits the rest best"}
    if charted:
        said.add(alternatives_text(decision, fmt))
        said.update(r for r in reasons(decision, fmt, brief=True) if r.startswith("next best"))
    why = [] if brief else [r for r in reasons(decision, fmt, brief=True) if r not in said]
    if why:
        text.append("\n" + "; ".join(why), style="italic dim")
    return text


class TracePane(VerticalScroll):
    """Summary and advice, then the partition bars beside the code map (or above it when the
    pane is too narrow for both), redrawn from a TraceView. It never takes focus (a click
    or Tab must not steal typing from the command line); the screen scrolls it."""

    can_focus = False

    def __init__(self, more_key: str = "Ctrl+PgDn", **kwargs: Any) -> None:
        """``more_key``: the screen's key that scrolls this pane down."""
        super().__init__(**kwargs)
        self._more = f"more below: {more_key}"
        self._map_width = 0
        self._listed: list[int] = []
        self._paint: Painter = plain_painter(str)
        #: A projector's 80x24: the sentence, the guesses weighed and the split's largest
        #: rows all in view (no summary line, which the screen's caption says, nor the
        #: codes listed, no reasons past the sentence, no line on twins); the screen sets
        #: it with its height.
        self.compact = False

    def compose(self) -> ComposeResult:
        yield Static(id="trace-summary")
        yield Static(id="trace-codes")
        yield Static(id="trace-advice")
        yield ChoiceChart(id="trace-choice")
        yield Static(id="trace-split")
        with Horizontal(id="trace-lower"):
            with Vertical(id="trace-left"):
                yield PartitionBars(id="trace-bars")
                yield Static(id="trace-cursor")
            yield CodeMap(id="trace-map")

    def on_resize(self, event: events.Resize) -> None:
        # The guesses weighed: the chosen one and two more on a short pane, more if tall.
        height = self.scrollable_content_region.height
        chart = self.query_one(ChoiceChart)
        chart.rows = 2 if self.compact else 3 if height < 24 else 6
        self._arrange()
        self._list_codes()
        self.call_after_refresh(self._fit_bars)

    def _fit_bars(self) -> None:
        """Give the bars the lines in view under what comes before them (at least four),
        so that the answer's bar is not scrolled out of view on a short terminal (the pane
        as scrolled now: ``show_split`` scrolls it first)."""
        lower, bars = self.query("#trace-lower"), self.query(PartitionBars)
        if not (self.is_attached and lower and bars):
            return  # asked after a refresh that came when the screen was gone
        top = lower.first().virtual_region.y - round(self.scroll_y)
        room = self.scrollable_content_region.height - top
        bars.first().limit = max(4, room)
        self.call_after_refresh(self._say_more)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._say_more()

    def _say_more(self) -> None:
        """Say on the pane's border that more lies below (on a short terminal, the code
        map): the pane never takes focus, so its keys are the screen's."""
        more = self.scroll_y < self.max_scroll_y
        self.border_subtitle = self._more if more else ""

    def show_split(self) -> None:
        """Scroll the split's title to the top of the pane, its bars filling what is left
        (two splits side by side, asked for on a short terminal)."""
        self.scroll_to_widget(self.query_one("#trace-split"), top=True, animate=False)
        self.call_after_refresh(self._fit_bars)

    def show_top(self) -> None:
        """Scroll back to the top, where a beat's heading and sentence are (a step must not
        open at the offset the last one was scrolled to), the bars refitted to the room."""
        self.scroll_home(animate=False)
        self.call_after_refresh(self._fit_bars)

    def on_code_map_pointed(self, event: CodeMap.Pointed) -> None:
        self._draw_cursor()

    def _draw_cursor(self) -> None:
        codemap = self.query_one(CodeMap)
        line = self.query_one("#trace-cursor", Static)
        line.display = bool(codemap.display)
        line.update(codemap.cursor_line())

    def _list_codes(self) -> None:
        """The codes still possible, one after another, when they fit in ``LIST_LINES``."""
        paint = self._paint
        written = [paint(code) for code in self._listed]
        lines = wrapped([c.plain for c in written], max(10, self.scrollable_content_region.width))
        # Compact, the codes are the split's to list (a bar opened) and the map's.
        fits = bool(self._listed) and len(lines) <= LIST_LINES and not self.compact
        codes = self.query_one("#trace-codes", Static)
        codes.display = fits
        if not fits:
            codes.update("")
            return
        # The same lines, each code written in its pegs' colours.
        drawn: list[Content] = []
        for line in lines:
            count = len(line.split())
            drawn.append(Content(" ").join(written[:count]))
            written = written[count:]
        codes.update(Content("\n").join(drawn))

    def _arrange(self) -> None:
        """Bars beside the map when both fit the pane's width, else one above the other."""
        room = self.scrollable_content_region.width
        least = PAIR_MIN_WIDTH if self.query_one(PartitionBars).rival else BARS_MIN_WIDTH
        self.set_class(room < self._map_width + least, "-stacked")

    def show(
        self,
        view: TraceView,
        fmt: Callable[[int], str],
        colours: int,
        positions: int,
        thinking: bool = False,
        paint: Painter | None = None,
        chart: bool = False,
    ) -> None:
        """Draw ``view``; ``paint`` writes codes in their pegs' colours (plain without);
        ``chart`` draws the guesses weighed as bars (watch mode) rather than naming them."""
        self._paint = paint or plain_painter(fmt)
        self.set_class(self.compact, "-compact")
        weighed = self.query_one(ChoiceChart)
        weighed.brief = self.compact
        if self.compact:  # the choice and its runner-up
            weighed.rows = 2
        summary = Text()
        if view.moment:
            summary.append(f"{view.moment}: ", style="bold")
        if view.before is not None:
            summary.append(f"{view.before:,} → ")
        summary.append(f"{view.candidates:,}", style="bold")
        summary.append(f" of {view.space_size:,} code{'' if view.space_size == 1 else 's'}")
        summary.append(" still possible")
        self._listed = [] if view.remaining is None else [int(c) for c in view.remaining]
        self.query_one("#trace-summary", Static).update(summary)
        self._list_codes()
        split = Text()
        rival: Rival | None = None
        if view.rival is not None and fmt(view.rival[0]) != view.partition_of:
            rival = (fmt(view.rival[0]), view.rival[1], view.rival_label)
        if view.partition_of:
            total = sum(view.partition.values())
            verb = "would split" if view.answered is None else "split"
            split.append(f"How {view.partition_of} {verb} the {plural(total, 'code')}")
            if rival is not None and view.partition:
                split.append(", answer by answer:\n")
                split.append(view.weighed, style="dim")
            else:
                split.append(":")
            own = view.decision is not None and fmt(view.decision.guess) == view.partition_of
            twins = twins_text(view.decision, fmt) if own and view.decision else ""
            if twins and view.rival_label == "runner-up" and not self.compact:
                split.append(f"\n{twins}: not drawn", style="dim")
        self.query_one("#trace-split", Static).update(split)
        bars = self.query_one(PartitionBars)
        bars.show(view.partition, view.answered, rival, view.partition_of, worst=view.worst)
        advice = Text(f"{view.headline}: ", style="bold")
        choices = self.query_one(ChoiceChart)
        choices.show(view.decision if chart else None, self._paint, fmt)
        if view.decision is not None:
            charted = bool(choices.display)
            advice.append_text(describe(view.decision, fmt, charted, self.compact))
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
