"""mikemag/Mastermind's headline Knuth and Most Parts rows, played here from its openings:
every secret of each size up to 8x5 (32,768 codes), with the
opening mikemag's tables give, its total guesses and worst case against ours.

    python benchmarks/bench_openings.py                  # every size up to 32,768 codes
    python benchmarks/bench_openings.py --max-codes 5000 # the quick ones
    python benchmarks/bench_openings.py --sweep 8x5      # every pattern's opening, as they did

The figures are mikemag's own (results/2023_4090, the ``_aa_`` runs on an RTX 4090:
"Initial Guess", "Total Turns", "Max Turns"); openings are written as there, colours
from 1, as this program's strategy names write them (``knuth-from11223``). Expected Size
and Entropy are left out: mikemag ranks those in float32 with fast math, and where two
guesses tie within its rounding the published tree differs from an exact one. Exit
status 1 when any total or worst case differs.
"""

from __future__ import annotations

import argparse
import sys
import time

from engine import CodeSpace
from engine.walks.stats import run_stats

#: (strategy, colours, positions, opening, total guesses, worst case), as published.
MIKEMAG = [
    ("knuth", 2, 2, "12", 8, 3),
    ("knuth", 2, 3, "112", 18, 3),
    ("knuth", 2, 4, "1112", 44, 4),
    ("knuth", 2, 5, "11122", 97, 4),
    ("knuth", 2, 6, "111222", 225, 5),
    ("knuth", 2, 7, "1111222", 512, 6),
    ("knuth", 2, 8, "11111222", 1126, 6),
    ("knuth", 3, 2, "12", 21, 3),
    ("knuth", 3, 3, "112", 74, 4),
    ("knuth", 3, 4, "1123", 249, 4),
    ("knuth", 3, 5, "11122", 828, 4),
    ("knuth", 3, 6, "111223", 2729, 5),
    ("knuth", 3, 7, "1112233", 9047, 5),
    ("knuth", 3, 8, "11122233", 29615, 6),
    ("knuth", 4, 2, "12", 45, 4),
    ("knuth", 4, 3, "112", 209, 4),
    ("knuth", 4, 4, "1123", 919, 4),
    ("knuth", 4, 5, "11223", 4078, 5),
    ("knuth", 4, 6, "112233", 17935, 6),
    ("knuth", 4, 7, "1112233", 78639, 6),
    ("knuth", 5, 2, "12", 84, 5),
    ("knuth", 5, 3, "112", 455, 5),
    ("knuth", 5, 4, "1123", 2521, 5),
    ("knuth", 5, 5, "11223", 13867, 6),
    ("knuth", 5, 6, "112233", 76087, 6),
    ("knuth", 6, 2, "12", 132, 5),
    ("knuth", 6, 3, "123", 874, 5),
    ("knuth", 6, 4, "1122", 5801, 5),
    ("knuth", 6, 5, "11223", 37925, 6),
    ("knuth", 7, 2, "12", 202, 6),
    ("knuth", 7, 3, "123", 1514, 6),
    ("knuth", 7, 4, "1234", 11613, 6),
    ("knuth", 7, 5, "11223", 87936, 7),
    ("knuth", 8, 2, "12", 285, 6),
    ("knuth", 8, 3, "123", 2451, 6),
    ("knuth", 8, 4, "1234", 21230, 6),
    ("knuth", 8, 5, "11223", 183775, 7),
    ("knuth", 9, 2, "12", 394, 7),
    ("knuth", 9, 3, "123", 3778, 7),
    ("knuth", 9, 4, "1234", 36120, 7),
    ("knuth", 10, 2, "12", 520, 7),
    ("knuth", 10, 3, "123", 5505, 7),
    ("knuth", 10, 4, "1234", 58103, 7),
    ("knuth", 11, 2, "12", 676, 8),
    ("knuth", 11, 3, "123", 7734, 7),
    ("knuth", 11, 4, "1234", 89907, 8),
    ("knuth", 12, 2, "12", 853, 8),
    ("knuth", 12, 3, "123", 10591, 8),
    ("knuth", 12, 4, "1234", 133078, 8),
    ("knuth", 13, 2, "12", 1064, 9),
    ("knuth", 13, 3, "123", 14133, 8),
    ("knuth", 13, 4, "1234", 191995, 9),
    ("knuth", 14, 2, "12", 1300, 9),
    ("knuth", 14, 3, "123", 18408, 8),
    ("knuth", 15, 2, "12", 1574, 10),
    ("knuth", 15, 3, "123", 23627, 9),
    ("most-parts", 2, 2, "12", 8, 3),
    ("most-parts", 2, 3, "112", 18, 3),
    ("most-parts", 2, 4, "1112", 44, 4),
    ("most-parts", 2, 5, "11122", 97, 4),
    ("most-parts", 2, 6, "111122", 224, 5),
    ("most-parts", 2, 7, "1111222", 506, 6),
    ("most-parts", 2, 8, "11112222", 1123, 6),
    ("most-parts", 3, 2, "12", 21, 3),
    ("most-parts", 3, 3, "112", 73, 4),
    ("most-parts", 3, 4, "1123", 246, 4),
    ("most-parts", 3, 5, "11123", 816, 4),
    ("most-parts", 3, 6, "111223", 2672, 5),
    ("most-parts", 3, 7, "1111223", 8794, 6),
    ("most-parts", 3, 8, "11112223", 28853, 6),
    ("most-parts", 4, 2, "12", 45, 4),
    ("most-parts", 4, 3, "112", 206, 4),
    ("most-parts", 4, 4, "1123", 910, 5),
    ("most-parts", 4, 5, "11223", 3973, 5),
    ("most-parts", 4, 6, "111223", 17480, 6),
    ("most-parts", 4, 7, "1112223", 76616, 7),
    ("most-parts", 5, 2, "12", 81, 4),
    ("most-parts", 5, 3, "123", 453, 5),
    ("most-parts", 5, 4, "1123", 2473, 5),
    ("most-parts", 5, 5, "11223", 13598, 6),
    ("most-parts", 5, 6, "111223", 74698, 7),
    ("most-parts", 6, 2, "12", 132, 5),
    ("most-parts", 6, 3, "123", 859, 5),
    ("most-parts", 6, 4, "1123", 5668, 6),
    ("most-parts", 6, 5, "11223", 37127, 7),
    ("most-parts", 7, 2, "12", 199, 5),
    ("most-parts", 7, 3, "123", 1492, 6),
    ("most-parts", 7, 4, "1123", 11388, 6),
    ("most-parts", 7, 5, "11223", 86869, 7),
    ("most-parts", 8, 2, "12", 285, 6),
    ("most-parts", 8, 3, "123", 2407, 6),
    ("most-parts", 8, 4, "1234", 20838, 7),
    ("most-parts", 8, 5, "11223", 181834, 8),
    ("most-parts", 9, 2, "12", 391, 6),
    ("most-parts", 9, 3, "123", 3668, 7),
    ("most-parts", 9, 4, "1234", 35429, 7),
    ("most-parts", 10, 2, "12", 520, 7),
    ("most-parts", 10, 3, "123", 5377, 7),
    ("most-parts", 10, 4, "1234", 57320, 8),
    ("most-parts", 11, 2, "12", 673, 7),
    ("most-parts", 11, 3, "123", 7597, 8),
    ("most-parts", 11, 4, "1234", 88645, 9),
    ("most-parts", 12, 2, "12", 853, 8),
    ("most-parts", 12, 3, "123", 10428, 8),
    ("most-parts", 12, 4, "1234", 132247, 9),
    ("most-parts", 13, 2, "12", 1061, 8),
    ("most-parts", 13, 3, "123", 13989, 9),
    ("most-parts", 13, 4, "1234", 191436, 9),
    ("most-parts", 14, 2, "12", 1300, 9),
    ("most-parts", 14, 3, "123", 18365, 9),
    ("most-parts", 15, 2, "12", 1571, 9),
    ("most-parts", 15, 3, "123", 23682, 10),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-codes", type=int, default=32_768)
    parser.add_argument("--sweep", metavar="CxP", help="sweep one size's openings instead")
    args = parser.parse_args()
    if args.sweep:
        return sweep_size(args.sweep)
    wrong = 0
    start = time.perf_counter()
    for strategy, colours, positions, opening, total, worst in MIKEMAG:
        space = CodeSpace(colours, positions)
        if space.count > args.max_codes:
            continue
        began = time.perf_counter()
        ours = run_stats(space, f"{strategy}-from{opening}", space.allowed)
        same = (ours.total_guesses, ours.worst) == (total, worst)
        wrong += not same
        print(
            f"{strategy:<11}{colours:>3}x{positions:<2} {opening:<9}"
            f"{ours.total_guesses:>11,} {total:>11,} {ours.worst:>3} {worst:>3} "
            f"{'same' if same else 'DIFFERENT'} {time.perf_counter() - began:6.2f} s",
            flush=True,
        )
    said = "all the same" if not wrong else f"{wrong} different"
    print(f"{said}; {time.perf_counter() - start:.0f} s in all")
    return 1 if wrong else 0


def sweep_size(size: str) -> int:
    """Every pattern's opening of one size, Knuth and Most Parts, best marked."""
    from engine.walks.sweep import best, sweep

    colours, positions = map(int, size.lower().split("x"))
    space = CodeSpace(colours, positions)
    for strategy in ("knuth", "most-parts"):
        start = time.perf_counter()
        swept = sweep(space, strategy, space.allowed)
        top = best(swept)
        for s in swept:
            r = s.result
            mark = "  <- best" if s is top else ""
            print(f"{r.strategy:<24} {r.total_guesses:>10,} {r.worst:>3}{mark}")
        print(f"{strategy} sweep of {size}: {time.perf_counter() - start:.1f} s\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
