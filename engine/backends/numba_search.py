"""The exact optimal search's hot loops, compiled by numba (``engine.optimal.search``
drives it): the exact search the numba backend offers (``engine.backends``).

One file, past the 300 lines other modules keep to, on purpose: numba's disk cache keys
each compiled function on its file's path (and the line it starts on), and a kernel
split over files would be functions calling across modules, each cached apart and
recompiled whenever any file moved; one self-recursive ``search`` (below) must see its
helpers in its own module to be compiled, inlined and cached as one.

One self-recursive function, ``search``, does the branch and bound: numba caches
self-recursion on disk (``cache=True``: only the first run after installing compiles), but
not two functions calling each other, so weighing the guesses at the top (ties, a
runner-up) is a mode of the same function rather than a second one. ``finishable``, the
yes/no search for the fewest guesses a strategy can keep, calls only itself too.

Values of code sets are memoised in a transposition table of fixed size, keyed by a
128-bit hash of the sorted codes: a full bucket drops an entry, which costs only time,
since any entry is only a value found before (two sets with one hash would need about
2**64 sets stored). Memory stays bounded whatever the size searched.

The context ``ctx`` is a tuple: the answer table (guess x code), the images of every code
under each permutation of the colours (or the permutations themselves: see ``image``) and
of the positions, each code's rank as written, the mask of codes the rules allow, those
codes, the level bounds, the table's keys and values, counters, and parameters (the
"found" answer, the number of answer slots, answers besides "found", whether only codes
still possible may be guessed). Code sets are sorted int16 arrays; a set of group elements
(``rows``) that is empty stands for the whole group.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

#: Slots of the transposition table searched per key.
BUCKET = 4
#: What ``search`` does: a value (memoised, quick answers first); the best guesses below
#: a budget, every one reaching it; the best guess splitting unlike some given guesses.
VALUE, TIES, RUNNER_UP = 0, 1, 2
#: The bound of a guess the rules of the search leave out (only possible codes guessed).
OUT = 1 << 60
#: The value of a set no strategy can finish within the guesses left (a cap's search).
INFEASIBLE = 1 << 50
#: A lower bound past any total (the driver's budget when it asks for the value): a set
#: ``search`` proved worth this much cannot be finished within the guesses left.
NO_TOTAL = 1 << 40
#: Guesses left when there is no cap: never counted down, never part of a set's key.
UNLIMITED = 1 << 20
#: Guesses picked one by one, in order, before the rest are sorted; a picked one's key.
PICKED = 8
TAKEN = np.iinfo(np.int64).max
#: Counters: sets searched; guesses written by the last TIES or RUNNER_UP call; nonzero
#: once asked to stop (then every call returns at once and stores nothing more); sets to
#: search before stopping; depth of the call running; progress of the first call's best
#: guess so far, in millionths (its classes done, weighed by their squared sizes).
NODES, CHOSEN, STOP, LIMIT, DEPTH, PROGRESS = range(6)
COUNTERS = 6


@njit(cache=True)
def _mix(x: Any) -> Any:
    """splitmix64's finaliser: every bit of the input moves every bit of the output."""
    x ^= x >> np.uint64(30)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(27)
    x *= np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(31)
    return x


@njit(cache=True)
def hash_codes(codes: Any) -> Any:
    """Two independent 64-bit hashes of a sequence of small integers."""
    h1 = np.uint64(0x9E3779B97F4A7C15) ^ np.uint64(len(codes))
    h2 = np.uint64(0xD6E8FEB86659FD93)
    for c in codes:
        x = np.uint64(c) + np.uint64(1)
        h1 = (h1 ^ x) * np.uint64(0x100000001B3)
        h2 = (h2 + x) * np.uint64(0xFF51AFD7ED558CCD)
        h2 ^= h2 >> np.uint64(29)
    return _mix(h1), _mix(h2)


