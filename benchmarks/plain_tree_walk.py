"""The yardstick of the tree walk: a plain numpy solver that walks a strategy's decision tree
once with a full answer table, written without the engine, to time beside
``mastermind stats --all`` on the same machine at the same moment.

    python benchmarks/plain_tree_walk.py                # knuth, 6 colours x 4 positions
    python benchmarks/plain_tree_walk.py entropy 6 4    # a strategy, colours, positions

Prints the total guesses over every secret (it must equal the engine's) and the seconds
spent after the imports. Codes are numbered as written (first peg most significant), so
"the first as written" is the lowest number; ties go to a guess that could be the secret,
then the first as written, as in the engine.
"""

from __future__ import annotations

import sys
import time

import numpy as np


def answer_table(colours: int, positions: int) -> np.ndarray:
    """Answer class (positions + 1) * blacks + whites for every pair of codes."""
    size = colours**positions
    digits = (np.arange(size)[:, None] // colours ** np.arange(positions - 1, -1, -1)) % colours
    digits = digits.astype(np.uint8)
    blacks = np.zeros((size, size), dtype=np.uint8)
    for p in range(positions):
        blacks += digits[:, None, p] == digits[None, :, p]
    common = np.zeros((size, size), dtype=np.uint8)
    for c in range(colours):
        count = (digits == c).sum(axis=1, dtype=np.uint8)
        common += np.minimum(count[:, None], count[None, :])
    return positions * blacks + common


def scores(hist: np.ndarray, strategy: str) -> np.ndarray:
    """Smaller is better, one per guess, from each guess's class sizes."""
    n = hist.sum(axis=1, keepdims=True)
    if strategy == "knuth":
        return hist.max(axis=1).astype(float)
    if strategy == "expected-size":
        return (hist.astype(float) ** 2).sum(axis=1)
    if strategy == "most-parts":
        return -(hist > 0).sum(axis=1).astype(float)
    p = hist / n
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.round((np.where(p > 0, p * np.log2(p), 0.0)).sum(axis=1), 12)


def walk(table: np.ndarray, strategy: str, win: int) -> int:
    classes = win + 1
    total = 0
    stack = [(np.arange(len(table)), 1)]
    while stack:
        cands, depth = stack.pop()
        if len(cands) <= 2:  # guess the first: found now, or the other one next
            total += depth + (depth + 1) * (len(cands) - 1)
            continue
        if strategy == "sequential":
            guess = int(cands[0])
        else:
            # The table is symmetric: the candidates' rows hold every guess's answers.
            guesses = np.arange(len(table), dtype=np.int32)
            offsets = table[cands].astype(np.int32) + guesses * classes
            hist = np.bincount(offsets.ravel(), minlength=len(table) * classes)
            score = scores(hist.reshape(len(table), classes), strategy)
            best = np.flatnonzero(score == score.min())
            possible = best[np.isin(best, cands)]
            guess = int(possible[0] if len(possible) else best[0])
        split = table[guess, cands]
        for answer in np.unique(split):
            part = cands[split == answer]
            if answer == win:
                total += depth
            else:
                stack.append((part, depth + 1))
    return total


def main() -> None:
    strategy = sys.argv[1] if len(sys.argv) > 1 else "knuth"
    colours, positions = (int(a) for a in sys.argv[2:4]) if len(sys.argv) > 3 else (6, 4)
    start = time.perf_counter()
    table = answer_table(colours, positions)
    total = walk(table, strategy, (positions + 1) * positions)
    print(total, f"{time.perf_counter() - start:.3f}")


if __name__ == "__main__":
    main()
