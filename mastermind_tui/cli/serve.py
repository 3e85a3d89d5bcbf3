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
import sys

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
    """Serve until interrupted."""
    from .serve_guard import BoundedServer

    if not is_loopback(host):
        print(
            f"mastermind: warning: serving on {host}: anyone who can reach port {port} "
            "can play (and start computations on this machine)",
            file=sys.stderr,
        )
    sessions = _sessions()
    sys.unraisablehook = _quiet_shutdown
    BoundedServer(
        app_command(), host=host, port=port, title="Mastermind", max_sessions=sessions
    ).serve()
    return 0


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