@njit(cache=True)
def _key(codes: Any, left: Any) -> Any:
    """A set's key in the table: its hashes, and under a cap the guesses left (the same
    set with fewer guesses left is another problem)."""
    h1, h2 = hash_codes(codes)
    if left < UNLIMITED:
        h1 ^= _mix(np.uint64(left) + np.uint64(0x632BE59BD9B4E019))
    return h1, h2


@njit(cache=True)
def _slot(keys: Any, vals: Any, h1: Any, h2: Any) -> Any:
    """Where the key is stored, or -1."""
    start = np.int64(h1 & np.uint64(len(vals) - 1)) & ~np.int64(BUCKET - 1)
    for i in range(start, start + BUCKET):
        if vals[i] != 0 and keys[i, 0] == h1 and keys[i, 1] == h2:
            return i
    return -1


@njit(cache=True)
def recall(keys: Any, vals: Any, h1: Any, h2: Any) -> Any:
    """The stored value: positive, exact; negative, minus a lower bound; 0, nothing."""
    i = _slot(keys, vals, h1, h2)
    return vals[i] if i >= 0 else np.int64(0)


@njit(cache=True)
def keep(keys: Any, vals: Any, h1: Any, h2: Any, value: Any) -> None:
    """Store ``value`` (encoded as ``recall`` returns it); a full bucket gives up a lower
    bound first, otherwise the slot the second hash names."""
    i = _slot(keys, vals, h1, h2)
    if i < 0:
        start = np.int64(h1 & np.uint64(len(vals) - 1)) & ~np.int64(BUCKET - 1)
        i = -1
        for j in range(start, start + BUCKET):
            if vals[j] == 0:
                i = j
                break
        for j in range(start, start + BUCKET):
            if i < 0 and vals[j] < 0:
                i = j
        if i < 0:
            i = start + np.int64(h2 & np.uint64(BUCKET - 1))
    keys[i, 0], keys[i, 1], vals[i] = h1, h2, value


@njit(cache=True)
def image(colour_images: Any, position_images: Any, element: Any, code: Any) -> Any:
    """The image of ``code`` under a group element: element ``p << 32 | s`` permutes the
    colours by permutation ``s``, then the positions by permutation ``p``.
    ``colour_images`` holds the image of every code under each colour permutation
    (colours!, codes), or, where that table would be too big (10 colours x 4 positions:
    72 GB), the permutations themselves (colours!, colours): then the code's digits are
    recoloured one by one. With one position the two are the same table."""
    spelt = _spelt(colour_images, position_images, code)
    return _image(colour_images, position_images, element, code, spelt)


@njit(cache=True)
def _spelt(colour_images: Any, position_images: Any, code: Any) -> Any:
    """Where codes are recoloured, the digits of ``code``, four bits each, the first
    position lowest (at most 10 colours): spelt once for the many elements a caller
    applies to one code, as divisions cost more than the rest of an image. Otherwise 0."""
    size, colours = position_images.shape[1], colour_images.shape[1]
    out, shift, weight, rest = np.int64(0), 0, 1, np.int64(code)
    while colours != size and weight < size:
        out |= (rest % colours) << shift
        rest //= colours
        shift += 4
        weight *= colours
    return out


@njit(cache=True)
def _image(colour_images: Any, position_images: Any, element: Any, code: Any, spelt: Any) -> Any:
    """``image``, the code's digits spelt already (``_spelt``)."""
    p, s = element >> 32, element & 0xFFFFFFFF
    size, colours = position_images.shape[1], colour_images.shape[1]
    if colours == size:
        return position_images[p, colour_images[s, code]]
    out, weight = 0, 1
    while weight < size:  # no slice of the table: a view here slows every caller's loop
        out += colour_images[s, spelt & 15] * weight
        spelt >>= 4
        weight *= colours
    return position_images[p, out]


