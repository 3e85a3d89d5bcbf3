"""The first use of the exact optimum waits on no compiler. The shipped trees
are the search's own (small sizes here; benchmarks/bench_first_use.py times them all),
the interpreted kernel answers as the compiled one, and a key typed before the first
frame is kept."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from waiting import wait_until

from engine.backends import SearchKernel, search_kernel
from engine.codes import CodeSpace
from engine.optimal.criterion import Criterion
from engine.optimal.search import OptimalSearch
from engine.optimal.shipped import openings, tree
from engine.optimal.tree import build_tree, decision, least_cap, rate, tree_to_json


@pytest.mark.parametrize(
    ("colours", "positions", "repeats"), [(3, 3, True), (4, 3, False), (2, 4, True)]
)
@pytest.mark.parametrize(
    ("only_possible", "worst_first"), [(False, False), (True, False), (False, True)]
)
def test_a_shipped_tree_is_the_one_the_search_finds(
    colours: int, positions: int, repeats: bool, only_possible: bool, worst_first: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    space = CodeSpace(colours, positions, repeats)
    name = Criterion(only_possible, None, worst_first).file(space)
    search = OptimalSearch(space, only_possible=only_possible)
    if worst_first:
        least_cap(search)
    assert tree(name) == tree_to_json(build_tree(search))
    n = len(search.everything)
    for guess, total in openings(name).items():
        assert round(rate(search, search.everything, (), int(guess)).expected * n) == total


def test_the_interpreted_kernel_answers_as_the_compiled_one() -> None:
    assert isinstance(search_kernel("interpreted"), SearchKernel)
    space = CodeSpace(4, 3, True)
    compiled = OptimalSearch(space)
    interpreted = OptimalSearch(space, backend="interpreted")
    assert interpreted.kernel is not compiled.kernel
    first = int(compiled.everything[0])
    split = compiled.answers[first, compiled.everything]
    for answer in np.unique(split):
        codes = compiled.everything[split == answer]
        if len(codes) > 1:
            assert decision(interpreted, codes, (first,)) == decision(compiled, codes, (first,))


def test_f6_typed_before_the_first_frame_opens_statistics(tmp_path: Path) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from test_hostile_quit import Terminal

    env = {**os.environ, "MASTERMIND_CACHE_DIR": str(tmp_path), "TERM": "xterm-256color"}
    terminal = Terminal([sys.executable, "-m", "mastermind_tui"], env)
    time.sleep(0.1)
    os.write(terminal.master, b"\x1b[17~")  # F6
    try:
        terminal.wait_for(b"Games", 60)  # a field of the Statistics screen, not of home
    finally:
        terminal.process.kill()
        terminal.ended()


def test_a_small_size_searches_interpreted_while_the_kernel_compiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No compile is started here: the background process is stood in for."""
    from engine.optimal import warmup
    from engine.optimal.solutions import Solution

    monkeypatch.setenv("MASTERMIND_WARMUP", "1")
    compiled = {"done": False}
    monkeypatch.setattr(warmup, "start", lambda build=True: None)
    monkeypatch.setattr(warmup, "compiling", lambda: False)
    monkeypatch.setattr(warmup, "ready", lambda: compiled["done"])
    small, big = CodeSpace(4, 4), CodeSpace(6, 4)
    assert warmup.kernel_for(small) == warmup.INTERIM == "interpreted"
    assert warmup.kernel_for(CodeSpace(5, 4)) == warmup.INTERIM  # 625 codes, timed: fits
    assert warmup.kernel_for(big) == "numba"  # waited for (here: nothing to wait on)
    assert "compile" in warmup.status() and warmup.seconds_left() > 0
    found = Solution(small, build_tree(OptimalSearch(small)))
    assert found.search.backend == "interpreted"
    compiled["done"] = True  # the compile ended: the next position off the tree is faster
    assert found.search.backend == "numba" and warmup.status() == ""


