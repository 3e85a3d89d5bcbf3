"""Every size the exact optimal search reaches: total, time, peak memory, and the published
total checked where there is one.

    python benchmarks/bench_reach.py [--sizes 7x4,5x5,...]

Each size is the whole command a person runs, ``mastermind stats --strategy optimal --all``
(the search, the tree with its ties and runner-ups, every game played down it), in a fresh
process with an empty cache of trees and the compiled kernel already on disk. CPU seconds
are user + system; a total that differs from a published one stops the run.
"""

from __future__ import annotations

import argparse

from bench_anchor import fresh_stats

#: name: (options, published total or None, where it is published).
SIZES: dict[str, tuple[tuple[str, ...], int | None, str]] = {
    "6x4": ((), 5625, "Koyama and Lai 1993"),
    "6x4-no-repeats": (("--no-repeats",), 1446, "solvers.md: an exact C++ search"),
    "7x4": (("--colours", "7"), 11228, "solvers.md; arfst23: 4.67638 x 2401"),
    "8x4": (("--colours", "8"), 20471, "arfst23: 4.99780 x 4096"),
    "7x4-no-repeats": (("--colours", "7", "--no-repeats"), None, ""),
    "8x4-no-repeats": (("--colours", "8", "--no-repeats"), None, ""),
    "9x4-no-repeats": (("--colours", "9", "--no-repeats", "--notation", "digits"), None, ""),
    "10x4-no-repeats": (("--preset", "bulls-and-cows"), 26274, "solvers.md; fancidev"),
    "5x4": (("--colours", "5"), None, ""),
    "5x5": (("--colours", "5", "--positions", "5"), None, ""),
    "4x5": (("--colours", "4", "--positions", "5"), None, ""),
    "3x6": (("--colours", "3", "--positions", "6"), None, ""),
    "3x7": (("--colours", "3", "--positions", "7"), None, ""),
    "2x8": (("--colours", "2", "--positions", "8"), None, ""),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(SIZES))
    args = parser.parse_args()
    print("| size | codes | total | average | worst | published | CPU s | peak MB |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.sizes.split(","):
        options, published, source = SIZES[name]
        done, result = fresh_stats(["--strategy", "optimal", "--all", *options])
        total = result["total_guesses"]
        if published is not None and total != published:
            raise SystemExit(f"{name}: ours {total}, published {published} ({source})")
        said = f"{published:,} ({source})" if published else "none known"
        print(
            f"| {name} | {result['games']:,} | {total:,} | {result['average']:.4f} "
            f"| {result['worst']} | {said} | {done.cpu:.1f} | {done.peak_mb:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
