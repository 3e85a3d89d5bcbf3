"""The record beside the compiled search module (``numba_aot``): what the module was built
for, its digest and the kernel's constants; and what became of the module in this run
(``State``: built, loaded, or passed over and why, for a person and a bug report).

A record is read back as a stranger's file: bounded, JSON nested past Python's recursion is
damage like any other, and its constants must be the kernel source's own, read from
``numba_search.py`` itself (``source_constants``: importing it would import numba), so that
one changed constant changes no answer.
"""

from __future__ import annotations

import ast
import enum
import hashlib
import json
import os
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ..storage import files

#: The kernel, by its path (beside this module).
KERNEL = Path(__file__).resolve().with_name("numba_search.py")
#: The kernel's constants the driver reads (``SearchKernel``): kept in the record.
CONSTANTS = (
    "VALUE", "TIES", "RUNNER_UP", "UNLIMITED", "NODES", "CHOSEN", "STOP", "LIMIT", "DEPTH",
    "PROGRESS", "COUNTERS",
)  # fmt: skip
#: The most a record (a few hundred bytes) is read.
LIMIT = 1 << 20

# An argument: a dtype's name (an integer scalar, int64), (dtype, dimensions) for a
# C-contiguous, aligned, writeable array, or a tuple of arrays (the search's context).
I2, I8, U1, U8, B1 = "int16", "int64", "uint8", "uint64", "bool"
CTX: tuple[tuple[str, int], ...] = ((U1, 2), (I2, 2), (I2, 2), (I2, 1), (B1, 1), (I2, 1))
CTX += ((I8, 1), (U8, 2), (I8, 1), (I8, 1), (I8, 1))
#: The functions built, their arguments and what they return (None: nothing).
SIGNATURES: dict[str, tuple[tuple[Any, ...], Any]] = {
    "search": ((CTX, (I2, 1), (I8, 1), (I2, 1), I8, I8, (I8, 1), (I8, 1), I8), I8),
    "finishable": ((CTX, (I2, 1), (I8, 1), (I2, 1), I8), I8),
    "orbit_pool": (((I2, 2), (I2, 2), (I2, 1), (B1, 1), (I2, 1), (I8, 1)), (I2, 1)),
    "fixing": (((I2, 2), (I2, 2), (I8, 1), I8), (I8, 1)),
    "first_image": (((I2, 2), (I2, 2), (I2, 1), (I8, 1), I8), I8),
    "restore": (((U8, 2), (I8, 1), (U8, 2), (I8, 1)), None),
    "colour_table": (((I2, 2), (I2, 2)), (I2, 2)),
}


def folder() -> Path:
    """Where a module built after install is kept: beside numba's cache of the kernel."""
    numba_cache = os.environ.get("NUMBA_CACHE_DIR", "")
    if numba_cache:
        return Path(numba_cache) / "mastermind-aot"
    return KERNEL.parent / "__pycache__"


def numba_type(spec: Any) -> Any:
    """numba's type for an argument written as ``SIGNATURES`` writes it."""
    from numba.core import types
    from numba.np.numpy_support import from_dtype

    if spec is None:
        return types.none
    if isinstance(spec, str):
        return types.int64
    if isinstance(spec[0], tuple):
        return types.Tuple([numba_type(s) for s in spec])
    return types.Array(from_dtype(np.dtype(spec[0])), spec[1], "C")


class Status(enum.Enum):
    """What became of the compiled search module in this run."""

    LOADED = "loaded"
    PASSED_OVER = "passed over"
    DAMAGED = "damaged, moved aside"
    NOT_BUILT = "not built"
    OFF = "turned off"
    NO_MACHINE = "not built on this machine"


@dataclass(frozen=True)
class State:
    """The compiled search module's state: which file, and why where it is not used."""

    status: Status
    path: Path | None = None
    why: str = ""

    def __str__(self) -> str:
        where = f" ({self.path})" if self.path is not None else ""
        return f"{self.status.value}{where}{f': {self.why}' if self.why else ''}"


