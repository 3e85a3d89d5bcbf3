"""The numba kernel that splits the level-by-level walk's nodes by their guesses' answers
(``engine.walks.big``; ``numba_walk`` chooses each node's guess). Codes are numbered by
their rank as written, as there."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def _answer(tabs: Any, cols: Any, widths: Any, g: Any, c: Any) -> Any:
    """The answer class of guess ``g`` against code ``c`` (both ranks), from the three
    tables ``numba_partitions.answer_parts`` builds."""
    high, low, common = tabs
    hi, lo, pat = cols
    return (
        np.int64(high[np.int64(hi[g]) * widths[0] + hi[c]])
        + np.int64(low[np.int64(lo[g]) * widths[1] + lo[c]])
        + np.int64(common[np.int64(pat[g]) * widths[2] + pat[c]])
    )


@njit(cache=True)
def _fixes(sigma: Any, pi: Any, e: Any, guess: Any, used: Any, out: Any) -> Any:
    """Whether element ``e`` extends to one fixing ``guess`` (digits): its colour images,
    those of the colours the guess plays first now chosen, into ``out``."""
    out[:] = pi[e]
    taken = np.int64(0)
    for i in range(len(guess)):
        col, target = guess[sigma[e, i]], guess[i]
        if out[col] < 0:
            if (used >> target) & 1 or (taken >> target) & 1:
                return False
            out[col] = target
            taken |= np.int64(1) << target
        elif out[col] != target:
            return False
    return True


@njit(cache=True)
def split_level(
    tabs: Any, cols: Any, widths: Any, digits: Any, cands: Any, starts: Any, group: Any,
    guesses: Any, sigma: Any, pi: Any, offsets: Any, used: Any, level: Any, depths: Any, win: Any,
    slots: Any,
) -> Any:  # fmt: skip
    """Each node's candidates split by the answer to its guess: the secrets found now
    or by the next guess or two get their depth (one or two candidates: the first as
    written is guessed), the others make the next level's nodes, which share their
    parent's group less the elements that move its guess."""
    nodes = len(starts) - 1
    counts = np.zeros(slots, dtype=np.int64)
    cls = np.empty(len(cands), dtype=np.int64)
    child_nodes, child_codes, elements = 0, 0, 0
    kept = np.zeros(nodes, dtype=np.bool_)
    for node in range(nodes):
        g = guesses[node]
        a, b = starts[node], starts[node + 1]
        counts[:] = 0
        for j in range(a, b):
            c = _answer(tabs, cols, widths, g, cands[j])
            cls[j] = c
            counts[c] += 1
        for c in range(slots):
            if c != win and counts[c] > 2:
                child_nodes += 1
                child_codes += counts[c]
                kept[node] = True
        if kept[node]:
            elements += offsets[group[node] + 1] - offsets[group[node]]
    new_cands = np.empty(child_codes, dtype=np.int32)
    new_starts = np.zeros(child_nodes + 1, dtype=np.int64)
    new_group = np.empty(child_nodes, dtype=np.int64)
    new_sigma = np.empty((elements, sigma.shape[1]), dtype=sigma.dtype)
    new_pi = np.empty((elements, pi.shape[1]), dtype=pi.dtype)
    new_offsets = np.zeros(nodes + 1, dtype=np.int64)
    new_used = np.zeros(nodes, dtype=np.int64)
    gd = np.empty(digits.shape[1], dtype=np.int64)
    row = np.empty(pi.shape[1], dtype=pi.dtype)
    fill = np.zeros(slots + 1, dtype=np.int64)
    node_out, code_out, groups, element_out = 0, 0, 0, 0
    for node in range(nodes):
        g = guesses[node]
        a, b = starts[node], starts[node + 1]
        counts[:] = 0
        for j in range(a, b):
            counts[cls[j]] += 1
        fill[0] = 0
        for c in range(slots):
            fill[c + 1] = fill[c] + counts[c]
        order = np.empty(b - a, dtype=np.int32)
        for j in range(a, b):
            c = cls[j]
            order[fill[c]] = cands[j]
            fill[c] += 1
        if kept[node]:
            k = group[node]
            gd[:] = digits[g]
            bits = used[k]
            for i in range(len(gd)):
                bits |= np.int64(1) << gd[i]
            for e in range(offsets[k], offsets[k + 1]):
                if _fixes(sigma, pi, e, gd, used[k], row):
                    new_sigma[element_out] = sigma[e]
                    new_pi[element_out] = row
                    element_out += 1
            new_used[groups] = bits
            new_offsets[groups + 1] = element_out
        start = 0
        for c in range(slots):
            size = counts[c]
            part = order[start : start + size]
            start += size
            if size == 0:
                continue
            if c == win:
                depths[g] = level
            elif size == 1:
                depths[part[0]] = level + 1
            elif size == 2:
                depths[part[0]] = level + 1
                depths[part[1]] = level + 2
            else:
                new_cands[code_out : code_out + size] = part
                code_out += size
                new_starts[node_out + 1] = code_out
                new_group[node_out] = groups
                node_out += 1
        if kept[node]:
            groups += 1
    return (
        new_cands, new_starts, new_group, new_sigma[:element_out], new_pi[:element_out],
        new_offsets[: groups + 1].copy(), new_used[:groups].copy(),
    )  # fmt: skip
