"""The first frame: from process start to the whole home or play
screen at 80x24 in a pseudo-terminal, median of ``--runs`` runs; and a key typed before
it (F6, 0.1 s after start) is not lost: Statistics opens from home.

    python benchmarks/bench_first_frame.py [--runs 5]

Records and preferences off, an empty cache of trees, numba's cache as it is (the first
frame imports no compiled kernel). The frame counted must be the whole screen: what the
terminal shows at that moment (the output read through ``pyte``, a terminal emulator) is
compared line by line with the same screen two seconds later, and the home screen with its
snapshot (``test_home`` at 80x24; its optimum line differs, as the tests turn the shipped
trees off and have the kernel compiled: the lines that differ are printed). Every module's
bytecode is written first, as installing does (with PYTHONDONTWRITEBYTECODE set, each run
would compile the modules it imports again, a third of a second). The frame is timed when
the last things drawn on each screen are there (the key bar, and the home's optimum line or
the game's opening line).
"""

from __future__ import annotations

import argparse
import compileall
import html
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
SNAPSHOTS = ROOT / "tests" / "__snapshots__" / "test_app_snapshots"

#: Each command's arguments, the last things drawn, and the snapshot its screen equals.
SCREENS = {
    "mastermind": ([], [b"Optimum 6x4", b"Records", b"palette"], "test_home[size0].svg"),
    "mastermind play": (["play"], [b"Guess!", b"Lab", b"palette"], None),
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


def screen_text(output: bytes) -> list[str]:
    """The 80x24 screen a terminal shows after ``output``, line by line."""
    import pyte

    screen = pyte.Screen(80, 24)
    pyte.ByteStream(screen).feed(output)
    return [line.rstrip() for line in screen.display]


def snapshot_text(name: str) -> list[str]:
    """The 80x24 screen of a snapshot's SVG, line by line: Textual's export draws each run
    of cells as a ``<text>`` at x = 12.2 per column, y = 20 + 24.4 per row."""
    svg = (SNAPSHOTS / name).read_text()
    rows = [[" "] * 80 for _ in range(24)]
    for m in re.finditer(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        column, row = round(float(m[1]) / 12.2), round((float(m[2]) - 20) / 24.4)
        text = html.unescape(m[3]).replace("\xa0", " ")
        for offset, character in enumerate(text):
            if 0 <= row < 24 and column + offset < 80:
                rows[row][column + offset] = character
    return ["".join(row).rstrip() for row in rows]


def differences(frame: list[str], other: list[str], name: str) -> str:
    """The first run's lines that differ from ``other``, each as both have it."""
    lines = [
        f"\n  line {i + 1}: timed {a.strip()!r}, {name} {b.strip()!r}"
        for i, (a, b) in enumerate(zip(frame, other, strict=True))
        if a != b
    ]
    return "".join(lines)


def first_frame(
    arguments: list[str], marks: list[bytes]
) -> tuple[float, float, list[str], list[str]]:
    """Seconds from process start to every one of ``marks`` on the terminal, the CPU
    seconds the app used until then (what a busy machine does not inflate), the screen
    then, and the screen two seconds later."""
    from test_hostile_quit import Terminal

    began = time.perf_counter()
    terminal = Terminal([sys.executable, "-m", "mastermind_tui", *arguments], env())
    while not all(mark in terminal.output for mark in marks):
        assert time.perf_counter() - began < 30, "no first frame in 30 s"
        terminal.read(0.005)
    took = time.perf_counter() - began
    cpu = cpu_seconds(terminal.process.pid)
    frame = screen_text(terminal.output)
    settle = time.perf_counter() + 2
    while time.perf_counter() < settle:
        terminal.read(0.05)
    settled = screen_text(terminal.output)
    terminal.process.kill()
    terminal.ended()
    return took, cpu, frame, settled


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
    whole = []
    for name, (arguments, marks, snapshot) in SCREENS.items():
        runs = [first_frame(arguments, marks) for _ in range(options.runs)]
        times = [took for took, _, _, _ in runs]
        listed = ", ".join(f"{t:.2f}" for t in times)
        cpu = statistics.median(cpu for _, cpu, _, _ in runs)
        print(f"| `{name}` | {statistics.median(times):.2f} | {listed} | {cpu:.2f} |")
        settled = sum(frame == later for _, _, frame, later in runs)
        said = f"`{name}`: the frame timed equals the screen 2 s later in {settled} of {len(runs)}"
        said += differences(runs[0][2], runs[0][3], "2 s later")
        if snapshot is not None:
            expected = snapshot_text(snapshot)
            equal = sum(frame == expected for _, _, frame, _ in runs)
            said += f"; equals snapshot {snapshot} in {equal} of {len(runs)}"
            said += differences(runs[0][2], expected, "snapshot")
        whole.append(said)
    print(*whole, sep="\n")
    print(f"F6 at 0.1 s opens Statistics: {early_key()}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
