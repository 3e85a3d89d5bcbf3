"""``serve`` outlives its file limit. Under ``ulimit -n 256`` (a hard
limit too, so that it cannot be raised), more idle connections than that neither end the
server nor the game already open in it; past its cap a connection is closed at once, and
once the strangers leave the server accepts again."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator

import pytest
import websocket
from test_hostile_serve import free_port, read_until
from waiting import wait_until

from mastermind_tui.cli.serve_doors import Doors, calm, connection_cap, raise_file_limit

LIMIT = 256
IDLE = 320


@pytest.fixture
def many_files() -> Iterator[None]:
    """This test process itself holds more connections than the server may."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < IDLE + 200:
        pytest.skip(f"the hard limit on open files here is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (IDLE + 200, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


def test_idle_connections_past_the_file_limit_end_nothing(many_files: None) -> None:
    port = free_port()
    env = {**os.environ, "MASTERMIND_RECORDS": "", "MASTERMIND_CACHE_DIR": ""}
    server = subprocess.Popen(
        [sys.executable, "-m", "mastermind_tui", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
        preexec_fn=limited,
        start_new_session=True,
    )
    idle: list[socket.socket] = []
    try:

        def listening() -> bool:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            except OSError:
                return False
            return True

        assert wait_until(listening), "the server did not start listening"
        game = websocket.create_connection(f"ws://127.0.0.1:{port}/ws", timeout=60)
        read_until(game, b"choose a game")  # a game open before the strangers come
        for _ in range(IDLE):
            with contextlib.suppress(OSError):
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        game.send(json.dumps(["ping", "still here"]))
        read_until(game, b"still here")  # the open game goes on
        assert server.poll() is None
        for peer in idle:
            peer.close()
        idle.clear()

        def answers() -> bool:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    return bool(page.status == 200)
            except OSError:
                return False

        assert wait_until(answers, 30), "the server stopped accepting"
        assert server.poll() is None
        game.close()
    finally:
        for peer in idle:
            peer.close()
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
        _, said = server.communicate(timeout=60)
    assert "Traceback" not in said.decode(errors="replace")


def test_the_cap_leaves_room_for_sessions_and_the_server() -> None:
    assert connection_cap(256, 8) < 256 - 8 * 3
    assert connection_cap(20, 8) >= 8  # never none at all
    assert raise_file_limit() >= resource.getrlimit(resource.RLIMIT_NOFILE)[0] > 0


def test_the_loops_report_never_raises(capsys: pytest.CaptureFixture[str]) -> None:
    class Broken:
        def __str__(self) -> str:
            raise OSError(24, "Too many open files")

    calm(None, {"message": Broken(), "exception": None})  # type: ignore[arg-type]
    calm(None, {"message": "accept", "exception": OSError(24, "x")})  # type: ignore[arg-type]
    assert capsys.readouterr().err.count("\n") <= 1


def test_doors_close_past_the_cap() -> None:
    class Transport:
        closed = False

        def close(self) -> None:
            self.closed = True

    class Inner:
        made = 0

        def connection_made(self, transport: object) -> None:
            Inner.made += 1

        def connection_lost(self, exc: object) -> None:
            pass

    doors = Doors(cap=2)
    factory = doors.guard(Inner)
    transports = [Transport() for _ in range(3)]
    protocols = [factory() for _ in transports]
    for protocol, transport in zip(protocols, transports, strict=True):
        protocol.connection_made(transport)  # type: ignore[arg-type]
    assert Inner.made == 2 and transports[2].closed and doors.refused == 1
    protocols[0].connection_lost(None)
    assert doors.open == 1
