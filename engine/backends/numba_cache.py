"""numba's compiled cache of each of the engine's kernels (``numba_kernels``: the search,
the partition kernel, the level-by-level walk's), vouched for before a process of the
program runs it.

numba reads a cached function back as object code that it links into the process and
runs: a damaged file can end the process natively (SIGSEGV, SIGABRT) with nothing to
catch, or change what the code computes. So a kernel's cache is used in a process only
where a record (``kernel-….compiled``, beside numba's cache, one a kernel) lists every
file of it with its size and digest, as a check in another process left them after
reading each one back, compiling what was missing and running the program's calls on a
small size against the kernel's source read by Python (``check``, run by ``vouch`` and by
the background compile). A file listed whose bytes changed is damage: named in one line,
moved aside (``….bad``). A file unlisted, or an index numba rewrote, is checked again in
another process: a check that dies names the file it was reading, which is moved aside,
and runs again, so that a crash costs a retry, never the person's run.

    python -m engine.backends.numba_cache [KERNEL] [PID]
        # check the kernel (the search unless named: search, partitions, walk), compiling
        # what is missing, and record; with PID, end when that process ends
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..storage import files
from .numba_kernels import KERNELS, SEARCH, Kernel, differs

#: The most the record (a few dozen files) is read.
_RECORD_LIMIT = 1 << 20
#: The most a file of numba's is read for its digest (the kernel's are well under 1 MB).
_FILE_LIMIT = 64 * 1024 * 1024
#: Checks in another process before giving up (each one that dies moves a file aside).
ATTEMPTS = 4
#: The longest a check may take: it compiles what is missing (10-40 s).
CHECK_SECONDS = 600.0
#: What the check prints before reading each file, and before running each function
#: read back (its data file named), so that a check that dies names the file.
READING, RUNNING = "reading ", "running "


@dataclass(frozen=True)
class Listed:
    """One of numba's files of the kernel as the last sound check left it."""

    path: Path
    size: int
    digest: str


def stamp(kernel: Kernel = SEARCH) -> str:
    """The kernel's sources, where they are installed and where numba keeps its cache,
    numba's and Python's versions, as a short digest: numba's cache belongs to one
    installation (it is keyed on each source file's path), so another beside it compiles
    its own; and each file's time and size, as numba's own stamp (a file touched is
    compiled again, its data files rewritten: checked again then, not taken for damage)."""
    return _stamp(kernel.sources, os.environ.get("NUMBA_CACHE_DIR", ""))


@cache
def _stamp(sources: tuple[Path, ...], numba_cache: str) -> str:
    from importlib import metadata

    sha = hashlib.sha256()
    for source in sources:
        sha.update(str(source).encode())
    sha.update(numba_cache.encode())
    for source in sources:
        sha.update(source.read_bytes())
        status = source.stat()
        sha.update(repr((status.st_mtime, status.st_size)).encode())
    sha.update(metadata.version("numba").encode())
    sha.update(sys.version.encode())
    return sha.hexdigest()[:16]


def record(kernel: Kernel = SEARCH) -> Path | None:
    """The record of the kernel's last sound check: beside numba's cache where that can be
    written (``numba_aot_record.folder``), else in the cache of trees (None: neither)."""
    from ..storage.cache import directory
    from .numba_aot_record import folder

    name = f"kernel-{stamp(kernel)}.compiled"
    beside = folder()
    existing = next((p for p in (beside, *beside.parents) if p.exists()), None)
    if existing is not None and existing.is_dir() and os.access(existing, os.W_OK):
        return beside / name  # (a file on the way: NUMBA_CACHE_DIR under a file)
    trees = directory()
    return None if trees is None else trees / name


def digest(path: Path) -> str:
    return hashlib.sha256(files.read_bounded(path, _FILE_LIMIT)).hexdigest()


def read_json(path: Path, limit: int) -> Any:
    """A JSON file the program wrote, read defensively: ``ValueError`` for anything that
    is not JSON, nested past Python's recursion (a hand-made file) included."""
    try:
        return json.loads(files.read_bounded(path, limit))
    except RecursionError:
        raise ValueError(f"{path} is nested too deeply to be a record of this program") from None


def _listed(kernel: Kernel, data: Any) -> list[Listed]:
    """The files a record or a check's report lists; ``ValueError`` if it is not one."""
    if not isinstance(data, dict) or data.get("kernel") != stamp(kernel):
        raise ValueError("not this kernel's record")
    try:
        return [Listed(Path(p), int(s), str(d)) for p, s, d in data["files"]]
    except (KeyError, TypeError, ValueError):
        raise ValueError("not a list of files, sizes and digests") from None


