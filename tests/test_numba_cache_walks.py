"""numba's compiled caches of the partition kernel (``numba_partitions``) and of the
level-by-level walk's kernels (``numba_walk``, ``numba_split``) are vouched for before use
as the search kernel's is (tests/test_numba_cache.py; engine/backends/numba_cache.py): each
data file changed since its check is named in one line and moved aside, each index changed
since is checked again, a file that crashes the check costs a retry, and the run answers
right.

Each kernel is compiled once for this file into a folder of its own (5-40 s)."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.backends import numba_cache
from engine.backends.numba_kernels import PARTITIONS, WALK, Kernel

ROOT = Path(__file__).resolve().parent.parent

#: A run of each kernel, and what it prints: the partition strategies' trees past the
#: answer table (set aside below 10 codes), and the big spaces' walk at small sizes.
RUNS = {
    "partitions": (
        "from engine import CodeSpace, make_strategy\n"
        "from engine.strategies.partition_pool import Limits\n"
        "from engine.trees.strategy_tree import walk\n"
        "space = CodeSpace(4, 3)\n"
        "for name in ('knuth', 'most-parts'):\n"
        "    strategy = type(make_strategy(name))(Limits(table=10))\n"
        "    print(name, int(walk(space, strategy.compiled(space)).depths.sum()))\n",
        "knuth 216\nmost-parts 208\n",
    ),
    "walk": (
        "from engine import CodeSpace\n"
        "from engine.walks.big import big_walk_depths\n"
        "for size, name in (((4, 3), 'knuth'), ((3, 3), 'most-parts')):\n"
        "    print(name, int(big_walk_depths(CodeSpace(*size), name).sum()))\n",
        "knuth 216\nmost-parts 73\n",
    ),
}


def _env(numba: Path, trees: Path) -> dict[str, str]:
    return {**os.environ, "NUMBA_CACHE_DIR": str(numba), "MASTERMIND_CACHE_DIR": str(trees)}


@pytest.fixture(scope="module", params=[PARTITIONS, WALK], ids=lambda kernel: kernel.name)
def checked(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Kernel, Path]:
    """A NUMBA_CACHE_DIR holding the kernel compiled and checked, with its record."""
    kernel: Kernel = request.param
    numba = tmp_path_factory.mktemp(kernel.name)
    done = subprocess.run(
        [sys.executable, "-m", "engine.backends.numba_cache", kernel.name],
        env=_env(numba, numba / "trees"),
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return kernel, numba


def _copy(kernel: Kernel, checked: Path, to: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The checked cache copied to ``to`` (its record's paths and stamp made its own), and
    this process pointed at it; the kernel's files, as the record lists them."""
    shutil.copytree(checked, to)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(to))
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(to / "trees"))
    monkeypatch.setattr(numba_cache, "_sound", set())
    monkeypatch.setattr(numba_cache, "said", [])
    (old,) = (to / "mastermind-aot").glob("kernel-*.compiled")
    data = json.loads(old.read_text().replace(str(checked), str(to)))
    old.unlink()
    data["kernel"] = numba_cache.stamp(kernel)
    place = numba_cache.record(kernel)
    assert place is not None
    place.write_text(json.dumps(data))
    assert numba_cache.sound(kernel)
    monkeypatch.setattr(numba_cache, "_sound", set())  # as the next process
    return [Path(path) for path, _, _ in data["files"]]


def _flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x20
    path.write_bytes(bytes(data))


def _run(kernel: Kernel, numba: Path, trees: Path) -> subprocess.CompletedProcess[str]:
    code, _ = RUNS[kernel.name]
    return subprocess.run(
        [sys.executable, "-c", code],
        env=_env(numba, trees),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )


def test_every_file_of_each_source_is_listed(checked: tuple[Kernel, Path]) -> None:
    kernel, numba = checked
    (record,) = (numba / "mastermind-aot").glob("kernel-*.compiled")
    listed = [Path(path).name for path, _, _ in json.loads(record.read_text())["files"]]
    for stem in kernel.stems:
        assert any(name.startswith(f"{stem}.") and name.endswith(".nbc") for name in listed)
        assert any(name.startswith(f"{stem}.") and name.endswith(".nbi") for name in listed)


