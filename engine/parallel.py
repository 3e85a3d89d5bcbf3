"""Work spread over fresh processes for ``stats --jobs``: the parts reach the workers
through a temporary file, Ctrl+C ends them all at once. Imported only by runs that use
more than one process (multiprocessing and its kin cost a single run 20 ms of start-up).
"""

from __future__ import annotations

import multiprocessing
import pickle
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
from threadpoolctl import threadpool_limits


def in_processes(
    task: Callable[..., tuple[np.ndarray, np.ndarray]], parts: list[tuple[Any, ...]], jobs: int
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Results of ``task(*part)`` from ``jobs`` fresh processes, as they finish. Workers
    ignore Ctrl+C; the parent's KeyboardInterrupt (or any error) ends them all at once.

    The parts (arrays of codes) reach the workers through a temporary file; the pipes
    carry only its name and part numbers. Big tasks in the pool's pipe would leave its
    feeder thread blocked on a worker still starting, and ``Pool.terminate`` waits for
    that thread: Ctrl+C would hang."""
    context = multiprocessing.get_context("spawn")  # no fork of a threaded numpy process
    pool = None
    with tempfile.TemporaryDirectory(prefix="mastermind-stats-") as folder:
        store = Path(folder) / "parts.pickle"
        store.write_bytes(pickle.dumps((task, parts), protocol=pickle.HIGHEST_PROTOCOL))
        try:
            with _ctrl_c_held():
                pool = context.Pool(
                    min(jobs, len(parts)), initializer=_start_worker, initargs=(str(store),)
                )
            yield from pool.imap_unordered(_run_part, range(len(parts)))
            pool.close()
        finally:
            if pool is not None:
                pool.terminate()
                pool.join()


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Ctrl+C waits while the workers start, and is raised once they all have.

    The workers inherit the blocked signal, so none dies half-started with a traceback.
    Blocking it in this thread is not enough: the kernel may hand SIGINT to a thread of
    the linear algebra library, and Python would then raise KeyboardInterrupt here between
    starting a worker and writing its start-up data, leaving it to fail on an empty pipe
    ("EOFError: Ran out of input" after "interrupted"). So the handler only notes it."""
    previous = (
        signal.getsignal(signal.SIGINT)
        if threading.current_thread() is threading.main_thread()
        else None
    )
    # Only a Python handler is replaced: an ignored or default SIGINT stays as it is.
    catch = callable(previous)
    held: list[int] = []
    if catch:
        signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        if catch:
            signal.signal(signal.SIGINT, previous)
    if held:
        raise KeyboardInterrupt


#: A worker's task and the parts it may be asked for (read once, as the worker starts).
_WORK: tuple[Callable[..., tuple[np.ndarray, np.ndarray]], list[tuple[Any, ...]]] | None = None


def _start_worker(store: str) -> None:
    """Read the parts; one thread of linear algebra per worker, since --jobs already
    spreads the work over the cores (two workers each using every core for their matrix
    products ran slower than one process: 36 s against 32 s on 8x5)."""
    global _WORK
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threadpool_limits(1)
    _WORK = pickle.loads(Path(store).read_bytes())  # written by this package just before


def _run_part(number: int) -> tuple[np.ndarray, np.ndarray]:
    assert _WORK is not None, "the worker was started without its parts"
    task, parts = _WORK
    return task(*parts[number])
