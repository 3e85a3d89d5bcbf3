"""A search for a better decision tree than any one heuristic grows:
the partition strategies' trees mixed, subtree by subtree. Every heuristic's tree from a
given opening shares the opening's answers; below each answer the best heuristic's subtree
is kept (fewest guesses over its secrets), and at the second move the best few guesses of
each heuristic are tried under each heuristic. The result is a tree (``Steered``: fixed
guesses where it chose, a heuristic's below) walked and exported as ``tree --format json``
writes it, which ``tree --check`` reads.

    python -m engine.tools.improve_tree --openings 00112 --k 4 --minutes 13 --out best-8x5.json

The 8x5 tree that command made (179,568 guesses) ships with the package, gzipped, and
plays as ``--strategy best-8x5`` (``strategies.shipped_tree``); ``tree --check`` reads it
once unpacked (``gunzip -c``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from ..codes import CodeSpace
from ..feedback import answers, decode, encode
from ..storage import output
from ..strategies import NO_DRAWS, Position, Strategy, make_strategy
from ..trees.strategy_tree import History, Node, walk

#: The best total published for an 8x5 tree that we know of (mikemag/Mastermind's
#: entropy from 11223).
PUBLISHED_8X5 = 179_751


#: The heuristics mixed.
BASES = ("entropy", "expected-size", "most-parts", "knuth")


class Steered:
    """A deterministic strategy: ``fixed`` guesses at their histories; below a history
    that ``below`` names (the longest such beginning of the position's), that heuristic;
    the default heuristic elsewhere."""

    deterministic = True
    name = "steered"

    def __init__(
        self, default: Strategy, fixed: dict[History, int], below: dict[History, Strategy]
    ) -> None:
        self.default, self.fixed, self.below = default, fixed, below

    def guess(self, position: Position) -> int:
        history = position.history
        fixed = self.fixed.get(history)
        if fixed is not None:
            return fixed
        for n in range(min(len(history), 3), 0, -1):
            chosen = self.below.get(history[:n])
            if chosen is not None:
                return chosen.guess(position)
        return self.default.guess(position)


def _subtotals(space: CodeSpace, depths: Any, opening: int) -> dict[int, int]:
    """Guesses over the secrets below each answer to the opening."""
    cls = answers(space, opening, space.allowed)
    win = encode(space.positions, 0, space.positions)
    return {
        int(a): int(depths[space.allowed[cls == a]].sum(dtype=np.int64))
        for a in np.unique(cls)
        if a != win
    }


def search(
    space: CodeSpace, openings: list[int], log: Any = print, k: int = 4, seconds: float = 1e9
) -> tuple[Steered, int]:
    """The best mix found: per opening, each heuristic's tree, the best per answer; then
    the second guess improved answer by answer. Returns the strategy and its total."""
    bases = {name: make_strategy(name).compiled(space) for name in BASES}
    best: tuple[int, Steered] | None = None
    for opening in openings:
        per: dict[str, dict[int, int]] = {}
        for name, base in bases.items():
            start = time.perf_counter()
            depths = walk(space, Steered(base, {(): opening}, {}), run=None).depths  # type: ignore[arg-type]
            per[name] = _subtotals(space, depths, opening)
            log(f"{opening} {name}: {int(depths.sum()):,} ({time.perf_counter() - start:.0f} s)")
        below = {a: min(per, key=lambda n, a=a: per[n][a]) for a in per[BASES[0]]}  # type: ignore[misc]
        total = 1 + sum(per[n][a] for a, n in below.items())
        log(f"{opening} mixed: {total:,}")
        steered = Steered(
            bases[BASES[0]], {(): opening}, {((opening, a),): bases[n] for a, n in below.items()}
        )
        if best is None or total < best[0]:
            best = (total, steered)
    assert best is not None
    until = time.perf_counter() + seconds
    return second_guesses(space, best[1], bases, best[0], log, k, until)


def second_guesses(
    space: CodeSpace,
    steered: Steered,
    bases: dict[str, Strategy],
    total: int,
    log: Any,
    k: int = 4,
    until: float = float("inf"),
) -> tuple[Steered, int]:
    """Below each answer to the opening, biggest first, the best few second guesses of
    each heuristic (its choice and ``k`` runners-up), each followed by the heuristic
    already there or entropy: the best kept. Stops past ``until`` (perf_counter)."""
    opening = steered.fixed[()]
    cls = answers(space, opening, space.allowed)
    win = encode(space.positions, 0, space.positions)
    sizes = np.bincount(cls)
    for a in sorted(np.unique(cls).tolist(), key=lambda a: -sizes[a]):
        if a == win:
            continue
        if time.perf_counter() > until:
            log("out of time")
            break
        cands, history = space.allowed[cls == a], ((opening, int(a)),)
        if len(cands) <= 2:
            continue
        position = Position(space, cands, history, NO_DRAWS)
        now = int(walk(space, steered, cands, history).depths[cands].sum(dtype=np.int64))  # type: ignore[arg-type]
        tried: set[int] = set()
        for base in bases.values():
            choice = base.choose(position)
            tried.update([choice.guess, *(alt.guess for alt in choice.alternatives[:k])])
        best = (now, steered.fixed.get(history), steered.below.get(history))
        then = {id(b): b for b in (steered.below.get(history, steered.default), steered.default)}
        for guess in sorted(tried):
            for base in then.values():
                trial = Steered(steered.default, {**steered.fixed, history: guess},
                                {**steered.below, history: base})  # fmt: skip
                got = int(walk(space, trial, cands, history).depths[cands].sum(dtype=np.int64))  # type: ignore[arg-type]
                if got < best[0]:
                    best = (got, guess, base)
        if best[0] < now:
            assert best[1] is not None and best[2] is not None
            steered.fixed[history], steered.below[history] = best[1], best[2]
            total -= now - best[0]
            log(f"answer {decode(a, space)}: {now:,} -> {best[0]:,}; total {total:,}")
    return steered, total


def as_json(node: Node, space: CodeSpace, fmt: Any) -> dict[str, Any]:
    """The node as ``mastermind tree --format json`` writes it."""
    out: dict[str, Any] = {
        "guess": fmt(node.guess),
        "codes": node.candidates,
        "height": node.height,
    }
    if node.children:
        out["children"] = [
            {
                "black": decode(cls, space).black,
                "white": decode(cls, space).white,
                "node": as_json(child, space, fmt),
            }
            for cls, child in sorted(node.children.items())
        ]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--colours", type=int, default=8)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--openings", default="00112,00123", help="digits from 0, commas")
    parser.add_argument("--out", default="best.json")
    parser.add_argument("--k", type=int, default=4, help="runners-up tried per heuristic")
    parser.add_argument("--minutes", type=float, default=1e6, help="stop improving after")
    args = parser.parse_args()
    space = CodeSpace(args.colours, args.positions)
    openings = [space.from_digits([int(d) for d in o]) for o in args.openings.split(",")]
    say = lambda line: print(line, flush=True)  # noqa: E731
    steered, total = search(space, openings, say, args.k, args.minutes * 60)
    tree = walk(space, steered, keep=True)  # type: ignore[arg-type]
    assert tree.root is not None and int(tree.depths.sum()) == total

    def fmt(code: int) -> str:
        return "".join(str(d) for d in space.to_digits(code))  # digits from 0

    output.write(Path(args.out), json.dumps(as_json(tree.root, space, fmt)).encode("utf-8"))
    print(f"total {total:,}, worst {int(tree.depths.max())}: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
