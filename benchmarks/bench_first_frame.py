"""The first frame (issue 28, point 2): from process start to the whole home or play
screen at 80x24 in a pseudo-terminal, median of ``--runs`` runs; and a key typed before
it (F6, 0.1 s after start) is not lost: Statistics opens from home.

    python benchmarks/bench_first_frame.py [--runs 5]

Records and preferences off, an empty cache of trees, numba's cache as it is (the first
frame imports no compiled kernel). Every module's bytecode is written first, as installing
does (with PYTHONDONTWRITEBYTECODE set, each run would compile the modules it imports
again, a third of a second). The frame is whole when the last line drawn on each
screen is there (the key bar, and the home's optimum line or the game's opening line).
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

SCREENS = {
    "mastermind": ([], [b"Optimum 6x4", b"Records", b"palette"]),
    "mastermind play": (["play"], [b"Guess!", b"Lab", b"palette"]),
}
F6 = b"\x1b[17~"


def env() -> dict[str, str]:
    return {
        **os.environ,
        "MASTERMIND_CACHE_DIR": tempfile.mkdtemp(prefix="frame-"),
        "MASTERMIND_RECORDS": "",
        "MASTERMIND_CONFIG_DIR": "",
        "TERM": "xterm-256color",
    }


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_frame(arguments: list[str], marks: list[bytes]) -> tuple[float, float]:
    """Seconds from process start to every one of ``marks`` on the terminal, and the CPU
    seconds the app used until then (what a busy machine does not inflate)."""
    from test_hostile_quit import Terminal

    began = time.perf_counter()
    terminal = Terminal([sys.executable, "-m", "mastermind_tui", *arguments], env())
    while not all(mark in terminal.output for mark in marks):
        assert time.perf_counter() - began < 30, "no first frame in 30 s"
        terminal.read(0.005)
    took = time.perf_counter() - began
    cpu = cpu_seconds(terminal.process.pid)
    terminal.process.kill()
    terminal.ended()
    return took, cpu


def early_key(delay: float = 0.1) -> bool:
    """F6 sent ``delay`` s after start: whether Statistics opens from home."""
    from test_hostile_quit import Terminal

    terminal = Terminal([sys.executable, "-m", "mastermind_tui"], env())
    time.sleep(delay)
    os.write(terminal.master, F6)
    try:
        terminal.wait_for(b"Statistics", 30)
        terminal.wait_for(b"Games", 30)  # a field of the Statistics form only
        opened = True
    except AssertionError:
        opened = False
    terminal.process.kill()
    terminal.ended()
    return opened


def compile_sources() -> None:
    """Write the project's bytecode, as ``pip install`` does for an installed package."""
    for package in ("engine", "mastermind_tui"):
        if not compileall.compile_dir(ROOT / package, quiet=1):
            raise SystemExit(f"could not compile {ROOT / package}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    compile_sources()
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    print("| command | first frame, median of runs: s | runs: s | CPU s to it, median |")
    print("|---|---|---|---|")
    for name, (arguments, marks) in SCREENS.items():
        runs = [first_frame(arguments, marks) for _ in range(options.runs)]
        times = [took for took, _ in runs]
        listed = ", ".join(f"{t:.2f}" for t in times)
        cpu = statistics.median(cpu for _, cpu in runs)
        print(f"| `{name}` | {statistics.median(times):.2f} | {listed} | {cpu:.2f} |")
    print(f"F6 at 0.1 s opens Statistics: {early_key()}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
