"""``--backend`` (stats, solve, tree): which compiled kernel weighs the partitions, read
and checked before any work starts, so that a machine without a GPU is told in one line
(``engine.errors.Unavailable``: exit 1) rather than after a search."""

from __future__ import annotations

import argparse


def chosen_backend(args: argparse.Namespace) -> str | None:
    """The backend the run uses (``auto`` resolved), its kernel made once here so that
    one missing (numba-cuda, a GPU) is said now; None when ``--backend`` is not given."""
    name: str | None = getattr(args, "backend", None)
    if name is None:
        return None
    from engine.backends import partition_kernel, resolve

    resolved = resolve(name)
    partition_kernel(resolved)
    return resolved
