"""The numba kernels of the level-by-level walk of Knuth's and Most Parts' trees over big
spaces (``engine.walks.big``: 6x7 to 7x7 and 9x6, where the guess x candidate work of the
ordinary walk takes hours).

Codes are numbered here by their rank *as written* (first position most significant), so
that every loop over codes or candidates runs in the tie-breaking order. A position's
guess is found in two sweeps: its candidates first (a candidate wins every tie against a
guess that cannot be the secret), then every other code, each taking the place of the
best only by a strictly better key, so that the first as written among the best wins
(Knuth's rule). Three shortcuts keep this exact:

* a guess is weighed only if it comes first as written among its images under the
  symmetries that fix every guess played so far (position permutations with the colour
  relabelling they need, any permutation of unused colours, any merging of colours no
  candidate holds): its images split the candidates alike and can be the secret alike;
* a guess is left as soon as it cannot beat the best so far (Knuth: one class reaches the
  best's largest; Most Parts: too few candidates left to make more parts);
* a guess reaching the lower bound (the candidates split as evenly as the answers allow)
  ends the search.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from .numba_split import split_level

__all__ = ["KNUTH", "MOST_PARTS", "choose", "choose_level", "split_level"]

#: The strategies the walk plays.
KNUTH = 0
MOST_PARTS = 1


@njit(cache=True)
def _first_of_orbit(
    digits: Any, r: Any, sigma: Any, pi: Any, e0: Any, e1: Any, free: Any, dmap: Any, lmap: Any
) -> Any:
    """Whether code ``r`` comes first as written among its images under the group
    elements ``e0:e1`` (each a position permutation ``sigma`` and colour images ``pi``,
    -1 for an unused colour, any permutation of which is in the group too: such colours
    are given the smallest unused colours in order of appearance), colours no candidate
    holds merged into the first of them (``dmap``)."""
    p = digits.shape[1]
    for e in range(e0, e1):
        lmap[:] = -1
        k = 0
        for i in range(p):
            col = digits[r, sigma[e, i]]
            y = pi[e, col]
            if y < 0:
                if lmap[col] < 0:
                    lmap[col] = free[k]
                    k += 1
                y = lmap[col]
            y = dmap[y]
            x = digits[r, i]
            if y < x:
                return False
            if y > x:
                break
    return True


@njit(cache=True)
def _weigh(
    tabs: Any, cols: Any, widths: Any, g: Any, local: Any, hist: Any, best: Any, mode: Any,
) -> Any:  # fmt: skip
    """Guess ``g``'s key over the candidates whose table columns are ``local`` (Knuth:
    largest class, lower is better; Most Parts: parts, higher is better), or a key no
    better than ``best`` as soon as it cannot beat it. The guess's three table rows are
    read with the candidates' columns gathered beforehand, in step."""
    high, low, common = tabs
    hi, lo, pat = cols
    ch, cl, cp = local
    row_h = np.int64(hi[g]) * widths[0]
    row_l = np.int64(lo[g]) * widths[1]
    row_c = np.int64(pat[g]) * widths[2]
    n = len(ch)
    hist[:] = 0
    if mode == KNUTH:
        top = 0
        for j in range(n):
            c = (
                np.int64(high[row_h + ch[j]])
                + np.int64(low[row_l + cl[j]])
                + np.int64(common[row_c + cp[j]])
            )
            v = hist[c] + 1
            hist[c] = v
            if v >= best:
                return best
            top = max(top, v)
        return top
    parts = 0
    for j in range(n):
        if parts + n - j <= best:
            return best
        c = np.int64(high[row_h + ch[j]]) + np.int64(low[row_l + cl[j]])
        c += np.int64(common[row_c + cp[j]])
        if hist[c] == 0:
            parts += 1
        hist[c] += 1
    return parts


