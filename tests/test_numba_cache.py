"""numba's compiled cache of the search kernel, vouched for before use
(engine/backends/numba_cache.py): each data file changed since its check is named and moved
aside, each index changed since is checked again without a claim of damage, a file that
crashes the check natively costs a retry and is named, never the run, and NUMBA_CACHE_DIR
under a file claims nothing. Also: every name of numba's the compile layer leans on is
there (docs/architecture.md, "The compile layer"), each asserted by name.

The kernel is compiled once for this file into a folder of its own (10-40 s)."""

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

ROOT = Path(__file__).resolve().parent.parent


def _env(numba: Path, trees: Path) -> dict[str, str]:
    return {
        **os.environ,
        "NUMBA_CACHE_DIR": str(numba),
        "MASTERMIND_CACHE_DIR": str(trees),
        "MASTERMIND_AOT": "0",  # numba's JIT: what the cache serves
        "MASTERMIND_SHIPPED": "0",  # searched, not read from a shipped tree
    }


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A NUMBA_CACHE_DIR holding the kernel compiled and checked, with its record."""
    numba = tmp_path_factory.mktemp("numba")
    done = subprocess.run(
        [sys.executable, "-m", "engine.backends.numba_cache"],
        env=_env(numba, numba / "trees"),
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return numba


def _copy(checked: Path, to: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
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
    data["kernel"] = numba_cache.stamp()
    place = numba_cache.record()
    assert place is not None
    place.write_text(json.dumps(data))
    assert numba_cache.sound()
    monkeypatch.setattr(numba_cache, "_sound", set())  # as the next process
    return [Path(path) for path, _, _ in data["files"]]


def _flip(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x20
    path.write_bytes(bytes(data))


def test_each_data_file_changed_since_its_check_is_named_and_moved_aside(
    checked: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copies = 0
    data_files = [p.name for p in _copy(checked, tmp_path / "probe", monkeypatch)]
    for name in [n for n in data_files if n.endswith(".nbc")]:
        copies += 1
        listed = _copy(checked, tmp_path / str(copies), monkeypatch)
        (path,) = [p for p in listed if p.name == name]
        _flip(path)
        assert not numba_cache.sound()
        assert numba_cache.said == [
            f"numba's compiled cache file {path} is damaged (its bytes differ from those "
            "numba wrote); moved aside as ….bad; compiling again"
        ]
        assert path.with_name(path.name + ".bad").exists() and not path.exists()
        index = path.name.split(".py", 1)[0]
        assert not [p for p in path.parent.glob(f"{index}.py*.nbi")]  # its index with it
    assert copies >= 10  # every function of the kernel has a data file


def test_each_index_changed_since_its_check_is_checked_again_without_a_claim(
    checked: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """numba rewrites an index when it adds a function's version: not damage by itself."""
    names = [p.name for p in _copy(checked, tmp_path / "probe", monkeypatch)]
    for number, name in enumerate(n for n in names if n.endswith(".nbi")):
        listed = _copy(checked, tmp_path / str(number), monkeypatch)
        (path,) = [p for p in listed if p.name == name]
        _flip(path)
        assert not numba_cache.sound() and numba_cache.said == []
        assert path.exists()


