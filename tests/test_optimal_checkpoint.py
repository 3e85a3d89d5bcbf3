"""A search stopped at any point keeps what it proved: besides the
save on Ctrl+C or a signal, the search saves checkpoints as it goes, so that even a kill
(SIGKILL: no handler runs) leaves a proof the next search resumes from, and the
checkpoints change no result."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from waiting import wait_until

from engine.optimal import checkpoint
from engine.optimal.search import OptimalSearch
from engine.optimal.solutions import solution
from engine.storage import cache, files

#: Bulls and Cows' rules on 6 colours x 5 positions: a search of a few seconds of CPU.
SIZE = (6, 5, False)


def total(found: object) -> int:
    return sum(depth for depth, _ in found.tree.walk())  # type: ignore[attr-defined]


@pytest.mark.slow
def test_checkpoints_change_no_result(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = total(solution(*SIZE))
    solution.cache_clear()
    for path in cache_dir.iterdir():
        path.unlink()
    saved: list[int] = []
    real = cache.save_arrays

    def spy(name: str, key: dict[str, object], arrays: dict[str, np.ndarray]) -> None:
        saved.append(len(arrays["vals"]))
        real(name, key, arrays)

    monkeypatch.setattr(checkpoint, "CHECKPOINT", 0.3)
    monkeypatch.setattr(cache, "save_arrays", spy)
    assert total(solution(*SIZE)) == plain
    assert saved and saved == sorted(saved)  # each checkpoint holds the one before
    assert not list(cache_dir.glob("*.partial.npz"))  # done: the proof gives way to the tree


def test_a_killed_search_resumes_from_its_last_checkpoint(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Resumed even where the proof is larger than any other cache file may be (9x4's,
    970 MB, against 256 MB: it was moved aside as damage and the search began again);
    here the bound is scaled down to this proof's size."""
    script = (
        "from engine.optimal import checkpoint; checkpoint.CHECKPOINT = 0.3\n"
        "from engine.optimal.solutions import solution\n"
        f"solution{SIZE}\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        env={**os.environ, "MASTERMIND_CACHE_DIR": str(cache_dir), "MASTERMIND_SHIPPED": "0"},
    )
    partial = cache_dir / "optimal-6x5-no-repeats.partial.npz"
    try:
        wait_until(lambda: partial.exists() or child.poll() is not None, seconds=240, step=0.05)
        assert partial.exists(), "no checkpoint was written"
    finally:
        child.send_signal(signal.SIGKILL)  # no handler runs: only a checkpoint survives
        child.wait()
    real_read = files.read_bounded
    smaller = partial.stat().st_size - 1

    def bounded(path: Path, limit: int = smaller) -> bytes:
        return real_read(path, limit)

    monkeypatch.setattr(files, "read_bounded", bounded)
    restored: list[int] = []
    real = OptimalSearch.restore

    def spy(self: OptimalSearch, proved: dict[str, np.ndarray]) -> None:
        restored.append(len(proved["vals"]))
        real(self, proved)

    monkeypatch.setattr(OptimalSearch, "restore", spy)
    resumed = solution(*SIZE)
    assert restored and restored[0] > 0  # resumed from what the killed one proved
    assert not list(cache_dir.glob("*.bad*"))  # not taken for damage
    solution.cache_clear()
    for path in cache_dir.iterdir():
        path.unlink()
    assert total(resumed) == total(solution(*SIZE))
