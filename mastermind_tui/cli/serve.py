"""``mastermind serve``: the whole app in a web browser, through textual-serve.

Each browser tab gets its own app process (``python -m mastermind_tui``, the home screen),
within the bounds of ``serve_guard`` (input metered, sessions capped, every app ended).
The default host is the loopback interface; any other host lets whoever can reach the port
play, and the command says so before it starts.
"""

from __future__ import annotations

import ipaddress
import os
import shlex
import signal
import sys
from typing import TYPE_CHECKING

from engine.errors import extra_hint
from engine.storage.files import shown

from ..ending import Ended
from .parser import Failed

if TYPE_CHECKING:
    from .serve_guard import BoundedServer

#: What to install when the web extra is missing, or only part of it is there.
INSTALL = extra_hint("web")
#: Our own packages: an import of theirs that fails is a bug, not a missing extra.
OWN_PACKAGES = {"mastermind_tui", "engine"}

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


def is_loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def app_command() -> str:
    """The command each browser session runs: this Python, this package, no arguments."""
    return f"{shlex.quote(sys.executable)} -m mastermind_tui"


def serve(host: str, port: int) -> int:
    """Serve until a signal stops it, ending as any command a signal ends: Ctrl+C is
    "interrupted" (130), SIGTERM 143 and SIGHUP 129 (128 + the signal's number)."""
    server = web_libraries()
    named = shown(host)
    try:
        host.encode("idna")  # what the resolver would be asked: a label of 64 or none
        if not host.isprintable():  # nor is a control code (textual-serve echoes the host)
            raise UnicodeError
    except UnicodeError:
        raise Failed(f"--host {named}: not a host name or address") from None
    if not is_loopback(host):
        print(
            f"mastermind: warning: serving on {named}: anyone who can reach port {port} "
            "can play (and start computations on this machine)",
            file=sys.stderr,
        )
    sessions = _sessions()
    sys.unraisablehook = _quiet_shutdown
    running = server(app_command(), host=host, port=port, title="Mastermind", max_sessions=sessions)
    try:
        running.serve()
    except OSError as error:  # an unknown name, a port taken or not ours to open
        reason = error.strerror or str(error)
        raise Failed(f"cannot serve on {named} port {port}: {reason}") from None
    if running.stopped_by == signal.SIGINT:
        raise KeyboardInterrupt
    if running.stopped_by is not None:
        raise Ended(running.stopped_by)
    return 0


def web_libraries() -> type[BoundedServer]:
    """The server class, from ``serve_guard``, which imports textual-serve and aiohttp (the
    ``[web]`` extra): any of them missing, or a part they need (jinja2, aiohttp_jinja2), or
    a version without what it uses, is said in one line."""
    try:
        from .serve_guard import BoundedServer
    except ImportError as error:
        package = (error.name or "").partition(".")[0]
        if package in OWN_PACKAGES:
            raise  # a bug of ours: reported as one, not as a missing extra
        if not package:
            why = ""
        elif isinstance(error, ModuleNotFoundError):
            why = f" ({package} is missing)"
        else:
            why = f" ({package} is not a version it can use)"
        raise Failed(f"serve needs the web extra{why}: {INSTALL}") from None
    return BoundedServer


#: Set to a whole number to change how many browser sessions may run at once.
SESSIONS_VARIABLE = "MASTERMIND_SERVE_SESSIONS"


def _sessions() -> int:
    from engine import MastermindError

    from .serve_guard import MAX_SESSIONS

    text = os.environ.get(SESSIONS_VARIABLE, "").strip()
    if not text:
        return MAX_SESSIONS
    if not (text.isascii() and text.isdigit() and int(text) >= 1):
        raise MastermindError(f"{SESSIONS_VARIABLE}={text[:20]!r}: give a whole number, 1 or more")
    return int(text)


def _quiet_shutdown(unraisable: sys.UnraisableHookArgs) -> None:
    """textual-serve stops its event loop before the pipes of the apps still open are
    collected; their complaint about the closed loop is no news to a person pressing Ctrl+C."""
    error = unraisable.exc_value
    if isinstance(error, RuntimeError) and "Event loop is closed" in str(error):
        return
    sys.__unraisablehook__(unraisable)
