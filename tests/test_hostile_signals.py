"""A `stats --jobs 2` run killed by any signal leaves no traceback, no
leaked semaphore, no temporary file and no worker; the exit code names the signal."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from waiting import wait_until

from engine.walks import parallel

LONG_RUN = [
    sys.executable, "-m", "mastermind_tui", "stats", "--strategy", "random",
    "--colours", "8", "--positions", "6", "--games", "200000", "--jobs", "2",
]  # fmt: skip


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def _cpu_seconds(pid: int) -> float:
    """The CPU time ``pid`` has used, user and system (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _running(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running (a zombie left to an init that does not reap is
    dead)."""
    out = []
    for pid in pids:
        try:
            if Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1][0] != "Z":
                out.append(pid)
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
    return out


def _default_stopping_signals() -> None:
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, signal.SIG_DFL)


@pytest.mark.parametrize(
    ("signum", "code", "line"),
    [
        (signal.SIGTERM, 143, "mastermind: ended by SIGTERM"),
        (signal.SIGHUP, 129, "mastermind: ended by SIGHUP"),
        (signal.SIGKILL, -9, None),
        (signal.SIGINT, 130, "mastermind: interrupted"),
    ],
)
def test_any_signal_leaves_no_trace(signum: int, code: int, line: str, tmp_path: Path) -> None:
    temp = tmp_path / "tmp"
    temp.mkdir()
    process = subprocess.Popen(
        LONG_RUN,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TMPDIR": str(temp), "MASTERMIND_RECORDS": ""},
        # as from a terminal, whatever ran the tests: under nohup SIGHUP is ignored, in a
        # background job SIGINT, and an ignored signal is inherited and rightly kept so
        preexec_fn=_default_stopping_signals,
    )
    assert wait_until(lambda: len(_children(process.pid)) >= 2), "the workers never started"
    workers = _children(process.pid)
    # into the work: results are flowing back (a busy machine may give them no CPU at first)
    assert wait_until(lambda: all(_cpu_seconds(w) >= 0.5 for w in workers)), "no work done"
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    assert process.returncode == code
    assert out == ""
    assert "Traceback" not in err and "leaked" not in err and "Error" not in err, err
    assert err.strip().splitlines() == ([] if line is None else [line])
    assert wait_until(lambda: not _running(workers), 30), "a worker outlived its parent"
    assert list(temp.iterdir()) == []  # no file, even after SIGKILL


def test_ctrl_c_while_the_workers_start_ends_those_started(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+C between starting two workers: the one started is ended, and says nothing."""
    started: list[subprocess.Popen[bytes]] = []
    start = parallel._start

    def interrupted(payload: bytes) -> subprocess.Popen[bytes]:
        if started:
            raise KeyboardInterrupt
        started.append(start(payload))
        return started[-1]

    monkeypatch.setattr(parallel, "_start", interrupted)
    with pytest.raises(KeyboardInterrupt):
        list(parallel.in_processes(len, [("ab",), ("c",)], 2))
    assert started[0].poll() is not None


def test_results_and_errors_come_back_from_the_workers() -> None:
    assert sorted(parallel.in_processes(len, [("ab",), ("c",), ("def",)], 2)) == [1, 2, 3]
    with pytest.raises(parallel.WorkerError, match="TypeError"):
        list(parallel.in_processes(len, [(1,)], 1))
