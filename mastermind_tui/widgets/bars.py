"""How the codes still possible split by the answer a guess gets, as bars."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from engine import Answer
from engine.explain.decisions import answer_text
from engine.words import plural

#: What marks the largest classes: the codes left if the answer is the worst it can be.
WORST = "worst case"
#: Most lines of codes an opened bar lists (then how many more there are).
OPEN_LINES = 8
#: Another guess's split: its code written, the split, and what it is ("runner-up").
Rival = tuple[str, dict[Answer, int], str]


def worst_cases(partition: dict[Answer, int]) -> set[Answer]:
    """The answers whose class is the largest (none when every class is a single code:
    then no answer is worse than another)."""
    biggest = max(partition.values(), default=0)
    return {a for a, n in partition.items() if n == biggest} if biggest > 1 else set()


def _length(room: int, count: int, biggest: int) -> int:
    """A bar's length on a scale where ``biggest`` fills ``room`` (at least one cell for a
    class that has codes, none for one that has none)."""
    return 0 if not count else max(1, round(room * count / max(1, biggest)))


def wrapped(codes: list[str], width: int) -> list[str]:
    """Codes separated by spaces, as many to a line as ``width`` holds."""
    each = max((len(c) for c in codes), default=1) + 1
    per_line = max(1, (width + 1) // each)
    return [" ".join(codes[i : i + per_line]) for i in range(0, len(codes), per_line)]


class PartitionBars(Widget):
    """One bar per answer (blacks,whites), largest first, scaled to the width; the answer
    given is marked with ◀ and the largest classes with "worst case". One bar can be
    selected, and opened to list its codes under it: from the keys in watch mode, by a
    click anywhere (the screen is told, and works the codes out). With a ``limit`` (the
    lines in view) and no bar selected, the bars past it fold into one line, and the
    answer given keeps its bar: on a short terminal it was scrolled out of view. With a
    ``rival`` (another guess's split of the same codes) every row draws both on one scale,
    the same answer on the same row, under a line naming the two guesses."""

    DEFAULT_CSS = "PartitionBars { height: auto; }"

    class Clicked(Message):
        """The bar of ``answer`` (``index``: largest class first) was clicked."""

        def __init__(self, bars: PartitionBars, index: int, answer: Answer) -> None:
            super().__init__()
            self.bars = bars
            self.index = index
            self.answer = answer

    partition: reactive[dict[Answer, int]] = reactive(dict, layout=True)
    answered: reactive[Answer | None] = reactive(None)
    #: Another guess's split drawn beside, answer by answer on the same scale: its code,
    #: its split and what it is (``runner-up``, ``what if``).
    rival: reactive[Rival | None] = reactive(None, layout=True)
    #: The selected bar (an index, largest class first), and the codes of the opened one.
    selected: reactive[int | None] = reactive(None, layout=True)
    opened: reactive[tuple[str, ...] | None] = reactive(None, layout=True)
    limit: reactive[int | None] = reactive(None, layout=True)
    #: Whether the largest classes are marked "worst case" (where the strategy weighs a
    #: guess by its largest class).
    worst: reactive[bool] = reactive(True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The bar (its index) drawn on each line, codes listed under a bar included.
        self._rows: list[int] = []
        self._name = ""
        self._painted: list[Content] | None = None

    def show(
        self,
        partition: dict[Answer, int],
        answered: Answer | None,
        rival: Rival | None = None,
        name: str = "",
        worst: bool = True,
    ) -> None:
        """A split to draw, of the guess ``name`` (and ``rival``'s beside it), its largest
        classes marked ``worst`` case or not; a new one starts with no bar selected."""
        self._name = name
        self.worst = worst
        if partition != self.partition:
            self.select(None)
        self.partition = partition
        self.answered = answered
        self.rival = rival

    def answers(self) -> list[Answer]:
        """The answers drawn, one a row: the split's, largest class first, then those only
        the rival's split has (the split shown has no code there)."""
        own = list(self.partition)
        if self.rival is None:
            return own
        theirs = self.rival[1]
        extra = sorted((a for a in theirs if a not in self.partition), key=lambda a: -theirs[a])
        return own + extra

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and 0 <= offset.y < len(self._rows) and self._rows[offset.y] >= 0:
            index = self._rows[offset.y]
            self.post_message(self.Clicked(self, index, self.answers()[index]))

    def select(
        self,
        index: int | None,
        opened: list[str] | None = None,
        painted: list[Content] | None = None,
    ) -> None:
        """Select a bar (None: none) and list ``opened`` codes under it, drawn as
        ``painted`` (the same codes in their pegs' colours) when given."""
        self._painted = painted
        self.selected = index
        self.opened = None if opened is None else tuple(opened)

    def render(self) -> Content:
        if not self.partition:
            self._rows = []
            return Content.styled("No guess yet.", "dim")
        answers = self.answers()
        theirs = self.rival[1] if self.rival is not None else {}
        counts = [self.partition.get(a, 0) for a in answers]
        biggest = max(max(counts), max(theirs.values(), default=0))
        worst = worst_cases(self.partition) if self.worst else set()
        digits = len(f"{biggest:,}")
        width = max(len(answer_text(a)) for a in answers)
        gutter = 2 if self.selected is not None else 0
        # Beside a rival: two columns a row, " │ " between them, one scale for both; the
        # marks of the split shown (worst case, the answer given) stay in its column.
        bars = 2 if theirs else 1
        fixed = gutter + width + 1 + bars * (digits + 2) + (3 if theirs else 0) + 2
        word = WORST if (self.size.width - fixed - len(WORST) - 1) // bars >= 6 else "worst"
        marks = (len(word) + 1 if worst else 0) + (2 if self.answered is not None else 0)
        room = max(3, (self.size.width - fixed - marks) // bars)
        parts: list[tuple[str, str] | str | Content] = []
        self._rows = []
        if self.rival is not None:
            self._header(parts, gutter + width + 1, room + digits + 2 + marks)
        drawn = self._drawn()
        folded = len(drawn) < len(answers)
        # The answer given, drawn past the folded bars, comes after their line.
        skips = folded and drawn[-1] != len(drawn) - 1
        for index, (answer, count) in enumerate(zip(answers, counts, strict=True)):
            if index not in drawn:
                continue
            if skips and index == drawn[-1]:
                self._fold(parts, drawn)
            self._rows.append(index)
            mark = answer == self.answered
            here = index == self.selected
            if gutter:
                parts.append(("▸ " if here else "  ", "bold $accent"))
            label = f"{answer_text(answer):<{width}} "
            parts.append((label, "bold reverse" if mark or here else ""))
            length = _length(room, count, biggest)
            parts.append(("█" * length, "bold $accent" if mark else "$primary"))
            if not theirs:
                parts.append(f" {count:,}")
                if answer in worst:
                    parts.append((f" {word}", "bold $warning"))
                parts.append((" ◀\n" if mark else "\n", "bold"))
            else:
                parts.append(" " * (room - length) + f" {count:>{digits},}")
                tail = (f" {word}" if answer in worst else "") + (" ◀" if mark else "")
                parts.append((f"{tail:<{marks}}", "bold $warning"))
                other = theirs.get(answer, 0)
                parts.append((" │ ", "dim"))
                parts.append(("█" * _length(room, other, biggest), "$secondary"))
                parts.append(f" {other:,}\n")
            if here and self.opened is not None:
                indent = " " * (gutter + width + 1)
                lines = wrapped(list(self.opened), self.size.width - len(indent))
                if len(lines) > OPEN_LINES:
                    shown = sum(len(line.split()) for line in lines[:OPEN_LINES])
                    lines = [*lines[:OPEN_LINES], f"… and {len(self.opened) - shown:,} more"]
                parts.extend(self._listed(indent, lines))
                self._rows.extend(index for _ in lines)
        if folded and not skips:
            self._fold(parts, drawn)
        return Content.assemble(*parts).rstrip()

    def _listed(self, indent: str, lines: list[str]) -> list[tuple[str, str] | Content]:
        """The opened bar's lines of codes, painted when a painter was given."""
        painted = self._painted
        if painted is None:
            return [(f"{indent}{line}\n", "italic") for line in lines]
        out: list[tuple[str, str] | Content] = []
        for line in lines:
            count = len(line.split())
            if line.startswith("…"):  # "… and 12 more"
                out.append((f"{indent}{line}\n", "italic"))
                continue
            out += [(indent, ""), Content(" ").join(painted[:count]), ("\n", "")]
            painted = painted[count:]
        return out

    def _header(
        self, parts: list[tuple[str, str] | str | Content], indent: int, column: int
    ) -> None:
        """The two columns' guesses, over their bars."""
        assert self.rival is not None
        parts.append(" " * indent)
        parts.append((f"{self._name:<{column}}", "bold"))
        parts.append(("   ", ""))
        parts.append((f"{self.rival[0]}\n", "bold $secondary"))
        self._rows.append(-1)

    def _drawn(self) -> list[int]:
        """The bars drawn: all of them, or as many as ``limit`` leaves room for beside the
        line that folds the others, the answer given's always among them."""
        answers = self.answers()
        count = len(answers)
        limit = None if self.limit is None else self.limit - (self.rival is not None)
        if limit is None or self.selected is not None or count <= limit:
            return list(range(count))
        first = list(range(max(1, limit - 1)))
        given = answers.index(self.answered) if self.answered in answers else -1
        if given < len(first):
            return first
        return [*first[:-1], given]

    def _fold(self, parts: list[tuple[str, str] | str | Content], drawn: list[int]) -> None:
        """``… 9 more answers of RRGO, 150 codes`` (beside a rival, both guesses' codes:
        ``… 9 more answers: RRGO 150 codes, RRRG 162``; ``… 9 more`` when narrow): the bars
        not drawn, in one line that says of which guess they are."""
        hidden = [a for i, a in enumerate(self.answers()) if i not in drawn]
        own = sum(self.partition.get(a, 0) for a in hidden)
        more = plural(len(hidden), "more answer")
        if self.rival is not None:
            theirs = sum(self.rival[1].get(a, 0) for a in hidden)
            text = f"… {more}: {self._name} {plural(own, 'code')}, {self.rival[0]} {theirs:,}"
        else:
            of = f" of {self._name}" if self._name else ""
            text = f"… {more}{of}, {plural(own, 'code')}"
        if len(text) > self.size.width:
            text = f"… {len(hidden)} more of {self._name}" if self._name else ""
        if not text or len(text) > self.size.width:
            text = f"… {len(hidden)} more"
        parts.append((text + "\n", "dim"))
        self._rows.append(-1)
