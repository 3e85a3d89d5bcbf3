"""``mastermind retro --plain``: a pipe reads like the original's printed transcript."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mastermind_tui.retro.plain import run_plain

DATA = Path(__file__).parent / "data" / "retro"
COMMAND = [sys.executable, "-m", "mastermind_tui", "retro", "--plain"]


def run(args: list[str], stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(COMMAND + args, input=stdin, capture_output=True, timeout=60)


@pytest.mark.parametrize("name", sorted(p.stem for p in DATA.glob("*.in")))
def test_piped_session_prints_the_originals_bytes(name: str) -> None:
    result = run(["--gwbasic-rnd"], (DATA / f"{name}.in").read_bytes())
    assert result.returncode == 0
    assert result.stderr == b""
    assert result.stdout == (DATA / f"{name}.txt").read_bytes()


@pytest.mark.parametrize("name", sorted(p.stem for p in DATA.glob("*.in")))
def test_crlf_gives_the_originals_line_ends(name: str) -> None:
    result = run(["--gwbasic-rnd", "--crlf"], (DATA / f"{name}.in").read_bytes())
    assert result.returncode == 0
    assert result.stdout == (DATA / f"{name}.txt").read_bytes().replace(b"\n", b"\r\n")


@pytest.mark.slow
def test_the_installed_command_through_a_shell_pipe_matches_the_original() -> None:
    script = Path(sys.executable).parent / "mastermind"
    command = str(script) if script.exists() else shutil.which("mastermind")
    if command is None:
        pytest.skip("the mastermind command is not installed")
    for name in ("a_6c4p_full_game", "c_bad_guess_inputs", "i_redo_from_start"):
        base = DATA / name
        result = subprocess.run(
            f"'{command}' retro --plain --gwbasic-rnd < '{base}.in' | diff - '{base}.txt'",
            shell=True,
            capture_output=True,
            timeout=60,
        )
        assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")


def test_end_of_input_mid_game_is_said_on_stderr() -> None:
    """The transcript stays as it was; that input ran out is one line apart
    (it stopped silently with exit code 0)."""
    result = run(["--seed", "5"], b"6\n4\n")
    assert result.returncode == 1
    assert result.stderr == b"mastermind: end of input: the game stopped at NUMBER OF ROUNDS?\n"
    assert result.stdout.endswith(b"NUMBER OF POSITIONS? 4\nNUMBER OF ROUNDS? \n")
    first = run([], b"6\n")
    assert first.returncode == 1 and first.stderr.count(b"\n") == 1
    assert b"stopped at NUMBER OF POSITIONS?" in first.stderr


def test_seed_makes_runs_repeatable() -> None:
    lines = b"6\n4\n1\nQUIT\n"
    first, second = run(["--seed", "42"], lines), run(["--seed", "42"], lines)
    assert first.stdout == second.stdout
    assert b"QUITTER!  MY COMBINATION WAS: " in first.stdout


def test_odd_bytes_and_crlf_input_never_crash() -> None:
    result = run(["--gwbasic-rnd"], b"\xff\xfe\r\n6\r\n4\r\n1\r\nQUIT\r\n")
    assert result.returncode == 0
    assert result.stderr == b""
    assert result.stdout.endswith(b"GOOD BYE\n")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_is_not_echoed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", _Tty("6\n4\n0\n"))
    assert run_plain(gwbasic_rnd=True) == 0
    out = capsys.readouterr().out
    assert "NUMBER OF COLORS? NUMBER OF POSITIONS? NUMBER OF ROUNDS? TOTAL" in out
    assert out.endswith("GAME OVER\nFINAL SCORE:\n     COMPUTER  0 \n     HUMAN     0 \n\n")


def test_a_pipe_is_echoed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("6\n4\n0\n"))
    assert run_plain(gwbasic_rnd=True) == 0
    assert "NUMBER OF COLORS? 6\nNUMBER OF POSITIONS? 4\n" in capsys.readouterr().out


def test_interrupt_is_clean(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Interrupting(io.StringIO):
        # typeshed's own StringIO.readline breaks _IOBase's (bytes) signature, and says so with
        # an ignore; an override of it inherits the clash.
        def readline(self, size: int = -1, /) -> str:  # type: ignore[override]
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupting())
    assert run_plain() == 130
    assert capsys.readouterr().out.endswith("NUMBER OF COLORS? \n")


def test_a_full_width_digit_is_redone_as_in_gwbasic(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\uff16\n6\n4\n0\n"))
    assert run_plain(gwbasic_rnd=True) == 0
    out = capsys.readouterr().out
    assert "NUMBER OF COLORS? \uff16\n?Redo from start\nNUMBER OF COLORS? 6\n" in out
    assert "TOTAL POSSIBILITIES = 1296" in out
