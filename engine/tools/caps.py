"""Make the capped trees shipped with the package (``engine.optimal.capped`` chooses
among them): for each size and criterion, the capped tree and what follows each first
guess for each cap upward from the fewest, stored where they differ from the plain ones,
and in ``caps.json`` the first cap whose files equal the plain ones. Run as

    python -m engine.tools.caps [6x4 | 6x4n ...] [--fit | --plain] [--again]

and checked by tests/test_first_guess_data.py (small sizes) and
benchmarks/check_after_data.py.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from ..codes import CodeSpace
from ..errors import ConfigError
from ..optimal import after, shipped
from ..optimal.capped import MANIFEST, _manifest
from ..storage import output
from . import after_data, shipped_trees


def _same(a: dict[str, Any], b: dict[str, Any] | None, keys: tuple[str, ...]) -> bool:
    return b is not None and all(a.get(k) == b.get(k) for k in keys)


def make(space: CodeSpace, only_possible: bool, most: int = 4) -> int | None:
    """Search the caps of one size and criterion upward from the fewest any strategy
    keeps, storing each that differs from the plain files, until one equals them (its
    cap returned, None past ``most`` caps beyond the plain tree's depth)."""
    plain = shipped.file(space, only_possible, False)
    worst = shipped.file(space, False, True)
    least = shipped._guesses(worst)
    depth = shipped._guesses(plain)
    if not least or not depth:
        return None
    plain_tree = shipped._read(plain)
    plain_after = after.read(after.name(space, only_possible, False))
    if plain_after is not None and plain_tree is not None:  # the tree's own first guess
        kept = {k: v for k, v in plain_after["after"].items() if k != str(plain_tree["tree"][0])}
        plain_after = {**plain_after, "after": kept}
    for cap in range(least if only_possible else least + 1, depth + most + 1):
        began = time.perf_counter()
        try:
            tree = shipped_trees.made(space, only_possible, False, cap)
        except ConfigError:  # no strategy of possible codes keeps it
            continue
        data = after_data.build(space, only_possible, False, cap, tree["tree"])
        took = time.perf_counter() - began
        if _same(tree, plain_tree, ("tree", "openings")) and _same(
            data, plain_after, ("after", "ties")
        ):
            print(f"{plain} from max{cap}: the plain files ({took:.1f} s)", flush=True)
            return cap
        shipped_trees.store(shipped.file(space, only_possible, False, cap), tree)
        shipped_trees.store(after.name(space, only_possible, False, cap), data)
        print(f"{shipped.file(space, only_possible, False, cap)}: {took:.1f} s", flush=True)
    return None


def main(argv: list[str]) -> int:
    """Sizes named as ``6x4`` or ``6x4n`` (no repeats), or every shipped size, biggest
    first; ``--fit`` / ``--plain`` limit the criteria."""
    only = [a for a in argv if a[0].isdigit()]
    spaces = sorted(shipped.sizes(), key=lambda s: -s.count)
    for space in spaces:
        label = f"{space.colours}x{space.positions}{'' if space.repeats else 'n'}"
        if not after.wanted(space) or (only and label not in only):
            continue
        for only_possible in (False, True):
            if ("--fit" in argv and not only_possible) or ("--plain" in argv and only_possible):
                continue
            key = shipped.file(space, only_possible, False)
            if key in _manifest() and "--again" not in argv:
                continue
            found = make(space, only_possible)
            if found is not None:
                _manifest.cache_clear()  # another run may have added to it
                kept = {**_manifest(), key: found}
                text = json.dumps(dict(sorted(kept.items())), indent=0) + "\n"
                output.write(MANIFEST, text.encode("utf-8"))
                _manifest.cache_clear()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
