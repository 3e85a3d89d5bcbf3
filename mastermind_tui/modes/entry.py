"""The ``mastermind`` console script.

Importing numpy and the engine takes a noticeable fraction of a second; a Ctrl-C in that
time would otherwise print a ``KeyboardInterrupt`` traceback. This module imports nothing
heavy, so it can take over SIGINT before anything else is loaded.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

INTERRUPTED = 130


def _interrupted(signum: int, frame: FrameType | None) -> None:
    """Leave at once: nothing has been done yet, so there is nothing to clean up."""
    os.write(2, b"mastermind: interrupted\n")
    os._exit(INTERRUPTED)


# Installed on import, the moment the console script loads this module.
signal.signal(signal.SIGINT, _interrupted)


def main() -> int:
    """Import the command line under our SIGINT handler, then hand Ctrl-C back to Python,
    whose KeyboardInterrupt the command line turns into the same line and exit code. The
    process then ends at once, even if a thread of the app's is still searching."""
    from ..process_end import end
    from .main import main as run

    signal.signal(signal.SIGINT, signal.default_int_handler)
    # Unloading numba's compiled code as Python tears down costs 0.1 s of CPU, a sixth of
    # `stats --strategy optimal --all` on 6x4: a command that loaded it ends at once,
    # unless a profiler or tracer watches (it writes what it saw as Python ends).
    watched = sys.getprofile() is not None or sys.gettrace() is not None
    return end(
        run(),
        at_once=("numba" in sys.modules or "mastermind_search_aot" in sys.modules) and not watched,
    )
