"""How far the exact optimal search reaches: the sizes it is offered for, the memory it
needs (refused up front, with the estimate, past what is free), and the symmetry tables
it is given (every code's image under each permutation of the colours and positions).
"""

from __future__ import annotations

import math
import os
from typing import TYPE_CHECKING

import numpy as np

from ..answers import CLASSIC
from ..backends import SearchKernel, search_kernel
from ..codes import CodeSpace
from ..errors import ConfigError
from ..feedback import answer_count

if TYPE_CHECKING:
    from ..arrays import SearchCodes

#: Most codes for which the exact search is offered: 6 colours x 5 positions (7,776 codes).
#: The answer table is then 60 MB, and the search's own tables stay under a GB.
CODE_LIMIT = 7776
#: Most codes searched without being asked in so many words: 8 colours x 4 positions
#: (4,096 codes) takes about a minute of CPU here, 7x4 and 5x5 seconds (bench_reach.py).
#: Past it a tree comes from the package or the cache, or from a search asked for by
#: ``stats --yes`` (``Run.deliberate``): never from a hint, a rating or the home screen.
QUIET_LIMIT = 4096
#: Most codes without repeats: Bulls and Cows, 10 colours x 4 positions (5,040 codes).
NO_REPEATS_LIMIT = 5040
#: Most colours: Bulls and Cows' 10 digits (3,628,800 colour permutations).
MAX_COLOURS = 10
#: Most elements of the group of symmetries (colour x position permutations), each looked
#: at by the first guesses: 10 colours x 4 positions make 87 million, 11 x 4 958 million.
SYMMETRY_LIMIT = 1 << 28
#: Most entries of the table of every code's image under each colour permutation: 8 colours
#: x 4 positions take 165 million (330 MB, and halve the search's time); past it the search
#: recolours codes as it goes (10 colours x 4 positions would take 36,288 million, 72 GB).
COLOUR_TABLE_LIMIT = 1 << 28
#: Position permutations whose images are worked out at once (8 MB of float32 on 2x9).
IMAGE_BLOCK = 4096
#: Most colour permutations the table is made for: 8 colours (40,320). With 9 (362,880)
#: the search read it at random and waited on memory: 9x3's whole optimum took 8.2 s of
#: CPU with its table (264 million entries) and 0.9 s recolouring as it goes, 9x2's 1.0 s
#: and 0.13 s, 9x3 without repeats' 2.1 s and 0.15 s; 8x4's took 45 s with it, 71 s
#: without (benchmarks/bench_colour_table.py).
COLOUR_TABLE_PERMUTATIONS = 40320
#: Most symmetries (colour x position permutations) for which the interpreted kernel
#: builds its tables at once: 3x6 (4,320) takes 0.05 s of CPU, 6x4 (17,280) 1.4 s, 2x8
#: (80,640) about 17 s and 10x2 (7.3 million) minutes, where the compile takes 12 s.
QUICK_GROUP = 5040


def quick_tables(space: CodeSpace) -> bool:
    """Whether the interpreted search of ``space`` is made at once (few symmetries)."""
    return math.factorial(space.colours) * math.factorial(space.positions) <= QUICK_GROUP


#: Most codes of a position searched interpreted while the compile runs, on the sizes
#: (colours, positions, repeats) where the interpreted search's tables take little
#: (``Solution.search_at``). CPU seconds measured: tables 1.4 s on 6x4 and 6x4n, 0.1 s
#: on 4x5 and 3x6; a decision and a rating at positions of 21-40 codes at most 0.7 s
#: (6x4, one of 128 3 s), 0.2 s (4x5), 1.9 s (3x6). Not 7 colours (tables 2 s), 8 (25 s),
#: 6x5n (10 s, decisions up to 10 s).
FEW = 40
FEW_SIZES = ((6, 4, True), (6, 4, False), (4, 5, True), (3, 6, True))


def few(space: CodeSpace, codes: int) -> bool:
    """Whether a position of ``codes`` codes is searched interpreted while compiling."""
    return codes <= FEW and (space.colours, space.positions, space.repeats) in FEW_SIZES


