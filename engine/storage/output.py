"""Writing a file where the program was told to, and only there: every file it writes (a
handout, a cached tree, a partial proof, the preferences, a tool's JSON) goes through
``write``.

A regular file, or a name not taken yet, is written whole or not at all: beside it under
a short temporary name, then renamed over it, keeping the old file's permissions. Anything
else at that name is written into as it is: a device (``/dev/null``), a named pipe, a
pipe or terminal reached through ``/dev/stdout`` or ``/dev/fd/N``, so that no device or
pipe is ever replaced by a file. A link is followed to where it points, and the link
itself left in place; a folder is refused.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from typing import IO

from . import files

#: Links followed at most before the name is refused, as the system does (ELOOP).
_LINKS = 40
#: Bytes of the file's name kept in the temporary name: with the dot and the suffix it
#: stays under the 255 bytes a name may have, whatever the file's own name's length.
_KEPT = 200

Writer = Callable[[IO[bytes]], object]


class NotWritten(OSError):
    """The file could not be written: an OSError whose message says why in a few words
    ("it is a folder", "Permission denied"), for the caller's one line naming the file."""

    def __str__(self) -> str:
        return self.strerror or "cannot be written"


def write(target: Path, data: bytes | Writer, own: bool = False) -> Path:
    """Write ``data`` (bytes, or a function that writes to the open file) to ``target``
    and return where it landed (the end of its links). ``own``: a file of the program's
    own (a cache, the preferences): its folder is made, and anything but a regular file
    in its place is refused, never written into (a pipe there would wait for a reader).
    ``NotWritten`` when it cannot be written: nothing half-written is left under the
    name, and no temporary file beside it."""
    writer: Writer = (lambda handle: handle.write(data)) if isinstance(data, bytes) else data
    try:
        place, in_place = _landing(target)
        if own and not in_place:
            place.parent.mkdir(parents=True, exist_ok=True)
        try:
            status: os.stat_result | None = os.stat(place)
        except FileNotFoundError:
            status = None
        if status is not None and stat.S_ISDIR(status.st_mode):
            raise NotWritten(errno.EISDIR, "it is a folder", str(target))
        if status is not None and own and not stat.S_ISREG(status.st_mode):
            raise NotWritten(errno.EEXIST, f"it is {files.kind(status.st_mode)}", str(target))
        if status is not None and (in_place or not stat.S_ISREG(status.st_mode)):
            _into(place, writer)
        else:
            _atomically(place, writer, status)
    except NotWritten:
        raise
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise NotWritten(error.errno, reason, str(target)) from None
    return place


def _landing(target: Path) -> tuple[Path, bool]:
    """Where a write to ``target`` lands, its links followed one at a time; True with it
    when one of them is a process's file descriptor (``/dev/stdout``, ``/dev/fd/N``,
    ``/proc/…``): what it opens is written into where it is, never renamed over."""
    place = Path(os.path.abspath(target))
    for _ in range(_LINKS):
        folder = Path(os.path.realpath(place.parent))
        place = folder / place.name
        if folder.parts[1:2] == ("proc",):
            return place, True
        if not place.is_symlink():
            return place, False
        place = Path(os.path.normpath(folder / os.readlink(place)))
    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP))


def _into(place: Path, writer: Writer) -> None:
    """Write into what is at ``place`` as a shell's ``>`` does (a device, a pipe)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)
    with os.fdopen(os.open(place, flags, 0o666), "wb") as handle:
        writer(handle)


def _atomically(place: Path, writer: Writer, status: os.stat_result | None) -> None:
    """Write ``place``, a regular file or a name not taken, beside it then rename it over:
    a reader sees the old file or the new one whole, never half of one."""
    stem = os.fsdecode(os.fsencode(place.name)[:_KEPT])
    while True:
        spare = place.with_name(f".{stem}.{secrets.token_hex(4)}.part")
        try:
            handle = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        break
    try:
        with os.fdopen(handle, "wb") as opened:
            if status is not None:  # the old file's permissions, not a new file's
                os.fchmod(opened.fileno(), stat.S_IMODE(status.st_mode))
            writer(opened)
        spare.replace(place)
    except BaseException:
        with contextlib.suppress(OSError):
            spare.unlink()
        raise
