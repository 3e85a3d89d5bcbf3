"""``--scheduler`` at a port that accepts but does not speak Dask (a
silent socket, an HTTP server such as Dask's own dashboard) is one line within ten
seconds, not a hang, over ``tls://`` too; what it echoes (the address, the peer's words)
is escaped."""

from __future__ import annotations

import http.server
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed")

import dask

from engine.walks.cluster import Cluster, ClusterError


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


@pytest.fixture
def nothing() -> int:
    """A port nothing listens on (bound, then closed)."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        return int(server.getsockname()[1])


@pytest.mark.parametrize("kind", ["silent", "web", "nothing"])
def test_tls_without_dask_tls_settings_is_one_line(
    kind: str, request: pytest.FixtureRequest
) -> None:
    """Without ``distributed.comm.tls`` settings Dask raised a TypeError (exit 70)."""
    port = request.getfixturevalue(kind)
    with pytest.raises(ClusterError) as raised:
        Cluster(f"tls://127.0.0.1:{port}")
    said = str(raised.value)
    assert "TLS settings" in said and "\n" not in said


@pytest.fixture
def tls_settings(tmp_path: Path) -> Iterator[None]:
    """Dask's client TLS settings, with a self-signed certificate made by openssl."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl makes the test's certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    made = [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    made += ["-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)]
    subprocess.run(made, check=True, capture_output=True)
    tls = "distributed.comm.tls"
    settings = {f"{tls}.ca-file": cert, f"{tls}.client.cert": cert, f"{tls}.client.key": key}
    with dask.config.set({name: str(path) for name, path in settings.items()}):
        yield


@pytest.mark.parametrize("kind", ["silent", "web", "nothing"])
def test_tls_to_a_port_that_is_not_dask_is_one_line_within_ten_seconds(
    kind: str, request: pytest.FixtureRequest, tls_settings: None
) -> None:
    """The silent socket never finishes the TLS handshake, the web server answers it in
    plain HTTP; either would leave Dask waiting or failing inside."""
    port = request.getfixturevalue(kind)
    started = time.monotonic()
    with pytest.raises(ClusterError) as raised:
        Cluster(f"tls://127.0.0.1:{port}")
    assert time.monotonic() - started < 20  # ten seconds promised; generous under load
    assert "\n" not in str(raised.value)
