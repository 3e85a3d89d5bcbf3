"""Issue 32 point 2: an independent count of the totals where this project and mikemag's
2022 tables differ (Knuth 4x8 350,748 here against 350,750; Most Parts 4x8 337,146
against 337,124; Knuth 5x7 417,329 against 417,326), by a plain replay that shares no
code with the engine: codes as digit rows in lexicographic order, each answer counted
from the digits, every guess of the space weighed against every candidate at every
position (no symmetry, no early exit, no bound, no answer tables), the opening chosen the
same way over every code.

    python benchmarks/plain_knuth_replay.py                  # the three figures
    python benchmarks/plain_knuth_replay.py knuth 4 8        # one of them

The rule is Knuth's: the smallest largest class (Most Parts: the most classes); among
ties the first candidate in lexicographic order, else the first code. It prints the
total, worst case, opening, and the engine's figure beside it (``stats --all``), and the
seconds each took. About 3 to 10 minutes each on one core of this machine (numba).
"""

from __future__ import annotations

import sys
import time

import numpy as np
from numba import njit

#: (strategy, colours, positions) -> (the engine's total, mikemag's 2022 total).
FIGURES = {
    ("knuth", 4, 8): (350_748, 350_750),
    ("most-parts", 4, 8): (337_146, 337_124),
    ("knuth", 5, 7): (417_329, 417_326),
}


def digit_rows(colours: int, positions: int) -> np.ndarray:
    """Every code as a row of digits, in lexicographic order (first digit slowest)."""
    n = colours**positions
    place = colours ** np.arange(positions - 1, -1, -1)
    return ((np.arange(n)[:, None] // place) % colours).astype(np.int64)


@njit(cache=True)
def answer(digits, counts, g, c):  # type: ignore[no-untyped-def]
    """Blacks and whites as one number, blacks * (positions + 1) + whites."""
    p = digits.shape[1]
    blacks = 0
    for i in range(p):
        if digits[g, i] == digits[c, i]:
            blacks += 1
    common = 0
    for k in range(counts.shape[1]):
        common += min(counts[g, k], counts[c, k])
    return blacks * (p + 1) + common - blacks


@njit(cache=True)
def best_guess(digits, counts, cands, most_parts):  # type: ignore[no-untyped-def]
    """Every code weighed against every candidate; Knuth's rule among ties."""
    p = digits.shape[1]
    slots = (p + 1) * (p + 1)
    is_cand = np.zeros(digits.shape[0], dtype=np.bool_)
    for c in cands:
        is_cand[c] = True
    hist = np.zeros(slots, dtype=np.int64)
    best_key, best, best_is_cand = 1 << 62, -1, False
    for g in range(digits.shape[0]):
        largest, parts = 0, 0
        for c in cands:
            a = answer(digits, counts, g, c)
            hist[a] += 1
            largest = max(largest, hist[a])
            parts += 1 if hist[a] == 1 else 0
        for c in cands:
            hist[answer(digits, counts, g, c)] = 0
        key = -parts if most_parts else largest
        if key < best_key or (key == best_key and is_cand[g] and not best_is_cand):
            best_key, best, best_is_cand = key, g, is_cand[g]
    return best


@njit(cache=True)
def split(digits, counts, guess, cands):  # type: ignore[no-untyped-def]
    out = np.empty(len(cands), dtype=np.int64)
    for j in range(len(cands)):
        out[j] = answer(digits, counts, guess, cands[j])
    return out


def replay(strategy: str, colours: int, positions: int) -> tuple[int, int, str]:
    """Total guesses, worst case and opening over every secret."""
    digits = digit_rows(colours, positions)
    counts = np.stack([(digits == k).sum(axis=1) for k in range(colours)], axis=1)
    win = positions * (positions + 1)
    most_parts = strategy == "most-parts"
    total, worst, opening = 0, 0, ""
    stack = [(np.arange(len(digits), dtype=np.int64), 1)]
    while stack:
        cands, depth = stack.pop()
        guess = best_guess(digits, counts, cands, most_parts)
        if depth == 1:
            opening = "".join(str(d + 1) for d in digits[guess])
        cls = split(digits, counts, guess, cands)
        for a in np.unique(cls):
            if a == win:
                total += depth
                worst = max(worst, depth)
            else:
                stack.append((cands[cls == a], depth + 1))
    return total, worst, opening


def main() -> None:
    wanted = [(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))] if len(sys.argv) > 3 else FIGURES
    for strategy, colours, positions in wanted:
        start = time.perf_counter()
        total, worst, opening = replay(strategy, colours, positions)
        ours, theirs = FIGURES.get((strategy, colours, positions), (None, None))
        print(
            f"{strategy} {colours}x{positions}: plain replay {total:,} (worst {worst}, "
            f"opening {opening}); engine {ours}; mikemag 2022 {theirs}; "
            f"{time.perf_counter() - start:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
