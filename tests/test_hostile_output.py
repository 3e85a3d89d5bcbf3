"""Output goes where it is told, and only there: a regular file (or a new one) is written
whole through a temporary file renamed over it; a device, a named pipe, a pipe or
``/dev/stdout`` is written into; a link is followed and left a link; a folder is refused
in one line. The handout, the cached trees and the preferences all write this way
(``engine.storage.output``), and a name of 251 to 255 bytes is written like any other."""

from __future__ import annotations

import contextlib
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from engine.storage import cache, output
from mastermind_tui.game import preferences
from mastermind_tui.modes.main import main

MASTERMIND = str(Path(sys.executable).parent / "mastermind")
PAGE = b"<!DOCTYPE html>"


def a_device(tmp_path: Path) -> Path:
    """A null device to write to: a copy of /dev/null made here where the test may make
    one (root, as in a container), never the machine's own."""
    if os.geteuid() != 0:
        return Path(os.devnull)
    device = tmp_path / "null"
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    return device


def test_a_device_is_written_into_never_replaced(tmp_path: Path) -> None:
    device = a_device(tmp_path)
    assert main(["solve", "RGBY", "--html", str(device)]) == 0
    assert stat.S_ISCHR(os.stat(device).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == (
        ["null"] if device.parent == tmp_path else []
    )


def test_a_named_pipe_is_written_into_and_its_reader_gets_the_page(tmp_path: Path) -> None:
    fifo = tmp_path / "handout.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    try:
        assert main(["solve", "RGBY", "--html", str(fifo)]) == 0
        reader.join(30)
    finally:
        if reader.is_alive():  # the page never came: let the reader go
            with open(fifo, "wb"):
                pass
    assert got and got[0].startswith(PAGE)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_dev_stdout_to_a_pipe_and_to_a_file(tmp_path: Path) -> None:
    """``--html /dev/stdout``, through a link of its own made as /dev/stdout is (to
    /proc/self/fd/1): were it ever renamed over, the link in this folder would be, never
    the machine's /dev/stdout."""
    stdout = tmp_path / "stdout"
    stdout.symlink_to("/proc/self/fd/1")
    command = [MASTERMIND, "solve", "RGBY", "--html", str(stdout)]
    piped = subprocess.run(command, capture_output=True, timeout=60)
    assert piped.returncode == 0 and piped.stderr == b"" and piped.stdout.startswith(PAGE)
    kept = tmp_path / "out.html"
    with open(kept, "wb") as out:
        done = subprocess.run(command, stdout=out, timeout=60)
    assert done.returncode == 0 and kept.read_bytes().startswith(PAGE)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.html", "stdout"]
    assert stdout.is_symlink()


def test_a_pipe_named_by_dev_fd_as_a_shell_gives_it(tmp_path: Path) -> None:
    """``--html >(gzip > x.gz)``: bash hands the command ``/dev/fd/63``, a pipe."""
    read, write = os.pipe()
    try:
        child = subprocess.Popen(
            [MASTERMIND, "solve", "RGBY", "--html", f"/dev/fd/{write}"],
            pass_fds=(write,),
            stderr=subprocess.PIPE,
        )
        os.close(write)
        with os.fdopen(read, "rb") as pipe:
            page = pipe.read()
        assert child.wait(60) == 0 and child.stderr is not None
        assert child.stderr.read() == b""
    finally:
        for fd in (read, write):
            with contextlib.suppress(OSError):
                os.close(fd)
    assert page.startswith(PAGE)


def test_a_link_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "kept" / "page.html"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "link.html"
    link.symlink_to(target)
    dangling = tmp_path / "dangling.html"
    dangling.symlink_to(tmp_path / "kept" / "new.html")
    assert main(["solve", "RGBY", "--html", str(link)]) == 0
    assert main(["solve", "RGBY", "--html", str(dangling)]) == 0
    assert link.is_symlink() and dangling.is_symlink()
    assert target.read_bytes().startswith(PAGE)
    assert (tmp_path / "kept" / "new.html").read_bytes().startswith(PAGE)
    assert sorted(p.name for p in (tmp_path / "kept").iterdir()) == ["new.html", "page.html"]


def test_a_link_to_a_device_writes_the_device(tmp_path: Path) -> None:
    device = a_device(tmp_path)
    link = tmp_path / "link.html"
    link.symlink_to(device)
    assert main(["solve", "RGBY", "--html", str(link)]) == 0
    assert link.is_symlink() and stat.S_ISCHR(os.stat(device).st_mode)


@pytest.mark.parametrize("length", [251, 252, 253, 254, 255])
def test_a_name_of_up_to_255_bytes_is_written(tmp_path: Path, length: int) -> None:
    target = tmp_path / ("é" * ((length - 5) // 2) + "x" * ((length - 5) % 2) + ".html")
    assert len(os.fsencode(target.name)) == length
    assert main(["solve", "RGBY", "--html", str(target)]) == 0  # a first file
    assert main(["solve", "RGBY", "--html", str(target)]) == 0  # and over it
    assert target.read_bytes().startswith(PAGE)
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


def test_the_permissions_of_a_file_replaced_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "private.html"
    target.write_text("old")
    target.chmod(0o640)
    output.write(target, b"new")
    assert target.read_bytes() == b"new" and stat.S_IMODE(target.stat().st_mode) == 0o640
    fresh = tmp_path / "fresh.html"
    umask = os.umask(0o022)
    try:
        output.write(fresh, b"new")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644


def test_an_empty_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "RGBY", "--html", ""]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--html needs a file name" in err


def test_a_name_with_escape_sequences_is_echoed_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["solve", "RGBY", "--html", "\x1b[2J\x1b]0;pwned\x07/x.html"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and "\x07" not in err
    assert "\\x1b[2J" in err and "no such file or directory" in err


def test_a_cached_tree_behind_a_link_is_written_through_it(cache_dir: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "tree.json").write_text("{}")
    (cache_dir / "tree.json").symlink_to(elsewhere / "tree.json")
    assert cache.save("tree.json", {"k": 1}, [1, 2, 3]) is not None
    assert (cache_dir / "tree.json").is_symlink()
    assert cache.load("tree.json", {"k": 1}) == [1, 2, 3]
    assert sorted(p.name for p in cache_dir.iterdir()) == ["elsewhere", "tree.json"]


def test_preferences_behind_a_link_stay_a_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Preferences kept in a dotfiles folder and linked into place stay linked."""
    monkeypatch.setenv(preferences.ENVIRONMENT, str(tmp_path / "config"))
    (tmp_path / "config").mkdir()
    (tmp_path / "dotfiles").mkdir()
    kept = tmp_path / "dotfiles" / "preferences.json"
    kept.write_text("{}")
    (tmp_path / "config" / "preferences.json").symlink_to(kept)
    assert preferences.save(preferences.Preferences(theme="nord")) == ""
    assert (tmp_path / "config" / "preferences.json").is_symlink()
    assert preferences.load().theme == "nord"
    assert [p.name for p in (tmp_path / "config").iterdir()] == ["preferences.json"]


def test_a_name_ending_in_a_slash_is_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--html newname/``: a folder that is not there is refused in one line (exit 2),
    never made a file called ``newname``; a folder that is there gets the handout inside,
    under the strategy's name and the secret's; a file named so is no folder."""
    monkeypatch.chdir(tmp_path)
    assert main(["solve", "RGBY", "--html", "newname/"]) == 2
    out, err = capsys.readouterr()
    assert not out and err == (
        "mastermind: --html newname/: no folder of that name (a name ending in / is a "
        "folder: make it first, or give a file name)\n"
    )
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "newname").mkdir()
    assert main(["solve", "RGBY", "--html", "newname/"]) == 0
    assert [p.name for p in (tmp_path / "newname").iterdir()] == ["knuth-RGBY.html"]
    assert (tmp_path / "newname" / "knuth-RGBY.html").read_bytes().startswith(PAGE)
    (tmp_path / "plain").write_text("kept\n")
    assert main(["solve", "RGBY", "--html", "plain/"]) == 2
    assert "--html plain/: a file of that name is not a folder" in capsys.readouterr().err
    assert (tmp_path / "plain").read_text() == "kept\n"
