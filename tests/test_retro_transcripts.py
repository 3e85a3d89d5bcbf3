"""The reference transcripts of the original, reproduced byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from mastermind_tui.retro.dialogue import Dialogue

DATA = Path(__file__).parent / "data" / "retro"
NAMES = sorted(p.stem for p in DATA.glob("*.in"))


def replay(name: str, newline: str = "\n") -> bytes:
    d = Dialogue(gwbasic_rnd=True, newline=newline)
    out = d.start()
    for line in (DATA / f"{name}.in").read_bytes().decode().split("\n")[:-1]:
        out += line + newline + d.feed(line)
    assert d.finished
    return out.encode()


def test_all_three_transcripts_are_here() -> None:
    assert NAMES == ["a_6c4p_full_game", "c_bad_guess_inputs", "i_redo_from_start"]


@pytest.mark.parametrize("name", NAMES)
def test_transcript_byte_exact(name: str) -> None:
    assert replay(name) == (DATA / f"{name}.txt").read_bytes()


@pytest.mark.parametrize("name", NAMES)
def test_transcript_with_the_originals_crlf(name: str) -> None:
    expected = (DATA / f"{name}.txt").read_bytes().replace(b"\n", b"\r\n")
    assert replay(name, "\r\n") == expected
