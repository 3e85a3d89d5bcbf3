"""Work spread over fresh processes for ``stats --jobs``. Imported only by runs that use
more than one process.

Each worker is a plain child process (``python -m engine.walks.worker``) fed through its own
pipes: no temporary file, no named semaphore, no resource tracker, so no signal, not even
SIGKILL, can leave a file or a "leaked semaphore" behind. Workers run in their own session
(a Ctrl+C or a hang-up reaches only the parent, which ends them) and die with the parent
(Linux's parent-death signal, and end of input everywhere).
"""

from __future__ import annotations

import os
import pickle
import selectors
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, TypeVar

from ..run import Stopped
from ..strategies.own import carrying

#: The folder that holds the ``engine`` package, for the workers' import path.
_ROOT = str(Path(__file__).resolve().parents[2])


#: Seconds between checks of a run's stop while the workers think.
POLL = 0.1
#: What a task returns.
T = TypeVar("T")


class WorkerError(RuntimeError):
    """A worker's task raised: its error, as text (the parent's traceback is the one shown)."""


def in_processes(
    task: Callable[..., T],
    parts: list[tuple[Any, ...]],
    jobs: int,
    stop: Callable[[], bool] | None = None,
) -> Iterator[T]:
    """Results of ``task(*part)`` from ``jobs`` fresh processes, as they finish. Whatever
    ends the run early (Ctrl+C, a signal turned into an exception, an error, the caller
    dropping the generator, ``stop()`` turning True: ``Stopped``, checked every tenth of
    a second while the workers think) kills every worker before it returns."""
    # A strategy file read here travels with the task: a worker need not read it again.
    payload = pickle.dumps((carrying(task), parts), protocol=pickle.HIGHEST_PROTOCOL)
    workers: list[subprocess.Popen[bytes]] = []
    try:
        for _ in range(min(jobs, len(parts))):
            workers.append(_start(payload))
        yield from _deal(workers, len(parts), stop)
    finally:
        for worker in workers:
            worker.kill()
        for worker in workers:
            worker.wait()
            for pipe in (worker.stdin, worker.stdout):
                if pipe is not None:
                    pipe.close()


def _start(payload: bytes) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_ROOT, env.get("PYTHONPATH")]))
    worker = subprocess.Popen(
        [sys.executable, "-m", "engine.walks.worker", str(os.getpid())],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        start_new_session=True,
    )
    assert worker.stdin is not None
    worker.stdin.write(len(payload).to_bytes(8, "little"))
    worker.stdin.write(payload)
    worker.stdin.flush()
    return worker


def _deal(
    workers: list[subprocess.Popen[bytes]], count: int, stop: Callable[[], bool] | None
) -> Iterator[Any]:
    """Hand out part numbers one at a time, each to a worker that is free, and yield each
    result as it comes; raise ``Stopped`` once ``stop()`` is True."""
    following = iter(range(count))
    busy = 0
    with selectors.DefaultSelector() as ready:
        for worker in workers:
            if _give(worker, following):
                ready.register(_out(worker), selectors.EVENT_READ, worker)
                busy += 1
        while busy:
            if stop is not None and stop():
                raise Stopped
            for key, _ in ready.select(None if stop is None else POLL):
                worker = key.data
                yield _receive(worker)
                if not _give(worker, following):
                    ready.unregister(key.fileobj)
                    busy -= 1


def _give(worker: subprocess.Popen[bytes], following: Iterator[int]) -> bool:
    number = next(following, None)
    if number is None:
        return False
    assert worker.stdin is not None
    worker.stdin.write(number.to_bytes(8, "little"))
    worker.stdin.flush()
    return True


def _out(worker: subprocess.Popen[bytes]) -> IO[bytes]:
    assert worker.stdout is not None
    return worker.stdout


def _receive(worker: subprocess.Popen[bytes]) -> Any:
    try:
        ok, value = pickle.load(_out(worker))
    except EOFError:
        raise WorkerError(f"a worker ended early (exit code {worker.wait()})") from None
    if not ok:
        raise WorkerError(value)
    return value
