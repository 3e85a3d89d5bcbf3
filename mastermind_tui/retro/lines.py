"""Lines of input in bounded pieces: a line without an end (``< /dev/zero``) or of any
length is read in constant memory, and what is kept of it is too long for any answer."""

from __future__ import annotations

from typing import TextIO

#: Characters kept of one line: past GW-BASIC's 255-character line buffer, so that what is
#: kept of a longer line is refused like any other bad answer.
KEPT = 1024


def read_line(stream: TextIO, kept: int = KEPT) -> str | None:
    """The next line without its end, at most ``kept`` characters of it (the rest is read
    and dropped, a piece at a time); None at the end of input."""
    line = stream.readline(kept)
    if not line:
        return None
    if len(line) == kept and not line.endswith("\n"):
        while (rest := stream.readline(kept)) and not rest.endswith("\n"):
            pass
    return line.rstrip("\r\n")
