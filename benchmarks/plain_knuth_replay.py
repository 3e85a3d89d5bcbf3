"""An independent count of the totals where this project and mikemag's
2022 tables differed (Knuth 4x8 350,748 here against 350,750; Most Parts 4x8 337,146
against 337,124; Knuth 5x7 417,329 against 417,326, until the ordinary walk stopped
sampling guesses past its pair budget: now equal), by a plain replay that shares no
code with the engine: codes as digit rows in lexicographic order, each answer counted
from the codes' digits, every guess of the space weighed against every candidate at every
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

#: (strategy, colours, positions) -> (the engine's total, mikemag's 2022 total); the
#: engine's were 350,748, 337,146 and 417,329 while its walk sampled past the pair budget.
FIGURES = {
    ("knuth", 4, 8): (350_750, 350_750),
    ("most-parts", 4, 8): (337_124, 337_124),
    ("knuth", 5, 7): (417_326, 417_326),
}


def digit_rows(colours: int, positions: int) -> np.ndarray:
    """Every code as a row of digits, in lexicographic order (first digit slowest)."""
    n = colours**positions
    place = colours ** np.arange(positions - 1, -1, -1)
    return ((np.arange(n)[:, None] // place) % colours).astype(np.int64)


@njit(cache=True, inline="always")
def answer(packed, pattern, common, positions, bits, ones, g, c):  # type: ignore[no-untyped-def]
    """Blacks * (positions + 1) + whites: blacks are the digit fields equal in the two
    packed codes (their XOR's zero fields), whites the colours in common (a table over
    colour-count patterns) less the blacks."""
    x = packed[g] ^ packed[c]
    y = x
    for k in range(1, bits):
        y |= x >> k
    blacks = positions
    y &= ones
    while y:
        y &= y - 1
        blacks -= 1
    return blacks * (positions + 1) + common[pattern[g], pattern[c]] - blacks


@njit(cache=True)
def best_guess(packed, pattern, common, p, bits, ones, cands, most_parts):  # type: ignore[no-untyped-def]
    """Every code weighed against every candidate; Knuth's rule among ties."""
    slots = (p + 1) * (p + 1)
    is_cand = np.zeros(len(packed), dtype=np.bool_)
    for c in cands:
        is_cand[c] = True
    hist = np.zeros(slots, dtype=np.int64)
    best_key, best, best_is_cand = 1 << 62, -1, False
    for g in range(len(packed)):
        largest, parts = 0, 0
        for c in cands:
            a = answer(packed, pattern, common, p, bits, ones, g, c)
            hist[a] += 1
            largest = max(largest, hist[a])
            parts += 1 if hist[a] == 1 else 0
        hist[:] = 0
        key = -parts if most_parts else largest
        if key < best_key or (key == best_key and is_cand[g] and not best_is_cand):
            best_key, best, best_is_cand = key, g, is_cand[g]
    return best


@njit(cache=True)
def split(packed, pattern, common, p, bits, ones, guess, cands):  # type: ignore[no-untyped-def]
    out = np.empty(len(cands), dtype=np.int64)
    for j in range(len(cands)):
        out[j] = answer(packed, pattern, common, p, bits, ones, guess, cands[j])
    return out


def replay(strategy: str, colours: int, positions: int) -> tuple[int, int, str]:
    """Total guesses, worst case and opening over every secret."""
    digits = digit_rows(colours, positions)
    counts = np.stack([(digits == k).sum(axis=1) for k in range(colours)], axis=1)
    bits = max(1, (colours - 1).bit_length())
    shifts = bits * np.arange(positions, dtype=np.int64)
    packed = (digits << shifts).sum(axis=1)
    ones = int((1 << shifts).sum())
    patterns, pattern = np.unique(counts, axis=0, return_inverse=True)
    common = np.minimum(patterns[:, None, :], patterns[None, :, :]).sum(axis=2)
    kernel = (packed, pattern.reshape(-1).astype(np.int64), common, positions, bits, ones)
    win = positions * (positions + 1)
    most_parts = strategy == "most-parts"
    total, worst, opening = 0, 0, ""
    stack = [(np.arange(len(digits), dtype=np.int64), 1)]
    while stack:
        cands, depth = stack.pop()
        guess = best_guess(*kernel, cands, most_parts)
        if depth == 1:
            opening = "".join(str(d + 1) for d in digits[guess])
        cls = split(*kernel, guess, cands)
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