#: Memory the process needs besides the search's own tables (numpy, numba, the tree).
BASELINE = 200 << 20


#: More codes than any size the search is offered has (``findable`` counts no further).
ROOMY = 2**62


def findable(guesses: int, space: CodeSpace) -> int:
    """Most codes any strategy can tell apart within ``guesses`` guesses: one found by the
    next guess, and in each class of the other answers as many as one guess fewer can
    (the kernel's ``capacity``)."""
    branching = answer_count(space) - 1
    room = 0
    for _ in range(guesses):
        room = 1 + branching * room
        if room > ROOMY:  # more than any size has: a cap of a million guesses ends here
            break
    return room


#: Slots of the transposition table a code, up to ``QUIET_LIMIT`` codes and past it: a
#: search of minutes fills a table of 500 a code (9x4's 4 million slots were all taken
#: after 15 minutes of CPU) and then throws away what it proved, to prove it again.
SLOTS_PER_CODE, BIG_SLOTS_PER_CODE = 512, 8192


def table_slots(space: CodeSpace) -> int:
    """Slots of the search's transposition table (24 bytes each), a power of two: about
    500 a code (6x4 keeps about 20,000 entries, 7x4 about 600,000), past 4,096 codes about
    8,000 (9x4 and 6x5: 64 million, 1.5 GB)."""
    per_code = SLOTS_PER_CODE if quiet(space) else BIG_SLOTS_PER_CODE
    most = 24 if quiet(space) else 26
    return 1 << max(16, min(most, (space.count * per_code).bit_length()))


def proof_bytes(space: CodeSpace) -> int:
    """The most a stopped search's proof of ``space`` may take on disk: its table full
    (24 bytes a slot; 9x4's, 64 million slots, is 1.5 GB), and a megabyte for the rest."""
    return table_slots(space) * 24 + (1 << 20)


def memory_needed(space: CodeSpace) -> int:
    """Bytes the exact search needs at its peak, estimated from its tables: answers,
    symmetry images, the transposition table. The whole group is never stored, and the
    groups fixing guesses are small."""
    colours, positions = math.factorial(space.colours), math.factorial(space.positions)
    recoloured = space.size if colour_table(space) else space.colours
    images = (colours * recoloured + 2 * positions * space.size) * 2
    return space.size**2 + images + table_slots(space) * 24


