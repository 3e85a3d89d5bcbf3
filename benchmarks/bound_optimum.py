"""How far the exact search gets on a size past its time: a lower bound on the optimal
total proved by the search itself, raised step by step until a budget of CPU is spent.

    python benchmarks/bound_optimum.py --size 6x5 --budget 1800 --upper 37087

``OptimalSearch.value(codes, beta=b)`` either finds the optimal total (when it is below
``b``: the optimum itself) or proves that it is at least ``b``. Each step asks for a
higher ``b`` in the same search, so what the last step proved is kept; the step grows
after each proof and halves after a step runs out of time. The last ``b`` proved is the
lower bound; an upper bound is any strategy's total (``stats --all``; ``--upper``: no step
asks past it, where only the whole search could answer). Prints one line per step (CPU
seconds so far) and the bound, as a person would quote it.
"""

from __future__ import annotations

import argparse
import resource
import time

from engine import CodeSpace
from engine.optimal.search import OptimalSearch, SearchStopped
from engine.run import Run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="6x5")
    parser.add_argument("--budget", type=float, default=1800.0, help="CPU seconds in all")
    parser.add_argument("--step", type=int, default=256, help="first rise of the bound")
    parser.add_argument("--upper", type=int, default=None, help="a total some strategy has")
    args = parser.parse_args()
    colours, positions = (int(n) for n in args.size.split("x"))
    space = CodeSpace(colours, positions)
    began = time.process_time()
    search = OptimalSearch(space)
    codes = search.everything
    bound = search.value(codes, beta=1)  # the search's own bound, proved at once
    print(f"{args.size}: {space.count:,} codes; at least {bound:,} at once", flush=True)
    step = args.step
    while step >= 1 and time.process_time() - began < args.budget:
        beta = bound + step if args.upper is None else min(bound + step, args.upper)
        if beta <= bound:
            break
        left = args.budget - (time.process_time() - began)
        deadline = time.process_time() + min(left, max(60.0, left / 4))
        try:
            with search.watching(Run(stop=lambda at=deadline: time.process_time() > at)):
                found = search.value(codes, beta=beta)
        except SearchStopped:
            print(f"  {beta:,}: not proved in time; smaller steps", flush=True)
            search = restored(space, search)
            step //= 2
            continue
        spent = time.process_time() - began
        if found < beta:
            print(f"  the optimum: {found:,} ({spent:,.0f} s of CPU)", flush=True)
            return
        bound = found
        print(f"  at least {bound:,} ({spent:,.0f} s of CPU)", flush=True)
        step *= 2
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    spent = time.process_time() - began
    print(
        f"{args.size}: the optimal total is at least {bound:,} ({bound / space.count:.4f} a "
        f"secret), proved in {spent:,.0f} s of CPU, peak {peak:,.0f} MB",
        flush=True,
    )


def restored(space: CodeSpace, stopped: OptimalSearch) -> OptimalSearch:
    """A fresh search holding what a stopped one proved (a stopped search stays stopped)."""
    fresh = OptimalSearch(space)
    fresh.restore(stopped.proved())
    return fresh


if __name__ == "__main__":
    main()
