"""One worker of ``engine.walks.parallel``: ``python -m engine.walks.worker PARENT_PID``.

Reads the task and its parts once, then part numbers, and answers each with
``(True, result)`` or ``(False, error text)``. It ends quietly when its input ends or its
parent dies, whichever it sees first, so that killing a run never prints a traceback.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import signal
import sys
from typing import BinaryIO

PR_SET_PDEATHSIG = 1


def _die_with(parent: int) -> None:
    """Linux: SIGKILL this process when its parent dies (checked once after asking, since
    the parent may have died before)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: end of input ends the worker instead
        pass
    if os.getppid() != parent:
        os._exit(0)


def _read(stream: BinaryIO, size: int) -> bytes:
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return data


def serve(stream: BinaryIO, out: BinaryIO) -> None:
    from threadpoolctl import threadpool_limits

    # One thread of linear algebra per worker: --jobs already spreads the work over the
    # cores (two workers each using every core ran slower than one process on 8x5).
    threadpool_limits(1)
    task, parts = pickle.loads(_read(stream, int.from_bytes(_read(stream, 8), "little")))
    while True:
        number = int.from_bytes(_read(stream, 8), "little")
        try:
            answer = (True, task(*parts[number]))
        except Exception as error:  # reported by the parent, which stops the run
            answer = (False, f"{type(error).__name__}: {error}")
        pickle.dump(answer, out, protocol=pickle.HIGHEST_PROTOCOL)
        out.flush()


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides; it ends us
    _die_with(int(sys.argv[1]))
    with contextlib.suppress(EOFError, BrokenPipeError, KeyboardInterrupt):
        serve(sys.stdin.buffer, sys.stdout.buffer)
    os._exit(0)  # nothing buffered is worth a complaint about a closed pipe


if __name__ == "__main__":
    main()
