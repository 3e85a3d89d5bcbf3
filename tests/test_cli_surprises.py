"""The command line never surprises: no full screen without a terminal, a clean
Ctrl-C from the first moment, output errors named, one rule for exit codes, ASCII numbers,
long input cut, every mode started from the command line."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from app_helpers import settings_from
from waiting import wait_until

from mastermind_tui.cli.parser import EXIT_CODES
from mastermind_tui.cli.progress import ProgressBar
from mastermind_tui.modes.main import build_parser, main

MASTERMIND = str(Path(sys.executable).parent / "mastermind")
NO_TERMINAL = "needs a terminal on stdin and stdout; use `mastermind retro --plain`"


def run(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """The installed console script, as a user runs it."""
    options: dict[str, Any] = {"capture_output": True, "text": True, "timeout": 60}
    options.update(kwargs)
    return subprocess.run([MASTERMIND, *args], **options)


def one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize(
    "args", [[], ["play"], ["make"], ["match"], ["watch", "RGBY"], ["retro"], ["retro", "--amber"]]
)
def test_a_full_screen_command_without_a_terminal_is_refused(args: list[str]) -> None:
    result = run(*args, stdin=subprocess.DEVNULL, timeout=30)
    assert result.returncode == 2
    line = one_error_line(result)
    assert line.startswith(f"mastermind: mastermind {' '.join(args[:1])}".rstrip())
    assert NO_TERMINAL in line


def test_no_terminal_on_stdout_alone_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # Under pytest neither stdin nor stdout is a terminal: in-process, the same refusal.
    assert main(["play", "--colours", "5"]) == 2
    assert NO_TERMINAL in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["retro", "--crlf"], "--crlf is for --plain output; add --plain or leave it out"),
        (["retro", "--plain", "--amber"], "--amber colours the full screen; it does nothing"),
    ],
)
def test_options_that_would_do_nothing_are_refused(args: list[str], message: str) -> None:
    result = run(*args, input="6\n4\n0\n")
    assert result.returncode == 2
    assert message in one_error_line(result)


def _in_a_terminal(args: list[str], term: str) -> tuple[int | None, bytes]:
    """Run the console script on a pseudo-terminal for up to 15 s: its exit status (None if
    it is still running, when it is stopped) and everything it wrote."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: a real terminal on stdin and stdout
        os.execve(MASTERMIND, [MASTERMIND, *args], {**os.environ, "TERM": term})
    output = b""
    status = None
    closed = False

    def read_enough() -> bool:
        """Read on (up to 0.2 s for more): whether 4,000 bytes came or the child has gone."""
        nonlocal output, closed
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child has gone: its terminal is closed
                chunk = b""
            if not chunk:
                closed = True
                return True
            output += chunk
        return len(output) >= 4000

    def exited() -> bool:
        nonlocal status
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(code)
        return bool(done)

    try:
        wait_until(read_enough, 15, step=0)
    finally:
        # A process that closed its terminal may take a moment more to exit (a generous
        # bound: the machine may be busy); one still drawing is running, and is stopped.
        if closed:
            wait_until(exited, 30, step=0.05)
        else:
            exited()
        if status is None:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)
    return status, output


def test_term_dumb_is_refused_in_one_line() -> None:
    status, output = _in_a_terminal(["play"], "dumb")
    assert status == 2
    text = output.decode()
    assert "TERM=dumb cannot show" in text and "mastermind retro --plain" in text
    assert "\x1b[" not in text


def test_a_real_terminal_gets_the_full_screen() -> None:
    status, output = _in_a_terminal(["play"], "xterm-256color")
    assert status is None, output[-300:]
    assert b"\x1b[" in output and b"needs a terminal" not in output


def _catches_sigint(pid: int) -> bool:
    """Whether the process has numpy loaded, i.e. it is past start-up and importing."""
    try:
        return "numpy" in Path(f"/proc/{pid}/maps").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs /proc")
@pytest.mark.parametrize("delay", [0.0, 0.01, 0.03, 0.08])
def test_ctrl_c_while_importing_is_the_same_clean_line(delay: float) -> None:
    """Ctrl-C once numpy starts loading, at a few delays (importing, then running): always
    one line and exit 130, never a KeyboardInterrupt traceback."""
    process = subprocess.Popen(
        # 8x5 runs for seconds: the signal always comes before the end, however busy
        # the machine (on 6x4 a loaded machine could finish first and be killed exiting).
        [MASTERMIND, "stats", "--all", "--colours", "8", "--positions", "5", "--jobs", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert wait_until(
        lambda: _catches_sigint(process.pid) or process.poll() is not None, step=0.0005
    )
    time.sleep(delay)  # the moment of the signal, not a wait
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (130, "mastermind: interrupted\n")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [["solve", "RGBY"], ["stats", "--games", "20", "--json"], ["--help"], ["--version"]],
)
def test_a_full_disk_is_named_not_reported_as_a_bug(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [MASTERMIND, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60
        )
    assert result.returncode == 1
    assert result.stderr == "mastermind: cannot write the output: No space left on device\n"


def test_a_closed_pipe_is_quiet() -> None:
    result = subprocess.run(
        f"{MASTERMIND} tree --colours 3 --positions 3 | head -c 10",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stderr == ""
    assert len(result.stdout) == 10


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "RGBY", "--colours", "-1"],
        ["solve", "RGBY", "--colours", "0"],
        ["solve", "RGBY", "--positions", "0"],
        ["solve", "RGBX"],
        ["solve", "RGBY", "--strategy", "magic"],
        ["solve", "RGBY", "--colours", "\u0661\u0662"],
        ["solve", "RGBY", "--colours", "6_0"],
        ["solve", "RGBY", "--colours", "\uff16"],
        ["stats", "--games", "0"],
        ["play", "--rounds", "0"],
        ["tree", "--strategy", "random"],
        ["tree", "--seed", "3"],
        ["retro", "--crlf"],
        ["frobnicate"],
        ["solve"],
    ],
)
def test_every_usage_error_exits_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("mastermind: ") and err.count("\n") == 1


