"""textual-serve with bounds, for ``mastermind serve``: whoever reaches the port cannot make
the server or an app process take the machine.

- Input: a websocket message is at most ``MESSAGE_BYTES``; keystrokes reach an app at most
  ``BURST_BYTES`` at once and ``RATE_BYTES`` a second on average (a person types a few
  bytes a second, a paste of a guess is tens); the rest is dropped. Sizes are clamped.
- Sessions: at most ``MAX_SESSIONS`` app processes at once; one more is told, in a page or
  in the terminal, that the server is full.
- Ends: an app process ends when its websocket closes and when the server stops: asked to
  quit, then SIGTERM, then SIGKILL, each after ``GRACE`` seconds, its whole process group.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import time
from collections.abc import Callable
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from .serve_doors import Doors, connection_cap, raise_file_limit

#: App processes at once (each about 60 MB; two cores shared by all of them).
MAX_SESSIONS = 8
#: Largest websocket message taken from a browser.
MESSAGE_BYTES = 64 * 1024
#: Keystrokes: bytes at once, and bytes a second on average, beyond which input is dropped.
BURST_BYTES = 4096
RATE_BYTES = 1024
#: Largest terminal a browser may ask for (a huge one is memory in the app).
MAX_WIDTH, MAX_HEIGHT = 400, 150
#: Seconds an app process is given at each step of being stopped.
GRACE = 2.0

log = logging.getLogger("textual-serve")

FULL = (
    "Mastermind is full: {count} games are being played here at once, the most this "
    "server takes. Please try again in a while."
)


class Meter:
    """A token bucket: ``burst`` bytes at once, refilled at ``rate`` bytes a second."""

    def __init__(self, burst: int, rate: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self._budget = float(burst)
        self._filled = clock()
        #: Bytes refused so far.
        self.dropped = 0

    def take(self, size: int) -> bool:
        """Whether ``size`` bytes fit the budget now (they are spent) or are refused whole
        (a flood, or a paste too big to be a guess)."""
        now = self.clock()
        self._budget = min(self.burst, self._budget + (now - self._filled) * self.rate)
        self._filled = now
        if size > self._budget:
            self.dropped += size
            return False
        self._budget -= size
        return True


class BoundedAppService(AppService):
    """One app process: its input metered, its end certain."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.meter = Meter(BURST_BYTES, RATE_BYTES)

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return super()._build_environment(*clamp(width, height))

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        """As textual-serve opens it, but in a process group of its own (the shell and the
        app: both can be signalled) and with ``exec`` (no shell left in between)."""
        width, height = clamp(width, height)
        self._process = process = await asyncio.create_subprocess_shell(
            f"exec {self.command}",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def send_bytes(self, data: bytes) -> bool:
        if not self.meter.take(len(data)):
            return True  # dropped, as a keyboard buffer that is full drops keys
        return await super().send_bytes(data)

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(*clamp(width, height))

    async def stop(self) -> None:
        """Ask the app to quit, then signal its group, each step given ``GRACE`` seconds."""
        if self._task is None:
            return
        with contextlib.suppress(Exception):
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        await self.send_meta({"type": "quit"})
        task = self._task
        for sent in (None, signal.SIGTERM, signal.SIGKILL):
            if sent is not None:
                self._signal(sent)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(task), GRACE)
                break
        self._task = None
        if self._process is not None and self._process.returncode is None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._process.wait(), GRACE)

    def _signal(self, signum: int) -> None:
        process = self._process
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signum)


def clamp(width: int, height: int) -> tuple[int, int]:
    """A terminal size a browser may have: 1 to ``MAX_WIDTH`` by 1 to ``MAX_HEIGHT``."""
    return max(1, min(int(width), MAX_WIDTH)), max(1, min(int(height), MAX_HEIGHT))


class BoundedServer(Server):
    """textual-serve's server with the bounds above and a prompt stop."""

    def __init__(self, *args: Any, max_sessions: int = MAX_SESSIONS, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.max_sessions = max_sessions
        self.sessions: dict[web.WebSocketResponse, BoundedAppService] = {}
        #: The signal that stopped the server (None: not stopped by one).
        self.stopped_by: int | None = None

    def _stop(self, signum: int) -> None:
        self.stopped_by = signum
        self.request_exit()

    def full(self) -> bool:
        return len(self.sessions) >= self.max_sessions

    async def handle_index(self, request: web.Request) -> Any:
        if self.full():
            raise web.HTTPServiceUnavailable(
                text=FULL.format(count=self.max_sessions), headers={"Retry-After": "60"}
            )
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """As textual-serve's, with a size limit on messages, the session cap, and the app
        stopped for certain whichever way the socket ends."""
        websocket = web.WebSocketResponse(
            heartbeat=15,
            max_msg_size=MESSAGE_BYTES,
            timeout=GRACE,  # close's wait for a reply
        )
        await websocket.prepare(request)
        if self.full():
            message = FULL.format(count=self.max_sessions)
            with contextlib.suppress(Exception):
                await websocket.send_bytes(f"\r\n{message}\r\n".encode())
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"full")
            return websocket
        service = BoundedAppService(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        self.sessions[websocket] = service
        try:
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            await service.start(*clamp(width, height))
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            pass
        except Exception as error:  # a broken connection ends its own session only
            log.debug("session ended: %r", error)
        finally:
            del self.sessions[websocket]
            await asyncio.shield(service.stop())
            with contextlib.suppress(Exception):
                await websocket.close()
        return websocket

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """textual-serve's, but anything not as expected is ignored, not raised."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, data = message.json()
            except (ValueError, TypeError):
                continue
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                width, height = data.get("width"), data.get("height")
                if isinstance(width, int) and isinstance(height, int):
                    await app_service.set_terminal_size(width, height)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every session at once: each app is then stopped by its handler."""
        closing = asyncio.gather(
            *(
                ws.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")
                for ws in list(self.sessions)
            ),
            return_exceptions=True,
        )
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(closing, GRACE)

    def serve(self, debug: bool = False) -> None:
        """As textual-serve serves, but the server waits at most a few seconds for its
        sessions to end when stopped (aiohttp's default is a minute)."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self.doors = Doors(connection_cap(raise_file_limit(), self.max_sessions))
        self.doors.install(loop)  # idle connections by the thousand: closed past the cap
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            loop.add_signal_handler(signum, self._stop, signum)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=lambda *args: None,
            shutdown_timeout=3 * GRACE + 1,
        )