def _value(node: ast.expr) -> Any:
    """A constant expression of the kernel's source: integers, tuples, ``<<``, ``+``,
    ``*``, ``range(n)``; ``ValueError`` for anything else."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Tuple):
        return tuple(_value(item) for item in node.elts)
    if isinstance(node, ast.BinOp):
        left, right = _value(node.left), _value(node.right)
        if isinstance(node.op, ast.LShift):
            return left << right
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Mult):
            return left * right
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
        return tuple(range(*(_value(a) for a in node.args)))
    raise ValueError(f"not a constant: {ast.unparse(node)}")


@cache
def source_constants() -> dict[str, int]:
    """The kernel's constants as its source assigns them."""
    found: dict[str, int] = {}
    for node in ast.parse(KERNEL.read_bytes()).body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target = node.targets[0]
        names = target.elts if isinstance(target, ast.Tuple) else [target]
        if not any(isinstance(n, ast.Name) and n.id in CONSTANTS for n in names):
            continue
        value = _value(node.value)
        values = value if isinstance(target, ast.Tuple) else (value,)
        for name, one in zip(names, values, strict=True):
            if isinstance(name, ast.Name):
                found[name.id] = int(one)
    missing = set(CONSTANTS) - set(found)
    if missing:
        raise ValueError(f"{KERNEL} no longer assigns {', '.join(sorted(missing))}")
    return found


def _short(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def made_for(build: int, processor: str) -> dict[str, str]:
    """What a module's code depends on, in words a passed-over one is explained with."""
    return {
        "kernel": _short(KERNEL.read_bytes()),
        "numpy": np.__version__,
        "python": sys.version.split()[0],
        "interpreter": _short(repr((sys.version, sys.implementation)).encode()),
        "processor": _short(processor.encode()),
        "build": str(build),
    }


#: How each difference is said.
_WORDS = {
    "kernel": "another version of the search's kernel",
    "numpy": "numpy {0} (this run has {1})",
    "python": "Python {0} (this run has {1})",
    "interpreter": "another build of Python",
    "processor": "another processor",
    "build": "an older way of building it",
}


def difference(data: dict[str, Any], now: dict[str, str]) -> str:
    """Why a record of another key is not this run's, in a few words."""
    then = data.get("made_for")
    if not isinstance(then, dict):
        return "built for another numpy, Python, processor or kernel"
    said = [
        _WORDS[name].format(str(then.get(name))[:40], value)
        for name, value in now.items()
        if then.get(name) != value
    ]
    return "built for " + (", ".join(said) if said else "another run")


def read(record: Path) -> dict[str, Any]:
    """The record as a dict; ``FileNotFoundError`` where there is none, ``ValueError`` for
    anything but a record this program writes (``files.Refused``: not a regular file)."""
    try:
        data = json.loads(files.read_bounded(record, LIMIT))
    except RecursionError:
        raise ValueError("it is JSON nested too deeply to be a record") from None
    except UnicodeDecodeError:
        raise ValueError("it is not text") from None
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        raise ValueError("it is not a record of a compiled module")
    return data


def constants(data: dict[str, Any]) -> dict[str, int]:
    """The record's constants, each the kernel source's own; ``ValueError`` if one is not
    (a record changed since it was written)."""
    theirs = data.get("constants")
    ours = source_constants()
    if not isinstance(theirs, dict) or any(theirs.get(n) != v for n, v in ours.items()):
        raise ValueError("its constants differ from the kernel's")
    return ours


def text(key: str, sha256: str, build: int, processor: str) -> str:
    """A record, as written beside a module just built."""
    data = {
        "key": key,
        "sha256": sha256,
        "constants": source_constants(),
        "made_for": made_for(build, processor),
    }
    return json.dumps(data, indent=1) + "\n"


def shown(state: State) -> bool:
    """Whether a line said now reaches a person: not while an app draws full-screen
    (Textual holds ``sys.stderr`` then; the line waits for a command's run)."""
    return sys.stderr is sys.__stderr__ and state.status is not Status.LOADED
