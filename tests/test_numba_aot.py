"""The exact search's kernel built ahead of time (engine/backends/numba_aot.py):
the same tree as numba's JIT kernel, no numba imported to run it, the
interpreter let go while it searches, other argument types handed to the JIT kernel, and
a damaged module moved aside for the JIT. Built once for this file into a folder of its
own (15-40 s: numba's pycc and a C compiler); skipped where it cannot be built."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from waiting import wait_until

from engine.backends import numba_aot, numba_aot_build, numba_aot_record, numba_cpu
from engine.codes import CodeSpace
from engine.optimal.search import OptimalSearch, SearchStopped
from engine.optimal.tree import build_tree, tree_to_json

#: What pycc needs to build: C and C++ compilers (numba's runtime is C++) and setuptools.
BUILDS = (
    any(shutil.which(name) for name in ("cc", "gcc", "clang"))
    and any(shutil.which(name) for name in ("c++", "g++", "clang++"))
    and importlib.util.find_spec("setuptools") is not None
)
pytestmark = pytest.mark.skipif(not BUILDS, reason="no C or C++ compiler, or no setuptools")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the module and its record, built here."""
    folder = tmp_path_factory.mktemp("aot")
    assert numba_aot_build.build(folder) is not None
    return folder


@pytest.fixture
def ahead(built: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[numba_aot.Kernel]:
    """Searches made on the numba backend use the module built ahead of time."""
    kernel = numba_aot._loaded.__wrapped__(built)
    assert kernel is not None
    monkeypatch.setattr(numba_cpu, "search", lambda: kernel)
    yield kernel


@pytest.mark.slow
def test_the_module_grows_the_jits_tree(
    ahead: numba_aot.Kernel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Koyama and Lai's 5625 on 6x4, and the very tree of the JIT kernel: each
    decision's guess, ties and runner-up."""
    search = OptimalSearch(CodeSpace(6, 4))
    assert search.kernel is ahead
    tree = build_tree(search)
    assert tree.total == 5625
    from engine.backends import numba_search

    monkeypatch.setattr(numba_cpu, "search", lambda: numba_search)
    jit = OptimalSearch(CodeSpace(6, 4))
    assert jit.kernel is numba_search
    assert tree_to_json(tree) == tree_to_json(build_tree(jit))


@pytest.mark.slow
def test_a_run_on_the_module_imports_no_numba(built: Path, tmp_path: Path) -> None:
    """What the module is for: `stats --strategy optimal --all`, the command
    benchmarks/bench_anchor.py times, imports no module of numba's (0.13 s)."""
    place = tmp_path / "numba"
    shutil.copytree(built, place / "mastermind-aot")
    command = [sys.executable, "-X", "importtime", "-m", "mastermind_tui", "stats"]
    command += ["--strategy", "optimal", "--all", "--json", "--colours", "4"]
    env = {**os.environ, "NUMBA_CACHE_DIR": str(place), "MASTERMIND_CACHE_DIR": str(tmp_path)}
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["total_guesses"] == 905  # as tests/test_tree_command.py
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()]
    assert "engine.backends.numba_aot" in imported
    assert not [name for name in imported if name.split(".")[0] in ("numba", "llvmlite")]


@pytest.mark.slow
def test_the_module_lets_go_of_the_interpreter(ahead: numba_aot.Kernel) -> None:
    """A long search (7x4 from nothing) runs in a thread while this one watches its
    counters and stops it: it could not if the module kept the interpreter."""
    search = OptimalSearch(CodeSpace(7, 4))
    ended: list[BaseException | int] = []

    def work() -> None:
        try:
            ended.append(search.value(search.everything))
        except SearchStopped as stop:
            ended.append(stop)

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    assert wait_until(lambda: search.nodes > 0 or not thread.is_alive(), 120)
    search.halt()
    thread.join(120)
    assert len(ended) == 1 and isinstance(ended[0], SearchStopped)


@pytest.mark.slow
def test_other_argument_types_go_to_the_jit_kernel(ahead: numba_aot.Kernel) -> None:
    """int32 arrays are not the module's types: the JIT kernel answers, alike."""
    search = OptimalSearch(CodeSpace(4, 3))
    colours, positions = search.images[:2]
    rows = np.empty(0, dtype=np.int64)
    wide = [a.astype(np.int32) for a in (colours, positions)]
    assert list(ahead.fixing(*wide, rows, 5)) == list(ahead.fixing(colours, positions, rows, 5))


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["flip", "truncate", "record"])
def test_a_damaged_module_is_moved_aside_for_the_jit(
    built: Path, tmp_path: Path, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A module changed since its build (a flipped byte, cut short) or a record of
    another build: not loaded, both moved aside as ….bad, said in one line."""
    place = tmp_path / "aot"
    shutil.copytree(built, place)
    found = numba_aot.paths(place)
    assert found is not None
    module, record = found
    data = bytearray(module.read_bytes())
    if damage == "flip":
        data[len(data) // 2] ^= 0x40
        module.write_bytes(bytes(data))
    elif damage == "truncate":
        module.write_bytes(bytes(data[:4096]))
    else:
        record.write_text(record.read_text().replace(str(numba_aot.key()), "0" * 16))
    numba_aot._told.clear()
    assert numba_aot._loaded.__wrapped__(place) is None
    assert sorted(p.name for p in place.iterdir()) == sorted(
        [module.name + ".bad", record.name + ".bad"]
    )
    line = capsys.readouterr().err.strip()
    named = record if damage == "record" else module
    assert line.startswith(f"mastermind: the compiled search module's file {named} is damaged")
    assert "\n" not in line
    assert numba_aot.wanted(place)  # built again by the next background compile


@pytest.mark.parametrize("name", numba_aot_record.CONSTANTS)
def test_a_changed_constant_in_the_record_changes_no_answer(
    built: Path, tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each constant the driver reads, changed by one in the record: the module is not
    used (its record named in one line, both moved aside) and the search answers right."""
    place = tmp_path / "aot"
    shutil.copytree(built, place)
    found = numba_aot.paths(place)
    assert found is not None
    module, record = found
    data = json.loads(record.read_text())
    data["constants"][name] += 1
    record.write_text(json.dumps(data))
    numba_aot._told.clear()
    assert numba_aot._loaded.__wrapped__(place) is None
    line = capsys.readouterr().err.strip()
    assert line.startswith(f"mastermind: the compiled search module's file {record} is damaged")
    assert "its constants differ from the kernel's" in line and "\n" not in line
    assert not module.exists() and not record.exists()
    search = OptimalSearch(CodeSpace(3, 3))
    assert build_tree(search).total == 73


@pytest.mark.parametrize("nested", ["[" * 100_000, '{"key": ' * 100_000])
def test_a_deeply_nested_record_is_one_line(
    built: Path, tmp_path: Path, nested: str, capsys: pytest.CaptureFixture[str]
) -> None:
    place = tmp_path / "aot"
    shutil.copytree(built, place)
    found = numba_aot.paths(place)
    assert found is not None
    found[1].write_text(nested)
    numba_aot._told.clear()
    assert numba_aot._loaded.__wrapped__(place) is None
    line = capsys.readouterr().err.strip()
    assert f"{found[1]} is damaged (it is JSON nested too deeply" in line and "\n" not in line


def test_the_records_constants_are_read_from_the_kernels_source() -> None:
    """The constants a record is checked against are the kernel's own, read from its
    source without importing it (which would import numba)."""
    from engine.backends import numba_search

    expected = {name: getattr(numba_search, name) for name in numba_aot_record.CONSTANTS}
    assert numba_aot_record.source_constants() == expected


@pytest.mark.parametrize("wanted", [True, False])
def test_the_app_starts_the_build_where_the_jit_is_ready_and_no_module_is(
    wanted: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The background compile, started where numba's JIT cache is ready, for the build
    ahead of time alone: only where a module is wanted (not built, no build failed)."""
    from engine.optimal import warmup

    started: list[list[str]] = []

    class Started:
        def __init__(self, argv: list[str], **_: object) -> None:
            started.append(argv)

        def poll(self) -> int:
            return 0

    monkeypatch.setenv("MASTERMIND_WARMUP", "1")
    monkeypatch.setattr(warmup, "ready", lambda: True)
    monkeypatch.setattr(warmup, "_process", None)
    monkeypatch.setattr(numba_aot, "wanted", lambda: wanted)
    monkeypatch.setattr(subprocess, "Popen", Started)
    warmup.start()
    assert [argv[1:3] for argv in started] == ([["-m", "engine.optimal.warmup"]] if wanted else [])


def test_a_failed_build_is_recorded_and_not_wanted_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No C compiler (stood in for): the build says why, leaves a record of its failure
    and no lock, and no background compile tries it again."""

    def no_compiler(into: Path) -> Path:
        raise RuntimeError("no C compiler")

    monkeypatch.setattr(numba_aot_build, "_compile", no_compiler)
    assert numba_aot.wanted(tmp_path)
    with pytest.raises(RuntimeError, match="no C compiler"):
        numba_aot_build.build(tmp_path)
    found = numba_aot.paths(tmp_path)
    assert found is not None and "no C compiler" in numba_aot.failure(found[0]).read_text()
    assert not numba_aot.wanted(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [numba_aot.failure(found[0]).name]
    # Its cause may have passed: a day later, or after an install since, it is tried again.
    failed = numba_aot.failure(found[0])
    day_ago = time.time() - numba_aot.RETRY_SECONDS - 60
    os.utime(failed, (day_ago, day_ago))
    assert numba_aot.wanted(tmp_path)
    before_install = numba_aot_record.KERNEL.stat().st_mtime - 60
    os.utime(failed, (before_install, before_install))
    assert numba_aot.wanted(tmp_path)


@pytest.fixture
def installed(built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The module as ``pip install`` leaves it (setup.py): under its own name in a
    folder of the package, numba's cache empty."""
    found = numba_aot.paths(built)
    assert found is not None
    place = tmp_path / "package"
    place.mkdir()
    module = place / f"{numba_aot.MODULE}{importlib.machinery.EXTENSION_SUFFIXES[0]}"
    record = place / f"{numba_aot.MODULE}.json"
    shutil.copyfile(found[0], module)
    shutil.copyfile(found[1], record)
    monkeypatch.setattr(numba_aot, "installed", lambda: (module, record))
    (tmp_path / "numba").mkdir()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    return module, record


@pytest.mark.slow
def test_the_installed_module_answers_where_numbas_cache_is_empty(
    installed: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh install: no JIT cache, no background compile wanted or waited for; the
    search runs on the module; ``MASTERMIND_AOT=0`` leaves it unused."""
    from engine.optimal import warmup

    kernel = numba_aot._loaded.__wrapped__(None)
    assert kernel is not None and kernel.module.__file__ == str(installed[0])
    assert not numba_aot.wanted()
    monkeypatch.setattr(numba_aot, "_loaded", lambda place: kernel)
    monkeypatch.setenv("MASTERMIND_WARMUP", "1")
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(installed[0].parent.parent / "trees"))

    def never(build: bool = True) -> None:
        raise AssertionError("nothing to compile: the module is installed")

    monkeypatch.setattr(warmup, "start", never)
    assert warmup.ready() and warmup.status() == "" and warmup.seconds_left() == 0
    assert warmup.kernel_for(CodeSpace(6, 4)) == "numba"
    assert numba_cpu.search() is kernel
    monkeypatch.setenv("MASTERMIND_AOT", "0")
    assert numba_aot.load() is None and not numba_aot.wanted()


@pytest.mark.slow
def test_an_installed_module_built_for_another_run_is_passed_over(
    installed: tuple[Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """numpy upgraded, or a wheel built elsewhere: its record names another key. Not
    damage: left as it is, said in one line once per install (with why), always in
    ``state`` (what ``doctor`` shows); the JIT answers meanwhile."""
    module, record = installed
    data = json.loads(record.read_text())
    data["key"] = "0" * 16
    data["made_for"]["numpy"] = "2.3.5"
    record.write_text(json.dumps(data))
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(tmp_path / "trees"))
    # While an app draws (Textual holds sys.stderr, as pytest does here): nothing said,
    # nothing remembered as said, the state there for the app to show.
    monkeypatch.setattr(numba_aot, "_loaded", cache(numba_aot._loaded.__wrapped__))
    assert numba_aot.load() is None and capsys.readouterr().err == ""
    assert numba_aot.state().status is numba_aot_record.Status.PASSED_OVER
    assert not (tmp_path / "trees").exists()
    monkeypatch.setattr(sys, "__stderr__", sys.stderr)  # as a terminal's (no app drawing)
    for run in range(2):
        monkeypatch.setattr(numba_aot, "_loaded", cache(numba_aot._loaded.__wrapped__))
        assert numba_aot.load() is None
        said = capsys.readouterr().err
        state = numba_aot.state()
        assert state.status is numba_aot_record.Status.PASSED_OVER and state.path == module
        assert f"numpy 2.3.5 (this run has {np.__version__})" in state.why
        if run == 0:
            assert said.count("\n") == 1 and f"{module} is passed over (built for numpy" in said
        else:
            assert said == ""  # once per install
    assert module.exists() and record.exists()
    assert numba_aot.wanted()  # the background compile builds one for this run


@pytest.mark.slow
def test_a_damaged_installed_module_is_said_and_passed_over(
    installed: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    module, record = installed
    data = bytearray(module.read_bytes())
    data[len(data) // 3] ^= 0x08
    module.write_bytes(bytes(data))
    numba_aot._told.clear()
    assert numba_aot._loaded.__wrapped__(None) is None
    line = capsys.readouterr().err.strip()
    assert "is damaged (its digest differs" in line and "moved aside as ….bad" in line
    assert sorted(p.name for p in module.parent.iterdir()) == [
        module.name + ".bad",
        record.name + ".bad",
    ]


def test_the_install_goes_on_where_the_module_cannot_be_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """setup.py's build without a C compiler (stood in for): one line, no module, no
    record, and the install itself does not fail."""

    def no_compiler(into: Path) -> Path:
        raise RuntimeError("no C compiler")

    monkeypatch.setattr(numba_aot_build, "_compile", no_compiler)
    module = tmp_path / "engine" / "backends" / "mastermind_search_aot.so"
    assert numba_aot_build.install(module) is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not built (no C compiler); numba's JIT serves" in err
    assert list(module.parent.iterdir()) == []
