"""Issue 31 point 4: ``--scheduler`` at a port that accepts but does not speak Dask (a
silent socket, an HTTP server such as Dask's own dashboard) is one line within ten
seconds, not a hang; what it echoes (the address, the peer's words) is escaped."""

from __future__ import annotations

import http.server
import socket
import threading
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("distributed")

from engine.cluster import Cluster, ClusterError


@pytest.fixture
def silent() -> Iterator[int]:
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                held.append(server.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    yield server.getsockname()[1]
    server.close()
    for peer in held:
        peer.close()


@pytest.fixture
def web() -> Iterator[int]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture
def chatty() -> Iterator[int]:
    """A server that greets first, as SSH does, with no Dask frame."""
    server = socket.create_server(("127.0.0.1", 0))

    def greet() -> None:
        while True:
            try:
                peer = server.accept()[0]
            except OSError:
                return
            peer.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")

    threading.Thread(target=greet, daemon=True).start()
    yield server.getsockname()[1]
    server.close()


@pytest.mark.parametrize("kind", ["silent", "web", "chatty"])
def test_a_port_that_is_not_dask_is_one_line_within_ten_seconds(
    kind: str, request: pytest.FixtureRequest
) -> None:
    port = request.getfixturevalue(kind)
    started = time.monotonic()
    with pytest.raises(ClusterError) as raised:
        Cluster(f"tcp://127.0.0.1:{port}")
    assert time.monotonic() - started < 20  # ten seconds promised; generous under load
    assert "not" in str(raised.value) and "\n" not in str(raised.value)


def test_an_address_is_echoed_escaped() -> None:
    with pytest.raises(ClusterError) as raised:
        Cluster("tcp://127.0.0.1:1\x1b[2J\x07", connect_seconds=2)
    said = str(raised.value)
    assert "\x1b" not in said and "\x07" not in said and "\\x1b[2J" in said