def available_memory() -> int:
    """Bytes of memory free for a new process (MemAvailable), or the machine's total."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))


def check_size(space: CodeSpace) -> None:
    """Raise ConfigError, saying the limit, when the exact search is out of reach: too
    many codes or symmetries, or more memory than the machine has (with the estimate)."""
    if space.count > (CODE_LIMIT if space.repeats else NO_REPEATS_LIMIT):
        limits = (
            f"{CODE_LIMIT:,} codes (6 colours x 5 positions), {NO_REPEATS_LIMIT:,} without "
            "repeats (10 colours x 4 positions)"
            if space.repeats
            else f"{NO_REPEATS_LIMIT:,} codes without repeats (10 colours x 4 positions), "
            f"{CODE_LIMIT:,} with repeats (6 colours x 5 positions)"
        )
        raise ConfigError(
            f"the optimal strategy is computed exactly only up to {limits}; "
            f"{space.rules_text()} make {space.count:,}: try --strategy most-parts or "
            "entropy, the best heuristics",
            short=f"exact only up to {CODE_LIMIT:,} codes"
            if space.repeats
            else f"exact only up to {NO_REPEATS_LIMIT:,} codes without repeats",
        )
    if space.size > np.iinfo(np.int16).max:
        raise ConfigError(
            f"the optimal strategy numbers codes as if repeats were allowed, below 32,768; "
            f"{space.rules_text()} would need {space.size:,} numbers: try --strategy "
            "most-parts or entropy, the best heuristics",
            short="the optimal strategy numbers codes as if repeats were allowed, below 32,768",
        )
    if space.colours > MAX_COLOURS:
        raise ConfigError(
            f"the optimal strategy is computed exactly only up to {MAX_COLOURS} colours (Bulls "
            f"and Cows' digits); {space.rules_text()} have {space.colours}: try --strategy "
            "most-parts or entropy, the best heuristics",
            short=f"exact only up to {MAX_COLOURS} colours",
        )
    group = math.factorial(space.colours) * math.factorial(space.positions)
    if group > SYMMETRY_LIMIT:
        raise ConfigError(
            f"the optimal strategy is computed exactly only up to {SYMMETRY_LIMIT:,} "
            f"symmetries (colours and positions permuted); {space.rules_text()} "
            f"have {group:,}: try --strategy most-parts or entropy, the best heuristics",
            short=f"exact only up to {SYMMETRY_LIMIT:,} symmetries",
        )
    need, have = memory_needed(space) + BASELINE, available_memory()
    if need > have:
        raise ConfigError(
            f"the optimal strategy for {space.rules_text()} would need about "
            f"{need / 2**30:.1f} GB of memory, and this machine has {have / 2**30:.1f} GB "
            "free: try --strategy most-parts or entropy, the best heuristics",
            short=f"needs about {need / 2**30:.1f} GB of memory",
        )


#: Most codes searched in about a second under another answer rule than the classic one:
#: fewer answers cut the search's bounds less (black pegs only: 4x4 in a fraction of a
#: second, 5x4 more than ten minutes of CPU).
OTHER_RULE_QUICK_LIMIT = 256


def search_seconds(space: CodeSpace, plain: bool = True) -> float:
    """Seconds of CPU the whole search of ``space`` takes here, the compile aside, a rough
    figure that grows fast with the codes: a fit to benchmarks/bench_reach.py up to 4,096
    codes (under a second on 6x4, about 7 s on 7x4, a minute on 8x4), and past it a
    steeper one through 8x4 and 9x4 (25 minutes, docs/performance-optimum.md). NaN (an
    unknown time) where nothing measured fits: under another answer rule past
    ``OTHER_RULE_QUICK_LIMIT``, and past ``QUIET_LIMIT`` for a criterion other than the
    ``plain`` optimum, the one fitted (9x4's worst case first took 79 minutes of CPU while
    its cap was found by totals, 14 since)."""
    unfitted = space.answers != CLASSIC and space.count > OTHER_RULE_QUICK_LIMIT
    if unfitted or not (plain or quiet(space)):
        return math.nan
    if quiet(space):
        return 0.5 + 0.3 * math.pow(space.count / 1296, 4.5)
    return 50.0 * math.pow(space.count / QUIET_LIMIT, 7.3)


def estimate_words(space: CodeSpace, plain: bool = True) -> str:
    """``search_seconds`` as a person reads it: "about 26 min of CPU, an estimate", or
    that nothing measured gives one."""
    from ..words import duration

    seconds = search_seconds(space, plain)
    if math.isnan(seconds):
        return "its time unknown: nothing measured here fits it"
    return f"{duration(seconds)} of CPU, an estimate"


#: Most codes of a position off the tree searched for a hint past ``QUIET_LIMIT``
#: codes: on 9x4, from nothing, at most 0.9 s of CPU up to 128 codes, 2.7 s at 150, and
#: some positions of 240-310 codes past 10 s (benchmarks/bench_off_tree.py).
OFF_TREE_CODES = 128


def quiet(space: CodeSpace) -> bool:
    """Whether a search of ``space`` may start without being asked for (``QUIET_LIMIT``)."""
    return space.count <= QUIET_LIMIT


class NotAsked(ConfigError):
    """A search past ``QUIET_LIMIT`` codes that nobody asked for: the tree is not there."""


def check_asked(space: CodeSpace, criterion: str, deliberate: bool, plain: bool = True) -> None:
    """Raise ``NotAsked`` when a search past ``QUIET_LIMIT`` codes of the ``criterion``
    named (``plain``: the plain optimum) would start without being asked for: the
    estimate, and the command that asks."""
    if deliberate or quiet(space):
        return
    flags = f"--colours {space.colours} --positions {space.positions}"
    flags += " --notation digits" if space.colours > 8 else ""  # letters name 8 colours
    flags += "" if space.repeats else " --no-repeats"
    flags += "" if space.answers.name == "classic" else f" --answers {space.answers.name}"
    raise NotAsked(
        f"{space.rules_text()} make {space.count:,} codes: past {QUIET_LIMIT:,}, the "
        f"{criterion} tree is searched only when asked for ({estimate_words(space, plain)}): "
        f"mastermind stats --strategy {criterion} {flags} --all --yes searches it and "
        "keeps it",
        short=f"past {QUIET_LIMIT:,} codes: searched only by stats --yes",
    )


def check_reach(space: CodeSpace, max_guesses: int | None) -> None:
    """``check_size``, and a cap fewer guesses than could tell the codes apart even if
    every answer split them perfectly (a cap that only the search can rule out is
    refused when the tree is made)."""
    check_size(space)
    most = findable(max_guesses, space) if max_guesses else 0
    if max_guesses and most < space.count:
        raise ConfigError(
            f"no strategy finds every secret of {space.rules_text()} within "
            f"{max_guesses} guesses ({space.count:,} codes; that many guesses tell "
            f"at most {most:,} apart): allow more (--max-guesses), or play "
            "optimal-worst, whose cap is the fewest that can be kept",
            short=f"no strategy finds every secret of {space.rules_text()} within "
            f"{max_guesses} guesses",
        )


def permutations(n: int) -> SearchCodes:
    """Every permutation of ``range(n)`` in lexicographic order (as itertools gives
    them): (n!, n), int16, built from those of n - 1 values without a Python tuple each,
    each block written in place (10 values: 0.1 s; stacked, 0.35 s)."""
    out = np.zeros((1, 0), dtype=np.int16)
    for m in range(1, n + 1):
        # Those starting with f: f, then the permutations of the other values in order.
        grown = np.empty((m * len(out), m), dtype=np.int16)
        for f in range(m):
            block = grown[f * len(out) : (f + 1) * len(out)]
            block[:, 0] = f
            np.add(out, out >= f, out=block[:, 1:], casting="unsafe")
        out = grown
    return out


def colour_table(space: CodeSpace) -> bool:
    """Whether the search keeps the image of every code under each colour permutation
    (up to ``COLOUR_TABLE_LIMIT`` entries) rather than recolouring codes as it goes."""
    permutations = math.factorial(space.colours)
    return (
        permutations <= COLOUR_TABLE_PERMUTATIONS
        and permutations * space.size <= COLOUR_TABLE_LIMIT
    )


def permutation_images(
    space: CodeSpace, kernel: SearchKernel | None = None
) -> tuple[SearchCodes, SearchCodes]:
    """The image of every code under each permutation of the colours, and under each
    permutation of the positions: (colours!, codes) and (positions!, codes), int16. The
    group is their product, an element applying one of each. Past ``colour_table``, the
    colour permutations themselves (colours!, colours) stand for the first table (the
    kernel recolours codes digit by digit); ``kernel``: the compiled search that tabulates
    them (the default backend's if None)."""
    if kernel is None:
        kernel = search_kernel()  # compiled: only searches need it

    # The image's digit at i is the code's at p[i]: its index, the code's digits times
    # the weights of the places they go to, a product of matrices (float32: exact below
    # 2**24), a block of permutations at a time (2x9: 0.5 s; added digit by digit, 2.3 s).
    pis = permutations(space.positions).astype(np.intp)
    weights = space.weights[np.argsort(pis, axis=1)].astype(np.float32)
    digits = space.digits.astype(np.float32)
    position_images = np.empty((len(pis), space.size), dtype=np.int16)
    for start in range(0, len(pis), IMAGE_BLOCK):
        block = weights[start : start + IMAGE_BLOCK] @ digits
        position_images[start : start + IMAGE_BLOCK] = block
    sigmas = permutations(space.colours)
    if colour_table(space):
        return kernel.colour_table(sigmas, position_images), position_images
    return sigmas, position_images
