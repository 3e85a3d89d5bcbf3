"""Reading back the files the program wrote itself (cached trees, partial proofs, numba's
compiled cache, preferences) as if a stranger had: only a regular file, or a link to one,
is read, and never more than a bound, so that a named pipe, a device, a folder or a link
to /dev/zero in its place is refused in one line instead of hanging or filling memory; a
damaged file is renamed aside (``….bad``: kept for a look, never deleted) so that the
next run is clean.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

#: The most any cached file is read (a 7x4 tree is a few MB; a partial proof less).
LIMIT = 256 * 1024 * 1024
_CHUNK = 1024 * 1024


class Refused(Exception):
    """A file in a place the program reads that is not a regular file, or too large;
    the message names it and says what it is. ``oversize``: a regular file past the
    bound (damage, for a file the program wrote: moved aside as any other)."""

    oversize = False


class Oversize(Refused):
    oversize = True


def kind(mode: int) -> str:
    """What a file that is not a regular one is, in words ("a named pipe")."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _size(count: int) -> str:
    return f"{count >> 20} MB" if count >= 1 << 20 else f"{count >> 10} kB"


def check_regular(path: Path) -> os.stat_result:
    """The file's status when it is a regular file (links followed); ``Refused`` when it
    is anything else. ``FileNotFoundError`` when there is nothing there."""
    status = os.stat(path)
    if not stat.S_ISREG(status.st_mode):
        raise Refused(f"{path} is {kind(status.st_mode)}, not a file: not read")
    return status


def read_bounded(path: Path, limit: int = LIMIT) -> bytes:
    """The bytes of ``path``, a regular file (or a link to one) of at most ``limit``
    bytes; ``Refused`` otherwise, without ever blocking on a pipe or reading a device.
    ``OSError`` as ``open`` raises it (``FileNotFoundError`` when there is none)."""
    check_regular(path)
    # O_NONBLOCK: were it swapped for a pipe since, the open would not wait for a writer.
    handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise Refused(f"{path} is {kind(status.st_mode)}, not a file: not read")
        if status.st_size > limit:
            raise Oversize(f"{path} is larger than {_size(limit)}: not read")
        parts: list[bytes] = []
        size = 0
        while size <= limit:
            part = os.read(handle, min(_CHUNK, limit + 1 - size))
            if not part:
                break
            parts.append(part)
            size += len(part)
        if size > limit:
            raise Oversize(f"{path} is larger than {_size(limit)}: not read")
        return b"".join(parts)
    finally:
        os.close(handle)


def move_aside(path: Path, any_kind: bool = False) -> Path | None:
    """Rename a damaged file to ``….bad`` (``….bad2``… when taken), so that the next run
    starts clean and nothing is deleted; the new path, or None when it could not be moved
    (a read-only folder) or is not a regular file of ours (left where it is, unless
    ``any_kind``: a pipe or a folder in a folder only the program writes, numba's cache)."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode) and not any_kind:
            return None
    except OSError:
        return None
    for number in range(1, 100):
        aside = path.with_name(path.name + (".bad" if number == 1 else f".bad{number}"))
        if aside.exists() or aside.is_symlink():
            continue
        try:
            os.rename(path, aside)
        except OSError:
            return None
        return aside
    return None


def aside_words(path: Path) -> str:
    """What became of a damaged file, in the words of the one line that reports it."""
    aside = move_aside(path)
    return f"moved aside as {aside}" if aside is not None else "left in place"


def shown(text: str, limit: int = 80) -> str:
    """``text`` fit to echo in a one-line message: what a terminal would act on (escape
    sequences, controls, line breaks) written as Python escapes, and cut at ``limit``."""
    safe = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[: limit + 1])
    return safe if len(text) <= limit and len(safe) <= limit else safe[:limit] + "…"
