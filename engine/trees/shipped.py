"""The decision trees shipped with the package, by name (``tree --check best-8x5``,
``tree --check optimal-6x4``): a path into the package exists only in a clone, a name on
every install. What follows each first guess (``after-…``) is data, not a tree, and is
left out."""

from __future__ import annotations

import re
from pathlib import Path

from ..codes import CodeSpace
from ..storage.data import DATA

#: The ending of a shipped tree's file.
SUFFIX = ".json.gz"
#: A size in a name: ``optimal-fit-max6-6x4-no-repeats`` is 6 colours x 4 positions.
_SIZED = re.compile(r"(?:^|-)(\d{1,2})x(\d{1,2})(-no-repeats)?(?:\.json(?:\.gz)?)?$")


def names() -> list[str]:
    """Every shipped tree's name, sorted."""
    return sorted(
        path.name.removesuffix(SUFFIX)
        for path in DATA.glob(f"*{SUFFIX}")
        if not path.name.startswith("after-")
    )


def path_of(name: str) -> Path | None:
    """The file of the shipped tree called ``name`` (None: no such tree)."""
    return DATA / f"{name}{SUFFIX}" if name in names() else None


def size_in(name: str) -> tuple[int, int, bool] | None:
    """The size a file's name says, as (colours, positions, repeats), or None."""
    found = _SIZED.search(name)
    if found is None:
        return None
    return int(found[1]), int(found[2]), found[3] is None


def space_in(name: str) -> CodeSpace | None:
    """``size_in`` as a space, where it is one the engine plays."""
    size = size_in(name)
    if size is None:
        return None
    try:
        return CodeSpace(*size)
    except ValueError:
        return None