def _kernel_files(folder: Path, stems: tuple[str, ...]) -> set[Path]:
    """numba's index and data files in ``folder`` of the sources named by ``stems``
    (``numba_search``: ``numba_search.search-350.py311.nbi``, ``….1.nbc``)."""
    found: set[Path] = set()
    with contextlib.suppress(OSError):
        for stem in stems:
            found |= {p for p in folder.glob(f"{stem}.*") if p.suffix in (".nbi", ".nbc")}
    return found


#: The kernels this process already found sound (each cache is read once per process),
#: and those no check could vouch for (not tried again in this process).
_sound: set[str] = set()
_given_up: set[str] = set()
#: The lines said in this process (each once); the app shows the last (``notice``).
said: list[str] = []


def _say(line: str) -> None:
    if line not in said:
        said.append(line)
        print(f"mastermind: {line}", file=sys.stderr)


def _damaged(path: Path, why: str) -> None:
    """Move a damaged file aside, with the other files of its function (a data file
    without its index, or the reverse, is recompiled all the same), and say so."""
    function = path.name.split(".py", 1)[0]  # numba_search.search-350
    moved = files.move_aside(path, any_kind=True)
    for other in _kernel_files(path.parent, (function,)):
        if other.name.startswith(function + ".py"):
            files.move_aside(other, any_kind=True)
    where = "moved aside as ….bad" if moved is not None else "could not be moved aside"
    _say(f"numba's compiled cache file {path} is damaged ({why}); {where}; compiling again")


def matches(kernel: Kernel, listed: list[Listed]) -> bool:
    """Whether the kernel's files are those listed; a listed data file whose bytes
    changed (numba never rewrites one for the same source) is moved aside as damage."""
    if not listed:
        return False
    folders = {item.path.parent for item in listed}
    same = set().union(*(_kernel_files(folder, kernel.stems) for folder in folders)) == {
        item.path for item in listed
    }
    for item in listed:
        try:
            status = files.check_regular(item.path)
            if status.st_size == item.size and digest(item.path) == item.digest:
                continue
        except FileNotFoundError:
            return False  # moved aside, or numba's own clean-up: checked again
        except (OSError, files.Refused) as error:
            _damaged(item.path, str(error) if isinstance(error, files.Refused) else "unreadable")
            return False
        if item.path.suffix == ".nbc":
            _damaged(item.path, "its bytes differ from those numba wrote")
        return False
    return same


def sound(kernel: Kernel = SEARCH) -> bool:
    """Whether the record vouches for the kernel's files as they are now (no check run:
    asked on every search while the background compile runs)."""
    if kernel.name in _sound:
        return True
    place = record(kernel)
    if place is None:
        return False
    try:
        listed = _listed(kernel, read_json(place, _RECORD_LIMIT))
    except OSError:
        return False  # none, or none to be had (a folder it cannot read): checked again
    except (files.Refused, ValueError) as error:
        forget(place, error)
        return False
    if not matches(kernel, listed):
        return False
    _sound.add(kernel.name)
    return True


def vouch(kernel: Kernel = SEARCH) -> bool:
    """Whether this process may read the kernel from numba's cache: at once where the
    record vouches for it, else after a check in another process (a few seconds, or the
    compile's time where nothing is compiled yet; those that die move the file they died
    on aside and run again). False: not vouched for (no check could end), numba's own
    reading left to answer."""
    if sound(kernel) or _jit_off():
        return True
    if kernel.name in _given_up:
        return False
    for _ in range(ATTEMPTS):
        report = _check_elsewhere(kernel)
        if report is None:
            break  # no check could run (no numba, a folder it cannot read)
        if matches(kernel, report):
            _sound.add(kernel.name)
            return True
    _given_up.add(kernel.name)
    return False


def _jit_off() -> bool:
    """Whether numba compiles nothing here (``NUMBA_DISABLE_JIT``, as the coverage run
    sets it): the kernels run as Python, and no cache is read."""
    value = os.environ.get("NUMBA_DISABLE_JIT", "0").strip()
    return value.lstrip("-").isdigit() and int(value) != 0


def forget(place: Path, error: Exception) -> None:
    """A record that is not one (another program's, nested, cut short): moved aside."""
    if isinstance(error, ValueError) and "this kernel's" in str(error):
        with contextlib.suppress(OSError):
            place.unlink()  # an earlier version's: nothing damaged
        return
    moved = files.move_aside(place, any_kind=True)
    where = "moved aside as ….bad" if moved is not None else "left in place"
    _say(f"the compiled-kernel record {place} is damaged ({error}); {where}")


