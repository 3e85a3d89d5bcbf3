"""``mastermind serve``'s open files: a stranger who opens idle connections by the
thousand must not take the server, and the games in it, past its file limit.

- The soft limit on open files is raised to the hard one (up to ``MOST_FILES``).
- Connections are counted where asyncio makes them (``Doors.guard``): past the cap,
  which leaves room for every session's app process and the server's own files, a new
  connection is closed at once, before aiohttp reads from it.
- Should the process run out of files all the same (another program's doing), asyncio
  stops accepting for a second and tries again; its report goes through ``calm``, which
  writes one line and never raises (Rich's log handler, importing a module to print a
  traceback, needs a file too: that ended the server).
"""

from __future__ import annotations

import asyncio
import errno
import resource
import sys
import time
from collections.abc import Callable
from typing import Any

#: The most open files asked for (the hard limit is often far above any need).
MOST_FILES = 65536
#: Files kept for the server itself (its modules, logs, listening socket, static files),
#: and for a burst of connections asyncio accepts before the excess is closed (its backlog).
RESERVE = 32 + 128
#: Files each running session holds in the server: its socket and its app's three pipes,
#: and the pipes of the app being started.
PER_SESSION = 8
#: The fewest connections allowed, whatever the limit.
FEWEST = 8
#: Seconds between two lines about running out of files.
QUIET_SECONDS = 60.0


def raise_file_limit() -> int:
    """Raise the soft limit on open files as far as the hard one allows (up to
    ``MOST_FILES``); the soft limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST_FILES if hard == resource.RLIM_INFINITY else min(hard, MOST_FILES)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass  # kept as it is: the cap below follows it
    return MOST_FILES if soft == resource.RLIM_INFINITY else soft


def connection_cap(files: int, sessions: int) -> int:
    """How many connections may be open at once under a limit of ``files`` open files,
    with room kept for ``sessions`` app processes."""
    return max(FEWEST, files - RESERVE - PER_SESSION * sessions)


class Doors:
    """The server's connections, counted; past ``cap`` a new one is closed at once."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.open = 0
        self.refused = 0

    def guard(self, factory: Callable[[], Any]) -> Callable[[], asyncio.Protocol]:
        """A protocol factory for ``loop.create_server`` that counts what ``factory``
        serves."""
        return lambda: _Counted(self, factory())

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        """Every server ``loop`` creates from now on (aiohttp's site) is guarded."""
        create = loop.create_server

        async def create_server(factory: Callable[[], Any], *args: Any, **kwargs: Any) -> Any:
            return await create(self.guard(factory), *args, **kwargs)

        # aiohttp calls the loop's method: it is replaced on this one loop, which typeshed
        # declares read-only and with overloads a wrapper cannot repeat.
        loop.create_server = create_server  # type: ignore[method-assign,assignment]
        loop.set_exception_handler(calm)


class _Counted(asyncio.Protocol):
    """aiohttp's protocol behind the door: told of a connection only when there is room."""

    def __init__(self, doors: Doors, inner: Any) -> None:
        self._doors, self._inner, self._in = doors, inner, False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if self._doors.open >= self._doors.cap:
            self._doors.refused += 1
            if isinstance(transport, asyncio.Transport):
                transport.abort()  # its file closed now, not when a stranger pleases
            else:
                transport.close()
            return
        self._doors.open += 1
        self._in = True
        self._inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._in:
            self._in = False
            self._doors.open -= 1
            self._inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._in:
            self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._in else None

    def pause_writing(self) -> None:
        if self._in:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._in:
            self._inner.resume_writing()


_last_said = [-QUIET_SECONDS]


def calm(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The event loop's report of an error no task caught: one line on stderr (out of
    files: at most one a minute), never an exception of its own."""
    try:
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in (errno.EMFILE, errno.ENFILE):
            now = time.monotonic()
            if now - _last_said[0] >= QUIET_SECONDS:
                _last_said[0] = now
                print(
                    "mastermind: serve: out of open files; new connections wait a moment",
                    file=sys.stderr,
                )
            return
        what = str(context.get("message", "error"))[:200]
        said = f": {type(error).__name__}: {str(error)[:200]}" if error is not None else ""
        print(f"mastermind: serve: {what}{said}".replace("\n", " "), file=sys.stderr)
    except Exception:  # a report that cannot be written is dropped
        pass