def test_a_damaged_tree_on_disk_is_replaced_by_the_shipped_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Said once, as a tree searched again is; the cache then holds the shipped tree."""
    from engine.optimal.solutions import solution

    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(tmp_path))
    (tmp_path / "optimal-4x3.json").write_text("not json")
    solution.cache_clear()
    try:
        found = solution(4, 3)
        assert "damaged" in found.notice and "the shipped tree stored" in found.notice
        assert found.searched is None  # nothing searched
        solution.cache_clear()
        again = solution(4, 3)
        assert again.notice == ""
        assert tree_to_json(again.tree) == tree("optimal-4x3.json")
    finally:
        solution.cache_clear()


def test_stats_fresh_searches_from_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`stats --fresh` reads neither the cache (a damaged tree there goes unsaid and
    untouched) nor the shipped trees, and writes nothing: the search's own figures."""
    import json

    from engine.optimal import shipped
    from engine.optimal.solutions import solution
    from mastermind_tui.modes.main import main

    def unread(name: str) -> None:
        raise AssertionError(f"the shipped {name} was read")

    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(shipped, "_read", unread)
    (tmp_path / "optimal-4x3.json").write_text("not json")
    size = ["--strategy", "optimal", "--colours", "4", "--positions", "3", "--json"]
    solution.cache_clear()
    try:
        assert main(["stats", "--fresh", *size]) == 0
    finally:
        solution.cache_clear()
    out, err = capsys.readouterr()
    assert json.loads(out)["total_guesses"] == 206 and err == ""
    assert [path.name for path in tmp_path.iterdir()] == ["optimal-4x3.json"]
    assert (tmp_path / "optimal-4x3.json").read_text() == "not json"


def test_the_background_compile_ends_with_its_parent(tmp_path: Path) -> None:
    """The app's compiling process ends once the app is gone (here its parent exits at
    once), long before a compile from an empty numba cache could finish: no marker."""
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": str(tmp_path / "numba"),
        "MASTERMIND_CACHE_DIR": str(tmp_path / "trees"),
        "MASTERMIND_WARMUP": "1",
        "MASTERMIND_AOT": "0",  # the JIT compiled (with a module it ends in a second)
    }
    parent = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, subprocess, sys, time; print(subprocess.Popen([sys.executable, '-m', "
            "'engine.optimal.warmup', str(os.getpid())], start_new_session=True).pid); "
            "time.sleep(2)",  # the child is compiling when its parent goes
        ],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    child = int(parent.stdout)

    def gone() -> bool:
        try:
            state = Path(f"/proc/{child}/stat").read_text().split()[2]
        except OSError:
            return True
        return state == "Z"

    assert wait_until(gone, 60), "the compiling process outlived its parent"
    assert not list(tmp_path.rglob("kernel-*.compiled"))  # it never finished

    def checks() -> list[str]:
        """This test's checks of numba's cache (``numba_cache``) still running."""
        found = []
        for proc in Path("/proc").iterdir():
            try:
                command = (proc / "cmdline").read_bytes()
                environ = (proc / "environ").read_bytes()
            except OSError:
                continue
            if b"engine.backends.numba_cache" in command and str(tmp_path).encode() in environ:
                found.append(proc.name)
        return found

    assert wait_until(lambda: not checks(), 60), "the check outlived the compile"


@pytest.mark.slow
def test_the_compiled_marker_belongs_to_one_installation(tmp_path: Path) -> None:
    """numba's cache is keyed on the kernel file's path: a second install of the same
    source (or another NUMBA_CACHE_DIR) gets a marker of its own, so it compiles in the
    background rather than trusting another install's compile and waiting in the app."""

    def stamp(numba_cache: str) -> str:
        code = "from engine.backends import numba_cache; print(numba_cache.stamp())"
        env = {**os.environ, "NUMBA_CACHE_DIR": numba_cache}
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
        )
        return done.stdout.strip()

    assert stamp(str(tmp_path / "a")) != stamp(str(tmp_path / "b"))
    assert stamp(str(tmp_path / "a")) == stamp(str(tmp_path / "a"))


def test_a_damaged_compiled_cache_is_compiled_again_in_the_background(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """numba's files of the kernel are checked against what the last check left (its
    record lists them): one damaged since is moved aside, said in one line naming it, and
    the kernel is compiled again in the background while the interpreted one answers,
    rather than numba reading it in the app's process. The compile is stood in for here."""
    import hashlib
    import json

    from engine.backends import numba_cache
    from engine.optimal import warmup

    monkeypatch.setenv("MASTERMIND_WARMUP", "1")
    monkeypatch.setenv("MASTERMIND_AOT", "0")  # numba's JIT alone: no module built ahead
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(tmp_path / "trees"))
    started: list[bool] = []
    monkeypatch.setattr(warmup, "compiling", lambda: bool(started))
    monkeypatch.setattr(warmup, "start", lambda build=True: started.append(True))
    monkeypatch.setattr(warmup, "notice", "")
    monkeypatch.setattr(numba_cache, "_sound", set())
    monkeypatch.setattr(numba_cache, "said", [])
    numba = tmp_path / "numba"
    numba.mkdir()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(numba))
    kernel = [
        numba / "numba_search.search-9.py311.nbi",
        numba / "numba_search.search-9.py311.1.nbc",
    ]
    for path, data in zip(kernel, (b"index", b"object code" * 100), strict=True):
        path.write_bytes(data)
    place = numba_cache.record()
    assert place is not None
    place.parent.mkdir(parents=True)
    listed = [
        [str(p), p.stat().st_size, hashlib.sha256(p.read_bytes()).hexdigest()] for p in kernel
    ]
    place.write_text(json.dumps({"kernel": numba_cache.stamp(), "files": listed}))
    assert warmup.ready() and warmup.kernel_for(CodeSpace(6, 4)) == "numba"
    monkeypatch.setattr(numba_cache, "_sound", set())  # as a process after this one

    flipped = bytearray(kernel[1].read_bytes())
    flipped[7] ^= 0x10  # a flipped bit, the size kept
    kernel[1].write_bytes(bytes(flipped))
    assert not warmup.ready()
    assert "damaged" in warmup.notice and "numba_search.search-9.py311.1.nbc" in warmup.notice
    kept = sorted(p.name for p in numba.iterdir() if p != place.parent)
    assert kept == sorted(p.name + ".bad" for p in kernel)
    assert warmup.kernel_for(CodeSpace(4, 4)) == warmup.INTERIM and started
    assert warmup.status().startswith(warmup.notice)

    place.write_text("[" * 100_000)  # nested past Python's recursion: one line, no crash
    assert not warmup.ready() and not place.exists()
    assert numba_cache.said[-1].startswith(f"the compiled-kernel record {place} is damaged")


