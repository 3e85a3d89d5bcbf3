"""The one wait of the tests that are not Pilot tests (a subprocess, a file, a server, a
thread): poll a condition, never sleep a fixed time. The Pilot tests' own is ``until`` in
``app_helpers``, which lets the app run between looks."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_until(condition: Callable[[], object], seconds: float = 60, step: float = 0.02) -> bool:
    """Whether ``condition()`` came true within ``seconds``, looked at every ``step``
    seconds (0 where the condition itself waits, reading a terminal say). The deadline is
    a safety net for a hung test, generous so that a machine whose cores are busy with
    other work still passes: ``assert wait_until(...), "what never happened"``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(step)
    return True
