"""The exact optima under each criterion side by side: on average, guessing only codes
still possible, the worst case first, and under a cap on guesses; published totals
checked where there are some.

    python benchmarks/bench_criteria.py [--sizes 6x4,7x4,...]

Each size is the whole command a person runs, ``mastermind stats --criteria --all``
(every criterion's search and tree, every secret played down each), in a fresh process
with an empty cache of trees and the compiled kernel already on disk. CPU seconds are
user + system of that one process; a total that differs from a published one stops the
run.
"""

from __future__ import annotations

import argparse

from bench_anchor import fresh_stats

#: name: (options, {criterion: published total}, where they are published).
SIZES: dict[str, tuple[tuple[str, ...], dict[str, int], str]] = {
    "5x4": (("--colours", "5"), {}, ""),
    "6x4": (
        ("--max-guesses", "5"),
        {"optimal": 5625, "optimal-fit": 5660, "optimal-worst": 5626, "optimal-max5": 5626},
        "Koyama and Lai 1993; solvers.md",
    ),
    "6x4-no-repeats": (("--no-repeats",), {"optimal": 1446}, "solvers.md"),
    "7x4": (
        ("--colours", "7"),
        {"optimal": 11228, "optimal-worst": 11228},
        "solvers.md; arfst23: 4.67638 x 2401, worst 6 under both",
    ),
    "8x4": (
        ("--colours", "8"),
        {"optimal": 20471, "optimal-worst": 20473},
        "arfst23: 4.99780 and 4.99829 x 4096",
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="5x4,6x4,6x4-no-repeats,7x4")
    args = parser.parse_args()
    print("| size | criterion | total | average | worst | published | CPU s (all) | peak MB |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.sizes.split(","):
        options, published, source = SIZES[name]
        done, printed = fresh_stats(["--criteria", "--all", *options])
        for i, result in enumerate(printed["criteria"]):
            criterion, total = result["strategy"], result["total_guesses"]
            expected = published.get(criterion)
            if expected is not None and total != expected:
                raise SystemExit(f"{name} {criterion}: ours {total}, published {expected}")
            said = f"{expected:,} ({source})" if expected else "none known"
            cost = f"{done.cpu:.1f}" if i == 0 else '"'
            peak = f"{done.peak_mb:.0f}" if i == 0 else '"'
            print(
                f"| {name} | {criterion} | {total:,} | {result['average']:.4f} "
                f"| {result['worst']} | {said} | {cost} | {peak} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
