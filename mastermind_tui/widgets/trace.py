"""The solver trace pane: what is known about the secret, and what the strategy thinks."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from engine import Decision

from ..state import TraceView
from .bars import PartitionBars
from .codemap import CodeMap


def describe(decision: Decision, fmt: Callable[[int], str]) -> Text:
    """The strategy's choice, its score beside the best alternatives, and any index scan."""
    text = Text()
    text.append(fmt(decision.guess), style="bold")
    text.append(" (could be the secret)" if decision.consistent else " (cannot be the secret)")
    if decision.score is not None:
        text.append(f"\n{decision.score_label}: {decision.score:.4g}")
        if decision.alternatives:
            others = ", ".join(
                f"{fmt(a.guess)} {a.score:.4g}{'' if a.consistent else '*'}"
                for a in decision.alternatives[:3]
            )
            text.append(f"\nnext best: {others}", style="dim")
        if decision.pool_size:
            text.append(f"\nweighed {decision.pool_size:,} guesses", style="dim")
    details = decision.details
    if "scan_start" in details:
        text.append(
            f"\nscan started at index {details['scan_start']:,}, "
            f"skipped {details.get('skipped', 0):,} impossible codes"
        )
    if decision.note:
        text.append(f"\n{decision.note}", style="italic dim")
    return text


class TracePane(VerticalScroll):
    """Summary, partition bars and code map, redrawn from a TraceView."""

    def compose(self) -> ComposeResult:
        yield Static(id="trace-summary")
        yield Static(id="trace-advice")
        yield Static(id="trace-split")
        yield PartitionBars(id="trace-bars")
        yield CodeMap(id="trace-map")

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
        summary.append(f" of {view.space_size:,} codes still possible")
        self.query_one("#trace-summary", Static).update(summary)
        split = f"How {view.partition_of} split the codes:" if view.partition_of else ""
        self.query_one("#trace-split", Static).update(split)
        self.query_one(PartitionBars).show(view.partition, view.answered)
        advice = Text(f"{view.headline}: ", style="bold")
        if view.decision is not None:
            advice.append_text(describe(view.decision, fmt))
        else:
            advice.append("thinking…" if thinking else "nothing: the code is known")
        self.query_one("#trace-advice", Static).update(advice)
        self.query_one(CodeMap).show(view.possible, colours, positions)
