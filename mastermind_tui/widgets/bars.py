"""How the codes still possible split by the answer a guess gets, as bars."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from engine import Answer
from engine.explain import answer_text


class PartitionBars(Widget):
    """One bar per answer (blacks,whites), largest first, scaled to the width; the answer
    given is marked with ◀."""

    DEFAULT_CSS = "PartitionBars { height: auto; }"

    partition: reactive[dict[Answer, int]] = reactive(dict, layout=True)
    answered: reactive[Answer | None] = reactive(None)

    def show(self, partition: dict[Answer, int], answered: Answer | None) -> None:
        self.partition = partition
        self.answered = answered

    def render(self) -> Content:
        if not self.partition:
            return Content.styled("No guess yet.", "dim")
        biggest = max(self.partition.values())
        digits = len(f"{biggest:,}")
        width = max(len(answer_text(a)) for a in self.partition)
        room = max(3, self.size.width - width - 3 - digits - 2)
        parts: list[tuple[str, str] | str] = []
        for answer, count in self.partition.items():
            mark = answer == self.answered
            length = max(1, round(room * count / biggest))
            label = f"{answer_text(answer):<{width}} "
            parts.append((label, "bold reverse" if mark else ""))
            parts.append(("█" * length, "bold $accent" if mark else "$primary"))
            parts.append(f" {count:,}")
            parts.append((" ◀\n" if mark else "\n", "bold"))
        return Content.assemble(*parts).rstrip()
