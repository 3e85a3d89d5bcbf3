"""``mastermind serve``: the whole app in a web browser, through textual-serve.

Each browser tab gets its own app process (``python -m mastermind_tui``, the home screen).
The default host is the loopback interface; any other host lets whoever can reach the port
play, and the command says so before it starts.
"""

from __future__ import annotations

import ipaddress
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
    from textual_serve.server import Server

    if not is_loopback(host):
        print(
            f"mastermind: warning: serving on {host}: anyone who can reach port {port} "
            "can play (and start computations on this machine)",
            file=sys.stderr,
        )
    sys.unraisablehook = _quiet_shutdown
    Server(app_command(), host=host, port=port, title="Mastermind").serve()
    return 0


def _quiet_shutdown(unraisable: sys.UnraisableHookArgs) -> None:
    """textual-serve stops its event loop before the pipes of the apps still open are
    collected; their complaint about the closed loop is no news to a person pressing Ctrl+C."""
    error = unraisable.exc_value
    if isinstance(error, RuntimeError) and "Event loop is closed" in str(error):
        return
    sys.__unraisablehook__(unraisable)
