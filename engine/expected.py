"""Guesses expected: the one convention every display of a position's cost in guesses
follows (HINT, WHATIF, the ratings, watch's bars and sentences, ``mastermind solve``, and
the player's par and costs).

**The quantity.** For a position (the codes still possible, each equally likely to be the
secret) and a guess played there, the average number of guesses until the secret is
found, *this guess counted*, every later guess played as well as possible (the exact
optimum's play). Knuth's 6x4 opening BBWW (1122) is 4.476 and the optimum's BBWR is 4.340
(5,625 guesses over 1,296 secrets): the numbers the literature gives, and what ``stats``
reports as the average game from move 1.

**The words.** ``3.51 guesses expected, this one counted`` (``EXPECTED``); two decimals
in sentences (``DECIMALS``), the trace's three in its bars. A difference between two
guesses (a cost, a loss) is the same whichever convention: ``+0.07``.

**"Here"** is always the position now (where the next guess will be played). A rating of
an earlier move names it: ``the exact optimum's guess at move 1``.

Internally a ``MoveRating`` keeps the guesses expected *after* the rated one (what the
records store: ``value``), and the exact optimum's ``Choice.score`` keeps the guesses with
it counted; ``counted`` turns the first into the second, so displays show one quantity.
"""

from __future__ import annotations

#: How a number of guesses expected is written in a sentence.
EXPECTED = "{} guesses expected, this one counted"
DECIMALS = 2


def counted(after: float) -> float:
    """Guesses expected with the guess counted, from those expected after it."""
    return after + 1.0


def expected_text(value: float) -> str:
    """``3.51 guesses expected, this one counted`` from ``value`` (this guess counted)."""
    return EXPECTED.format(f"{value:.{DECIMALS}f}")
