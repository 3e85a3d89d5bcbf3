"""A strategy of your own: what a Python file (or an installed package) writes against, and
how the program loads it.

A file given where a strategy's name goes (``mastermind stats --strategy mine.py``)
defines one subclass of ``Strategy`` with a ``choose(position)`` returning a ``Choice``
(its guess and, in ``why``, the reason shown in the trace, ``{guess}`` where the code
goes); a ``name`` and ``summary`` of its own, a ``measure`` where it scores its guesses,
and ``deterministic = False`` where it draws from ``position.rng`` (seeded by ``--seed``).
The helpers below score in bulk with the engine's own tables, so that a strategy in a
file weighs guesses as fast as numpy allows. An installed package names its strategies
in the ``mastermind.strategies`` entry point group (``mine = "package.module:Mine"``).

The strategy is known by the file name as given: that is what settings, records and other
processes carry. The file is read once per process; its source travels with the work to
worker processes and a cluster's workers (``carrying``), which need not see the file.
"""

from __future__ import annotations

import functools
import hashlib
import types
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from ..codes import CodeSpace
from ..errors import ConfigError
from ..feedback import answers, class_dtype, classes, cross, decode
from ..storage import files
from ..trace import Alternative, Choice
from .base import Measure, Position, Strategy

#: The entry point group an installed package names its strategies in.
GROUP = "mastermind.strategies"
#: The most of a strategy file read (a strategy is a page of Python, not megabytes).
LIMIT = 1024 * 1024

#: The source of every strategy file this process has read, by the name as given: what
#: other processes are sent with their work.
_sources: dict[str, str] = {}
_loaded: dict[str, type[Strategy]] = {}

T = TypeVar("T")


def is_file_name(name: str) -> bool:
    """Whether a strategy's name is a file of Python (no built-in name ends so)."""
    return name.endswith(".py")


def split_sizes(space: CodeSpace, guess: int, codes: Any) -> np.ndarray[Any, Any]:
    """How many of ``codes`` give each answer to ``guess``: a count per answer class
    (``decode`` turns a class into black and white pegs; unused classes count 0)."""
    return np.bincount(answers(space, guess, codes), minlength=classes(space.positions))


def split_table(space: CodeSpace, guesses: Any, codes: Any) -> np.ndarray[Any, Any]:
    """``split_sizes`` for many guesses at once: a row per guess, in one vectorised pass."""
    slots = classes(space.positions)
    scored = cross(space, np.asarray(guesses), np.asarray(codes)).astype(np.int64)
    scored += np.arange(len(scored), dtype=np.int64)[:, None] * slots
    return np.bincount(scored.ravel(), minlength=len(scored) * slots).reshape(-1, slots)


def _shown(name: str) -> str:
    return files.shown(name, 120)


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {files.shown(text[0], 160)}" if text else type(error).__name__


def _read(name: str) -> str:
    try:
        data = files.read_bounded(Path(name), LIMIT)
    except files.Refused as error:
        raise ConfigError(f"strategy file {_shown(name)}: {error}") from None
    except OSError as error:
        raise ConfigError(
            f"strategy file {_shown(name)}: cannot read it: {error.strerror or error}"
        ) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"strategy file {_shown(name)}: not a text file") from None


def _strategy_in(module: types.ModuleType, name: str) -> type[Strategy]:
    """The one ``Strategy`` subclass the file defines (or names as ``strategy``)."""
    named = getattr(module, "strategy", None)
    if isinstance(named, type) and issubclass(named, Strategy):
        return named
    defined = [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, Strategy)
        and value.__module__ == module.__name__
    ]
    if len(defined) != 1:
        found = "no subclass" if not defined else f"{len(defined)} subclasses"
        raise ConfigError(
            f"strategy file {_shown(name)}: defines {found} of Strategy; define one (or "
            "name it as strategy = YourClass)"
        )
    return defined[0]


def from_file(name: str) -> type[Strategy]:
    """The strategy file ``name`` as a class, checked as it plays (ConfigError, in one
    line naming the file, for a file that cannot be read or run, or defines no strategy)."""
    known = _loaded.get(name)
    if known is not None:
        return known
    source = _sources.get(name)
    if source is None:
        source = _read(name)
    digest = hashlib.sha256(source.encode()).hexdigest()[:16]
    module = types.ModuleType(f"mastermind_strategy_{digest}")
    module.__file__ = name
    try:
        # A file of the person's own, run as Python runs a script: anything it raises is
        # theirs to fix, said in one line naming the file.
        exec(compile(source, name, "exec"), module.__dict__)
    except Exception as error:
        raise ConfigError(f"strategy file {_shown(name)}: {_one_line(error)}") from None
    cls = _checked(_strategy_in(module, name), name)
    _sources[name] = source
    _loaded[name] = cls
    return cls


def from_entry_point(name: str) -> type[Strategy] | None:
    """The strategy an installed package names ``name`` (None: no package does)."""
    found = metadata.entry_points(group=GROUP, name=name)
    if not found:
        return None
    point = next(iter(found))
    try:
        loaded = point.load()
    except Exception as error:
        raise ConfigError(f"strategy {name!r} ({point.value}): {_one_line(error)}") from None
    if not (isinstance(loaded, type) and issubclass(loaded, Strategy)):
        raise ConfigError(f"strategy {name!r} ({point.value}) is not a Strategy subclass")
    return _checked(loaded, name)


def _checked(cls: type[Strategy], name: str) -> type[Strategy]:
    """``cls`` known by ``name``, its every guess checked to be a code of the size."""
    summary = getattr(cls, "summary", "") or (cls.__doc__ or "").strip().split("\n")[0]

    def code(space: CodeSpace, guess: object) -> int:
        if isinstance(guess, (int, np.integer)) and not isinstance(guess, bool):
            index = int(guess)
            if 0 <= index < space.size and (space.repeats or index in _allowed(space)):
                return index
        raise ConfigError(
            f"strategy {_shown(name)} chose {files.shown(repr(guess), 40)}, which is no code "
            f"of {space.rules_text()} (a code is an index from 0 to {space.size - 1})"
        )

    def choose(self: Strategy, position: Position) -> Choice:
        choice = cls.choose(self, position)
        if not isinstance(choice, Choice):
            raise ConfigError(
                f"strategy {_shown(name)}: choose must return a Choice, not {type(choice).__name__}"
            )
        code(position.space, choice.guess)
        return choice

    def guess(self: Strategy, position: Position) -> int:
        return code(position.space, cls.guess(self, position))

    attributes = {"name": name, "summary": summary or f"a strategy of your own ({name})"}
    return type(cls.__name__, (cls,), {**attributes, "choose": choose, "guess": guess})


@functools.cache
def _allowed(space: CodeSpace) -> frozenset[int]:
    return frozenset(int(c) for c in space.allowed)


def _with_sources(sources: dict[str, str], task: Callable[..., T], *part: Any) -> T:
    _sources.update({k: v for k, v in sources.items() if k not in _sources})
    return task(*part)


def carrying(task: Callable[..., T]) -> Callable[..., T]:
    """``task`` with the sources of the strategy files read here, for a process (or a
    cluster's worker) that may not see the files."""
    if not _sources:
        return task
    return functools.partial(_with_sources, dict(_sources), task)


__all__ = [
    "Alternative",
    "Choice",
    "CodeSpace",
    "Measure",
    "Position",
    "Strategy",
    "answers",
    "class_dtype",
    "classes",
    "cross",
    "decode",
    "split_sizes",
    "split_table",
]
