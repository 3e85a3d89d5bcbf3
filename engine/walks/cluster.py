"""Work spread over a Dask distributed cluster for ``stats --scheduler``: the same parts
``engine.walks.parallel.in_processes`` gets (subtrees under the first guess, blocks of random
games), in the same shape, so a run chooses between them in one place
(``engine.walks.games``). Imported only by runs given a scheduler; Dask itself is the optional
extra ``cluster``.

A worker that dies mid-run loses its tasks (and results not yet fetched); the scheduler
runs them again on another worker, and each task is a pure function of its part, so the
answer is the same. Ctrl+C, an error or the caller dropping the results cancels every
task of the run on the cluster, not only the local client.
"""

from __future__ import annotations

import logging
import socket
import ssl
import struct
import time
from collections.abc import Callable, Generator
from concurrent.futures import CancelledError  # what Dask raises for a lost task
from typing import Any, TypeVar

from ..errors import MastermindError, extra_hint
from ..run import INTERVAL, Stopped
from ..storage import files
from ..strategies.own import carrying

#: What to install when Dask is missing.
INSTALL = extra_hint("cluster")
#: Seconds to wait for the scheduler before giving up on it.
CONNECT_SECONDS = 10

#: What a task returns.
T = TypeVar("T")


class ClusterError(MastermindError):
    """The cluster cannot be used: Dask missing, the scheduler unreachable or gone."""


class Cluster:
    """A connection to a running Dask scheduler; call it as ``in_processes``."""

    #: The driving run's stop check, polled while results are awaited.
    stop: Callable[[], bool] = staticmethod(lambda: False)

    def __init__(self, address: str, connect_seconds: float = CONNECT_SECONDS) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise ClusterError(f"--scheduler needs Dask distributed: {INSTALL}") from None
        self.address = files.shown(address, 200)  # as said in its messages
        # Dask logs a lost scheduler with a traceback; this command says it in one line.
        for name in [*logging.root.manager.loggerDict, "distributed"]:
            if name.split(".")[0] == "distributed":
                logging.getLogger(name).setLevel(logging.CRITICAL)
        shown = files.shown(address, 200)
        try:
            context = _tls_context(address)
            _probe(address, min(connect_seconds, PROBE_SECONDS), context)
            self.client = Client(address, timeout=connect_seconds)
        except (OSError, TimeoutError, ValueError) as error:
            raise ClusterError(
                f"cannot reach the Dask scheduler at {shown}: {files.shown(_reason(error), 200)}"
            ) from None

    @property
    def dashboard(self) -> str | None:
        """The scheduler's dashboard address, when it serves one."""
        try:
            link = self.client.dashboard_link
        except (KeyError, AttributeError):  # no dashboard (dashboard_address=None)
            return None
        return str(link) if link else None

    @property
    def workers(self) -> int:
        return len(self.client.scheduler_info(n_workers=-1)["workers"])

    def close(self) -> None:
        self.client.close()

    def __call__(
        self,
        task: Callable[..., T],
        parts: list[tuple[Any, ...]],
        jobs: int = 0,
    ) -> Generator[T, None, None]:
        """Results of ``task(*part)`` as the cluster finishes them (``jobs`` is ignored:
        the cluster's workers decide how many run at once). While it waits, ``stop`` (the
        run's, set by whoever drives it) is polled: once it says stop, the run's tasks are
        cancelled and ``Stopped`` raised within about a second."""
        from distributed import as_completed

        # A strategy file read here is sent with the task: the workers may not see it.
        sent = carrying(task)
        futures = [self.client.submit(sent, *part, pure=False) for part in parts]
        finished = False
        try:
            coming = as_completed(futures)
            while not coming.is_empty():
                batch = coming.next_batch(block=False)
                if not batch:
                    if self.stop():
                        raise Stopped
                    time.sleep(INTERVAL)
                    continue
                for future in batch:
                    yield future.result()  # a lost scheduler cancels it: CancelledError
            finished = True
        except CancelledError:
            raise ClusterError(f"lost the Dask scheduler at {self.address} mid-run") from None
        except (OSError, TimeoutError) as error:
            raise ClusterError(
                f"lost the Dask scheduler at {self.address}: {files.shown(_reason(error), 200)}"
            ) from None
        finally:
            # Ctrl+C, an error, or the caller stopped listening (the scheduler, if gone,
            # has nothing left to cancel)
            if not finished and self.client.status == "running":
                self.client.cancel(futures, force=True)


#: Seconds a scheduler's port has to greet a connection (Dask's does at once).
PROBE_SECONDS = 5.0
#: The most a Dask greeting's first frame says it holds (its handshake: a few hundred bytes).
GREETING_LIMIT = 1 << 20


def _tls_context(address: str) -> ssl.SSLContext | None:
    """The client's TLS context for a ``tls://`` address, from Dask's own settings (its
    ``distributed.comm.tls`` configuration); None for other schemes. Without those
    settings Dask fails deep inside with a TypeError; here it is a ValueError (one line)."""
    if address.rpartition("://")[0] != "tls":
        return None
    from distributed.security import Security

    context = Security().get_connection_args("client").get("ssl_context")
    if not isinstance(context, ssl.SSLContext):
        raise ValueError(
            "tls:// needs Dask's TLS settings (distributed.comm.tls: ca-file, client cert "
            "and key), and none are set"
        )
    return context


def _probe(address: str, seconds: float, context: ssl.SSLContext | None = None) -> None:
    """Whether a plain TCP or TLS address speaks Dask, within ``seconds``: a Dask server
    sends its handshake as soon as it accepts (over TLS: once the TLS handshake is done),
    a frame whose 8-byte length comes first. A port that accepts and says nothing (an
    HTTP server, Dask's own dashboard, a silent socket), or says something else, would
    keep Dask's client waiting past any timeout; here it is one ``OSError`` (a failed TLS
    handshake is one too). Other protocols (ucx://, inproc://) are left to Dask."""
    scheme, _, rest = address.rpartition("://")
    if scheme not in ("", "tcp", "tls"):
        return
    host, _, port = rest.rpartition(":")
    if not port.isascii() or not port.isdigit():
        return  # Dask says what is wrong with it
    host = host.strip("[]") or "127.0.0.1"
    deadline = time.monotonic() + seconds
    with socket.create_connection((host, int(port)), timeout=seconds) as plain:
        try:
            sock = plain if context is None else context.wrap_socket(plain, server_hostname=host)
        except TimeoutError:
            raise OSError(f"port {port} answers, but no TLS handshake") from None
        with sock:
            greeting = _greeting(sock, port, deadline)
    (length,) = struct.unpack("<Q", greeting)
    if not 0 < length <= GREETING_LIMIT:
        raise OSError(f"port {port} speaks something other than Dask")


def _greeting(sock: socket.socket, port: str, deadline: float) -> bytes:
    """The first 8 bytes a server sends, by ``deadline``."""
    greeting = b""
    while len(greeting) < 8:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            part = sock.recv(8 - len(greeting))
        except TimeoutError:
            raise OSError(f"port {port} answers, but not as a Dask scheduler") from None
        if not part:
            raise OSError(f"port {port} closed the connection: not a Dask scheduler")
        greeting += part
    return greeting


def _reason(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__
