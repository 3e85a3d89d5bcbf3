"""The solver trace pane: what is known about the secret, and what the strategy thinks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from engine import Decision
from engine.explain import reasons

from ..views import TraceView
from .bars import PartitionBars
from .codemap import CodeMap, map_width

#: Narrowest the partition bars may be beside the code map; narrower, they go above it.
BARS_MIN_WIDTH = 16


def describe(decision: Decision, fmt: Callable[[int], str]) -> Text:
    """The strategy's choice, then the reasons ``mastermind solve`` prints too."""
    text = Text()
    text.append(fmt(decision.guess), style="bold")
    text.append(" (could be the secret)" if decision.consistent else " (cannot be the secret)")
    why = [r for r in reasons(decision, fmt) if not r.startswith("cannot be the secret")]
    if decision.score is not None and why:
        text.append("\n" + why.pop(0))
    if why:
        text.append("\n" + "; ".join(why), style="italic dim")
    return text


class TracePane(VerticalScroll):
    """Summary and advice, then the partition bars beside the code map (or above it when the
    pane is too narrow for both), redrawn from a TraceView. It never takes focus (a click
    or Tab must not steal typing from the command line); the screen scrolls it."""

    can_focus = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._map_width = 0

    def compose(self) -> ComposeResult:
        yield Static(id="trace-summary")
        yield Static(id="trace-advice")
        yield Static(id="trace-split")
        with Horizontal(id="trace-lower"):
            yield PartitionBars(id="trace-bars")
            yield CodeMap(id="trace-map")

    def on_resize(self, event: events.Resize) -> None:
        self._arrange()

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
        summary.append(f"{view.candidates:,}", style="bold")
        summary.append(f" of {view.space_size:,} code{'' if view.space_size == 1 else 's'}")
        summary.append(" still possible")
        self.query_one("#trace-summary", Static).update(summary)
        split = f"How {view.partition_of} split the codes:" if view.partition_of else ""
        self.query_one("#trace-split", Static).update(split)
        self.query_one(PartitionBars).show(view.partition, view.answered)
        advice = Text(f"{view.headline}: ", style="bold")
        if view.decision is not None:
            advice.append_text(describe(view.decision, fmt))
        else:
            advice.append("thinking…" if thinking else view.idle)
        self.query_one("#trace-advice", Static).update(advice)
        self.query_one(CodeMap).show(view.possible, colours, positions)
        self._map_width = 0 if view.possible is None else map_width(colours, positions) + 1
        self._arrange()
