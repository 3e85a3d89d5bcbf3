"""What a stranger on the network can do to `mastermind serve` is
bounded. A flood of keystrokes is dropped (the app's memory stays flat), an app process
ends when its websocket closes and when the server stops, the server stops with tabs
open, and sessions beyond the cap are told the server is full."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
import websocket
from waiting import wait_until

from mastermind_tui.cli.serve_guard import BURST_BYTES, MESSAGE_BYTES, Meter


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return cast(int, probe.getsockname()[1])


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1][0] != "Z"
    except (FileNotFoundError, ProcessLookupError, IndexError):  # gone, even mid-read
        return False


def resident_mb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return (
        int(next(line for line in status.splitlines() if line.startswith("VmRSS")).split()[1])
        // 1024
    )


class Server:
    def __init__(self, tmp: Path, sessions: int | None = None) -> None:
        self.port = free_port()
        env = {**os.environ, "MASTERMIND_RECORDS": "", "MASTERMIND_CACHE_DIR": str(tmp)}
        if sessions is not None:
            env["MASTERMIND_SERVE_SESSIONS"] = str(sessions)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mastermind_tui", "serve", "--port", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
            start_new_session=True,
        )

        def listening() -> bool:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
            except OSError:
                return False
            return True

        assert wait_until(listening), "the server did not start listening"

    def connect(self) -> websocket.WebSocket:
        return websocket.create_connection(f"ws://127.0.0.1:{self.port}/ws", timeout=30)

    def new_app(self, before: list[int]) -> int:
        """The app process the last connection started (a process the server is forking
        may show beside it for a moment on a busy machine: wait until it is alone)."""

        def new() -> set[int]:
            return set(children(self.process.pid)) - set(before)

        assert wait_until(lambda: len(new()) == 1), f"not one new app process: {new()}"
        (app,) = new()
        return app

    def stop(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running_server = Server(tmp_path)
    yield running_server
    running_server.stop()


def read_until(ws: websocket.WebSocket, text: bytes) -> bytes:
    seen = b""
    while text not in seen:
        frame = ws.recv()
        seen += frame if isinstance(frame, bytes) else frame.encode()
    return seen


def test_a_keystroke_flood_is_dropped_and_the_app_ends_with_its_socket(server: Server) -> None:
    """A flood: a million R's in one message (refused: the message is too big),
    then a stream of messages each past the burst (dropped whole). The app's memory stays
    where it was; when the socket closes, the app process ends (it ran on at 100% CPU,
    growing past 2 GB, and outlived the server)."""
    ws = server.connect()
    app = server.new_app([])
    read_until(ws, b"choose a game")  # the home screen is drawn: the app is up
    before = resident_mb(app)
    for _ in range(40):
        ws.send(json.dumps(["stdin", "R" * (BURST_BYTES + 1)]))
    ws.send(json.dumps(["ping", "after the flood"]))
    read_until(ws, b"after the flood")  # the server has handled every message
    assert resident_mb(app) < before + 30
    ws.close()
    assert wait_until(lambda: not running(app), 30), "the app outlived its websocket"

    ws = server.connect()
    app = server.new_app([])
    with contextlib.suppress(websocket.WebSocketException, OSError):
        ws.send(json.dumps(["stdin", "R" * 1_000_000]))
        while True:
            ws.recv()  # the server closes the socket: the message is past its limit
    assert wait_until(lambda: not running(app), 30), "the app outlived its websocket"
    assert MESSAGE_BYTES < 1_000_000


def test_the_server_stops_with_tabs_open_and_takes_their_apps(server: Server) -> None:
    sockets: list[Any] = []
    apps: list[Any] = []
    for _ in range(2):
        sockets.append(server.connect())
        apps.append(server.new_app(apps))
    for ws in sockets:
        read_until(ws, b"choose a game")
    server.process.send_signal(signal.SIGTERM)
    server.process.wait(timeout=60)
    assert server.process.returncode == 128 + signal.SIGTERM
    assert wait_until(lambda: not any(running(app) for app in apps), 30)


def test_an_app_process_honours_sigterm(server: Server) -> None:
    ws = server.connect()
    app = server.new_app([])
    read_until(ws, b"choose a game")
    os.kill(app, signal.SIGTERM)
    assert wait_until(lambda: not running(app), 30)
    ws.close()


def test_sessions_past_the_cap_are_told_the_server_is_full(tmp_path: Path) -> None:
    capped = Server(tmp_path, sessions=1)
    try:
        first = capped.connect()
        read_until(first, b"choose a game")
        second = capped.connect()
        assert b"Mastermind is full" in read_until(second, b"try again")
        with pytest.raises(urllib.error.HTTPError) as page:
            urllib.request.urlopen(f"http://127.0.0.1:{capped.port}/", timeout=30)
        assert page.value.code == 503 and b"Mastermind is full" in page.value.read()
        first.close()
        assert wait_until(lambda: not children(capped.process.pid), 30)
        with urllib.request.urlopen(f"http://127.0.0.1:{capped.port}/", timeout=30) as index:
            assert index.status == 200  # a place again
    finally:
        capped.stop()


def test_the_budget_refills_at_the_rate_and_never_past_the_burst() -> None:
    clock = [0.0]
    meter = Meter(4096, 1024, clock=lambda: clock[0])
    assert meter.take(4096) and not meter.take(1)
    clock[0] = 1.0
    assert meter.take(1000) and not meter.take(100)
    clock[0] = 1000.0
    assert not meter.take(4097) and meter.take(4096)
    assert meter.dropped == 1 + 100 + 4097
