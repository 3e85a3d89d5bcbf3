"""Exploring a watched game's other branches: at any move, an answer the guess could have
got instead of the one that came, and the game played on from there as the strategy would
play it. Later answers on a branch are those of a stand-in secret, the first code left
as written, so that ``n`` and ``p`` step through a whole game; a branch may be explored
again from any of its own moves, and each is left (Backspace) back towards the secret's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import Answer
from engine.explain.decisions import answer_text


@dataclass(frozen=True)
class Branch:
    """Move ``move`` (from 0) answered ``answer`` instead of ``instead``."""

    move: int
    answer: Answer
    instead: Answer

    def text(self) -> str:
        got, instead = answer_text(self.answer), answer_text(self.instead)
        return f"move {self.move + 1} got {got}, not {instead}"


def path_text(branches: Sequence[Branch], stand_in: str) -> str:
    """``exploring: move 2 got 1,1, not 0,3 · secret taken as RGBY · Backspace: back``
    (every branch taken, outermost first), one line of 80 columns on 6x4 at one branch;
    "" on the secret's own path."""
    if not branches:
        return ""
    taken = ", then ".join(b.text() for b in branches)
    return f"exploring: {taken} · secret taken as {stand_in} · Backspace: back"


def refusal(answer: Answer, got: Answer, codes: int) -> str:
    """Why ``answer`` cannot be explored at the move on show ("" when it can): it is the
    answer that came, or no code left would give it."""
    if answer == got:
        return f"{answer_text(answer)} is the answer that came: n goes on along this path."
    if codes == 0:
        return f"No code left would answer {answer_text(answer)}: nothing to explore."
    return ""
