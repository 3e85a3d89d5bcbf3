"""What the game screens draw, ready-made by the sessions: board rows and the trace view."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine import Answer, Decision

if TYPE_CHECKING:
    from engine.arrays import Codes

#: Largest game for which every code is drawn as a cell of the code map.
MAP_LIMIT = 2304
#: Most codes the trace names one by one (it names fewer when the pane is small).
LIST_LIMIT = 200
#: Most codes still possible from which the decision tree is walked (8 colours x 5
#: positions from the start); a watched game keeps its candidates up to this many.
TREE_LIMIT = 32_768
#: Most codes on which a step's runner-up split is worked out (one guess scored on each).
RIVAL_LIMIT = 1 << 20


def few(codes: Codes) -> Codes | None:
    """The codes still possible when few enough to be named, else None."""
    return codes if len(codes) <= LIST_LIMIT else None


@dataclass(frozen=True)
class Row:
    """One move as the board draws it: colour digits and the answer."""

    digits: tuple[int, ...]
    answer: Answer


@dataclass(frozen=True)
class TraceView:
    """What the solver trace pane shows, ready to draw."""

    candidates: int
    space_size: int
    #: The codes possible before the answer that left ``candidates`` (None: not shown),
    #: and the moment the whole view belongs to (``Move 2, answered``; "": the present).
    before: int | None = None
    moment: str = ""
    #: Answer -> codes, for the last guess (largest first), and the answer it actually got.
    partition: dict[Answer, int] = field(default_factory=dict)
    answered: Answer | None = None
    partition_of: str = ""
    #: The strategy's advice: its guess, score and the alternatives it weighed.
    decision: Decision | None = None
    headline: str = ""
    #: Codes still possible, for the code map (None when the game is too big to draw).
    possible: Codes | None = None
    #: Every code the rules allow, where some indices are no code (no repeats): the map
    #: leaves the others blank. None when every index is a code.
    allowed: Codes | None = None
    #: What the advice line says, alone, when there is no decision and none is being
    #: worked out ("": the headline and "nothing yet").
    idle: str = ""
    #: Codes still possible when few enough to name them (``few``), sorted.
    remaining: Codes | None = None
    #: Another guess and how it would have split the same codes, drawn beside the split
    #: shown: the runner-up in watch mode, the strategy's choice beside a person's guess.
    rival: tuple[int, dict[Answer, int]] | None = None
    rival_label: str = "runner-up"
    #: The two splits weighed in the one measure of the strategy's choice, in a line
    #: (``WRGO: 3.057 bits; WROW (runner-up): 2.981 bits``); "" without a rival.
    weighed: str = ""
    #: Whether the split's largest classes are marked "worst case": only where the
    #: largest class is the strategy's measure.
    worst: bool = True