@njit(cache=True)
def choose(
    tabs: Any, cols: Any, widths: Any, digits: Any, cands: Any, inside: Any, sigma: Any, pi: Any,
    e0: Any, e1: Any, free: Any, dmap: Any, bound: Any, mode: Any, hist: Any, hint: Any,
) -> Any:  # fmt: skip
    """The guess at a position with ``cands`` (ranks, ascending) and symmetry group
    ``e0:e1``: the best key, a candidate among ties, then the first as written.
    ``hint`` (a sibling's guess, or -1) is weighed first: a good key early leaves more
    guesses early; the codes before it still win a tie with it.
    ``inside`` is an all-False mask of the space (left so). The codes weighed after the
    candidates hold only colours some candidate holds, or the first colour none holds
    (the others are merged into it), counted through in written order."""
    lmap = np.empty(len(dmap), dtype=np.int64)
    hi, lo, pat = cols
    n = len(cands)
    local = (np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64))
    for j in range(n):
        local[0][j], local[1][j], local[2][j] = hi[cands[j]], lo[cands[j]], pat[cands[j]]
    knuth = mode == KNUTH
    best = n + 1 if knuth else 0
    guess = -1
    for i in range(n):
        g = cands[i]
        if not _first_of_orbit(digits, g, sigma, pi, e0, e1, free, dmap, lmap):
            continue
        key = _weigh(tabs, cols, widths, g, local, hist, best, mode)
        if (key < best) if knuth else (key > best):
            best, guess = key, g
            if (best <= bound) if knuth else (best >= bound):
                return guess
    for c in cands:
        inside[c] = True
    colours, p = len(dmap), digits.shape[1]
    values = np.empty(colours, dtype=np.int64)
    nv = 0
    for col in range(colours):
        if dmap[col] == col:
            values[nv] = col
            nv += 1
    at = np.zeros(p, dtype=np.int64)
    weight = np.empty(p, dtype=np.int64)
    w = 1
    for i in range(p - 1, -1, -1):
        weight[i] = w
        w *= colours
    hinted = False
    if (
        hint >= 0
        and not inside[hint]
        and _first_of_orbit(digits, hint, sigma, pi, e0, e1, free, dmap, lmap)
    ):
        key = _weigh(tabs, cols, widths, hint, local, hist, best, mode)
        if (key < best) if knuth else (key > best):
            best, guess, hinted = key, hint, True
    while True:
        g = 0
        for i in range(p):
            g += values[at[i]] * weight[i]
        if hinted and g >= guess:
            hinted = False
            if (best <= bound) if knuth else (best >= bound):
                break
        weigh = not inside[g] and g != guess
        if weigh and _first_of_orbit(digits, g, sigma, pi, e0, e1, free, dmap, lmap):
            # Before the hint, a tie with it is enough.
            limit = best + (1 if knuth else -1) if hinted else best
            key = _weigh(tabs, cols, widths, g, local, hist, limit, mode)
            if (key < limit) if knuth else (key > limit):
                best, guess, hinted = key, g, False
                if (best <= bound) if knuth else (best >= bound):
                    break
        i = p - 1
        while i >= 0 and at[i] == nv - 1:
            at[i] = 0
            i -= 1
        if i < 0:
            break
        at[i] += 1
    for c in cands:
        inside[c] = False
    return guess


@njit(cache=True)
def choose_level(
    tabs: Any, cols: Any, widths: Any, digits: Any, cands: Any, starts: Any, group: Any,
    sigma: Any, pi: Any, offsets: Any, used: Any, answers: Any, slots: Any, mode: Any, first: Any,
    last: Any, out: Any,
) -> Any:  # fmt: skip
    """``choose`` for the nodes ``first:last`` of a level (node i holds
    ``cands[starts[i]:starts[i + 1]]`` and the group ``group[i]``, whose guesses hold the
    colours of the bits of ``used[group[i]]``), into ``out``."""
    colours = pi.shape[1]
    inside = np.zeros(digits.shape[0], dtype=np.bool_)
    hist = np.zeros(slots, dtype=np.int64)
    free = np.empty(colours, dtype=np.int64)
    dmap = np.empty(colours, dtype=np.int64)
    present = np.zeros(colours, dtype=np.bool_)
    for node in range(first, last):
        part = cands[starts[node] : starts[node + 1]]
        n = len(part)
        if n <= 2:
            out[node] = part[0]
            continue
        k = group[node]
        nfree = 0
        for col in range(colours):
            if not (used[k] >> col) & 1:
                free[nfree] = col
                nfree += 1
        present[:] = False
        for c in part:
            for i in range(digits.shape[1]):
                present[digits[c, i]] = True
        dead = -1
        for col in range(colours):
            if present[col]:
                dmap[col] = col
            else:
                if dead < 0:
                    dead = col
                dmap[col] = dead
        bound = (n + answers - 1) // answers if mode == KNUTH else min(n, answers)
        hint = out[node - 1] if node > 0 and group[node - 1] == k else -1
        out[node] = choose(
            tabs, cols, widths, digits, part, inside, sigma, pi, offsets[k], offsets[k + 1],
            free, dmap, bound, mode, hist, hint,
        )  # fmt: skip
