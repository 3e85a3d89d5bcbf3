"""Quitting ends the process while a long search runs, and the exit
code says how it ended. The app runs in a real pseudo-terminal; the search is the optimal
strategy's first on 6x4 (about 10 s of CPU), with an empty cache: had the process waited
for it, the search's tree would be in the cache when the process ended."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from waiting import wait_until

# 7x4: a search of seconds even with its compiled kernel cached (6x4 takes a tenth)
WATCH = [
    sys.executable, "-m", "mastermind_tui", "watch", "RGBY", "--strategy", "optimal",
    "--colours", "7",
]  # fmt: skip


class Terminal:
    """A command in a pseudo-terminal of 80x24, its output read as it comes."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)
        self.output = b""

    def read(self, seconds: float) -> None:
        ready, _, _ = select.select([self.master], [], [], seconds)
        if ready:
            try:
                self.output += os.read(self.master, 65536)
            except OSError:  # the other side has closed
                time.sleep(seconds)

    def wait_for(self, text: bytes, seconds: float = 60) -> None:
        def shown() -> bool:
            self.read(0.1)  # the wait: up to a tenth of a second for more output
            return text in self.output

        assert text in self.output or wait_until(shown, seconds, step=0), f"{text!r} never shown"

    def ended(self, seconds: float = 60) -> int:
        def over() -> bool:
            if self.process.poll() is not None:
                return True
            self.read(0.05)  # the wait, reading on: a full terminal would block its writes
            return False

        assert wait_until(over, seconds, step=0), "the process did not end"
        os.close(self.master)
        return self.process.returncode


@pytest.mark.parametrize(
    ("how", "code"),
    [
        ("ctrl+q", 0),
        ("ctrl+c", 130),  # an interrupt, as --help says: it was 0
        (signal.SIGTERM, 143),
        (signal.SIGHUP, 129),
        (signal.SIGINT, 130),
    ],
)
def test_quitting_during_the_optimal_search_ends_the_process(
    how: str | signal.Signals, code: int, tmp_path: Path
) -> None:
    env = {
        **os.environ,
        "MASTERMIND_CACHE_DIR": str(tmp_path),
        "MASTERMIND_RECORDS": "",
        "TERM": "xterm-256color",
    }
    terminal = Terminal(WATCH, env)
    terminal.wait_for(b"RGBY")  # the screen is drawn; the search runs in its worker
    if how in ("ctrl+q", "ctrl+c"):  # keys in a raw terminal, not signals
        os.write(terminal.master, b"\x11" if how == "ctrl+q" else b"\x03")
    else:
        assert isinstance(how, signal.Signals)
        terminal.process.send_signal(how)
    assert terminal.ended() == code
    assert list(Path(tmp_path).rglob("*")) == []  # ended before the search did


def test_a_records_write_is_made_before_the_process_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """A write whose thread never started is made by ``end``; one under way is waited for;
    either way exactly once."""
    from mastermind_tui import process_end

    monkeypatch.setattr(process_end, "_pending", set())
    monkeypatch.setattr(process_end, "_ender", None)
    written: list[str] = []
    never_started = process_end.Once(lambda: written.append("a"))
    ran = process_end.Once(lambda: written.append("b"))
    ran()
    assert process_end.end(0) == 0  # no thread left running: an ordinary return
    never_started()
    assert written == ["b", "a"]


def test_a_command_that_loaded_numba_ends_at_once_its_output_and_exit_handlers_kept() -> None:
    """``end(code, at_once=True)`` (the console script, once numba is loaded: unloading it
    as Python tears down costs 0.1 s of CPU) runs the exit handlers, flushes the output and
    ends with the code; nothing after it runs."""
    code = (
        "import atexit, sys; from mastermind_tui.process_end import end; "
        "atexit.register(lambda: print('handlers ran')); print('output', end=' '); "
        "end(3, at_once=True); print('never')"
    )
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root)
    assert (done.returncode, done.stdout, done.stderr) == (3, "output handlers ran\n", "")


def ending(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` run by Python, with the exit handler that says it ran."""
    code = (
        "import atexit, sys, threading; from mastermind_tui import process_end as p; "
        "atexit.register(lambda: print('handlers ran', flush=True)); " + code
    )
    root = Path(__file__).resolve().parent.parent
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=60
    )


def test_a_deadline_falling_due_as_the_command_ends_leaves_the_ending_to_it() -> None:
    """The exit handlers run from two threads at once crashed the process (exit -11, once
    in 150 terminals lost on a busy machine): a deadline (``end_by``) falling due once the
    command is ending does nothing, and the handlers run once, as Python ends."""
    done = ending("assert p.end(0) == 0; p._last_word(5); print('after')")
    assert (done.returncode, done.stdout, done.stderr) == (0, "after\nhandlers ran\n", "")


def test_a_command_ending_while_its_deadline_ends_the_process_waits_for_it() -> None:
    """The other order: the deadline's thread runs the handlers and ends the process with
    its code; the command's own ``end`` waits for that instead of running them again."""
    done = ending(
        "import time; atexit.register(time.sleep, 0.2); "  # the handlers take a while
        "began = threading.Event(); atexit.register(began.set); "
        "p.end_by(4, 0); began.wait(); p.end(0); print('never')"
    )
    assert (done.returncode, done.stdout, done.stderr) == (4, "handlers ran\n", "")


async def test_the_app_ends_with_its_parent(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pseudo-terminal closed without a hangup left an app spinning a core for an hour
    (Textual's input thread reads end of file in a loop): the app checks each second that
    its parent is still there, and ends as a hangup would (129) once it is gone."""
    from app_helpers import idle, until

    from mastermind_tui.game.settings import Settings
    from mastermind_tui.modes.app import MastermindApp
    from mastermind_tui.navigation import Start

    app = MastermindApp(Start(Settings.build(seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await idle(pilot)  # started in full
        assert app.is_running
        parent = os.getppid()
        monkeypatch.setattr(os, "getppid", lambda: parent + 1)  # reparented
        await until(pilot, lambda: not app.is_running)
    assert app.return_code == 129