def test_a_cache_file_that_crashes_the_check_costs_a_retry_not_the_run(
    checked: Path, tmp_path: Path
) -> None:
    """A data file whose reading ends the process natively (SIGABRT here, as damaged
    object code can end it with SIGSEGV), no record to vouch for the cache: the check in
    another process dies on it, the run names the file in one line, moves it aside, checks
    again (compiling that function) and answers right."""
    numba = tmp_path / "numba"
    shutil.copytree(checked, numba)
    for record in numba.rglob("kernel-*.compiled"):
        record.unlink()
    (crashing,) = numba.rglob("numba_search.hash_codes-*.py*.1.nbc")

    class Abort:
        def __reduce__(self) -> tuple[object, tuple[()]]:
            return os.abort, ()

    crashing.write_bytes(pickle.dumps(Abort()))
    command = [sys.executable, "-m", "mastermind_tui", "stats", "--strategy", "optimal"]
    command += ["--all", "--json", "--colours", "3", "--positions", "3"]
    done = subprocess.run(
        command, env=_env(numba, tmp_path / "trees"), capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["total_guesses"] == 73
    assert done.stderr == (
        f"mastermind: numba's compiled cache file {crashing} is damaged (reading it back "
        "ended the process with SIGABRT); moved aside as ….bad; compiling again\n"
    )
    assert crashing.with_name(crashing.name + ".bad").exists()
    assert list(numba.rglob("kernel-*.compiled"))  # vouched for now: the next run reads it


def test_a_pipe_in_place_of_an_index_is_named_and_moved_aside(
    checked: Path, tmp_path: Path
) -> None:
    """numba would block reading it: the check refuses it, the run names it and answers."""
    numba = tmp_path / "numba"
    shutil.copytree(checked, numba)
    for record in numba.rglob("kernel-*.compiled"):
        record.unlink()
    (index,) = numba.rglob("numba_search.hash_codes-*.py*.nbi")
    index.unlink()
    os.mkfifo(index)
    command = [sys.executable, "-m", "mastermind_tui", "stats", "--strategy", "optimal"]
    command += ["--all", "--json", "--colours", "3", "--positions", "3"]
    done = subprocess.run(
        command, env=_env(numba, tmp_path / "trees"), capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["total_guesses"] == 73
    assert done.stderr.count("\n") == 1 and f"file {index} is damaged (" in done.stderr
    assert "named pipe" in done.stderr and index.with_name(index.name + ".bad").exists()


def test_numba_cache_dir_under_a_file_claims_nothing(tmp_path: Path) -> None:
    """numba caches elsewhere (its own choice); no record can be kept there: the run
    answers, twice, without a word of damage or of moving anything aside."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder\n")
    command = [sys.executable, "-m", "mastermind_tui", "stats", "--strategy", "optimal"]
    command += ["--all", "--json", "--colours", "3", "--positions", "3"]
    env = _env(blocker / "numba", tmp_path / "trees")
    for _ in range(2):
        done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=ROOT)
        assert done.returncode == 0, done.stderr[-2000:]
        assert json.loads(done.stdout)["total_guesses"] == 73 and done.stderr == ""


def test_every_name_of_numbas_the_compile_layer_leans_on_is_there() -> None:
    """Each name replaced or read that is not numba's documented interface: a numba that
    renames one fails here, by name, rather than crashing a build or a check."""
    from numba.core import caching, compiler
    from numba.pycc import cc
    from numba.pycc import compiler as pycc_compiler

    from engine.backends import numba_search

    assert vars(pycc_compiler).get("Flags") is compiler.Flags, (
        "numba.pycc.compiler.Flags (replaced while pycc compiles, for nogil)"
    )
    flags = compiler.Flags()
    assert hasattr(flags, "inherit_if_not_set"), "numba.core.compiler.Flags.inherit_if_not_set"
    assert "release_gil" in compiler.Flags.options, "numba.core.compiler.Flags release_gil"
    for name in ("output_dir", "target_cpu", "verbose", "export", "compile"):
        assert hasattr(cc.CC, name), f"numba.pycc.cc.CC.{name}"
    dispatcher = numba_search.search
    for name in ("py_func", "compile"):
        assert hasattr(dispatcher, name), f"numba's Dispatcher.{name}"
    assert "_cache" in vars(dispatcher), "numba's Dispatcher._cache"
    cache = vars(dispatcher)["_cache"]
    assert isinstance(cache, caching.Cache), "numba's Dispatcher._cache: a caching.Cache"
    assert isinstance(cache.cache_path, str), "numba.core.caching.Cache.cache_path"
    index = cache._cache_file
    assert isinstance(index._index_path, str), "numba's IndexDataCacheFile._index_path"
    assert callable(index._load_index), "numba's IndexDataCacheFile._load_index"
    keys = list(index._load_index())
    assert all(isinstance(key[0], tuple) for key in keys), "numba's index keys: (types, …)"


def test_the_checks_exercise_answers_as_the_kernels_source() -> None:
    """What the check runs: every call the driver makes, compiled and interpreted alike
    (3x3's optimum, 73, among them)."""
    from engine.backends import numba_exercise
    from engine.backends.numba_kernels import SEARCH, differs

    compiled = SEARCH.exercise(SEARCH.load(), lambda name: None)
    source = SEARCH.exercise(SEARCH.interpreted(), lambda name: None)
    assert differs(compiled, source) is None
    assert compiled[2] == ("search", 73) and len(compiled) == len(numba_exercise.FROM)
