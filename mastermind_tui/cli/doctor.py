"""``mastermind doctor``: what this install has, for a user and a bug report, in one screen
at 80 columns (or ``--json``). It imports neither Textual nor numba and starts no CUDA:
versions come from the installed packages' metadata, a GPU from the driver's files, the
records from a read-only look at the file."""

from __future__ import annotations

import importlib.metadata
import json
import locale
import os
import platform
import shutil
import sqlite3
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from engine.backends import numba_aot
from engine.backends.numba_aot_record import State
from engine.storage import cache
from engine.storage.data import DATA
from engine.trees import shipped

from ..game import preferences
from ..records.schema import SCHEMA_VERSION
from ..records.store import default_path

#: The extras and the package each brings (looked up, never imported).
EXTRAS = {
    "cluster": "distributed",
    "web": "textual-serve",
    "gpu": "numba-cuda",
    "docs": "mkdocs-material",
}
#: Packages whose versions a bug report needs.
PACKAGES = ("mastermind-tui", "numpy", "numba", "textual", "rich", "platformdirs")


@dataclass(frozen=True)
class Place:
    """A file or folder the program keeps, and how much it holds there."""

    path: str | None
    exists: bool
    bytes: int = 0


@dataclass(frozen=True)
class RecordsState:
    place: Place
    #: The file's schema version (SQLite's user_version), None where there is no file.
    schema: int | None = None
    #: ``PRAGMA quick_check``'s verdict, or why the file could not be asked.
    check: str = ""


@dataclass(frozen=True)
class Report:
    python: str
    platform: str
    versions: dict[str, str | None]
    #: The compiled search module: its status (loaded, passed over...), file and why.
    search_module: dict[str, str | None]
    shipped_trees: int
    shipped_bytes: int
    cache: Place
    preferences: Place
    records: RecordsState
    extras: dict[str, bool]
    terminal: dict[str, str | None]
    gpu: str
    notes: list[str] = field(default_factory=list)


def _version(package: str) -> str | None:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return None


def _size(path: Path) -> int:
    """Bytes under ``path`` (a file or a folder; links not followed)."""
    try:
        if path.is_file():
            return path.stat().st_size
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    except OSError:
        return 0


def _place(path: Path | None) -> Place:
    if path is None:
        return Place(None, False)
    return Place(str(path), path.exists(), _size(path) if path.exists() else 0)


def _records(path: Path | None) -> RecordsState:
    place = _place(path)
    if path is None or not path.is_file():
        return RecordsState(place)
    try:
        # Read only, never created or migrated: the doctor looks and changes nothing.
        with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=0.5) as db:
            schema = int(db.execute("PRAGMA user_version").fetchone()[0])
            verdict = str(db.execute("PRAGMA quick_check").fetchone()[0])
        db.close()
    except (sqlite3.Error, ValueError, TypeError) as error:
        return RecordsState(place, None, f"cannot be read: {error}")
    return RecordsState(place, schema, verdict)


def _gpu() -> str:
    """An NVIDIA GPU as the driver shows it, without starting CUDA."""
    version = Path("/proc/driver/nvidia/version")
    try:
        first = version.read_text(encoding="utf-8", errors="replace").splitlines()[0]
    except (OSError, IndexError):
        first = ""
    devices = sorted(Path("/dev").glob("nvidia[0-9]*"))
    if devices:
        return f"{len(devices)} NVIDIA device(s); driver: {first.strip()[:60] or 'unknown'}"
    return "none visible" + (" (a driver, no device)" if first else "")


def _terminal() -> dict[str, str | None]:
    size = shutil.get_terminal_size((0, 0))
    shown = f"{size.columns}x{size.lines}" if size.columns else None
    return {
        "TERM": os.environ.get("TERM"),
        "COLORTERM": os.environ.get("COLORTERM"),
        "NO_COLOR": os.environ.get("NO_COLOR"),
        "size": shown if sys.stdout.isatty() and shown else "output not a terminal",
        "locale": ".".join(filter(None, locale.getlocale())) or None,
        "encoding": locale.getpreferredencoding(False),
    }


def gather(module_state: Callable[[], State] = numba_aot.state) -> Report:
    """What this install has, looked at now."""
    state = module_state()
    trees = [shipped.path_of(name) for name in shipped.names()]
    data = [p for p in DATA.glob("*") if p.is_file()]
    return Report(
        python=f"{platform.python_implementation()} {platform.python_version()}",
        platform=f"{platform.system()} {platform.machine()}",
        versions={name: _version(name) for name in PACKAGES},
        search_module={
            "status": state.status.value,
            "path": None if state.path is None else str(state.path),
            "why": state.why or None,
        },
        shipped_trees=sum(1 for p in trees if p is not None),
        shipped_bytes=sum(p.stat().st_size for p in data),
        cache=_place(cache.directory()),
        preferences=_place(preferences.path()),
        records=_records(default_path()),
        extras={extra: _version(package) is not None for extra, package in EXTRAS.items()},
        terminal=_terminal(),
        gpu=_gpu(),
    )


def _module(state: dict[str, str | None]) -> str:
    path, why = state["path"], state["why"]
    return f"{state['status']}" + (f" ({path})" if path else "") + (f": {why}" if why else "")


def _megabytes(count: int) -> str:
    return f"{count / 1e6:.1f} MB" if count >= 100_000 else f"{count / 1e3:.0f} kB"


def _where(place: Place) -> str:
    if place.path is None:
        return "off"
    held = f" ({_megabytes(place.bytes)})" if place.exists else " (none yet)"
    return place.path + held


def text(report: Report) -> str:
    """The report as lines of at most 80 columns."""
    versions = ", ".join(f"{k} {v or 'missing'}" for k, v in report.versions.items())
    records = report.records
    schema = (
        f"schema {records.schema} (this program writes {SCHEMA_VERSION}), {records.check}"
        if records.schema is not None
        else records.check
    )
    extras = ", ".join(f"{k} {'yes' if v else 'no'}" for k, v in report.extras.items())
    term = report.terminal
    rows = [
        ("Python", f"{report.python} on {report.platform}"),
        ("Packages", versions),
        ("Search module", _module(report.search_module)),
        (
            "Shipped data",
            f"{report.shipped_trees} trees, {_megabytes(report.shipped_bytes)} in all",
        ),
        ("Cache", _where(report.cache)),
        ("Preferences", _where(report.preferences)),
        ("Records", _where(records.place)),
        *([("", schema)] if schema else []),
        ("Extras", extras),
        ("Terminal", f"TERM={term['TERM']}, COLORTERM={term['COLORTERM']}, {term['size']}"),
        ("Locale", f"{term['locale']}, encoding {term['encoding']}"),
        ("GPU", report.gpu),
    ]
    lines: list[str] = []
    for label, value in rows:
        lines.extend(_wrapped(label, value))
    return "\n".join(lines)


def _wrapped(label: str, value: str, width: int = 80) -> list[str]:
    """``label`` in a column of 15, ``value`` wrapped after it (a long path cut at its
    folders' separators where it can be)."""
    room = width - 15
    out: list[str] = []
    rest = value
    while True:
        if len(rest) <= room:
            out.append(rest)
            break
        cut = max(rest.rfind(", ", 0, room), rest.rfind("/", 0, room))
        cut = cut + 1 if cut > 0 else room
        out.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    return [f"{label if i == 0 else '':<15}{line}" for i, line in enumerate(out)]


def as_json(report: Report) -> str:
    return json.dumps(asdict(report), indent=2)


def run(json_output: bool) -> int:
    report = gather()
    print(as_json(report) if json_output else text(report))
    return 0