def test_each_data_file_changed_since_its_check_is_named_and_moved_aside(
    checked: tuple[Kernel, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kernel, numba = checked
    names = [p.name for p in _copy(kernel, numba, tmp_path / "probe", monkeypatch)]
    data_files = [name for name in names if name.endswith(".nbc")]
    for number, name in enumerate(data_files):
        listed = _copy(kernel, numba, tmp_path / str(number), monkeypatch)
        (path,) = [p for p in listed if p.name == name]
        _flip(path)
        assert not numba_cache.sound(kernel)
        assert numba_cache.said == [
            f"numba's compiled cache file {path} is damaged (its bytes differ from those "
            "numba wrote); moved aside as ….bad; compiling again"
        ]
        assert path.with_name(path.name + ".bad").exists() and not path.exists()
        function = path.name.split(".py", 1)[0]
        assert not list(path.parent.glob(f"{function}.py*.nbi"))  # its index with it
    assert len(data_files) >= (4 if kernel is PARTITIONS else 8)  # every function's


def test_each_index_changed_since_its_check_is_checked_again_without_a_claim(
    checked: tuple[Kernel, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """numba rewrites an index when it adds a function's version: not damage by itself."""
    kernel, numba = checked
    names = [p.name for p in _copy(kernel, numba, tmp_path / "probe", monkeypatch)]
    for number, name in enumerate(n for n in names if n.endswith(".nbi")):
        listed = _copy(kernel, numba, tmp_path / str(number), monkeypatch)
        (path,) = [p for p in listed if p.name == name]
        _flip(path)
        assert not numba_cache.sound(kernel) and numba_cache.said == []
        assert path.exists()


def test_a_run_with_a_changed_data_file_names_it_and_answers_right(
    checked: tuple[Kernel, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernel's entry changed since its check: one line, the file moved aside, the
    kernel checked again in another process (compiling that function), the answer right;
    the next run reads the cache vouched for again, without a word."""
    kernel, numba = checked
    listed = _copy(kernel, numba, tmp_path / "numba", monkeypatch)
    entry = "largest_classes" if kernel is PARTITIONS else "choose_level"
    (path,) = [p for p in listed if f".{entry}-" in p.name and p.suffix == ".nbc"][:1]
    _flip(path)
    done = _run(kernel, tmp_path / "numba", tmp_path / "numba" / "trees")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == RUNS[kernel.name][1]
    assert done.stderr == (
        f"mastermind: numba's compiled cache file {path} is damaged (its bytes differ from "
        "those numba wrote); moved aside as ….bad; compiling again\n"
    )
    again = _run(kernel, tmp_path / "numba", tmp_path / "numba" / "trees")
    assert again.stdout == RUNS[kernel.name][1] and again.stderr == ""


def test_a_run_with_a_changed_index_answers_right(
    checked: tuple[Kernel, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checked again in another process: numba reads the index as its own or not at all
    (then it is named in one line and moved aside); the answer is right either way."""
    kernel, numba = checked
    listed = _copy(kernel, numba, tmp_path / "numba", monkeypatch)
    for index in [p for p in listed if p.suffix == ".nbi"]:
        _flip(index)
    done = _run(kernel, tmp_path / "numba", tmp_path / "numba" / "trees")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == RUNS[kernel.name][1]
    for line in done.stderr.splitlines():
        assert line.startswith("mastermind: numba's compiled cache file ") and ".nbi is " in line


def test_a_cache_file_that_crashes_the_check_costs_a_retry_not_the_run(
    checked: tuple[Kernel, Path], tmp_path: Path
) -> None:
    """A data file whose reading ends the process natively (SIGABRT here, as damaged
    object code can end it with SIGSEGV), no record to vouch for the cache: the check in
    another process dies on it, the run names the file in one line, moves it aside, checks
    again (compiling that function) and answers right."""
    kernel, checked_numba = checked
    numba = tmp_path / "numba"
    shutil.copytree(checked_numba, numba)
    for record in numba.rglob("kernel-*.compiled"):
        record.unlink()
    (crashing,) = sorted(numba.rglob(f"{kernel.stems[-1]}.*.py*.1.nbc"))[:1]

    class Abort:
        def __reduce__(self) -> tuple[object, tuple[()]]:
            return os.abort, ()

    crashing.write_bytes(pickle.dumps(Abort()))
    done = _run(kernel, numba, tmp_path / "trees")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == RUNS[kernel.name][1]
    assert done.stderr == (
        f"mastermind: numba's compiled cache file {crashing} is damaged (reading it back "
        "ended the process with SIGABRT); moved aside as ….bad; compiling again\n"
    )
    assert crashing.with_name(crashing.name + ".bad").exists()
    assert len(list(numba.rglob("kernel-*.compiled"))) == 1  # vouched for now


@pytest.mark.parametrize("kernel", [PARTITIONS, WALK], ids=lambda kernel: kernel.name)
def test_the_checks_exercise_answers_as_the_kernels_sources(kernel: Kernel) -> None:
    """What the check runs: every call the program makes, compiled and read by Python
    alike."""
    from engine.backends.numba_kernels import differs

    compiled = kernel.exercise(kernel.load(), lambda name: None)
    source = kernel.exercise(kernel.interpreted(), lambda name: None)
    assert differs(compiled, source) is None
    assert {name for name, _ in compiled} == (
        {"histograms", "largest_classes"}
        if kernel is PARTITIONS
        else {"choose_level", "split_level"}
    )