@njit(cache=True)
def colour_table(sigmas: Any, position_images: Any) -> Any:
    """The image of every code under each colour permutation of ``sigmas`` (colours!,
    colours): the table ``image`` reads where it is small enough (see ``engine.optimal``)."""
    size = position_images.shape[1]
    spelt = np.empty(size, dtype=np.int64)
    for c in range(size):
        spelt[c] = _spelt(sigmas, position_images, c)
    out = np.empty((len(sigmas), size), dtype=np.int16)
    for s in range(len(sigmas)):
        for c in range(size):  # element s: the first position permutation is the identity
            out[s, c] = _image(sigmas, position_images, s, c, spelt[c])
    return out


@njit(cache=True, inline="always")
def _order(colour_images: Any, position_images: Any, rows: Any) -> Any:
    """How many group elements ``rows`` holds: none stands for the whole group, which is
    never stored (10 colours x 4 positions make 87 million elements)."""
    return len(rows) if len(rows) > 0 else len(colour_images) * len(position_images)


@njit(cache=True, inline="always")
def _element(colour_images: Any, rows: Any, i: Any) -> Any:
    """The ``i``-th element of ``rows``: of the whole group when ``rows`` is empty, the
    position permutations outermost."""
    if len(rows) > 0:
        return rows[i]
    return (i // len(colour_images)) << 32 | (i % len(colour_images))


@njit(cache=True)
def fixing(colour_images: Any, position_images: Any, rows: Any, guess: Any) -> Any:
    """The group elements of ``rows`` (empty: the whole group) that leave ``guess``
    unchanged. Those of the whole group are not known in number beforehand: a second
    pass, with room for all of them, only where they outnumber the first pass's room."""
    if len(rows) == 1:
        return rows
    out = np.empty(len(rows) if len(rows) > 0 else 1 << 16, dtype=np.int64)
    n = _fixers(colour_images, position_images, rows, guess, out)
    if n > len(out):
        out = np.empty(n, dtype=np.int64)
        _fixers(colour_images, position_images, rows, guess, out)
    return out[:n].copy()


@njit(cache=True)
def _fixers(colour_images: Any, position_images: Any, rows: Any, guess: Any, out: Any) -> Any:
    """How many elements of ``rows`` leave ``guess`` unchanged, written into ``out`` as
    far as it holds them (an array growing inside the loop would slow it tenfold)."""
    n, spelt = 0, _spelt(colour_images, position_images, guess)
    for i in range(_order(colour_images, position_images, rows)):
        r = _element(colour_images, rows, i)
        if _image(colour_images, position_images, r, guess, spelt) == guess:
            if n < len(out):
                out[n] = r
            n += 1
    return n


@njit(cache=True)
def first_image(colour_images: Any, position_images: Any, rank: Any, rows: Any, code: Any) -> Any:
    """The first as written of the images of ``code`` under the group elements ``rows``
    (empty: the whole group)."""
    best, spelt = code, _spelt(colour_images, position_images, code)
    for i in range(_order(colour_images, position_images, rows)):
        r = _element(colour_images, rows, i)
        c = _image(colour_images, position_images, r, code, spelt)
        if rank[c] < rank[best]:
            best = c
    return best


@njit(cache=True)
def orbit_pool(
    colour_images: Any, position_images: Any, rank: Any, allowed: Any, everything: Any, rows: Any
) -> Any:
    """One guess per orbit of the group ``rows`` (empty: the whole group): the first as
    written, if the rules allow it. A code is passed over at the first image written
    before it, so only the firsts take a look at every group element."""
    if len(rows) == 1:
        return everything
    out = np.empty(len(rank), dtype=np.int16)
    n = 0
    for c in range(len(rank)):
        if not allowed[c]:
            continue
        first, spelt = True, _spelt(colour_images, position_images, c)
        for i in range(_order(colour_images, position_images, rows)):
            r = _element(colour_images, rows, i)
            if rank[_image(colour_images, position_images, r, c, spelt)] < rank[c]:
                first = False
                break
        if first:
            out[n] = c
            n += 1
    return out[:n].copy()


@njit(cache=True)
def _popcount(x: Any) -> Any:
    """Bits set in a 64-bit word."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True)
def _separates(answers: Any, codes: Any, slots: Any) -> Any:
    """Whether one of ``codes`` gives every one of them a different answer."""
    taken = np.zeros(slots, dtype=np.bool_)
    for g in codes:
        taken[:] = False
        ok = True
        for c in codes:
            a = answers[g, c]
            if taken[a]:
                ok = False
                break
            taken[a] = True
        if ok:
            return True
    return False


@njit(cache=True, inline="always")
def _class_counts(answers: Any, codes: Any, pool: Any, whole: Any, slots: Any) -> Any:
    """How many of ``codes`` each guess of ``pool`` (``whole``: every code, in order)
    answers each way, (guesses, slots). The table is symmetric (an answer does not depend
    on which code is the guess), so each code's row gives its answer to every guess:
    passes over contiguous rows."""
    k = len(pool)
    hist = np.zeros((k, slots), dtype=np.int32)
    for c in codes:
        row = answers[c]
        if whole:
            for i in range(k):
                hist[i, row[i]] += 1
        else:
            for i in range(k):
                hist[i, row[pool[i]]] += 1
    return hist


@njit(cache=True)
def _children(codes: Any, split: Any, slots: Any, found: Any) -> Any:
    """The classes of more than two codes (not "found") a split leaves, smallest first:
    the codes grouped by answer (each class stays sorted), and each class's start and
    size."""
    count = np.zeros(slots + 1, dtype=np.int64)
    for a in split:
        count[a + 1] += 1
    sizes = count[1:].copy()
    for a in range(slots):
        count[a + 1] += count[a]
    grouped = np.empty(len(codes), dtype=np.int16)
    fill = count[:slots].copy()
    for i in range(len(codes)):
        a = split[i]
        grouped[fill[a]] = codes[i]
        fill[a] += 1
    picked = np.empty(slots, dtype=np.int64)
    m = 0
    for a in range(slots):
        if sizes[a] >= 3 and a != found:
            j = m  # insertion by size, smallest first, answers in order among equals
            while j > 0 and sizes[picked[j - 1]] > sizes[a]:
                picked[j] = picked[j - 1]
                j -= 1
            picked[j] = a
            m += 1
    return grouped, count[picked[:m]], sizes[picked[:m]]


@njit(cache=True)
def capacity(left: Any, branching: Any) -> Any:
    """Most codes any strategy can tell apart within ``left`` guesses: one found by the
    next guess, and in each of the ``branching`` other answers' classes as many as
    ``left - 1`` guesses can."""
    room = np.int64(0)
    for _ in range(left):
        room = 1 + branching * room
        if room >= INFEASIBLE:
            break
    return room


@njit(cache=True)
def _same_split(answers: Any, codes: Any, split: Any, guess: Any) -> Any:
    for i in range(len(codes)):  # noqa: SIM110 (numba compiles a loop, not a generator)
        if answers[guess, codes[i]] != split[i]:
            return False
    return True


@njit(cache=True, nogil=True)
def search(
    ctx: Any,
    codes: Any,
    rows: Any,
    pool: Any,
    beta: Any,
    mode: Any,
    skip: Any,
    out: Any,
    left: Any,
) -> Any:
    """VALUE: T(codes) if below ``beta``, otherwise a lower bound >= ``beta``. TIES, given
    the optimum as ``beta``: the first guesses reaching it in the tie rule's order, as many
    as ``out`` holds (their count in the counters). RUNNER_UP: the best guess (in ``out``)
    splitting unlike every guess in ``skip``, and its total, if below ``beta``.
    ``rows``: the group elements that fix the guesses made so far; ``pool``: the guesses
    they leave to weigh (``orbit_pool``), worked out once for every set below a guess.
    ``left``: the guesses a strategy may still make (UNLIMITED: no cap); a set that
    cannot be finished within them is worth INFEASIBLE."""
    answers, colour_images, position_images, rank, allowed, everything = ctx[:6]
    bound, keys, vals, counters, params = ctx[6:]
    found, slots, branching, only_possible = params[0], params[1], params[2], params[3]
    n = len(codes)
    low = bound[n]
    h1 = h2 = np.uint64(0)
    capped = left < UNLIMITED
    # Each class a guess leaves must be finished within one guess fewer.
    room = capacity(left - 1, branching) if capped else np.int64(INFEASIBLE)
    if mode == VALUE:
        if capped and n > 1 + branching * room:
            return INFEASIBLE
        if n <= 2:
            return 2 * n - 1
        h1, h2 = _key(codes, left)
        stored = recall(keys, vals, h1, h2)
        if stored > 0:
            return stored
        low = max(low, -stored)
        if low >= beta:
            return low
        counters[NODES] += 1
        if counters[NODES] >= counters[LIMIT]:
            counters[STOP] = 1
        if counters[STOP] != 0:
            return beta
        if n <= branching + 1:
            if _separates(answers, codes, slots):
                keep(keys, vals, h1, h2, 2 * n - 1)
                return 2 * n - 1
            if n == 3 and left >= 3:  # guess one: the other two cost 3 more
                keep(keys, vals, h1, h2, np.int64(6))
                return 6
    k = len(pool)
    bounds = np.empty(k, dtype=np.int64)
    parts = np.empty(k, dtype=np.int64)
    possible = np.empty(k, dtype=np.bool_)
    # The table is symmetric (an answer does not depend on which code is the guess), so
    # each code's row gives its answer to every guess: passes over contiguous rows.
    whole = k == len(rank)  # every code, in order
    if n <= branching + 1 and slots <= 64 and left >= 3:
        # Classes of at most K + 1 codes cost 2m - 1: only the classes present count.
        present = np.zeros(k, dtype=np.uint64)
        for c in codes:
            row = answers[c]
            if whole:
                for i in range(k):
                    present[i] |= np.uint64(1) << np.uint64(row[i])
            else:
                for i in range(k):
                    present[i] |= np.uint64(1) << np.uint64(row[pool[i]])
        for i in range(k):
            parts[i] = _popcount(present[i])
            possible[i] = (present[i] >> np.uint64(found)) & np.uint64(1) == np.uint64(1)
            bounds[i] = 3 * n - parts[i] - (1 if possible[i] else 0)
    else:
        hist = _class_counts(answers, codes, pool, whole, slots)
        for i in range(k):
            total, used = n, 0
            for a in range(slots):
                h = hist[i, a]
                if h > 0:
                    used += 1
                    if a != found:
                        total += bound[h] if h <= room else INFEASIBLE
            bounds[i], parts[i], possible[i] = total, used, hist[i, found] > 0
    perfect, perfect_possible = False, False
    for i in range(k):
        if only_possible and not possible[i]:
            bounds[i], parts[i] = OUT, 0  # never weighed
        if parts[i] == n:
            perfect = True
            perfect_possible = perfect_possible or possible[i]
    if mode == VALUE and perfect:  # no possible code does it (checked), another code does
        quick = 2 * n - 1 if perfect_possible else 2 * n
        keep(keys, vals, h1, h2, quick)
        return quick
    # Only guesses whose bound is within the budget can be weighed: sort those alone, by
    # bound, then possible codes first, then as the pool has them; for TIES, in the tie
    # rule's order (possible codes first, then the first as written).
    # Few are weighed as a rule: the first few are picked one by one, the rest sorted.
    ties = mode == TIES
    within = np.flatnonzero(bounds <= beta) if ties else np.flatnonzero(bounds < beta)
    m = len(within)
    if ties:
        order_keys = (1 - possible[within].astype(np.int64)) * len(rank) + rank[pool[within]]
    else:
        order_keys = bounds[within] * 2 + (1 - possible[within].astype(np.int64))
    order_keys = order_keys * m + np.arange(m)  # each key once: the pool's order in ties
    rest = within
    best, chosen = beta, 0
    seen = np.empty(k, dtype=np.int64)
    seen_hash = np.empty(k, dtype=np.uint64)
    seen_total = np.empty(k, dtype=np.int64)
    n_seen = 0
    split = np.empty(n, dtype=np.uint8)
    for step in range(m):
        if step < PICKED:
            least = np.argmin(order_keys)
            r, order_keys[least] = within[least], TAKEN
        else:
            if step == PICKED:
                rest = within[np.argsort(order_keys)]  # those taken last
            r = rest[step - PICKED]
        if bounds[r] >= best and not ties:
            break
        if parts[r] < 2:
            continue  # tells nothing
        guess = pool[r]
        for i in range(n):
            split[i] = answers[guess, codes[i]]
        s1, _ = hash_codes(split)
        repeated = -1
        for j in range(n_seen):
            if seen_hash[j] == s1 and _same_split(answers, codes, split, pool[seen[j]]):
                repeated = j
                break
        for j in range(len(skip) if mode == RUNNER_UP else 0):
            if repeated < 0 and _same_split(answers, codes, split, skip[j]):
                repeated = k  # any index: the guess is passed over
        if repeated >= 0 and not ties:
            continue  # splits exactly like a guess already weighed
        if repeated >= 0:  # TIES: the same split costs the same
            total = seen_total[repeated]
        else:
            # The guess's total, if below the limit (otherwise some value at least that).
            limit = beta + 1 if ties else best
            below_left = left - 1 if capped else left
            below = fixing(colour_images, position_images, rows, guess)
            below_pool = pool if len(below) == len(rows) else pool[:0]  # worked out if needed
            grouped, starts, sizes = _children(codes, split, slots, found)
            # What the table knows of the children first: one child known to cost too
            # much rules the guess out before any other child is searched.
            known = np.empty(len(starts), dtype=np.int64)
            total = bounds[r]
            for j in range(len(starts)):
                c1, c2 = _key(grouped[starts[j] : starts[j] + sizes[j]], below_left)
                stored = recall(keys, vals, c1, c2)
                known[j] = stored if stored > 0 else max(bound[sizes[j]], -stored)
                total += known[j] - bound[sizes[j]]
            top = counters[DEPTH] == 0 and mode == VALUE
            weight, done = np.sum(sizes * sizes), 0
            for j in range(len(starts)):  # smallest first: a cheap one may rule it out
                if total >= limit:
                    break
                child = grouped[starts[j] : starts[j] + sizes[j]].copy()
                if len(below_pool) == 0:
                    images = colour_images, position_images, rank, allowed, everything
                    below_pool = orbit_pool(*images, below)
                budget = limit - (total - known[j])
                counters[DEPTH] += 1
                value = search(
                    ctx, child, below, below_pool, budget, np.int64(VALUE), skip, out, below_left
                )
                counters[DEPTH] -= 1
                if counters[STOP] != 0:
                    return beta  # unfinished: nothing of it is stored
                total += value - known[j]
                done += sizes[j] * sizes[j]
                if top:
                    counters[PROGRESS] = max(counters[PROGRESS], done * 1_000_000 // weight)
            seen[n_seen], seen_hash[n_seen], seen_total[n_seen] = r, s1, total
            n_seen += 1
        if ties:
            if total == beta:  # the optimum, known before: every guess reaching it
                out[chosen] = guess
                chosen += 1
                if chosen == len(out):
                    break
        elif total < best:
            if mode != VALUE:
                out[0] = guess
            chosen, best = 1, total
    if mode != VALUE:
        counters[CHOSEN] = chosen
        return best
    if best < beta:
        keep(keys, vals, h1, h2, best)
        return best
    keep(keys, vals, h1, h2, -max(low, beta))
    return max(low, beta)


@njit(cache=True, nogil=True)
def finishable(ctx: Any, codes: Any, rows: Any, pool: Any, left: Any) -> Any:
    """1 if every code of ``codes`` can be found within ``left`` guesses, else 0: a yes or
    no (the first guess that works ends a set's search, no total worked out), for the
    fewest guesses a strategy can keep (``engine.optimal.tree.least_cap``). ``rows`` and
    ``pool`` as for ``search``. A set that cannot is stored under ``search``'s key as
    worth at least ``INFEASIBLE``; one ``search`` valued (a total) can, one it proved past
    any total (``NO_TOTAL``) cannot. After a stop (the counters), 0 means nothing."""
    answers, colour_images, position_images, rank, allowed, everything = ctx[:6]
    keys, vals, counters, params = ctx[7:]
    found, slots, branching, only_possible = params[0], params[1], params[2], params[3]
    n = len(codes)
    if n <= 1:
        return np.int64(1 if left >= n else 0)
    if left <= 1:
        return np.int64(0)
    if n == 2:
        return np.int64(1)  # one of them, then the other
    if n > capacity(left, branching):
        return np.int64(0)
    h1, h2 = _key(codes, left)
    stored = recall(keys, vals, h1, h2)
    if stored > 0:
        return np.int64(1)
    if -stored >= NO_TOTAL:
        return np.int64(0)
    counters[NODES] += 1
    if counters[NODES] >= counters[LIMIT]:
        counters[STOP] = 1
    if counters[STOP] != 0:
        return np.int64(0)
    room = capacity(left - 1, branching)  # the most codes one class may hold
    k = len(pool)
    hist = _class_counts(answers, codes, pool, k == len(rank), slots)
    order_keys = np.empty(k, dtype=np.int64)
    picked = np.empty(k, dtype=np.int64)
    m = 0
    for i in range(k):
        if only_possible and hist[i, found] == 0:
            continue  # the rules of the search leave out a code no longer possible
        most, parts = 0, 0
        for a in range(slots):
            h = hist[i, a]
            if h > 0:
                parts += 1
                if a != found and h > most:
                    most = h
        if most <= room and parts >= 2:
            order_keys[m] = most * 64 - parts  # the smallest largest class first
            picked[m] = i
            m += 1
    if m > 0 and room <= 1:
        return np.int64(1)  # a guess leaves single codes
    order = np.argsort(order_keys[:m], kind="mergesort")
    seen = np.empty((m, 2), dtype=np.uint64)
    n_seen = 0
    split = np.empty(n, dtype=np.uint8)
    for step in range(m):
        guess = pool[picked[order[step]]]
        for i in range(n):
            split[i] = answers[guess, codes[i]]
        s1, s2 = hash_codes(split)
        again = False
        for j in range(n_seen):
            if seen[j, 0] == s1 and seen[j, 1] == s2:
                again = True  # splits as a guess tried already
                break
        if again:
            continue
        seen[n_seen, 0], seen[n_seen, 1] = s1, s2
        n_seen += 1
        below = fixing(colour_images, position_images, rows, guess)
        below_pool = pool
        if len(below) != len(rows):
            below_pool = orbit_pool(
                colour_images, position_images, rank, allowed, everything, below
            )
        grouped, starts, sizes = _children(codes, split, slots, found)
        works = True
        for j in range(len(starts) - 1, -1, -1):  # the largest class first: likeliest to fail
            child = grouped[starts[j] : starts[j] + sizes[j]].copy()
            if finishable(ctx, child, below, below_pool, left - 1) == 0:
                works = False
                break
        if counters[STOP] != 0:
            return np.int64(0)
        if works:
            return np.int64(1)
    keep(keys, vals, h1, h2, -np.int64(INFEASIBLE))
    return np.int64(0)


@njit(cache=True)
def restore(keys: Any, vals: Any, saved_keys: Any, saved_vals: Any) -> None:
    """Put back entries saved from a table (an interrupted search's)."""
    for i in range(len(saved_vals)):
        keep(keys, vals, saved_keys[i, 0], saved_keys[i, 1], saved_vals[i])