@pytest.mark.parametrize(
    ("colours", "positions", "repeats"), [(3, 3, True), (4, 3, False), (2, 4, True), (4, 4, True)]
)
@pytest.mark.parametrize("only_possible", [False, True])
def test_a_cap_with_a_guess_to_spare_plays_the_shipped_plain_tree(
    colours: int, positions: int, repeats: bool, only_possible: bool,
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:  # fmt: skip
    """optimal-maxN on a fresh install: where the plain optimum needs fewer than N guesses,
    the capped search finds the plain tree itself, so the shipped one is played (nothing
    searched, nothing compiled); with no guess to spare, the search decides."""
    from engine.optimal.shipped import _guesses, plain_within
    from engine.optimal.solutions import solution
    from engine.strategies import make_strategy
    from engine.strategies.optimal import Optimal

    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    monkeypatch.setenv("MASTERMIND_CACHE_DIR", str(tmp_path))
    space = CodeSpace(colours, positions, repeats)
    plain = Criterion(only_possible).file(space)
    needs = _guesses(plain)
    capped = OptimalSearch(space, only_possible=only_possible, max_guesses=needs + 1)
    assert (
        tree_to_json(build_tree(capped))
        == tree(plain)
        == plain_within(space, only_possible, needs + 1)
    )
    assert plain_within(space, only_possible, needs) is None
    name = ("optimal-fit" if only_possible else "optimal") + f"-max{needs + 1}"
    strategy = make_strategy(name)
    assert isinstance(strategy, Optimal) and strategy.shipped(space)
    solution.cache_clear()
    try:
        found = solution(colours, positions, repeats, only_possible, needs + 1)
        assert found.searched is None and found.max_guesses == needs + 1
        assert tree_to_json(found.tree) == tree(plain)
    finally:
        solution.cache_clear()


@pytest.mark.slow
async def test_the_app_says_a_damaged_compiled_cache_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found as the app starts the background compile after its first frame."""
    from app_helpers import heard, until

    from engine.optimal import warmup
    from mastermind_tui.modes.app import MastermindApp

    line = "numba's compiled cache in /x is damaged (k.nbc); moved aside as ….bad; compiling"

    def start() -> None:
        monkeypatch.setattr(warmup, "notice", line)

    monkeypatch.setattr(warmup, "start", start)
    app = MastermindApp(None, records=None)
    said = heard(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: line in said)


FRESH_HINT = r"""
import sys
import numpy as np
from engine.codes import CodeSpace
from engine.feedback import answers, decode
from engine.optimal import warmup
from engine.play.solver import Solver
from engine.strategies import make_strategy
space = CodeSpace(6, 4)
secret = np.array([int(space.allowed[-1])])
solver = Solver(space, make_strategy("optimal"))
for guess in (int(space.allowed[0]), int(space.allowed[len(space.allowed) // 2])):
    solver.observe(guess, *decode(int(answers(space, guess, secret)[0]), space.positions))
print(solver.decide().guess, len(solver.candidates), "numba" in sys.modules, warmup.compiling())
"""


def test_a_fresh_install_hints_off_every_tree_with_no_compile(tmp_path: Path) -> None:
    """The case the shipped trees cannot cover: two guesses of one's
    own on 6x4, then HINT, from empty caches. The install built the kernel (setup.py):
    no numba imported, no compile started, the search's own guess. Skipped where the
    install could not build it; ``MASTERMIND_REQUIRE_MODULE=1`` (.ci/run) fails instead."""
    from engine.backends import numba_aot

    if numba_aot.load() is None:
        why = "no search module was built by this install (no C compiler, or Python headers)"
        if os.environ.get("MASTERMIND_REQUIRE_MODULE") == "1":
            pytest.fail(why)
        pytest.skip(why)
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": str(tmp_path / "numba"),
        "MASTERMIND_CACHE_DIR": str(tmp_path / "trees"),
        "MASTERMIND_WARMUP": "1",
        "MASTERMIND_SHIPPED": "1",
    }
    done = subprocess.run(
        [sys.executable, "-c", FRESH_HINT], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    guess, left, numba, compiling = done.stdout.split()
    space = CodeSpace(6, 4)
    search = OptimalSearch(space)
    codes, played = search.everything, (int(space.allowed[0]), int(space.allowed[648]))
    for first in played:
        split = search.answers[first, codes]
        codes = codes[split == search.answers[first, int(space.allowed[-1])]]
    assert int(left) == len(codes) > 40  # off the interpreted search's reach
    assert int(guess) == decision(search, codes, played)[0]
    assert (numba, compiling) == ("False", "False")


@pytest.mark.parametrize(
    "strategy", ["optimal", "optimal-fit", "optimal-worst", "optimal-max7", "optimal-max8"]
)
def test_2x10_answers_from_its_shipped_data(
    strategy: str, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """2x10's search needs a table of every code's image under 10! position permutations
    (7.4 GB): its trees and what follows each first guess ship instead, so the first
    HINT, one after a bad first guess, and that guess's rating build no search."""
    from engine.feedback import answers, decode
    from engine.optimal import search as search_module
    from engine.play.solver import Solver
    from engine.rating.guesses import rate_moves
    from engine.strategies import make_strategy

    def no_search(*_: object, **__: object) -> None:
        raise AssertionError("2x10 searched")

    monkeypatch.setenv("MASTERMIND_SHIPPED", "1")
    monkeypatch.setattr(search_module.OptimalSearch, "__init__", no_search)
    space = CodeSpace(2, 10)
    secret = np.array([int(space.allowed[-1])])
    assert Solver(space, make_strategy(strategy)).decide().guess >= 0
    bad = int(space.allowed[0])
    answer = decode(int(answers(space, bad, secret)[0]), space)
    solver = Solver(space, make_strategy(strategy))
    solver.observe(bad, *answer)
    assert solver.decide().guess in space.allowed
    assert rate_moves(space, strategy, [(bad, answer)])[-1].value > 1
