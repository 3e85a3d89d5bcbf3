"""What is wrong with the records, in one line for a person: a path's fault found from the
file system rather than from SQLite, and SQLite's own errors by their codes.

SQLite says "unable to open database file" for a dangling link, a loop, a device or a
parent that is a file alike, and Python's ``Path.exists`` says False (or raises) for most
of them: a person needs the real cause, in one line, before anything is written or read.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
from pathlib import Path


class RecordsError(Exception):
    """The records could not be read or written; the message is one line for a person.
    ``busy``: another writer held the file (worth another try)."""

    busy = False


#: What each of SQLite's primary result codes means for a person, by code.
_WHY = {
    sqlite3.SQLITE_READONLY: "the file is read-only",
    sqlite3.SQLITE_PERM: "the file is read-only",
    sqlite3.SQLITE_BUSY: "another program holds it locked",
    sqlite3.SQLITE_LOCKED: "another program holds it locked",
    sqlite3.SQLITE_FULL: "the disk is full",
    sqlite3.SQLITE_CORRUPT: "the file is damaged (move it away to start new records)",
    sqlite3.SQLITE_NOTADB: "the file is damaged (move it away to start new records)",
    sqlite3.SQLITE_IOERR: "the disk could not be read or written",
}


#: SQLite's words for a schema that is not ours: a file another program made.
_FOREIGN = ("no such column", "no such table", "already exists", "has no column")


def explain(error: sqlite3.Error, path: Path) -> RecordsError:
    """One line that says what went wrong with the records file, by SQLite's own code."""
    code = getattr(error, "sqlite_errorcode", None)
    primary = None if code is None else code & 0xFF
    if primary == sqlite3.SQLITE_ERROR and any(w in str(error) for w in _FOREIGN):
        why = "the file holds tables mastermind did not make (choose another file)"
    elif primary == sqlite3.SQLITE_CANTOPEN:
        folder = path.parent
        effective = os.access in os.supports_effective_ids  # as the file system checks
        writable = os.path.exists(path) or os.access(folder, os.W_OK, effective_ids=effective)
        why = "it cannot be opened" if writable else f"its folder {folder} is read-only"
    else:
        why = _WHY.get(primary, "") if primary is not None else ""
    said = RecordsError(f"records at {path}: {why or str(error)}")
    said.busy = primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return said


def problem(path: Path) -> str | None:
    """Why ``path`` cannot hold records, or None when it can (it is a regular file, or it
    is absent and may be created: its folder is made on first write)."""
    try:
        info = os.stat(path)
    except OSError as error:
        return _missing(path, error)
    if stat.S_ISDIR(info.st_mode):
        return "it is a folder, not a file"
    if not stat.S_ISREG(info.st_mode):
        return "it is not a regular file (a device, pipe or socket cannot hold records)"
    return None


def fault(path: Path, error: Exception) -> str:
    """The one line for any error a records write raised: a RecordsError says it already;
    anything else is named with the path (nothing about the records may end a game)."""
    if isinstance(error, RecordsError):
        return str(error)
    return f"records at {path}: {error}"


def exists(path: Path) -> bool:
    """Whether a records file is there to read: False only where none was ever written;
    a path that cannot hold one raises ValueError with the reason."""
    why = problem(path)
    if why is not None:
        raise ValueError(why)
    return os.path.lexists(path)


def _missing(path: Path, error: OSError) -> str | None:
    if error.errno == errno.ENAMETOOLONG:
        return "the file name is too long"
    if error.errno == errno.ELOOP:
        return "it is a symbolic link that loops back on itself"
    if error.errno == errno.EACCES:
        return f"its folder {path.parent} cannot be entered (permission denied)"
    if error.errno == errno.ENOTDIR:
        return f"{_file_above(path)} is a file, not a folder"
    if error.errno != errno.ENOENT:
        return error.strerror or str(error)
    if os.path.islink(path):
        target = os.readlink(path)
        if not os.path.isdir(os.path.dirname(os.path.join(path.parent, target)) or "."):
            return f"it is a symbolic link to {target}, whose folder does not exist"
    return None


def _file_above(path: Path) -> Path:
    """The first component of ``path``'s folders that is not a folder."""
    for parent in reversed(path.parents):
        if os.path.exists(parent) and not os.path.isdir(parent):
            return parent
    return path.parent
