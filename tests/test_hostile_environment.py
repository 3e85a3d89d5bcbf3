"""The environment's faults are exit 1 and one line, never exit 70: a thread count numba
refuses, a host no resolver takes; ``serve`` stopped by Ctrl+C exits 130; a file of
garbage is no tree of a size it never named; messages escape what they echo; two damaged
cache files are two lines; an estimate is never "inf h"."""

from __future__ import annotations

import math
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from waiting import wait_until

from engine import CodeSpace
from engine.optimal.criterion import PARTIAL, Criterion, cache_key
from engine.optimal.solutions import solution
from engine.storage import cache
from engine.walks.stats import describe_seconds
from engine.words import duration
from mastermind_tui.cli.commands import prepare
from mastermind_tui.screens.stats_run import machine_load

MASTERMIND = str(Path(sys.executable).parent / "mastermind")


def run(*args: str, cwd: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [MASTERMIND, *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=120,
        cwd=cwd,
    )


def one_line(done: subprocess.CompletedProcess[str], code: int) -> str:
    assert done.returncode == code, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert "\x1b" not in done.stderr
    return done.stderr


@pytest.mark.parametrize("threads", ["0", "-1", "abc", "1.5"])
def test_a_thread_count_numba_refuses_is_one_line(threads: str) -> None:
    line = one_line(
        run(
            "stats",
            "--colours",
            "8",
            "--positions",
            "5",
            "--games",
            "2",
            NUMBA_NUM_THREADS=threads,
            MASTERMIND_AOT="0",
        ),
        1,
    )
    assert f"NUMBA_NUM_THREADS={threads}" in line


def test_a_host_no_resolver_takes_is_one_line() -> None:
    line = one_line(run("serve", "--host", "a" * 300, "--port", "1"), 1)
    assert "not a host name or address" in line
    line = one_line(run("serve", "--host", "\x1b[31mred", "--port", "1"), 1)
    assert "\\x1b[31mred" in line


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize(
    ("signum", "code", "said"),
    [
        (signal.SIGINT, 130, "mastermind: interrupted"),
        (signal.SIGTERM, 143, "mastermind: ended by SIGTERM"),
        (signal.SIGHUP, 129, "mastermind: ended by SIGHUP"),
    ],
)
def test_serve_stopped_by_a_signal_exits_with_its_documented_code(
    signum: signal.Signals, code: int, said: str
) -> None:
    """Ctrl+C is "interrupted" (130); SIGTERM and SIGHUP, 128 + the signal's number."""
    port = free_port()
    server = subprocess.Popen(
        [MASTERMIND, "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:

        def listening() -> bool:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            except OSError:
                return False
            return True

        assert wait_until(listening, 60), "serve never listened"
        server.send_signal(signum)
        assert server.wait(timeout=60) == code
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.stderr is not None
    assert server.stderr.read().splitlines()[-1] == said


@pytest.mark.parametrize("text", ["garbage", "garbag", "zzzzzz"])
def test_a_file_of_garbage_is_no_tree(tmp_path: Path, text: str) -> None:
    (tmp_path / "tree.txt").write_text(text + "\n")
    line = one_line(run("tree", "--check", str(tmp_path / "tree.txt")), 2)
    assert "not a decision tree in any format this reads" in line
    assert "colours x" not in line


def test_a_file_name_echoed_in_an_error_is_escaped(tmp_path: Path) -> None:
    named = tmp_path / "\x1b]0;title\x07.txt"
    named.write_text("garbage\n")
    line = one_line(run("tree", "--check", named.name, cwd=str(tmp_path)), 2)
    assert "\\x1b]0;title\\x07" in line and "\x07" not in line


def test_two_damaged_cache_files_are_two_lines(
    cache_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    space, criterion = CodeSpace(3, 3), Criterion()
    key = cache_key(space, criterion)
    (cache_dir / criterion.file(space)).write_text("garbage")
    cache.save_arrays(criterion.file(space, PARTIAL), {**key, "what": "proved"}, {"x": np.zeros(3)})
    (cache_dir / criterion.file(space, PARTIAL)).write_bytes(b"garbage")
    prepare(space, "optimal")
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and all(line.startswith("mastermind: optimal") for line in lines)
    assert criterion.file(space) in lines[0] and criterion.file(space, PARTIAL) in lines[1]
    assert solution(3, 3).tree.total == 73


@pytest.mark.parametrize("seconds", [math.inf, math.nan, 1e300, 10 * 86400.0])
def test_an_estimate_is_never_inf_h(seconds: float) -> None:
    for said in (describe_seconds(seconds), duration(seconds)):
        assert "inf" not in said and "nan" not in said
        assert said.startswith(("about", "more than", "an unknown"))


@pytest.mark.parametrize("load", ["inf", "nan", "-1", "1e400"])
def test_a_load_no_machine_has_is_none(load: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MASTERMIND_MACHINE_LOAD", load)
    assert machine_load()[0] == 0.0