def test_the_exit_code_rule_is_in_help_and_readme() -> None:
    help_text = run("--help").stdout
    assert "exit codes: 0 done; 2 the command line cannot be used" in help_text
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    rule = EXIT_CODES.removeprefix("exit codes: ")
    assert f"Exit codes (also in `mastermind --help`): {' '.join(rule.split())}" in " ".join(
        readme.split()
    )


@pytest.mark.parametrize("number", ["\u0661\u0662", "6_0", "\uff16", "\u0966"])
def test_numbers_are_ascii_digits_only(number: str, capsys: pytest.CaptureFixture[str]) -> None:
    for option in ("--colours", "--positions", "--seed"):
        assert main(["solve", "RGBY", option, number]) == 2
        assert "is not a whole number" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "R" * 100_000],
        ["solve", "RGBY", "--strategy", "x" * 100_000],
        ["solve", "RGBY", "--colours", "9" * 100_000],
        ["solve", "RGBY", "--notation", "n" * 100_000],
        ["x" * 100_000],
    ],
)
def test_long_input_is_cut_in_the_error_line(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert len(one_error_line(result)) < 400


def test_an_all_digit_secret_is_read_as_digits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "4204", "--strategy", "sequential"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Breaking 4204 with sequential")
    assert "5. 4204" in out


def test_every_subcommand_help_page_has_a_description() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    assert isinstance(commands, dict)
    for name, sub in commands.items():
        assert sub.description, name
        assert sub.description in sub.format_help()


@pytest.mark.parametrize("mode", ["play", "make", "match"])
def test_every_game_mode_starts_from_the_command_line(mode: str) -> None:
    args = build_parser().parse_args([mode, "--colours", "5", "--rounds", "2", "--moves", "8"])
    settings, secret = settings_from(args)
    assert settings is not None and secret is None
    assert settings.mode.name == mode
    assert (settings.rules.colours, settings.rules.rounds, settings.rules.max_moves) == (5, 2, 8)


def test_watch_starts_from_the_command_line() -> None:
    settings, secret = settings_from(build_parser().parse_args(["watch", "RGBY"]))
    assert settings is not None and settings.mode.name == "watch" and secret is not None
    assert settings.notation.format(settings.space, secret) == "RGBY"


@pytest.mark.parametrize(
    ("done", "total", "seconds", "left"),
    [
        (10_000, 30_000, 2.0, ", about 4 s left"),
        (1_000, 1_000_000, 6.0, ", about 100 min left"),
        (10, 10_000_000, 6.0, ", about 1666.7 h left"),
        (9_999_990, 10_000_000, 2.0, ", about 0 s left"),
        # Under 1% done in under 5 s: too early to tell (a walk's first games cost most).
        (1_000, 1_000_000, 2.0, ""),
    ],
)
def test_the_progress_bar_says_how_long_is_left(
    done: int, total: int, seconds: float, left: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """stats --all below the game limit can still run for hours: the bar says how long is
    left at the rate so far, ``done`` games in ``seconds`` of a clock."""
    now = [0.0]
    bar = ProgressBar(clock=lambda: now[0])
    bar.tty = True
    bar(0, total)
    now[0] = seconds
    bar(done, total)
    frame = capsys.readouterr().err.split("\r")[-1].rstrip()
    assert frame.endswith(f"] {done:,}/{total:,} games{left}"), frame
    assert len(frame) < 80


@pytest.mark.parametrize(
    ("redirect", "status", "error"),
    [
        ("solve RGBY >&-", 1, "mastermind: cannot write the output: standard output is closed\n"),
        ("--help >&-", 1, "mastermind: cannot write the output: standard output is closed\n"),
        ("play <&-", 2, f"mastermind: mastermind play draws a full screen and {NO_TERMINAL}"),
        ("retro --plain <&-", 1, "mastermind: end of input: the game stopped at NUMBER OF COLORS?"),
    ],
)
def test_a_closed_standard_stream_is_the_environment_not_a_bug(
    redirect: str, status: int, error: str
) -> None:
    """stdout closed (>&-) is output that cannot be written; stdin closed (<&-) is no
    input, as from /dev/null (both were 'internal error ... please report it')."""
    result = subprocess.run(
        f"{MASTERMIND} {redirect}", shell=True, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == status, result.stderr
    assert result.stderr.startswith(error) and result.stderr.count("\n") == bool(error)


@pytest.mark.parametrize("args", [["play"], ["retro"]])
def test_a_crash_in_the_full_screen_app_exits_70_not_0(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bug that ends the app (Textual shows its traceback) is exit 70 and the one line
    that says to report it; it was exit 0, as if the game had ended normally."""
    from textual.app import App

    from mastermind_tui.app.retro import RetroApp
    from mastermind_tui.app.shell import Shell
    from mastermind_tui.cli import launch

    def boom(self: App[object]) -> None:
        raise RuntimeError("boom")

    def headless(self: App[object]) -> None:
        App.run(self, headless=True)

    for app_class in (Shell, RetroApp):
        monkeypatch.setattr(app_class, "on_mount", boom)
        monkeypatch.setattr(app_class, "run", headless)
    monkeypatch.setattr(launch, "check_screen", lambda args: None)
    assert main([*args, "--no-record"]) == 70
    err = capsys.readouterr().err
    assert err.endswith(
        "mastermind: internal error in the full-screen app (above); please report it\n"
    )
