"""The whole weighing behind a watched move (the ranked list, ``l``): the position the
move was decided in, worked out again from the answers before it (a watched game keeps
the codes still possible only while they are few), and every guess weighed there."""

from __future__ import annotations

from engine import Step, make_strategy
from engine.feedback import answers, encode
from engine.strategies import NO_DRAWS, Position
from engine.strategies.weighing import Weighing, weigh_all

from .settings import Settings


def weighing_at(settings: Settings, steps: list[Step], move: int) -> Weighing | None:
    """Every guess the strategy weighed at move ``move`` (from 0), ranked; None for a
    strategy that scores nothing. Slow on big spaces (8x5: a second): call from a worker."""
    space = settings.space
    codes, history = space.allowed, []
    for step in steps[:move]:
        cls = encode(*step.answer, space.positions)
        codes = codes[answers(space, step.guess, codes) == cls]
        history.append((step.guess, cls))
    position = Position(space, codes, tuple(history), NO_DRAWS)
    return weigh_all(make_strategy(settings.strategy), position, steps[move].decision)
