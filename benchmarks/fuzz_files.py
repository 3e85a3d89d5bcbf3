"""Damage every kind of file the program reads back, in every way a hostile user might,
and run the command that reads it: no exit 70 (an internal error), no hang, and either
the right answer or a clean refusal in one line. Each case's peak memory (the child's
maximum resident set, from ``os.wait4``) is printed, and the largest per kind at the end.

Kinds: the cached optimal tree (``optimal-4x3.json``), a partial proof
(``optimal-4x3.partial.npz``), numba's compiled cache (``*.nbi``, ``*.nbc``), the
preferences (``preferences.json``) and a tree given to ``tree --check``. Damage: empty,
truncated, flipped bits, garbage, the wrong JSON type, deep nesting, a named pipe, a link
to /dev/zero, a folder.

    python benchmarks/fuzz_files.py            # every kind (numba's: about 5 minutes)
    python benchmarks/fuzz_files.py --quick    # all but numba's cache (under a minute)
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HANG_SECONDS = 120
DAMAGE = ("empty", "truncated", "flipped", "garbage", "wrong-type", "nested", "pipe", "zero", "dir")
SIZE = ("--colours", "4", "--positions", "3")
#: What a right answer prints: 4x3's optimum.
RIGHT = "total guesses  206"


def damage(path: Path, how: str) -> None:
    """Damage ``path`` in place (its bytes read first, where it has them)."""
    data = path.read_bytes() if path.is_file() else b""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()
    if how == "empty":
        path.write_bytes(b"")
    elif how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif how == "flipped":
        flipped = bytearray(data or b"\0" * 64)
        for i in range(0, len(flipped), max(1, len(flipped) // 8)):
            flipped[i] ^= 0x55
        path.write_bytes(bytes(flipped))
    elif how == "garbage":
        path.write_bytes(os.urandom(max(64, len(data))))
    elif how == "wrong-type":
        path.write_text('["a list", "where an object was", 1, 2, 3]')
    elif how == "nested":
        path.write_text("[" * 200_000)
    elif how == "pipe":
        os.mkfifo(path)
    elif how == "zero":
        path.symlink_to("/dev/zero")
    elif how == "dir":
        path.mkdir()


def run(argv: list[str], env: dict[str, str]) -> tuple[int | None, str, str, float, float]:
    """The exit code (None: it hung), stdout, stderr, seconds and peak memory (MiB) of a
    command. Its output goes to files (no pipe to fill); ``os.wait4`` gives the child's
    own resource use, so each case's peak is its own, not the largest so far."""
    started = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen([sys.executable, *argv], stdout=out, stderr=err, env=env)
        hung = False
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - started > HANG_SECONDS:
                hung = True
                os.kill(child.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(child.pid, 0)
                break
            time.sleep(0.02)
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped: Popen must not wait
        seconds = time.monotonic() - started
        peak = usage.ru_maxrss / 1024  # KiB on Linux
        out.seek(0)
        err.seek(0)
        text = out.read().decode(errors="replace"), err.read().decode(errors="replace")
    return (None if hung else child.returncode), *text, seconds, peak


class Campaign:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.cases = self.exit70 = self.hangs = self.wrong = 0
        self.slowest = 0.0
        #: Per kind: cases, exit 70s, hangs and the largest peak memory (MiB) of a case.
        self.kinds: dict[str, list[float]] = {}

    def env(self, **extra: str) -> dict[str, str]:
        base = {
            **os.environ,
            "MASTERMIND_RECORDS": "",
            "MASTERMIND_CONFIG_DIR": "",
            "MASTERMIND_CACHE_DIR": str(self.root / "cache"),
            # the small sizes' shipped trees would answer before any cache or search
            "MASTERMIND_SHIPPED": "0",
            "NUMBA_CACHE_DIR": str(self.root / "numba"),
        }
        return {**base, **extra}

    def check(
        self, kind: str, how: str, argv: list[str], env: dict[str, str], ok: Callable[[str], bool]
    ) -> None:
        code, out, err, seconds, peak = run(argv, env)
        self.cases += 1
        self.slowest = max(self.slowest, seconds)
        tally = self.kinds.setdefault(kind, [0, 0, 0, 0.0])
        tally[0] += 1
        tally[1] += code == 70
        tally[2] += code is None
        tally[3] = max(tally[3], peak)
        lines = err.strip().splitlines()
        clean = (code == 0 and ok(out)) or (code in (1, 2) and len(lines) == 1)
        verdict = "hang" if code is None else "EXIT 70" if code == 70 else "ok" if clean else "BAD"
        self.hangs += code is None
        self.exit70 += code == 70
        self.wrong += verdict == "BAD"
        said = (lines[-1] if lines else "")[:110]
        print(
            f"{kind:<12} {how:<10} exit {code!s:<4} {seconds:5.1f} s {peak:6.0f} MiB  "
            f"{verdict:<7} {said}",
            flush=True,
        )


def optimal_stats() -> list[str]:
    return ["-m", "mastermind_tui", "stats", "--strategy", "optimal", *SIZE, "--all"]


def fuzz_tree(c: Campaign) -> None:
    cache = c.root / "cache"
    for how in DAMAGE:
        shutil.rmtree(cache, ignore_errors=True)
        run(optimal_stats(), c.env())  # a sound tree first
        damage(cache / "optimal-4x3.json", how)
        c.check("tree cache", how, optimal_stats(), c.env(), lambda out: RIGHT in out)


def fuzz_partial(c: Campaign) -> None:
    cache = c.root / "cache"
    make = (
        "from engine import CodeSpace, cache\n"
        "from engine.optimal.search import OptimalSearch\n"
        "from engine.optimal.criterion import PARTIAL, Criterion, cache_key\n"
        "space, criterion = CodeSpace(4, 3), Criterion()\n"
        "search = OptimalSearch(space)\n"
        "search.value(search.everything)\n"
        "key = {**cache_key(space, criterion), 'what': 'proved'}\n"
        "cache.save_arrays(criterion.file(space, PARTIAL), key, search.proved())\n"
    )
    for how in DAMAGE:
        shutil.rmtree(cache, ignore_errors=True)
        run(["-c", make], c.env())
        damage(cache / "optimal-4x3.partial.npz", how)
        c.check("partial", how, optimal_stats(), c.env(), lambda out: RIGHT in out)


def fuzz_numba(c: Campaign) -> None:
    numba = c.root / "numba"
    off = c.env(MASTERMIND_CACHE_DIR="")  # no tree cache: every run searches
    run(optimal_stats(), off)  # compiled once, cached
    sound = c.root / "numba-sound"
    shutil.copytree(numba, sound)
    for suffix in ("nbi", "nbc"):
        for how in DAMAGE:
            shutil.rmtree(numba)
            shutil.copytree(sound, numba)
            for name in glob.glob(str(numba / "**" / f"*.{suffix}"), recursive=True):
                damage(Path(name), how)
            c.check(f"numba .{suffix}", how, optimal_stats(), off, lambda out: RIGHT in out)


def fuzz_preferences(c: Campaign) -> None:
    config = c.root / "config"
    load = ["-c", "from mastermind_tui.game import preferences; print(preferences.load())"]
    for how in (*DAMAGE, "huge-theme"):
        shutil.rmtree(config, ignore_errors=True)
        config.mkdir()
        path = config / "preferences.json"
        path.write_text('{"theme": "textual-dark", "settings": {"colours": 5}}')
        if how == "huge-theme":
            path.write_text('{"theme": "' + "x" * 10_000_000 + '"}')
        else:
            damage(path, how)
        c.check(
            "preferences",
            how,
            load,
            c.env(MASTERMIND_CONFIG_DIR=str(config)),
            lambda out: "Preferences(" in out and len(out) < 1000,
        )


def fuzz_tree_check(c: Campaign) -> None:
    tree = c.root / "given.json"
    make = ["-m", "mastermind_tui", "tree", "--strategy", "knuth", *SIZE, "--format", "json"]
    _, sound, _, _, _ = run(make, c.env())
    for how in (*DAMAGE, "urandom"):
        if tree.is_dir() and not tree.is_symlink():
            shutil.rmtree(tree)
        elif tree.exists() or tree.is_symlink():
            tree.unlink()
        tree.write_text(sound)
        if how == "urandom":
            tree.unlink()
            tree.symlink_to("/dev/urandom")
        else:
            damage(tree, how)
        argv = ["-m", "mastermind_tui", "tree", "--check", str(tree), *SIZE]
        c.check(
            "tree --check", how, argv, c.env(), lambda out: "every secret" in out or "found" in out
        )


KINDS: dict[str, Callable[[Campaign], None]] = {
    "tree": fuzz_tree,
    "partial": fuzz_partial,
    "preferences": fuzz_preferences,
    "check": fuzz_tree_check,
    "numba": fuzz_numba,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="leave numba's cache out")
    parser.add_argument(
        "--kinds", default=",".join(KINDS), help=f"which kinds, comma-separated: {','.join(KINDS)}"
    )
    args = parser.parse_args()
    kinds = [k for k in args.kinds.split(",") if not (args.quick and k == "numba")]
    with tempfile.TemporaryDirectory(prefix="mastermind-fuzz-") as folder:
        c = Campaign(Path(folder))
        for kind in kinds:
            KINDS[kind](c)
    print(f"\n{'kind':<12} cases  exit 70  hangs  peak memory")
    for kind, (cases, exit70, hangs, peak) in c.kinds.items():
        print(f"{kind:<12} {cases:5.0f}  {exit70:7.0f}  {hangs:5.0f}  {peak:7.0f} MiB")
    print(
        f"\n{c.cases} cases: {c.exit70} exit 70, {c.hangs} hangs, {c.wrong} neither right "
        f"nor one clean line; slowest {c.slowest:.1f} s"
    )
    return 1 if c.exit70 or c.hangs or c.wrong else 0


if __name__ == "__main__":
    sys.exit(main())
