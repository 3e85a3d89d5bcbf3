"""Among the codes still possible, the one whose largest class of answers is smallest:
Knuth's rule, weighing only codes that could be the secret."""

import numpy as np

from engine.strategies.own import Choice, Measure, Position, Strategy, split_table


class SmallestLargest(Strategy):
    name = "smallest-largest"
    summary = "the possible code whose largest class of answers is smallest"
    measure = Measure(
        label="largest class",
        reads="largest class {}",
        own="leaves at most {}, whatever the answer",
        both="both leave at most {}",
        rival="leaves at most {}",
        unit="code",
        units="codes",
    )

    def choose(self, position: Position) -> Choice:
        codes = position.candidates
        # One row per guess, one column per answer: how many codes give that answer.
        largest = split_table(position.space, codes, codes).max(axis=1)
        best = int(np.argmin(largest))  # the first of the smallest, in index order
        return Choice(
            int(codes[best]),
            consistent=True,
            score=float(largest[best]),
            score_label="largest class",
            pool_size=len(codes),
            why="{guess} leaves the fewest codes after its worst answer.",
        )
