"""Which optimum a tree is (``Criterion``) and where its cache files stand: on disk,
begun (what a stopped search proved), and the key a cached tree is read back with."""

from __future__ import annotations

from typing import NamedTuple

from ..answers import CLASSIC
from ..codes import CodeSpace


class Criterion(NamedTuple):
    """Which optimum a tree is: every guess a code still possible, a cap on guesses, the
    worst case first (the plain optimum: none of them)."""

    only_possible: bool = False
    max_guesses: int | None = None
    worst_first: bool = False

    @property
    def plain(self) -> bool:
        """Whether this is the plain optimum: any guess, no cap, on average alone."""
        return self == Criterion()

    @property
    def name(self) -> str:
        """The criterion as its cache files are named: "optimal", "optimal-fit-max5"..."""
        cap = (
            "-worst" if self.worst_first else f"-max{self.max_guesses}" if self.max_guesses else ""
        )
        return ("optimal-fit" if self.only_possible else "optimal") + cap

    def file(self, space: CodeSpace, suffix: str = ".json") -> str:
        """Its tree's cache file for ``space`` (``.partial.npz``: what a stopped search
        proved)."""
        tail = space.file_tail
        return f"{self.name}-{space.colours}x{space.positions}{tail}{suffix}"


#: The proved part of an interrupted search, kept beside where its tree will go.
PARTIAL = ".partial.npz"


def is_cached(space: CodeSpace, criterion: Criterion) -> bool:
    """Whether a tree for the size is on disk (sound or not: reading it says)."""
    return on_disk(criterion.file(space))


def is_begun(space: CodeSpace, criterion: Criterion) -> bool:
    """Whether a search of the size stopped part way, keeping what it proved (the next
    one resumes from it)."""
    return on_disk(criterion.file(space, PARTIAL))


def on_disk(name: str) -> bool:
    """Whether the cache folder holds ``name`` (no cache folder: nothing is)."""
    from ..storage import cache

    folder = cache.directory()
    return folder is not None and (folder / name).exists()


def cache_key(space: CodeSpace, criterion: Criterion) -> dict[str, object]:
    """What a cached tree must have been made for to be read back: a tree of another
    criterion, size, format or engine version is searched again."""
    from ..storage.version import __version__
    from .tree import TREE_FORMAT

    return {
        "what": "optimal tree, possible codes only" if criterion.only_possible else "optimal tree",
        "criterion": criterion.name,
        "colours": space.colours,
        "positions": space.positions,
        "repeats": space.repeats,
        **({} if space.answers == CLASSIC else {"answers": space.answers.name}),
        "tree_format": TREE_FORMAT,
        "engine": __version__,
    }