def _check_elsewhere(kernel: Kernel) -> list[Listed] | None:
    """Run ``check`` in another process: the files it vouched for; [] where it died
    reading one (moved aside: checked again); None where it could not run or failed past
    reading (nothing to retry)."""
    command = [sys.executable, "-m", "engine.backends.numba_cache", kernel.name, str(os.getpid())]
    root = Path(__file__).resolve().parents[2]
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            errors="replace",
            stdin=subprocess.DEVNULL,
            timeout=CHECK_SECONDS,
            cwd=root,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = done.stdout.splitlines()
    if done.returncode == 0 and lines:
        with contextlib.suppress(ValueError, RecursionError):
            return _listed(kernel, json.loads(lines[-1]))
    doing = next((p for p in (READING, RUNNING) if lines and lines[-1].startswith(p)), None)
    if doing is None:
        return None  # it failed compiling, not reading or running: no file to blame
    path = Path(lines[-1].removeprefix(doing))
    what = "reading it back" if doing == READING else "running it"
    if done.returncode < 0:
        try:
            ended = signal.Signals(-done.returncode).name
        except ValueError:
            ended = f"signal {-done.returncode}"
        why = f"{what} ended the process with {ended}"
    else:
        last = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        error = last[-1].split(": ", 1)[-1].replace(str(path), "it")  # less its class
        why = f"{what} failed: {files.shown(error, 120)}"
    _damaged(path, why)
    return []


def _reading(path: Path) -> bool:
    """Say which file is read next (a check that dies names it); whether it is there.
    ``files.Refused`` for one numba would block on or read without end (a pipe)."""
    print(f"{READING}{path}", flush=True)
    try:
        status = files.check_regular(path)
    except FileNotFoundError:
        return False
    if status.st_size > _FILE_LIMIT:
        raise files.Refused(f"{path} is larger than {_FILE_LIMIT >> 20} MB: not read")
    return True


def check(kernel: Kernel = SEARCH) -> list[Listed]:
    """In the process that checks: read back every function numba cached of the kernel,
    one file at a time (each named on stdout first), compile the calls the program makes
    that come first (those not cached yet are compiled and cached now), run every call on
    a small size against the kernel's sources read by Python (``numba_kernels``), then
    list the files."""
    modules = kernel.load()
    functions = {
        name: value
        for module in modules
        for name, value in vars(module).items()
        if getattr(value, "_cache", None) is not None
    }
    files_of: dict[str, Path] = {}
    for name, value in functions.items():
        cached = value._cache
        index = Path(cached._cache_file._index_path)
        if not _reading(index):
            continue
        for key, data in cached._cache_file._load_index().items():  # numba's own reading
            if _reading(Path(cached.cache_path) / data):
                value.compile(key[0])
                files_of[name] = Path(cached.cache_path) / data
    for name, types in kernel.compiled_first().items():
        print(f"compiling {name}", flush=True)  # a failure here is no file's
        functions[name].compile(types)

    def running(name: str) -> None:
        """Name the file whose code runs next; none read yet: numba compiles it now."""
        read = files_of.get(name)
        print(f"{RUNNING}{read}" if read is not None else f"compiling {name}", flush=True)

    expected = kernel.exercise(kernel.interpreted(), lambda name: None)
    got = kernel.exercise(modules, running)
    wrong = differs(got, expected)
    if wrong is not None:
        running(wrong)
        raise ValueError("its answers differ from those of the kernel's source")
    folders = {Path(value._cache.cache_path) for value in functions.values()}
    found = sorted(set().union(*(_kernel_files(folder, kernel.stems) for folder in folders)))
    return [Listed(path, path.stat().st_size, digest(path)) for path in found]


def write(kernel: Kernel, listed: list[Listed]) -> None:
    """Write the kernel's record (whole or not at all: read at any time)."""
    place = record(kernel)
    if place is None:
        return
    text = json.dumps(
        {"kernel": stamp(kernel), "files": [[str(i.path), i.size, i.digest] for i in listed]},
        indent=1,
    )
    with contextlib.suppress(OSError):  # a read-only cache: checked again next run
        place.parent.mkdir(parents=True, exist_ok=True)
        written = place.with_name(f"{place.name}.{os.getpid()}")
        written.write_text(text + "\n", encoding="utf-8")
        os.replace(written, place)


def end_with(parent: int) -> None:
    """In a process that compiles: end at once when ``parent`` is gone, as every process
    of this program ends with its parent (a killed app, a closed terminal)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(1)

    if os.getppid() != parent:  # gone before this process started
        os._exit(1)
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def main(argv: list[str]) -> int:
    """Check a kernel (the search unless named), compiling what is missing; with a
    process id, end as soon as it is gone."""
    kernel = KERNELS[argv.pop(0)] if argv and not argv[0].isdigit() else SEARCH
    if argv and argv[0].isdigit():
        end_with(int(argv[0]))
    listed = check(kernel)
    write(kernel, listed)
    report = {
        "kernel": stamp(kernel),
        "files": [[str(i.path), i.size, i.digest] for i in listed],
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
